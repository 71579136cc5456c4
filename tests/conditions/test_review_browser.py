"""The review page in headless Chromium: a reviewer plays 30 figures with the keyboard alone (blur
targets and the probes proposed for the same figures), saves, and the imported review files hold
exactly the decisions made; each figure shows the caption as served and the blurred image.

Chromium is driven over the DevTools protocol by ``scripts/screenshot_report.py`` (as the report's
browser test does). CI installs Debian's chromium (.ci/run); without it this test fails rather
than skips, unless SCIFIG_ALLOW_NO_CHROMIUM=1 is set on a machine that cannot install it.
"""

from __future__ import annotations

import csv
import importlib.util
import os
import time
from pathlib import Path

import cv2
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from scifigbench import paths
from scifigbench.blurtargets.candidates import BlurTarget, Candidate
from scifigbench.blurtargets.ranked import Ranked
from scifigbench.ocr.boxes import ocr_boxes_path, write_ocr_boxes
from scifigbench.ocr.engine import OcrBox
from scifigbench.review.cli import review as review_group

REPO = Path(__file__).resolve().parents[2]
N = 30
ROWS = (30, 80, 130, 180, 230)  # one label per row: reading order is top to bottom
PROBED = range(0, N, 3)  # figures with two proposed probes each
KEYS = {"Enter": 13, "ArrowRight": 39, "ArrowLeft": 37, "ArrowDown": 40, "ArrowUp": 38}


def _browser_module():
    spec = importlib.util.spec_from_file_location("screenshot_report", REPO / "scripts" / "screenshot_report.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def chromium():
    mod = _browser_module()
    if mod.find_chromium() is None:
        if os.environ.get("SCIFIG_ALLOW_NO_CHROMIUM") == "1":
            pytest.skip("chromium not installed and SCIFIG_ALLOW_NO_CHROMIUM=1")
        pytest.fail("chromium not installed: apt-get install -y chromium (.ci/run does this)")
    with mod.Chromium(width=1300, height=900) as browser:
        yield browser


def _texts(i: int) -> list[str]:
    return [f"Label {i}-{j}" for j in range(len(ROWS))]


def _box(j: int) -> tuple[float, float, float, float]:
    return (20.0 + 10 * j, ROWS[j] - 15.0, 160.0 + 10 * j, ROWS[j] + 8.0)


def _ranked(fid: str, mode: str, rank: int, j: int, i: int) -> Ranked:
    text = _texts(i)[j]
    c = Candidate(mode, "legend_entry", text, f"why {text}", text, box=_box(j), question=f"Which is {j}?")
    return Ranked(fid, rank, 1.0 - 0.1 * rank, ("rule legend_entry",), c, 0.95)


def _repo(root: Path) -> None:
    """20 figures of five labels each; admittance candidates are labels 1 and 2 (proposal: 1); even
    figures also propose label 3 for inductance, odd ones propose nothing for it."""
    figs, targets, cands = [], [], []
    for i in range(N):
        fid = f"web{i:02d}"
        img = np.full((260, 420, 3), 255, np.uint8)
        for j, text in enumerate(_texts(i)):
            cv2.putText(img, text, (int(_box(j)[0]), ROWS[j]), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1)
        rel = f"data/corpus/images/{fid}.png"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(root / rel), img)
        figs.append(
            {"figure_id": fid, "image_path": rel, "caption": f"Chart {i} of the survey. {_texts(i)[1]} stands apart."}
        )
        write_ocr_boxes(
            root / ocr_boxes_path(fid), "rapidocr", [OcrBox(t, _box(j), 0.95) for j, t in enumerate(_texts(i))]
        )
        modes = [("admittance", (1, 2))] + ([("inductance", (3,))] if i % 2 == 0 else [])
        for mode, js in modes:
            ranks = [_ranked(fid, mode, k + 1, j, i) for k, j in enumerate(js)]
            cands += [r.row() for r in ranks]
            top = ranks[0].candidate
            targets.append(
                BlurTarget(
                    fid,
                    mode,
                    top.text,
                    top.box,
                    top.reasoning_path,
                    top.expected_answer,
                    "proposed",
                    "rapidocr",
                    "exact",
                    1.0,
                    rule=top.rule,
                    question=top.question,
                ).row()
            )
    (root / paths.CORPUS).mkdir(parents=True, exist_ok=True)
    pd.DataFrame(figs).to_parquet(root / paths.FIGURES)
    probes = [_probe(f"web{i:02d}", k, "proposed") for i in PROBED for k in range(2)]
    probes.append(_probe("web01", 0, "confirmed"))  # decided already: not on the page
    (root / paths.PROBES).parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(probes).to_parquet(root / paths.PROBES)
    pd.DataFrame(targets).to_parquet(root / paths.BLUR_TARGETS)
    pd.DataFrame(cands).to_parquet(root / paths.BLUR_CANDIDATES)


