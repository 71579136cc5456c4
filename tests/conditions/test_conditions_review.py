"""Reviewing blur targets at the speed of a person: batches, rules, instant refusal, a checked file, a page."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.built_once import copy_of
from helpers.conditions_fixtures import conditioned_real_pair
from scifigbench import paths
from scifigbench.blurtargets.text import redact
from scifigbench.review.cli import review as review_group

review = review_group()


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    return copy_of(tmp_path_factory, "conditioned_real_pair", conditioned_real_pair)


@pytest.fixture()
def work(repo: Path, tmp_path: Path) -> Path:
    dst = tmp_path / "w"
    shutil.copytree(repo, dst)
    return dst


def _invoke(root: Path, *args: str):
    table, decisions = root / paths.BLUR_TARGETS, root / "review" / "blur_targets.csv"
    extra = ["--table", str(table)] + (["--file", str(decisions)] if args[0] != "page" else [])
    return CliRunner().invoke(review, ["blur", *args, *extra])


def _decisions(root: Path) -> dict[str, dict]:
    with open(root / "review" / "blur_targets.csv", newline="") as fh:
        return {r["target_id"]: r for r in csv.DictReader(fh)}


def test_several_ids_in_one_call(work: Path) -> None:
    res = _invoke(work, "confirm", "real_bar/admittance", "real_line/inductance")
    assert res.exit_code == 0, res.output
    assert {k: v["decision"] for k, v in _decisions(work).items()} == {
        "real_bar/admittance": "confirm",
        "real_line/inductance": "confirm",
    }
    res = _invoke(work, "reject", "real_bar/inductance", "nope/admittance")
    assert res.exit_code != 0 and "no blur target 'nope/admittance'" in res.output
    assert "real_bar/inductance" not in _decisions(work)  # a batch with a bad id writes nothing


def test_rule_decides_every_proposal_of_that_rule(work: Path) -> None:
    import pandas as pd

    targets = pd.read_parquet(work / paths.BLUR_TARGETS)
    proposed = targets[targets.status == "proposed"]
    rule = proposed["rule"].value_counts().index[0]
    res = _invoke(work, "reject", "--rule", rule)
    assert res.exit_code == 0, res.output
    assert set(_decisions(work)) == set(proposed[proposed.rule == rule]["target_id"])
    bad = _invoke(work, "confirm", "--rule", "no_such_rule")
    assert bad.exit_code != 0 and "no proposed target has rule 'no_such_rule'" in bad.output


def test_replacement_that_ocr_never_read_is_refused_at_once(work: Path) -> None:
    bad = _invoke(work, "replace", "real_bar/inductance", "Quarterly revenue")
    assert bad.exit_code != 0
    assert "real_bar/inductance: replacement text 'Quarterly revenue' matches no OCR box" in bad.output
    assert "MuSiQue" in bad.output  # says what OCR did read
    assert not (work / "review" / "blur_targets.csv").exists()
    ok = _invoke(work, "replace", "real_bar/inductance", "musique", "--expected", "MuSiQue")
    assert ok.exit_code == 0, ok.output


def test_check_names_each_row_a_hand_edited_file_cannot_apply(work: Path) -> None:
    path = work / "review" / "blur_targets.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "target_id,decision,text\nreal_bar/admittance,confirm,\n"
        "real_line/inductance,replace,Quarterly revenue\nghost/admittance,reject,\n"
    )
    res = _invoke(work, "check")
    assert res.exit_code != 0
    assert "real_line/inductance: replacement text 'Quarterly revenue' matches no OCR box" in res.output
    assert "ghost/admittance: no such blur target" in res.output
    assert "2 of 3 decision(s) cannot be applied" in res.output
    path.write_text("target_id,decision,text\nreal_bar/admittance,confirm,\n")
    assert _invoke(work, "check").exit_code == 0


def page_json(html: str) -> dict:
    """The data object the review page embeds."""

    start = html.index("window.BLUR_REVIEW = ") + len("window.BLUR_REVIEW = ")
    return json.loads(html[start : html.index(";</script>", start)].replace("<\\/", "</"))


def test_page_shows_every_proposal_with_its_candidates_labels_and_images(work: Path) -> None:
    import pandas as pd

    out = work / "page.html"
    res = CliRunner().invoke(
        review, ["blur", "page", "--table", str(work / paths.BLUR_TARGETS), "--root", str(work), "--out", str(out)]
    )
    assert res.exit_code == 0, res.output
    data = page_json(out.read_text())
    figures = {f["figure_id"]: f for f in data["figures"]}
    targets = pd.read_parquet(work / paths.BLUR_TARGETS)
    cands = pd.read_parquet(work / paths.BLUR_CANDIDATES)
    proposed = targets[targets.status == "proposed"]
    captions = pd.read_parquet(work / paths.FIGURES).set_index("figure_id").caption.to_dict()
    assert len(proposed) >= 2 and set(figures) == set(proposed.figure_id) | set(cands.figure_id)
    for r in proposed.itertuples():
        shown = figures[r.figure_id]["modes"][r.mode]
        assert shown["current"]["text"] == r.text and shown["current"]["rule"] == r.rule
        assert (work / "page_files" / Path(shown["blurred"]).name).stat().st_size > 0
        # beside the blur, the caption as the conditions stage serves it with this target
        assert shown["caption"] == (redact(captions[r.figure_id], r.text) or "")
        # the proposal is the first ranked candidate, and every candidate of the table is offered
        mine = cands[(cands.figure_id == r.figure_id) & (cands["mode"] == r.mode)].sort_values("rank")
        assert [c["text"] for c in shown["candidates"]] == mine.text.tolist() and mine.text.iloc[0] == r.text
    for fid, f in figures.items():  # every label OCR read is pickable
        ocr = json.loads((work / paths.CONDITIONS_DIR / "ocr" / f"{fid}.json").read_text())["boxes"]
        assert sorted(lb["text"] for lb in f["labels"]) == sorted(b["text"] for b in ocr)
        assert (work / "page_files" / Path(f["image"]).name).stat().st_size > 0
    assert data["columns"][:2] == ["target_id", "decision"]


def test_a_confirmed_estimate_keeps_its_range_unless_the_reviewer_gives_another_answer() -> None:
    from types import SimpleNamespace

    from scifigbench.blurtargets.candidates import BlurTarget, accepted_note
    from scifigbench.blurtargets.decisions import Decision, apply

    target = BlurTarget(
        "f",
        "inductance",
        "17",
        (1.0, 1.0, 9.0, 9.0),
        "read on the bars' scale",
        "17",
        "proposed",
        "rapidocr",
        "exact",
        1.0,
        rule="value_scale",
        accept=(13.7, 20.3),
    )
    kept = apply(target, Decision("f/inductance", "confirm", proposed_text="17"), [], 0.8, "t")
    assert (kept.status, kept.accept) == ("confirmed", (13.7, 20.3))
    assert kept.row()["accept_low"] == 13.7 and kept.row()["accept_high"] == 20.3
    assert accepted_note(SimpleNamespace(**kept.row())) == " (any answer from 13.7 to 20.3)"  # shown to a reviewer
    own = apply(target, Decision("f/inductance", "confirm", proposed_text="17", expected_answer="18"), [], 0.8, "t")
    assert (own.expected_answer, own.accept) == ("18", None)
    assert own.row()["accept_low"] is None
