"""Layouts built by hand, so every box is known: ordinals in blur questions ('the third legend
entry', 'the fourth panel') follow reading order, rows top to bottom and each left to right; tick
runs that end off their step still give their regular inner ticks."""

from __future__ import annotations

from scifigbench.layout.elements import LEGEND, TICK, Label, Layout, Run
from scifigbench.layout.questions import question_for


def _label(i: int, text: str, box, role: str, **kw) -> Label:
    return Label(i, text, box, 0.99, (box,), role=role, **kw)


def test_stacked_legend_entries_are_counted_top_to_bottom_whatever_their_indent():
    """Five entries one line apart, grey swatches alike (so the question counts), OCR boxes
    starting a pixel apart: the third from the top is the third, not the one least indented."""
    names = ("PoolingAvg", "PoolingMax", "SortByScore", "Oracle", "Baseline")
    lefts = (136, 136, 137, 136, 136)
    entries = [
        _label(k, name, (x, 24 + 13 * k, x + 70, 40 + 13 * k), LEGEND, swatch=(128, 128, 128))
        for k, (name, x) in enumerate(zip(names, lefts, strict=True))
    ]
    layout = Layout(300, 200, entries)
    for k, lb in enumerate(entries):
        question, others = question_for(layout, lb)
        nth = ("first", "second", "third", "fourth", "fifth")[k]
        assert question == f"What is the name of the {nth} legend entry, reading left to right and top to bottom?"
        assert lb.text not in others


def _tick_run(index: int, x: float, values: list[int], top: float, pitch: float, start: int) -> Run:
    labels = [
        _label(
            start + k,
            str(v),
            (x, top + pitch * (len(values) - 1 - k), x + 12, top + pitch * (len(values) - 1 - k) + 10),
            TICK,
            value=float(v),
            axis="y",
            run=index,
            position=k,
        )
        for k, v in enumerate(values)
    ]
    return Run(index, "y", labels, True)


def test_a_panel_whose_tick_column_ocr_split_in_two_is_one_panel():
    """Four panels side by side; OCR read the second panel's y ticks as two runs (60-75 below,
    85-95 above). A tick of the third panel is in the third panel."""
    runs = [
        _tick_run(0, 9, [65, 70, 75, 80, 85, 90, 95], 17, 18, 0),
        _tick_run(1, 241, [60, 65, 70, 75], 84, 18, 10),
        _tick_run(2, 241, [85, 90, 95], 15, 18, 20),
        _tick_run(3, 471, [70, 75, 80, 85, 90, 95], 3, 20, 30),
        _tick_run(4, 711, [60, 65, 70, 75, 80, 85, 90], 30, 18, 40),
    ]
    layout = Layout(926, 203, [lb for r in runs for lb in r.labels], runs)
    target = next(lb for lb in runs[3].labels if lb.text == "85")
    question, _ = question_for(layout, target)
    assert question == (
        "What is the y-axis tick of the third panel (reading left to right, top to bottom) "
        "between the ticks labelled 80 and 90?"
    )
    last = next(lb for lb in runs[4].labels if lb.text == "85")
    assert "of the fourth panel" in question_for(layout, last)[0]


def test_panels_side_by_side_share_a_row_whatever_pixel_their_ticks_start_at():
    """Tick columns of a row of panels start a few pixels apart (one shows a taller top tick):
    they are one row, counted left to right."""
    runs = [_tick_run(k, 20 + 200 * k, [0, 1, 2, 3], top, 20, 10 * k) for k, top in enumerate((100, 110, 102, 105))]
    layout = Layout(820, 220, [lb for r in runs for lb in r.labels], runs)
    for k, run in enumerate(runs):
        nth = ("first", "second", "third", "fourth")[k]
        assert f"of the {nth} panel" in question_for(layout, run.labels[1])[0]


def test_years_ending_off_the_step_give_their_regular_inner_ticks_as_inductance_targets():
    """'1980 ... 2010, 2022' under a line chart: 1990 and 2000 stand between equal steps and are
    named from their neighbours; 2010 stands before the latest year, off the step, and is not."""
    from scifigbench.blurtargets.candidates import INDUCTANCE
    from scifigbench.blurtargets.from_layout import ranked_candidates

    years = [1980, 1990, 2000, 2010, 2022]
    ticks = [
        _label(k, str(y), (60 + 100 * k, 300, 96 + 100 * k, 314), TICK, value=float(y), axis="x", run=0, position=k)
        for k, y in enumerate(years)
    ]
    layout = Layout(600, 340, ticks, [Run(0, "x", ticks, True)], frame=(50.0, 40.0, 560.0, 316.0))
    found = {c.text: c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "years") if c.rule == "tick_sequence"}
    assert set(found) == {"1990", "2000"}
    assert "from 1980 to 2010 form an arithmetic sequence" in found["2000"].reasoning_path
