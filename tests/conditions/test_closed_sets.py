"""A label from a closed or ordered set that the rest of the figure reveals is refused as an
admittance target (issue 41): one visible sibling of a closed group, a group the caption announces
or names a member of, a second step of an answer scale. Charts are drawn by hand and read by a
perfect reader; the refusals are checked against what a person sees on them, and each refused
label is admitted on the same chart without what reveals its set."""

from __future__ import annotations

import pytest

from helpers.layout_charts import web_chart
from scifigbench.blurtargets.from_layout import admittance_candidates, why_not_admittance
from scifigbench.layout import read_layout

CATS = ("Sweden", "Norway", "Chile")


def _why(legend, text, caption=None, categories=CATS):
    layout = read_layout(*web_chart(categories=categories, legend=legend))
    return why_not_admittance(next(lb for lb in layout.labels if lb.text == text), layout, caption)


def _admitted(legend, caption=None, categories=CATS) -> set[str]:
    return {
        c.text for c in admittance_candidates(read_layout(*web_chart(categories=categories, legend=legend)), caption)
    }


def test_a_sector_beside_another_sector_is_refused():
    # agriculture / industry / services: with 'Industry' in view, 'Agriculture' is one of two
    assert "closed or ordered set" in _why(("Agriculture", "Industry"), "Agriculture")
    assert "Agriculture" not in _admitted(("Agriculture", "Industry"))
    assert "Agriculture" in _admitted(("Agriculture", "Households"))


@pytest.mark.parametrize(
    "caption",
    [
        "Revenue of the four major leagues, 2010-2020.",  # the group announced with a count
        "The NFL and the NBA earn the most.",  # other members named
    ],
)
def test_a_league_the_caption_reveals_is_refused(caption):
    assert "closed or ordered set" in _why(("NHL", "Households"), "NHL", caption)
    assert "NHL" not in _admitted(("NHL", "Households"), caption)
    assert "NHL" in _admitted(("NHL", "Households"), "Revenue by season, 2010-2020.")


def test_the_caption_naming_the_label_itself_does_not_count_as_a_sibling():
    # the caption shown with the blur has 'NHL' removed; what is left names no other league
    assert "NHL" in _admitted(("NHL", "Households"), "Revenue of the NHL by season.")


@pytest.mark.parametrize(
    "legend",
    [
        ("Strongly agree", "Somewhat agree"),
        ("Very satisfied", "Somewhat dissatisfied"),
        ("Very likely", "Not at all likely"),
    ],
)
def test_two_steps_of_an_answer_scale_refuse_each_other(legend):
    assert _admitted(legend) & set(legend) == set()
    assert "answer scale" in _why(legend, legend[0])
    assert legend[0] in _admitted((legend[0], "Households"))


@pytest.mark.parametrize(
    ("legend", "text", "kind"),
    [
        (("Q3 2021", "Households"), "Q3 2021", None),  # refused first as no word label
        (("2019/20", "Households"), "2019/20", None),
        (("September", "Households"), "September", "month"),
        (("Second", "Households"), "Second", "ordinal"),
        (("Ages 30-49", "Households"), "Ages 30-49", "numeric range"),
        (("Weekly", "Households"), "Weekly", "frequency"),
        (("Gen X", "Households"), "Gen X", "generation"),
        (("Obama", "Households"), "Obama", "US president"),
    ],
)
def test_members_of_ordered_series_are_refused_on_their_own(legend, text, kind):
    # sequences everyone continues: refused even with no sibling in view
    assert text not in _admitted(legend)
    if kind:
        assert _why(legend, text) == f"member of an ordered series ({kind})"


def test_a_tagging_task_beside_another_is_refused():
    # POS / CHUNK / NER / SRL: with 'POS' in view, 'SRL' is one of the three left
    assert "closed or ordered set" in _why(("SRL", "POS"), "SRL")
    assert "SRL" in _admitted(("SRL", "Households"))


def test_how_often_beyond_the_named_steps_is_refused_beside_a_sibling():
    # 'Less often', 'Never' are no named step, but beside 'Daily' they are one of a short scale
    assert "closed or ordered set" in _why(("Never", "Daily"), "Never")
    assert "Never" in _admitted(("Never", "Households"))
