"""Every blur question of the real-figure fixtures names only elements the layout reader found.

The questions come from ``layout.questions``; this test reads each one back, independently, and
checks it against the reading: the element kind it names is the blurred label's role (a legend
entry is asked as a legend entry, a category as a category of that axis), an ordinal is within
the count of such elements, a panel is named only when the reader found more than one of the
things the question counts panels by, every quoted label is printed in the figure, and the
question never prints the answer. Figures: the SciVQA fixtures and the conditions test charts
read by rapidocr (as the stage reads real figures), and the hand-drawn web charts of the layout
tests (perfect readings).
"""

from __future__ import annotations

import re
from pathlib import Path

import cv2

from helpers.conditions_fixtures import BUILDERS
from helpers.layout_charts import survey_bars, web_chart
from scifigbench.blurtargets.candidates import MODES
from scifigbench.blurtargets.ranked import ranked
from scifigbench.blurtargets.text import fold
from scifigbench.layout import Label, Layout, read_layout
from scifigbench.layout.elements import ANNOTATION, AXIS_TITLE, LEGEND, PANEL_TITLE, TICK
from scifigbench.ocr.geometry import shared_area

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scivqa"
ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth").split()


def _ordinal(word: str) -> int:
    """0-based: 'first' -> 0, '13th' -> 12."""
    return ORDINALS.index(word) if word in ORDINALS else int(re.match(r"\d+", word).group()) - 1


def _label(layout: Layout, box) -> Label:
    return max(layout.labels, key=lambda lb: shared_area(lb.box, box))


def _run(layout: Layout, lb: Label):
    return next(r for r in layout.runs if r.index == lb.run)


def problems(layout: Layout, lb: Label, question: str) -> list[str]:
    """What in ``question`` (about the blurred label ``lb``) the reading does not support."""
    out = []
    q = question
    if fold(lb.text) in fold(q) and len(lb.text) > 1:
        out.append("prints the answer")
    for quoted in re.findall(r"'([^']+)'", q):
        if not any(fold(quoted) == fold(o.text) for o in layout.labels if o is not lb):
            out.append(f"quotes {quoted!r}, which no other label reads")
    for lo, hi in re.findall(r"ticks labelled (\S+) and (\S+?)\?", q):
        if not {lo, hi} <= {o.text for o in layout.labels if o.role == TICK}:
            out.append(f"names ticks {lo}, {hi} the reader did not find")
    if "legend entry" in q:
        if lb.role != LEGEND:
            out.append(f"asks a legend entry about a {lb.role}")
        if m := re.search(r"the (\w+) legend entry, reading", q):
            if _ordinal(m.group(1)) >= len(layout.of_role(LEGEND)):
                out.append(f"a {m.group(1)} legend entry of {len(layout.of_role(LEGEND))}")
    if m := re.search(r"the (\w+) category on the ([xy])-axis", q):
        if lb.role != TICK or lb.run is None or _run(layout, lb).numeric or _run(layout, lb).axis != m.group(2):
            out.append(f"asks a {m.group(2)}-axis category about a {lb.role}")
        elif _ordinal(m.group(1)) >= len(_run(layout, lb).labels):
            out.append(f"a {m.group(1)} category of {len(_run(layout, lb).labels)}")
    if re.search(r"\b([xy])-axis tick\b|labelled tick on the", q) and lb.role != TICK:
        out.append(f"asks a tick about a {lb.role}")
    if m := re.search(r"title of the (?:right-hand )?([xy])-axis", q):
        if lb.role != AXIS_TITLE or lb.axis != m.group(1):
            out.append(f"asks a {m.group(1)}-axis title about a {lb.role} ({lb.axis})")
    if "title of the panel" in q or re.search(r"title of the \w+ panel|panel (?:title|mark)\b|title of panel \(", q):
        if lb.role != PANEL_TITLE:
            out.append(f"asks a panel title about a {lb.role}")
    if m := re.search(r"title of panel \(([a-h])\)", q):
        if not any(re.fullmatch(rf"\(?{m.group(1)}\)?", o.text.strip(), re.IGNORECASE) for o in layout.labels):
            out.append(f"names panel ({m.group(1)}), a mark the reader did not find")
    if m := re.search(r"the (\w+) panel title\b", q):
        if _ordinal(m.group(1)) >= len(layout.of_role(PANEL_TITLE)):
            out.append(f"a {m.group(1)} panel title of {len(layout.of_role(PANEL_TITLE))}")
    if "inside the plot area" in q and lb.role != ANNOTATION:
        out.append(f"asks a text in the plot area about a {lb.role}")
    if m := re.search(r"of the (\w+) panel", q):
        k = _ordinal(m.group(1))
        titles = len(layout.of_role(PANEL_TITLE))
        axis = re.search(r"([xy])-axis", q)
        runs = [r for r in layout.runs if axis and r.axis == axis.group(1)]
        if max(
            titles, len(runs), len([t for t in layout.of_role(AXIS_TITLE) if axis and t.axis == axis.group(1)])
        ) < max(2, k + 1):
            out.append(f"names a {m.group(1)} panel; the reader found {titles} panel titles and {len(runs)} runs")
    return out


