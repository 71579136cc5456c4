"""The report and explorer in headless Chromium (DevTools protocol): filters work, examples match their
model, every value link opens exactly the units it counts (the ``chromium`` fixture: conftest.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from helpers.browser import screenshot_script


def _select(browser, name: str, value: str) -> None:
    browser.eval(f"(() => {{ const s = document.getElementById('f-{name}'); s.value = {value!r};"
                 "s.dispatchEvent(new Event('change')); return true; })()")


def _visible(browser, attr: str) -> list[str]:
    return browser.eval(f"[...document.querySelectorAll('#units .unit')].map(e => e.dataset.{attr})")


def test_explorer_filters_by_model_family_and_verdict(chromium, built: Path):
    chromium.open((built / "reports" / "explorer.html").as_uri())
    chromium.wait_for("document.body.dataset.ready === '1'")
    total = chromium.eval("window.SCIFIG_UNITS_GZ.length > 0 && document.getElementById('count').textContent")
    n_all = int(total.split(" of ")[1].split()[0])
    assert n_all > 1000 and len(_visible(chromium, "model")) == 50  # first page of every unit
    _select(chromium, "model", "m-weak")
    _select(chromium, "family", "resistance")
    models, families = _visible(chromium, "model"), _visible(chromium, "family")
    assert models and set(models) == {"m-weak"} and set(families) == {"resistance"}
    shown_count = int(chromium.eval("document.getElementById('count').textContent").split()[0])
    _select(chromium, "verdict", "accepts")
    assert set(_visible(chromium, "verdict")) == {"accepts"}
    accepted = int(chromium.eval("document.getElementById('count').textContent").split()[0])
    assert 0 < accepted < shown_count
    assert "model=m-weak" in chromium.eval("location.hash") and "verdict=accepts" in chromium.eval("location.hash")
    # every card shows this model's own answer text
    answers = chromium.eval("[...document.querySelectorAll('#units .unit')].map(e => [e.dataset.unit, e.querySelector('.answer').textContent])")
    assert all(text == f"m-weak answered {unit.split(':', 1)[1]}" for unit, text in answers)
    # a thumbnail loaded from the file system and links to its full-size image
    chromium.wait_for("[...document.querySelectorAll('#units img')].slice(0, 3).every(i => i.complete && i.naturalWidth > 0)")
    href = chromium.eval("document.querySelector('#units a').href")
    assert href.startswith("file://") and href.endswith(".png") and Path(href[len("file://"):]).is_file()


def test_report_cell_link_opens_the_explorer_on_its_units(chromium, built: Path):
    chromium.open((built / "reports" / "index.html").as_uri())
    href = chromium.eval("[...document.querySelectorAll('td a')].find(a => a.getAttribute('href').includes('condition=rot')).href")
    chromium.open(href)
    chromium.wait_for("document.body.dataset.ready === '1'")
    assert chromium.eval("document.getElementById('f-condition').value") == "rot"
    assert set(_visible(chromium, "condition")) == {"rot"} and set(_visible(chromium, "family")) == {"description"}


def test_report_examples_match_their_model_and_page_renders(chromium, built: Path, tmp_path: Path):
    chromium.open((built / "reports" / "index.html").as_uri())
    cards = chromium.eval("[...document.querySelectorAll('.example')].map(e => [e.dataset.model, e.dataset.unit,"
                          " e.querySelector('.answer').textContent])")
    assert len({m for m, _, _ in cards}) == 3
    assert all(text == f"{m} answered {u.split(':', 1)[1]}" for m, u, text in cards)
    # the MQM table fits its card at this width (the old page overflowed it)
    assert chromium.eval("(() => { const s = document.querySelector('section'); return s.scrollWidth <= s.clientWidth; })()")
    png = chromium.screenshot(tmp_path / "report.png")
    img = np.asarray(Image.open(png).convert("RGB"), dtype=float) / 255
    assert img.shape[:2] == (1400, 1320)
    header = img[5:40, 5:400].mean(axis=(0, 1))
    assert header[2] > header[0] + 0.1  # the dark-blue header band rendered (CSS applied)
    assert img.std() > 0.05  # not a blank page
    # printed, every CI stays on the page (not only in a hover tooltip)
    chromium.call("Emulation.setEmulatedMedia", media="print")
    try:
        shown = chromium.eval("[...document.querySelectorAll('td .ci')].filter(e => e.textContent.startsWith('['))"
                              ".map(e => e.offsetHeight > 0)")
    finally:
        chromium.call("Emulation.setEmulatedMedia", media="")
    assert len(shown) > 100 and all(shown)


def test_every_value_link_opens_exactly_the_units_it_counts(chromium, built: Path):
    checks = screenshot_script().check_value_links(chromium, built / "reports")
    assert len(checks) > 100
    assert [c for c in checks if not c.ok] == []
    fragments = [c.fragment for c in checks]
    assert any("status=counted" in f and "per=figure" in f for f in fragments)  # caption bias: over figures
    assert any("status=judge+error" in f for f in fragments)  # the run table's judge errors
    # a value with undecided units: its link leaves them out (the bug: it opened every unit of the family)
    assert any(c.n > 0 for c in checks if "category=inductance" in c.fragment)


def test_explorer_shows_a_unit_by_its_family_record_not_its_name(chromium, built: Path):
    """A unit whose family's probe is a claim planted in the caption (the record's ``in_caption``)
    shows its question as the false claim and its verdict as the side taken; others say "Asked:"."""
    chromium.open((built / "reports" / "explorer.html").as_uri())
    chromium.wait_for("document.body.dataset.ready === '1'")
    traits = chromium.eval("(async () => (await inflateUnits(window.SCIFIG_UNITS_GZ)).families)()")
    assert traits["caption_claim"] == {"in_caption": True} and traits["resistance"] == {"in_caption": False}
    cards = "[...document.querySelectorAll('#units .unit')]"
    _select(chromium, "family", "caption_claim")
    labels = chromium.eval(f"{cards}.map(e => e.querySelector('.question b').textContent.trim())")
    verdicts = chromium.eval(f"{cards}.map(e => [e.dataset.verdict, e.querySelector('.verdict').textContent])")
    assert labels and set(labels) == {"False claim:"}
    sides = {"image": "image (follows the figure)", "caption": "caption (follows the false claim)"}
    assert any(v in sides for v, _ in verdicts)
    assert all(shown.startswith("Verdict: " + sides[v]) for v, shown in verdicts if v in sides)
    _select(chromium, "family", "resistance")
    assert set(chromium.eval(f"{cards}.map(e => e.querySelector('.question b').textContent.trim())")) == {"Asked:"}
