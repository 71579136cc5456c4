"""The web-chart generator's truth as strict as a reader (``benchmarks/webcharts.verdict``): a
label from a well-known group is only narrowed once the chart prints another member of it, while
a member of an open set, or one with no sibling printed, stays a valid admittance target."""

from __future__ import annotations

import pytest

from helpers.benchmark_module import benchmark_module


@pytest.fixture(scope="module")
def webcharts():
    return benchmark_module("webcharts")


def _text(text: str, y: float, role: str = "category", status: str = "valid") -> dict:
    return {"text": text, "role": role, "box": (10.0, y, 90.0, y + 12.0), "admittance": status, "why": "unique"}


def _first_is_valid(webcharts, *texts: dict) -> bool:
    return webcharts.verdict(texts[0]["box"], "admittance", list(texts), None, "category", None)[0]


def test_a_device_beside_another_device_is_narrowed(webcharts):
    assert not _first_is_valid(webcharts, _text("Tablet", 0), _text("Smartphone", 20), _text("Crime", 40))


def test_a_platform_whose_sibling_only_the_title_names_is_narrowed(webcharts):
    title = _text("Share of adults who use Facebook", 60, role="title", status="not_a_target")
    assert not _first_is_valid(webcharts, _text("Reddit", 0), title)


def test_a_wrapped_label_is_matched_as_one_line(webcharts):
    assert not _first_is_valid(webcharts, _text("Local TV\nnews", 0), _text("Radio", 20))


def test_a_member_without_a_printed_sibling_stays_valid(webcharts):
    assert _first_is_valid(webcharts, _text("Tablet", 0), _text("Crime", 20), _text("Gun violence", 40))


def test_members_of_an_open_set_stay_valid(webcharts):
    assert _first_is_valid(webcharts, _text("Germany", 0), _text("Japan", 20), _text("Brazil", 40))


def test_a_sibling_printed_only_as_page_furniture_does_not_narrow(webcharts):
    credit = _text("Share on Facebook", 60, role="furniture", status="not_a_target")
    assert _first_is_valid(webcharts, _text("Reddit", 0), credit)
