"""The judge card and the headline: how far to trust a run, said up front and beside every table.

The card's numbers are the judge-agreement benchmark's output file (benchmarks/judge_card.json), read
back from the page in headless Chromium; every table fits a 1,280 px screen; a review of this run
puts its own figure beside the measured one; a malformed card is an error naming file and key."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.browser import screenshot_script
from helpers.release_results import write_results
from helpers.report_run import invoke_report
from scifigbench import paths
from scifigbench.cli import main
from scifigbench.contracts import judge_card
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.report.judge_card import family_card, shown_measurements

REPO = Path(__file__).resolve().parents[2]
CARD = REPO / paths.JUDGE_CARD
MEASURED_FAMILIES = ("resistance", "caption_claim", "blur_active")  # the families the release sample holds
SCALE_FAMILIES = ("description",)  # measured against people's MQM scores (benchmarks/mqm_human_agreement.py)


def _report(built: Path, out: Path, judge_id: str, validity: dict | None = None, full: dict | None = None) -> Path:
    """The fixture's run re-reported as if judged by ``judge_id`` by simulated respondents."""
    metrics = out / "metrics"
    shutil.copytree(built / "metrics", metrics)
    header = json.loads((metrics / "header.json").read_text())
    header["judge"]["ids"] = {m: {judge_id: sum(per.values())} for m, per in header["judge"]["ids"].items()}
    header["respondents"] = {m: "simulated" for m in header["judge"]["ids"]}
    (metrics / "header.json").write_text(json.dumps(header))
    if validity is not None:
        (metrics / "validity.json").write_text(json.dumps(validity))
    if full is not None:
        (metrics / judge_card.FULL_SCALE_FILE).write_text(json.dumps(full))
    return invoke_report(
        out / "reports",
        params=built / "params.yaml",
        metrics=metrics,
        judgments=out / "none",
        setups=out / "none.parquet",
        gallery=out,
        judge_card=CARD,
    )


def _family_card(page: str, family: str) -> str:
    """The HTML of the first card of ``family`` on the page."""
    start = page.index(f'class="card-family" data-family="{family}"')
    end, following = page.index("</aside>", start), page.find('class="card-family"', start + 1)
    return page[start : min(end, following) if following > 0 else end]


def test_the_committed_card_covers_the_current_rule_version_on_both_halves():
    """A rule change bumps the judge id; the card must then be regenerated
    (python benchmarks/judge_agreement.py --write), or the report would say 'not measured'."""
    measured = judge_card.read(CARD)
    got = {(m.family, m.sample) for m in measured if m.judge_id == JUDGE_ID}
    want = {(f, s) for f in (*MEASURED_FAMILIES, *SCALE_FAMILIES) for s in ("dev", "held")}
    assert got == want, (JUDGE_ID, sorted(got))
    assert all(0 < m.decided <= m.n and m.decided_share == pytest.approx(m.decided / m.n, abs=1e-4) for m in measured)


def test_a_malformed_card_names_the_file_and_the_key(tmp_path: Path):
    content = json.loads(CARD.read_text())
    jid = next(iter(content["judges"]))
    del content["judges"][jid]["resistance"]["held"]["kappa"]
    bad = tmp_path / "card.json"
    bad.write_text(json.dumps(content))
    with pytest.raises(judge_card.JudgeCardError, match=rf"card.json: judges.{jid}.resistance.held: expected"):
        judge_card.read(bad)
    assert judge_card.read(tmp_path / "absent.json") == []


def test_a_cell_measured_earlier_than_its_card_shows_its_own_date(tmp_path: Path):
    """A cell the writer kept from an older card (its inputs were absent) carries its own date; the
    card beside the table says that date for it and the card's date for the others."""
    content = json.loads(CARD.read_text())
    content["judges"][JUDGE_ID]["resistance"]["held"]["measured"] = "2000-01-02"
    got = {(m.family, m.sample): m.measured for m in judge_card.parse(content, "card") if m.judge_id == JUDGE_ID}
    assert got[("resistance", "held")] == "2000-01-02"
    assert got[("resistance", "dev")] == content["measured"] != "2000-01-02"
    entry = family_card("resistance", [JUDGE_ID], judge_card.parse(content, "card"), "").entries[0]
    assert "measured 2000-01-02" in entry.source and f"measured {content['measured']}" in entry.source
    content["judges"][JUDGE_ID]["resistance"]["held"]["measured"] = 20000102
    with pytest.raises(judge_card.JudgeCardError, match=rf"judges.{JUDGE_ID}.resistance.held: measured must be a text"):
        judge_card.parse(content, "card")


