"""The report's short column headers: one per name of the shared vocabularies, in their order."""

from __future__ import annotations

import pytest

from scifigbench.concepts.names import CAPABILITY_CATEGORIES, CONDITION_ORDER, RESISTANCE_TYPES
from scifigbench.families.report_layout import OVERALL, short_labels
from scifigbench.report.tables import CAPABILITY_LABELS, CONDITION_LABELS, RESISTANCE_LABELS


def test_every_vocabulary_name_has_a_header_in_vocabulary_order():
    assert tuple(CAPABILITY_LABELS) == (*CAPABILITY_CATEGORIES, OVERALL)
    assert tuple(CONDITION_LABELS) == CONDITION_ORDER
    assert tuple(RESISTANCE_LABELS) == (*RESISTANCE_TYPES, OVERALL)


def test_a_name_without_a_header_or_a_header_without_a_name_fails():
    with pytest.raises(ValueError, match="do not match"):
        short_labels(("a", "b"), {"a": "A"})
    with pytest.raises(ValueError, match="do not match"):
        short_labels(("a",), {"a": "A", "b": "B"})
