"""A pool is handed the figures whose OCR costs most first: the estimate is the detector's input
size (the image enlarged to a 736 px shorter side); figures with a spec are not read at all.
(That the order leaves every table as a one-worker run writes it is
``test_conditions_stage.test_rerun_is_byte_identical``.)"""

from __future__ import annotations

import pytest

from scifigbench.conditions.stage import FigureJob, reading_cost


def _job(width: int, height: int, spec: str | None = None, full: bool = True) -> FigureJob:
    return FigureJob("f", "bar", "img.png", "0" * 64, width, height, None, spec, full)


def test_a_short_wide_figure_costs_what_the_enlarged_image_holds() -> None:
    # 834 x 164 enlarged 736/164 times: 736 rows of 834 * 736 / 164 columns
    assert reading_cost(_job(834, 164)) == pytest.approx(736 * 834 * 736 / 164)
    assert reading_cost(_job(600, 600)) == pytest.approx(736 * 736)
    assert reading_cost(_job(1000, 800)) == pytest.approx(1000 * 800)  # large enough: read as it is
    assert reading_cost(_job(834, 164)) > 5 * reading_cost(_job(600, 600))


def test_figures_not_read_by_ocr_cost_nothing() -> None:
    assert reading_cost(_job(834, 164, spec="specs/f.json")) == 0.0
    assert reading_cost(_job(834, 164, full=False)) == 0.0  # base / nocap only: no OCR
