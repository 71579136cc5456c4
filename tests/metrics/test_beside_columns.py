"""Table 4's columns beside the published models come from the families' declarations."""

from __future__ import annotations

import pytest

from scifigbench.contracts.metrics import RELEASE_BESIDE_COLUMNS
from scifigbench.families.registry import REGISTRY
from scifigbench.metrics import beside


def test_each_printed_column_reads_the_family_that_declares_it_in_the_printed_order() -> None:
    assert tuple(beside.COLUMNS) == RELEASE_BESIDE_COLUMNS
    declared = {c.header: name for name, f in REGISTRY.items() for c in f.release_columns}
    assert {h: c.family for h, c in beside.COLUMNS.items()} == declared
    # the blur protocols' columns name their own protocol's family, not the other one's
    assert (beside.COLUMNS["Adm Pas"].family, beside.COLUMNS["Ind Act"].family) == ("blur_passive", "blur_active")


def test_a_column_no_family_declares_is_an_error_not_a_missing_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(beside, "REGISTRY", {k: v for k, v in REGISTRY.items() if k != "blur_passive"})
    with pytest.raises(ValueError, match="release columns"):
        beside._declared()