def _probe(fid: str, k: int, status: str) -> dict:
    return {
        "probe_id": f"{fid}/resistance/unanswerable/{k}",
        "figure_id": fid,
        "family": "resistance",
        "category": "unanswerable",
        "text": f"Question {k} about {fid} that the chart cannot answer?",
        "expected_json": '{"expected_behavior": "say the chart does not show it", "fact": "no such series"}',
        "status": status,
        "generator": "layout-rules",
        "generator_version": "1",
    }


def _play_probes(browser, i: int) -> dict[str, str]:
    """Decide figure ``i``'s two probes by key; return the decisions expected, by probe id."""
    ids = [f"web{i:02d}/resistance/unanswerable/{k}" for k in range(2)]
    assert browser.eval("document.querySelectorAll('#probes li').length") == 2
    assert browser.eval("document.body.dataset.probe") == ids[0]
    if (i // 3) % 2 == 0:  # confirm the first, reject the second
        _press(browser, "y", "j", "x")
        return {ids[0]: "confirm", ids[1]: "reject"}
    _press(browser, "j", "y", "c", "k", "x")  # the second confirmed then cleared; the first rejected
    return {ids[0]: "reject"}


def _press(browser, *keys: str) -> None:
    for k in keys:
        code = KEYS.get(k, ord(k.upper()) if len(k) == 1 else 0)
        for kind in ("keyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", type=kind, key=k, windowsVirtualKeyCode=code)


def _play(browser) -> tuple[dict[str, tuple[str, str, str]], dict[str, str]]:
    """Press the keys of a review of every figure; return the decisions expected, by target id:
    (decision, proposed_text, text), and by probe id."""
    want: dict[str, tuple[str, str, str]] = {}
    probes: dict[str, str] = {}
    for i in range(N):
        fid, texts = f"web{i:02d}", _texts(i)
        adm, ind = f"{fid}/admittance", f"{fid}/inductance"
        assert browser.eval("document.body.dataset.figure") == fid
        # what the model gets: the caption without the admittance target's text, and the blurred figure
        served = browser.eval("document.getElementById('caption').textContent")
        assert f"Chart {i} of the survey." in served and texts[1] not in served, served
        assert browser.eval("getComputedStyle(document.getElementById('blurred')).display") != "none"
        if i in PROBED:
            probes |= _play_probes(browser, i)
        else:
            assert browser.eval("document.querySelectorAll('#probes li').length") == 0
        case = i % 5
        if case == 0:  # accept the proposal
            _press(browser, "a")
            want[adm] = ("confirm", texts[1], "")
        elif case == 1:  # pick the second candidate
            _press(browser, "2", "Enter")
            want[adm] = ("replace", texts[1], texts[2])
        elif case == 2:  # a label no rule proposed: two candidates, then labels 0..4; label 4 is 2+4 steps on
            _press(browser, *["ArrowRight"] * 6, "a")
            want[adm] = ("replace", texts[1], texts[4])
            _press(browser, "m", "ArrowRight", "ArrowLeft", "ArrowLeft", "a")  # inductance: label 0, last one back
            want[ind] = ("replace", texts[3] if i % 2 == 0 else "", texts[4])
        elif case == 3:  # reject admittance; inductance, where proposed, rejected too
            _press(browser, "r", "m", "r")
            want[adm] = ("reject", texts[1], "")
            if i % 2 == 0:
                want[ind] = ("reject", texts[3], "")
        else:  # accept then take it back; confirm inductance only
            _press(browser, "a", "u", "m", "a")
            if i % 2 == 0:
                want[ind] = ("confirm", texts[3], "")
            else:  # no inductance proposal: accepting picks the first label
                want[ind] = ("replace", "", texts[0])
        _press(browser, "n")
    return want, probes


def test_a_keyboard_review_of_30_figures_lands_in_the_review_files(chromium, tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "repo"
    _repo(root)
    monkeypatch.chdir(root)
    review = review_group()
    page = root / "page.html"
    table = ["--table", str(paths.BLUR_TARGETS)]
    res = CliRunner().invoke(review, ["blur", "page", *table, "--root", ".", "--out", str(page)])
    assert res.exit_code == 0, res.output
    downloads = tmp_path / "downloads"
    chromium.call("Page.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
    chromium.open(page.as_uri())
    chromium.wait_for("document.body.dataset.ready === '1'")
    chromium.wait_for("document.getElementById('fig').complete && document.getElementById('fig').naturalWidth > 0")
    assert chromium.eval("document.querySelectorAll('#stage .lab').length") == len(ROWS) + 2  # labels + candidates
    want, want_probes = _play(chromium)
    _press(chromium, "s")
    saved = downloads / "blur_decisions.csv"
    deadline = time.monotonic() + 30
    while not (saved.is_file() and saved.read_text().count("\n") == len(want) + 1):
        assert time.monotonic() < deadline, "the page saved no decisions file"
        time.sleep(0.1)
    decisions = root / "review" / "blur_targets.csv"
    res = CliRunner().invoke(review, ["blur", "import", str(saved), *table, "--file", str(decisions)])
    assert res.exit_code == 0, res.output
    with decisions.open(newline="", encoding="utf-8") as fh:
        got = {r["target_id"]: (r["decision"], r["proposed_text"], r["text"]) for r in csv.DictReader(fh)}
    assert got == want
    saved_probes = downloads / "probe_decisions.csv"
    while not (saved_probes.is_file() and saved_probes.read_text().count("\n") == len(want_probes) + 1):
        assert time.monotonic() < deadline, "the page saved no probe decisions file"
        time.sleep(0.1)
    probe_file = root / "review" / "probes.csv"
    res = CliRunner().invoke(
        review, ["probes", "import", str(saved_probes), "--table", str(paths.PROBES), "--file", str(probe_file)]
    )
    assert res.exit_code == 0, res.output
    with probe_file.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["probe_id"]: r["decision"] for r in rows} == want_probes
    assert all(r["proposed_text"].startswith("Question ") for r in rows)  # the wording the reviewer saw


def test_importing_a_decision_on_a_probe_whose_wording_changed_is_refused(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "repo"
    _repo(root)
    monkeypatch.chdir(root)
    saved = tmp_path / "probe_decisions.csv"
    pid = "web00/resistance/unanswerable/0"
    saved.write_text(f"probe_id,decision,proposed_text\n{pid},confirm,An older wording?\n", encoding="utf-8")
    probe_file = root / "review" / "probes.csv"
    res = CliRunner().invoke(
        review_group(), ["probes", "import", str(saved), "--table", str(paths.PROBES), "--file", str(probe_file)]
    )
    assert res.exit_code != 0 and "wording changed" in res.output and "none imported" in res.output
    assert not probe_file.exists()