def test_a_description_cell_says_rho_and_mae_against_people_and_a_bad_one_names_its_key(tmp_path: Path):
    content = json.loads(CARD.read_text())
    cell = content["judges"][JUDGE_ID]["description"]["held"]
    [m] = [m for m in judge_card.parse(content, "card") if m.family == "description" and m.sample == "held"]
    assert (m.spearman, m.mae, m.n) == (cell["spearman"], cell["mae"], cell["n"])
    assert m.reference == cell["against"] != content["reference"]  # people, not GPT-4o
    [entry] = family_card("description", [JUDGE_ID], [m], "").entries
    [sample] = entry.samples
    lo, hi = cell["spearman_ci95"]
    assert (
        sample.text
        == f"held-out half: Spearman ρ {cell['spearman']:.2f} [{lo:.2f}–{hi:.2f} by figure], MAE {cell['mae']:.1f} "
        f"points; n = {cell['n']}"
    )
    assert "human MQM" in entry.source
    cell["mae"] = "12"
    with pytest.raises(judge_card.JudgeCardError, match=rf"judges.{JUDGE_ID}.description.held: mae must be a number"):
        judge_card.parse(content, "card")


def test_an_agreement_says_its_interval_and_a_reversed_one_names_its_key():
    """A share measured on 40 answers is not one measured on 4,000: the card prints the 95 % interval
    the benchmark wrote beside the share (here as a reader would read it, rounded to whole percent)."""
    content = json.loads(CARD.read_text())
    cell = content["judges"][JUDGE_ID]["resistance"]["held"]
    cell["exact"], cell["exact_ci95"] = 0.9, [0.69897, 0.97213]  # Wilson, 18 of 20, worked out by hand
    [m] = [m for m in judge_card.parse(content, "card") if m.family == "resistance" and m.sample == "held"]
    [entry] = family_card("resistance", [JUDGE_ID], [m], "").entries
    assert entry.samples[0].text.startswith("held-out half: agrees on 90 % [70–97 %] of the decided, κ")
    del cell["exact_ci95"]  # optional: a card written before intervals still reads
    [m] = [m for m in judge_card.parse(content, "card") if m.family == "resistance" and m.sample == "held"]
    assert "agrees on 90 % of the decided" in family_card("resistance", [JUDGE_ID], [m], "").entries[0].samples[0].text
    cell["exact_ci95"] = [0.97, 0.7]
    with pytest.raises(judge_card.JudgeCardError, match=rf"judges.{JUDGE_ID}.resistance.held: exact_ci95 must be"):
        judge_card.parse(content, "card")


