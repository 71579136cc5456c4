"""Which run the pages show (run header + untracked stamp), n under every value, abbreviations
defined, statistics labelled for what they are."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from scifigbench.report import plots
from scifigbench.report.stamp import STAMP_GLOBAL, git_state, stamp, stamp_js
from scifigbench.report.tables import Col, _format


def test_both_pages_carry_the_run_header_of_metrics_header_json(built: Path):
    header = json.loads((built / "metrics" / "header.json").read_text())
    for page in ("index.html", "explorer.html"):
        html = (built / "reports" / page).read_text()
        box = html[html.index('<dl class="run-header"') : html.index("</dl>", html.index('<dl class="run-header"'))]
        assert f'data-params="{header["params_sha256"]}"' in box
        assert f"B = {header['bootstrap']['B']} resamples, seed {header['bootstrap']['seed']}" in box
        assert "percentile bootstrap; resamples figures" in box and "Holm" in box
        # the fixture's three models share the rule judge: one line names it and counts all their units
        ((jid, _),) = {k: 0 for per in header["judge"]["ids"].values() for k in per}.items()
        total = sum(n for per in header["judge"]["ids"].values() for n in per.values())
        assert f"{jid} for all 3 models ({total} units)" in box
        for field in ("stamp-commit", "stamp-dirty", "stamp-date"):
            assert f'id="{field}"' in box
        assert '<script src="stamp.js"></script>' in html
    # commit and date are in the untracked stamp only, never in the hashed pages
    stamp_text = (built / "reports" / "stamp.js").read_text()
    record = json.loads(stamp_text.removeprefix(f"window.{STAMP_GLOBAL} = ").rstrip(";\n"))
    assert record["params_sha256"] == header["params_sha256"]
    index = (built / "reports" / "index.html").read_text()
    assert record["date"] not in index and (record["commit"] is None or record["commit"] not in index)


def test_dvcignore_keeps_the_stamp_out_of_the_report_hash():
    lines = (Path(__file__).resolve().parents[2] / ".dvcignore").read_text().splitlines()
    assert "/reports/stamp.js" in lines


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def test_git_state_is_dirty_for_sources_but_not_for_the_pipeline_outputs(tmp_path: Path):
    assert git_state(tmp_path) == {"commit": None, "dirty": None}
    _git(tmp_path, "init", "-q")
    (tmp_path / "metrics").mkdir()
    for name in ("params.yaml", "dvc.lock", "metrics/run.json"):
        (tmp_path / name).write_text("a\n")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=tmp_path, capture_output=True, text=True).stdout.strip()
    assert git_state(tmp_path) == {"commit": head, "dirty": False}
    (tmp_path / "dvc.lock").write_text("b\n")  # what `dvc repro` rewrites
    (tmp_path / "metrics" / "run.json").write_text("b\n")
    (tmp_path / "untracked.txt").write_text("b\n")
    assert git_state(tmp_path)["dirty"] is False
    (tmp_path / "params.yaml").write_text("b\n")
    assert git_state(tmp_path)["dirty"] is True
    import datetime as dt

    rec = stamp(tmp_path, "abc", now=dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC))
    assert rec == {"commit": head, "dirty": True, "date": "2026-01-02T03:04:05Z", "params_sha256": "abc"}
    assert stamp_js(rec).startswith(f"window.{STAMP_GLOBAL} = {{")


def test_n_and_figures_are_printed_under_every_value(built: Path):
    html = (built / "reports" / "index.html").read_text()
    tables = "".join(re.findall(r'<section id="(?:perception|behaviour)-\d+">(.*?)</section>', html, re.S))
    cells = re.findall(r'<td[^>]*><a href="explorer\.html#[^"]*"[^>]*>[^<]*</a>(.*?)</td>', tables, re.S)
    assert len(cells) > 100 and all('<span class="n">n=' in c for c in cells)
    # a cell pooling several units per figure names the figures resampled
    cell = {"value": 0.5, "n": 994, "figures": 250, "ci_low": 0.4, "ci_high": 0.6, "errors": 0}
    assert _format(cell, Col("x", lambda m: None, scale=100), "l").n_text == "n=994 · 250 figs"
    assert _format({**cell, "n": 250}, Col("x", lambda m: None), "l").n_text == "n=250"


def test_every_column_header_of_the_value_tables_is_defined_on_the_page(built: Path):
    html = (built / "reports" / "index.html").read_text()
    glossary = html[html.index('id="abbreviations"') :]
    terms = re.findall(r"<dt>([^<]+)</dt>", glossary)
    assert len(terms) == len(set(terms)), "an abbreviation with two meanings"
    defined = set(terms)
    value_tables = re.findall(r'<section id="(?:perception|behaviour)-\d+">(.*?)</section>', html, re.S)
    # caption modification types are the generator's own plain words ("trend characterization")
    value_tables = [t for t in value_tables if "by modification type" not in t]
    heads = [h for t in value_tables for h in re.findall(r"<thead>.*?</thead>", t, re.S)]
    headers = {h for head in heads for h in re.findall(r"<th>([^<]+)</th>", head)}
    chart_kinds = {"bar", "line", "pie"}  # plain words, not abbreviations
    undefined = headers - defined - chart_kinds - {"Model"}
    assert headers and not undefined, undefined
    assert {"CI", "n", "figs", "MQM", "A-R-I", "p (Holm)"} <= defined


def test_significance_prints_bounds_and_holm_and_split_half_is_a_spread(built: Path):
    html = (built / "reports" / "index.html").read_text()
    sig = json.loads((built / "metrics" / "significance.json").read_text())
    bound = [t for r in sig["tests"].values() for t in r["vs_best"].values() if t["p_is_bound"]]
    # the fixture's B = 300: the bound is 2/300, or 2/r when only r resamples had a defined ratio
    assert any(t["p_value"] == pytest.approx(2 / 300, abs=1e-6) for t in bound)
    assert all(2 / 300 - 1e-6 <= t["p_value"] < 0.05 for t in bound)
    section = html[html.index("Paired bootstrap") :]
    section = section[: section.index("</section>")]
    assert "&lt; 0.0067" in section and "p (Holm)" in section and "pp" in section
    rel = html[html.index("Reliability of the model ranking") :]
    assert "spread over splits [" in rel and "not a confidence interval" in rel


def test_mqm_plot_joins_no_conditions_and_draws_cis():
    rows = [
        {"model": m, "condition": c, "mqm": v, "ci_low": v - 2, "ci_high": v + 3, "n": 10}
        for m, base in (("a", 80.0), ("b", 60.0))
        for c, v in (("base", base), ("rot", base - 5), ("noise", base - 8))
    ]
    fig = plots.mqm_conditions_figure(rows)
    (ax,) = fig.axes
    assert all(line.get_linestyle() in ("None", "none", "") for line in ax.lines)  # markers and caps only
    whiskers = [seg for coll in ax.collections for seg in coll.get_segments()]
    assert len(whiskers) == 6  # one CI per (model, condition)
    spans = sorted(round(float(s[1][1] - s[0][1]), 6) for s in whiskers)
    assert spans == [5.0] * 6
    plots.plt.close(fig)
