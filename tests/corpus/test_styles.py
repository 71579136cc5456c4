"""Corpus styles: the same data in another look, every printed text still exact truth."""

from __future__ import annotations

import io
import json
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from scifigbench.blurtargets.from_spec import admittance_candidates, inductance_candidates
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.generate import generate
from scifigbench.corpus.presets import preset_corpus
from scifigbench.corpus.styles import STYLES
from scifigbench.corpus.synthetic import build_figure, jobs
from scifigbench.params import ParamsError
from scifigbench.spec import FigureSpec

# one figure of each kind, each drawn in every style (index 1: a variant with a legend for most kinds)
KIND_JOBS = [(42, kind, 1, 100) for kind in CHART_KINDS]


pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def drawn(figure_store) -> dict[tuple[str, str], tuple[FigureSpec, np.ndarray]]:
    out = {}
    for job in KIND_JOBS:
        for style in STYLES:
            spec_json, png = figure_store.drawn((*job, style))
            pixels = np.asarray(Image.open(io.BytesIO(png)))
            out[(job[1], style)] = (FigureSpec.from_dict(json.loads(spec_json)), pixels)
    return out


def _data(spec: FigureSpec) -> dict:
    """What a figure shows (everything but its look, its drawn boxes and the ticks the drawing chose)."""
    record = json.loads(spec.to_json())
    for key in ("text_elements", "style", "width", "height"):
        record.pop(key, None)
    for panel in record["panels"]:
        panel.pop("y_ticks", None)
    return record


def test_paper_style_is_the_figure_drawn_without_a_style():
    """The default look changes nothing: the same spec JSON (no style key) and the same pixels."""
    plain = build_figure((42, "bar", 0, 80))
    paper = build_figure((42, "bar", 0, 80, "paper"))
    assert plain == paper
    assert "style" not in json.loads(plain[0])


def test_a_style_changes_the_look_not_the_data(drawn):
    for kind in CHART_KINDS:
        paper_spec, paper_px = drawn[(kind, "paper")]
        for style in STYLES:
            spec, px = drawn[(kind, style)]
            assert spec.style == style
            assert _data(spec) == _data(paper_spec), (kind, style)
            if style != "paper":
                assert px.shape != paper_px.shape or (px != paper_px).any(), (kind, style)


def test_furniture_is_recorded_inside_the_canvas_and_clear_of_every_other_text(drawn):
    for (kind, style), (spec, _) in drawn.items():
        furniture = spec.elements("furniture")
        assert len(furniture) == (1 if STYLES[style].furniture else 0), (kind, style)
        for f in furniture:
            assert 0 <= f.x0 < f.x1 <= spec.width and 0 <= f.y0 < f.y1 <= spec.height
            for o in spec.text_elements:
                if o is not f:
                    apart = f.x1 <= o.x0 or o.x1 <= f.x0 or f.y1 <= o.y0 or o.y1 <= f.y0
                    assert apart, (kind, style, f.text, o.role, o.text)


def test_dark_style_draws_on_its_background(drawn):
    bg = STYLES["dark"].background.lstrip("#")
    expected = tuple(int(bg[i : i + 2], 16) for i in (0, 2, 4))
    for kind in CHART_KINDS:
        _, px = drawn[(kind, "dark")]
        assert tuple(px[1, 1][:3]) == expected, kind
        assert tuple(drawn[(kind, "paper")][1][1, 1][:3]) == (255, 255, 255)


def test_gridlines_only_in_styles_that_have_them(figure_store):
    """Long lines of the grid colour cross a bar or line chart in a gridded style, never in the paper's
    (a figure whose panels draw no grid of their own, which the paper's look keeps)."""

    def grid_rows(px: np.ndarray, colour: str) -> int:
        c = np.array([int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)])
        on = np.abs(px[..., :3].astype(int) - c).max(axis=-1) <= 12
        return int((on.sum(axis=1) > 0.15 * px.shape[1]).sum())  # rows much of which is that colour

    def pixels(job: tuple, style: str) -> np.ndarray:
        return np.asarray(Image.open(io.BytesIO(figure_store.drawn((*job, style))[1])))

    for kind in ("bar", "line"):
        job = next(j for j in ((42, kind, i, 100) for i in range(20)) if not any(p.grid for p in generate(*j).panels))
        colour = STYLES["portal"].grid_colour
        with_grid, without = grid_rows(pixels(job, "portal"), colour), grid_rows(pixels(job, "paper"), colour)
        assert with_grid >= without + 2, (kind, with_grid, without)  # a line per value tick (a log axis has few)


def test_furniture_is_never_a_blur_target(drawn):
    for (kind, style), (spec, _) in drawn.items():
        furniture = {e.element_id for e in spec.elements("furniture")}
        chosen = {c.element_id for c in admittance_candidates(spec, spec.caption)} | {
            c.element_id for c in inductance_candidates(spec)
        }
        assert not (furniture & chosen), (kind, style)


def test_each_kind_takes_the_styles_in_turn():
    styles = ["paper", "portal", "dark"]
    job_list = jobs({"bar": 7, "pie": 3}, 42, 80, styles)
    per_kind = {k: Counter(j[4] for j in job_list if j[1] == k) for k in ("bar", "pie")}
    assert per_kind["bar"] == {"paper": 3, "portal": 2, "dark": 2}
    assert per_kind["pie"] == {"paper": 1, "portal": 1, "dark": 1}
    assert all(j[4] == "paper" for j in jobs({"bar": 4}, 42, 80))
    few = jobs(dict.fromkeys(CHART_KINDS, 2), 42, 80, list(STYLES))
    assert {j[4] for j in few} == set(STYLES)  # two figures a kind already show every style


@pytest.mark.parametrize(
    ("styles", "message"),
    [
        (["paper", "glossy"], "corpus.styles[1]: unknown style 'glossy'"),
        (["portal", "portal"], "named twice"),
        ([], "at least one style"),
    ],
)
def test_bad_styles_are_named(styles, message):
    with pytest.raises(ParamsError, match=message.replace("[", r"\[").replace("]", r"\]")):
        CorpusConfig(styles=styles)


def test_extended_preset_draws_every_style_and_paper_only_its_own():
    assert preset_corpus("extended", 5)["styles"] == list(STYLES)
    assert preset_corpus("paper")["styles"] == ["paper"]
