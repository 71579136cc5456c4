"""The explorer of a real (tiny) pipeline run in headless Chromium: every value link opens exactly its n
units, and a unit shows what its verdict was checked against — a description its findings, a blur unit
its expected answer, a caption-bias unit the caption the model saw (each read back from the tables)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from helpers.browser import screenshot_script
from helpers.tiny_pipeline import DVC, make_repo, sh, tiny_params

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_repo(tmp_path_factory.mktemp("explorer") / "repo", tiny_params(("sim-careful", "sim-weak")))
    sh(root, str(DVC), "repro", "-q")
    return root


def _open(browser, root: Path, fragment: str) -> list[dict]:
    """The explorer at ``fragment``: per card its unit id, answer, caption, expected lines and findings."""
    browser.open((root / "reports" / "explorer.html").resolve().as_uri() + "#" + fragment)
    browser.wait_for("document.body.dataset.ready === '1'")
    return browser.eval(
        "[...document.querySelectorAll('#units .unit')].map(e => ({unit: e.dataset.unit, model: e.dataset.model,"
        " caption: e.querySelector('.caption')?.textContent ?? null,"
        " expected: [...e.querySelectorAll('.expected li')].map(li => li.textContent),"
        " findings: [...e.querySelectorAll('.findings li')].map(li => li.textContent),"
        " marks: e.querySelectorAll('.answer mark').length}))"
    )


def _judgments(root: Path) -> pd.DataFrame:
    return pd.concat(pd.read_parquet(p) for p in sorted((root / "data" / "judgments").glob("*.parquet")))


def test_every_value_link_of_the_report_opens_its_n_units(chromium, pipeline: Path):
    checks = screenshot_script().check_value_links(chromium, pipeline / "reports")
    assert len(checks) > 50
    assert [c for c in checks if not c.ok] == []
    # the breakdown's values are among them: per chart type and per corpus style, for every family's cells
    # (caption-bias values count figures, and their links open one unit per figure)
    for split in ("chart=", "style="):
        families = {f for c in checks if split in c.fragment for f in re.findall(r"family=(\w+)", c.fragment)}
        assert families >= {
            "description",
            "capability",
            "resistance",
            "caption_claim",
            "blur_active",
            "blur_passive",
        }, split


def test_description_unit_shows_each_finding_with_its_penalty(chromium, pipeline: Path):
    j = _judgments(pipeline).set_index(["model", "unit_id"])
    cards = _open(chromium, pipeline, "model=sim-weak&family=description&status=counted")
    with_findings = [c for c in cards if c["findings"]]
    assert with_findings
    for c in with_findings:
        row = j.loc[("sim-weak", c["unit"])]
        d = json.loads(row["details_json"])
        kept = d["findings"]
        assert len(c["findings"]) == len(kept) + len(d["merged"]) + len(d["undecided"])
        # the penalties listed add up to the row's penalty columns
        listed = sum(float(f.split(" ·")[0].replace("−", "")) for f in c["findings"] if f.startswith("−"))
        assert listed == pytest.approx(row["pen_accuracy"] + row["pen_completeness"] + row["pen_clarity"])
        # a finding is marked at its sentence, or at the sentence an item's finding points at; findings on
        # the same words share one mark
        marked = {
            f["span"] if f["span"].startswith("sent:") else f["where"]
            for f in kept + d["merged"] + d["undecided"]
            if f["span"].startswith("sent:") or f.get("where")
        }
        assert c["marks"] == len(marked)
        # an omission says what the figure has, never the bare "not covered" of the checklist key
        assert not [f for f in c["findings"] if "not covered" in f or "partly covered [" in f]


def test_blur_unit_shows_its_expected_answer(chromium, pipeline: Path):
    setups = pd.read_parquet(pipeline / "data" / "setups" / "setups.parquet").set_index("setup_id")
    targets = pd.read_parquet(pipeline / "data" / "conditions" / "blur_targets.parquet").set_index("target_id")
    cards = _open(chromium, pipeline, "family=blur_active&category=inductance")
    assert cards
    for c in cards:
        target = targets.loc[setups.loc[c["unit"].split("#")[0], "blur_target_id"]]
        assert any(line.startswith(f"Expected answer: {target['expected_answer']}") for line in c["expected"]), c


def test_caption_unit_shows_the_caption_the_model_saw(chromium, pipeline: Path):
    setups = pd.read_parquet(pipeline / "data" / "setups" / "setups.parquet").set_index("setup_id")
    cards = _open(chromium, pipeline, "family=caption_claim")
    assert cards
    for c in cards:
        caption = setups.loc[c["unit"].split("#")[0], "caption"]
        assert c["caption"].endswith(caption) and "false claim" in c["caption"]


# the caption-claim rule's own evidence terms: rank marks, quoted-name and position tokens, direction
# marks, "name=value" pairs and the list syntax of its evidence string
RULE_TOKENS = re.compile(r"\bORD\d|\bn_\w|\bat_\w|\b(?:UP|DOWN)\b|\w=\d|\[\]|\['|caption \[|image \[")


def test_caption_unit_evidence_reads_as_words_quoting_the_answer(chromium, pipeline: Path):
    """No rule token reaches a caption-claim card: its evidence says the claim, the figure and the side the
    answer took, quoting the answer's own sentences (compared with the answer shown on the same card)."""
    _open(chromium, pipeline, "family=caption_claim")
    cards = chromium.eval(
        "[...document.querySelectorAll('#units .unit')].map(e => ({unit: e.dataset.unit,"
        " answer: e.querySelector('.answer')?.textContent ?? '',"
        " evidence: e.querySelector('.evidence')?.textContent ?? ''}))"
    )
    j = _judgments(pipeline)
    assert cards and len(cards) <= (j["family"] == "caption_claim").sum()
    decided = 0
    for c in cards:
        evidence = c["evidence"].removeprefix("Judge's evidence:").strip()
        assert evidence.startswith("The caption claims “"), c
        assert not RULE_TOKENS.search(evidence), evidence
        for quote in re.findall(r"sentence \d+: “([^”]+)”", evidence):
            decided += 1
            assert quote.rstrip("…") in c["answer"] or quote in c["answer"].replace("\n", " "), (quote, c["answer"])
    assert decided, "no caption card quotes the answer"
    # the report's own examples show the same words
    page = (pipeline / "reports" / "index.html").read_text(encoding="utf-8")
    assert not RULE_TOKENS.search(" ".join(re.findall(r'<span class="evidence">(.*?)</span>', page, re.S)))