def test_a_review_puts_the_run_figure_beside_the_card_and_the_full_release_is_read(built: Path, tmp_path: Path):
    jid = next(iter(json.loads(CARD.read_text())["judges"]))
    review = {
        "n": 15,
        "agree": 13,
        "value": 13 / 15,
        "ci_low": 0.62,
        "ci_high": 0.96,
        "rejected": 1,
        "judge_labels": {"resists": 9, "accepts": 6},
        "reviewed_labels": {"resists": 9, "accepts": 6},
    }
    cell = {"n": 9000, "decided": 8100, "decided_share": 0.9, "compared": 8100, "exact_agreement": 0.93, "kappa": 0.81}
    full = {  # release_agreement.json's shape (validation.release_agreement), resistance measured only
        "judge_id": jid,
        "reference": "release:gpt-4o",
        "families": {"resistance": {"compared": "score", "overall": cell, "by_model": {}, "fields": {}}},
    }
    html = _report(built, tmp_path, jid, {"review": {"by_family": {"resistance": review}}, "audit": {}}, full)
    page = html.read_text()
    res = _family_card(page, "resistance")
    assert "This run: a person agreed on 13 of 15 (87 %, 95 % CI 62–96 %)" in res
    assert "1 reviewed unit rejected (no verdict applies; left out of the agreement)" in res
    # the release's numbers replace the committed halves of the family it measured, and say where from
    assert 'data-sample="full" data-n="9000"' in res and "release_agreement.json" in res
    assert 'data-sample="dev"' not in res and 'data-sample="held"' not in res
    assert "release: agrees on 93 % of the decided, κ 0.81; decides 90 % of n = 9000" in res
    assert "answers in the imported release (metrics/release_agreement.json)" in res  # no folder named: said so
    claims = _family_card(page, "caption_claim")  # not in the file: the committed card's halves stay
    assert 'data-sample="dev"' in claims and 'data-sample="held"' in claims and 'data-sample="full"' not in claims
    assert "This run: not validated on this run" in _family_card(page, "capability")


def test_headline_and_judge_card_in_chromium_fit_1280_and_equal_the_benchmark_file(built: Path, tmp_path: Path):
    card = json.loads(CARD.read_text())
    jid = next(iter(card["judges"]))
    html = _report(built, tmp_path, jid)
    mod = screenshot_script()
    if mod.find_chromium() is None:
        pytest.fail("chromium not installed: apt-get install -y chromium (.ci/run does this)")
    with mod.Chromium(width=1280, height=900) as browser:
        browser.open(html.as_uri())
        # the headline comes first, and says the respondents are simulated
        first = browser.eval("document.querySelector('main section').id")
        assert first == "headline"
        assert "Simulated respondents: m-mid, m-strong, m-weak" in browser.eval(
            "document.getElementById('simulated').textContent.replace(/\\s+/g, ' ')"
        )
        # no table hides columns behind a horizontal scroll on a 1,280 px screen
        wide = browser.eval(
            "[...document.querySelectorAll('.scroll')].filter(d => d.scrollWidth > d.clientWidth + 1)"
            ".map(d => d.closest('section').id + ' ' + d.scrollWidth + '>' + d.clientWidth)"
        )
        assert wide == []
        # every card of a measured family is visible without a review, and its numbers are the file's
        shown = browser.eval(
            "[...document.querySelectorAll('.card-family')].filter(f => f.offsetHeight > 0)"
            ".map(f => [f.closest('section').id, f.dataset.family, f.querySelector('.run-check').textContent,"
            " [...f.querySelectorAll('.card-sample')].map(s => [s.closest('.card-entry').dataset.judge,"
            " s.dataset.sample, +s.dataset.n, +s.dataset.decidedShare, +s.dataset.exact, +s.dataset.kappa])])"
        )
    by_section = {(sec, fam): (check, samples) for sec, fam, check, samples in shown}
    unified = {fam: v for (sec, fam), v in by_section.items() if sec == "behaviour-1"}
    assert set(unified) == {"capability", "resistance", "caption_claim", "blur_active", "blur_passive"}
    assert all(check == "This run: not validated on this run" for check, _ in by_section.values())
    for family in MEASURED_FAMILIES:
        want = [
            [jid, s, c["n"], c["decided_share"], c["exact"], c["kappa"]]
            for s, c in sorted(card["judges"][jid][family].items())
        ]
        assert sorted(unified[family][1]) == want
    assert unified["capability"][1] == []  # nothing measured: said, not invented


