"""The chart-kind and unit-family records: complete, consistent, and as the paper specifies."""

import pytest

from scifigbench.concepts import names
from scifigbench.concepts.families import UNIT_FAMILIES, unit_family
from scifigbench.concepts.kinds import CHART_KINDS, KINDS, ChartKind, chart_kind, kind_from_spelling
from scifigbench.prompts import load


def test_paper_kinds_come_first_with_the_papers_checklist_sizes():
    # Paper, Appendix B.1: bar 14 items, line 15, pie 11.
    assert CHART_KINDS[:3] == ("bar", "line", "pie")
    assert [len(KINDS[k].checklist) for k in ("bar", "line", "pie")] == [14, 15, 11]


@pytest.mark.parametrize("name", CHART_KINDS)
def test_every_kind_has_its_prompt_and_one_layout(name):
    kind = chart_kind(name)
    assert kind.describe.strip() and kind.describe.endswith("\n") and kind.describe_prompt_id == f"describe_{name}"
    assert sum((kind.parts_of_whole, kind.ordered_x, kind.category_axis)) == 1
    assert {"chart_type", "values"} <= {i.key for i in kind.checklist}


def test_a_kind_with_two_layouts_or_repeated_items_is_refused():
    with pytest.raises(ValueError, match="exactly one"):
        ChartKind("x", "X", True, True, False, "m", "s", "c", (), "Describe it.")


def test_unknown_names_list_the_known_ones():
    with pytest.raises(ValueError, match="bar, line, pie"):
        chart_kind("radar")
    with pytest.raises(ValueError, match="caption_claim"):
        unit_family("vibes")


@pytest.mark.parametrize("name", list(UNIT_FAMILIES))
def test_every_family_has_its_judge_prompt(name):
    assert load(unit_family(name).judge_prompt).template.strip()


def test_vocabularies_are_the_papers():
    assert len(names.CAPABILITY_CATEGORIES) == 4 and len(names.RESISTANCE_TYPES) == 3
    assert len(names.CONDITION_ORDER) == 10 and "capbias" not in names.IMAGE_CONDITIONS
    assert names.CONDITION_MODE == {"admb": "admittance", "indb": "inductance"}


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("Bar_Chart", "bar"),
        ("stacked-column", "bar"),
        ("line plot", "line"),
        ("Time series", "line"),
        ("Donut chart", "pie"),
        ("pie", "pie"),
        ("radar chart", None),
        (None, None),
    ],
)
def test_a_files_chart_type_is_read_by_the_kinds_spellings(raw, kind):
    assert kind_from_spelling(raw) == kind


def test_every_kind_is_named_by_its_own_words_in_prose():
    import re

    for name, k in KINDS.items():
        assert re.search(k.prose_pattern, f"this {name} chart shows"), name
        assert k.words[0] == name