def _questions(layout: Layout, caption: str | None, name: str) -> list[tuple[str, str, Label, str]]:
    out = []
    for mode in MODES:
        for r in ranked(name, layout, caption, mode, seed=42, pad=4, k=100):
            c = r.candidate
            if c.question:
                out.append((name, mode, _label(layout, c.box), c.question))
    return out


def _drawn_charts():
    yield "web", *web_chart()
    yield "web-survey", *web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    yield "survey", *survey_bars(("Germany", "France", "Italy", "Spain"), headers=("Favorable", "Unfavorable"))


def test_questions_of_hand_drawn_charts_name_only_what_the_reader_found():
    found, bad = 0, []
    for name, img, lines in _drawn_charts():
        layout = read_layout(img, lines)
        for fid, mode, lb, q in _questions(layout, None, name):
            found += 1
            bad += [f"{fid} {mode} {lb.text!r}: {q} -> {p}" for p in problems(layout, lb, q)]
    assert found >= 10 and bad == []


def test_questions_of_real_figures_name_only_what_the_reader_found(tmp_path: Path):
    from scifigbench.ocr.engine import backend
    from scifigbench.ocr.turned import TurnedOcr

    reader = TurnedOcr(backend("rapidocr"))
    images = sorted(FIXTURES.glob("*.png")) + [build(tmp_path)[0] for build in BUILDERS]
    found, bad = 0, []
    for png in images:
        img = cv2.imread(str(png))
        layout = read_layout(img, reader.read(img))
        for fid, mode, lb, q in _questions(layout, None, png.stem):
            found += 1
            bad += [f"{fid} {mode} {lb.text!r}: {q} -> {p}" for p in problems(layout, lb, q)]
    assert found >= 10 and bad == []


def test_the_check_catches_questions_the_reading_does_not_support():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    by_text = {lb.text: lb for lb in layout.labels}
    entry, cat = by_text["Households"], by_text["Chile"]
    assert (
        problems(layout, entry, "What is the name of the second legend entry, reading left to right and top to bottom?")
        == []
    )
    assert problems(
        layout, cat, "What is the name of the second legend entry, reading left to right and top to bottom?"
    )
    assert problems(
        layout, entry, "What is the name of the twelfth legend entry, reading left to right and top to bottom?"
    )
    assert problems(layout, cat, "What is the label of the third category on the x-axis, counting from the left?") == []
    assert problems(
        layout,
        cat,
        "What is the label of the third category on the x-axis of the second panel (reading "
        "left to right, top to bottom), counting from the left?",
    )
    assert problems(layout, cat, "What is the label of the third category on the y-axis, counting from the top?")
    assert problems(layout, cat, "What is the title of the x-axis?")
    assert problems(layout, cat, "What value is printed for 'Denmark'?")
    assert problems(layout, cat, "Which country follows Norway? Chile?")