def test_headline_cells_are_the_metrics_headline_cells_with_ci_n_and_undecided(built: Path):
    from scifigbench.report.cli import read_metrics
    from scifigbench.report.headline import headline
    from scifigbench.report.tables import NotMeasured

    metrics = read_metrics(built / "metrics")
    head = headline(metrics, NotMeasured({}))
    assert head is not None and head.simulated == [] and head.real == []  # no respondents recorded: none claimed
    cells = {
        "MQM (base, 0–100)": (metrics["perception"]["mqm"], ("base",), 1),
        "Capability %": (metrics["capability"]["accuracy"], ("overall",), 100),
        "Admittance %": (metrics["behaviour"]["admittance"], ("active",), 100),
        "Resistance %": (metrics["behaviour"]["resistance"], ("overall",), 100),
        "Inductance %": (metrics["behaviour"]["inductance"], ("active",), 100),
    }
    assert head.table.columns == list(cells)
    assert [m for m, _ in head.table.rows] == ["m-mid", "m-strong", "m-weak"]
    for model, row in head.table.rows:
        for (section, (key,), scale), cell in zip(cells.values(), row, strict=True):
            want = section[model][key]
            assert cell.text == f"{want['value'] * scale:.1f}"
            assert cell.ci == f"[{want['ci_low'] * scale:.1f}, {want['ci_high'] * scale:.1f}]" and cell.n == want["n"]
            assert (cell.undecided != "") == bool(want.get("undecided"))


def test_the_card_takes_release_agreement_output_when_present_and_falls_back_otherwise(tmp_path: Path):
    """The real ``release-agreement`` output on a release layout with known verdicts becomes the card's
    numbers for the family it measured (sample full, the file's n and agreement, the release it read)
    when it covers at least the halves' answers; a smaller release stands beside the halves; without
    the file, or for a family it does not measure, the committed card's halves are shown unchanged."""
    write_results(tmp_path / "release")
    out = tmp_path / "metrics" / judge_card.FULL_SCALE_FILE
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(tmp_path / "release"), "--out", str(out)])
    assert res.exit_code == 0, res.output
    committed = judge_card.read(CARD)
    assert shown_measurements(CARD, tmp_path / "absent.json") == committed  # fallback: the card as committed
    others = {
        (m.judge_id, m.family, m.sample) for m in committed if (m.judge_id, m.family) != (JUDGE_ID, "blur_active")
    }

    # the committed halves hold 80 blur answers, the fixture's release 20: beside them, not instead
    got = shown_measurements(CARD, out)
    [blur] = [m for m in got if m.family == "blur_active" and m.sample == "full"]
    # independent of the file: write_results flips 2 of 20 gold verdicts, all 20 answers are plain
    assert (blur.judge_id, blur.field, blur.n, blur.decided, blur.exact) == (JUDGE_ID, "admits", 20, 20, 18 / 20)
    assert f"answers in {tmp_path / 'release'} (metrics/release_agreement.json)" in blur.source
    assert blur.reference == judge_card.FULL_REFERENCE
    assert {(m.judge_id, m.family, m.sample) for m in got} == {
        *others,
        (JUDGE_ID, "blur_active", "dev"),
        (JUDGE_ID, "blur_active", "held"),
        (JUDGE_ID, "blur_active", "full"),
    }

    # a card whose halves hold fewer answers than the release: the release's numbers replace them
    small = json.loads(CARD.read_text())
    for cell in small["judges"][JUDGE_ID]["blur_active"].values():
        cell.update(n=8, decided=8, decided_share=1.0)
    (tmp_path / "small.json").write_text(json.dumps(small))
    got = shown_measurements(tmp_path / "small.json", out)
    assert {(m.judge_id, m.family, m.sample) for m in got} == {*others, (JUDGE_ID, "blur_active", "full")}
    [entry] = family_card("blur_active", [JUDGE_ID], got, "").entries
    assert [s.text for s in entry.samples] == [
        "release: agrees on 90 % [70–97 %] of the decided, κ 0.80; decides 100 % of n = 20"  # Wilson, 18 of 20
    ]


def test_a_malformed_release_agreement_names_the_file_and_the_key(tmp_path: Path):
    bad = tmp_path / judge_card.FULL_SCALE_FILE
    bad.write_text(
        json.dumps({"judge_id": JUDGE_ID, "families": {"resistance": {"compared": "score", "overall": {"n": 3}}}})
    )
    with pytest.raises(
        judge_card.JudgeCardError, match=r"release_agreement.json: families.resistance.overall: expected"
    ):
        shown_measurements(CARD, bad)