def test_review_page_shows_the_explorers_expected_answer_and_takes_every_choice_from_the_keyboard(
    pipeline: Path, chromium
):
    """The verdict review page of the tiny run: every sampled unit shows what it was checked against
    exactly as the explorer lists it; 20 units across every family are reviewed with keys only, a
    choice past 9 typed as two digits."""
    from scifigbench.report.units import read_units_js

    sh(pipeline, str(DVC.parent / "scifigbench"), "review", "verdicts", "page", "--out", "review/page.html")
    data = read_units_js((pipeline / "reports" / "explorer" / "units.js").read_text())
    col = {c: i for i, c in enumerate(data["columns"])}
    explorer = {
        f"{u[col['model']]}/{u[col['unit_id']]}": [data["texts"][k] for k in u[col["expected"]] or []]
        for u in data["units"]
    }
    chromium.open((pipeline / "review" / "page.html").resolve().as_uri())
    shown = chromium.eval(
        "DATA.units.map((u, i) => [u.key, u.family, u.choices.length,"
        " [...document.querySelectorAll('#u' + i + ' .expected li')].map(li => li.textContent)])"
    )
    assert {f for _, f, _, _ in shown} >= {"capability", "resistance", "caption_claim", "blur_active", "description"}
    for key, _, _, lines in shown:
        assert lines == explorer[key], key
    assert all(lines for key, family, _, lines in shown if family != "caption_claim"), "a unit shows no expectation"
    first = shown[:20]
    assert len({f for _, f, _, _ in first}) >= 4 and len({k.split("/")[0] for k, _, _, _ in first}) == 2
    # keys only: the last choice of each unit, two digits when it is 10 or more (MQM bands, blur labels)
    assert any(n >= 10 for _, _, n, _ in first)
    script = "".join(
        f"document.dispatchEvent(new KeyboardEvent('keydown', {{key: {k!r}, bubbles: true}}));"
        for _, _, n, _ in first
        for k in str(n)
    )
    chromium.eval(f"(() => {{ {script} return true; }})()")
    state = chromium.eval(
        "DATA.units.slice(0, 20).map(u => [u.choices, u.label, (state[u.key] || {}).decision,"
        " (state[u.key] || {}).verdict])"
    )
    for choices, label, decision, verdict in state:
        want = choices[-1]
        assert (decision, verdict) == (("confirm", "") if want == label else ("replace", want))
    assert chromium.eval("decisionsCsv().trim().split('\\n').length") == 21  # header + 20 decisions
