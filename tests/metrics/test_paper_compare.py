"""The paper pipeline's pieces: printed cells, the comparison table, the release pin, passive imports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml
from click.testing import CliRunner

from scifigbench.cli import main
from scifigbench.metrics.paper_cells import (
    TABLE4_COLUMNS,
    Cell,
    determined_keys,
    read_printed,
    read_release_table4,
    table2_cells,
    table4_cells,
)
from scifigbench.metrics.paper_compare import compare, summarise
from scifigbench.metrics.release import build_judgments

REPO = Path(__file__).resolve().parents[2]
PAPER = REPO / "paper"
LABELS = {"m-a": "A", "m-b": "B"}


def test_comparison_rounds_to_the_printed_precision_and_skips_undetermined_cells():
    determined = determined_keys(LABELS)
    recomputed = {
        ("Table 4", "A", "Inex"): Cell(0.8749, 250),  # prints .87: matches ".87", off by -0.0051 from ".88"
        ("Table 4", "B", "Inex"): Cell(0.876, 250),  # prints .88
        ("Table 4", "A", "Adm Act"): Cell(71.4, 50),  # prints 71
        ("Table 2", "Behavioural probes", "Count"): Cell(1293.0),
    }
    printed = {
        ("Table 4", "A", "Inex"): ".88",
        ("Table 4", "B", "Inex"): ".88",
        ("Table 4", "A", "Adm Act"): "71",
        ("Table 4", "A", "Adm Pas"): "59",  # determined, but nothing recomputed
        ("Table 4", "A", "Cnt"): "89.2",  # capability: not determined, not compared
        ("Table 2", "Behavioural probes", "Count"): "1,293",
    }
    rows = {(r["table"], r["row"], r["column"]): r for r in compare(recomputed, printed, determined)}
    assert set(rows) == set(printed) - {("Table 4", "A", "Cnt")}
    a_inex = rows[("Table 4", "A", "Inex")]
    assert (a_inex["as_printed"], a_inex["matches"], a_inex["difference"]) == ("0.87", False, pytest.approx(-0.0051))
    assert rows[("Table 4", "B", "Inex")]["matches"] and rows[("Table 4", "A", "Adm Act")]["matches"]
    assert rows[("Table 4", "A", "Adm Act")]["difference"] == pytest.approx(0.4)
    assert rows[("Table 2", "Behavioural probes", "Count")]["matches"]
    missing = rows[("Table 4", "A", "Adm Pas")]
    assert missing["recomputed"] is None and not missing["matches"]
    summary = summarise(list(rows.values()))
    assert {k: summary[k] for k in ("cells", "matching", "missing")} == {"cells": 5, "matching": 3, "missing": 1}
    assert summary["columns"] == {
        "Table 4 Inex": {"cells": 2, "matching": 1, "missing": 0, "max_abs_difference": pytest.approx(0.0051)},
        "Table 4 Adm Act": {"cells": 1, "matching": 1, "missing": 0, "max_abs_difference": pytest.approx(0.4)},
        "Table 4 Adm Pas": {"cells": 1, "matching": 0, "missing": 1, "max_abs_difference": None},
        "Table 2 Behavioural probes Count": {"cells": 1, "matching": 1, "missing": 0, "max_abs_difference": 0.0},
    }


def test_table4_cells_scale_blur_rates_to_percent_and_read_only_labelled_models():
    behaviour = {
        "resistance": {"m-a": {"inexist": {"value": 0.5, "n": 4}, "overall": {"value": 0.6, "n": 12}}},
        "admittance": {"m-a": {"active": {"value": 0.25, "n": 4}}, "unlisted": {"active": {"value": 1.0, "n": 1}}},
        "caption_bias": {"m-b": {"overall": {"value": None, "n": 0}}},
    }
    assert table4_cells(behaviour, LABELS) == {
        ("Table 4", "A", "Inex"): Cell(0.5, 4),
        ("Table 4", "A", "Adm Act"): Cell(25.0, 4),
    }


def test_table2_counts_figures_by_chart_and_probes_across_models():
    rows = [("resistance", "f1", "bar", t, m) for t in ("inexist", "contra", "unanswerable") for m in ("x", "y")]
    rows += [
        ("resistance", "f2", "pie", "inexist", "x"),
        ("caption_claim", "f1", "bar", "value_anchor", "x"),
        ("caption_claim", "f1", "bar", "trend", "y"),
        ("blur_active", "f2", "unknown", "admittance", "x"),
        ("blur_passive", "f2", "unknown", "admittance", "y"),
        ("blur_active", "f2", "unknown", "inductance", "x"),
    ]
    j = pd.DataFrame(rows, columns=["family", "figure_id", "chart_type", "category", "model"])
    got = {k[1:]: c.value for k, c in table2_cells(j).items()}
    # probes: resistance f1 x 3 types + f2 x 1, caption-bias figure f1, blurred f2 admittance + f2 inductance
    assert got == {
        ("Baseline figures", "Count"): 2,
        ("Baseline figures", "Bar"): 1,
        ("Baseline figures", "Line"): 0,
        ("Baseline figures", "Pie"): 1,
        ("Behavioural probes", "Count"): 4 + 1 + 2,
    }


def test_release_latex_table_rows_are_read_without_markup(tmp_path: Path):
    tex = tmp_path / "t.tex"
    tex.write_text(
        "\\begin{tabular}{l}\n\\toprule\nhead & x \\\\\n\\midrule\n"
        "\\textbf{Gemini} & \\textbf{89.2} & 79.4 & 1 & 2 & \\textbf{.88} & .91 & .95 & .89 & 90"
        " & \\underline{74} & 80 & 66 \\\\\n"
        "\\bottomrule\n\\end{tabular}\n"
    )
    got = read_release_table4(tex)
    assert got[("Table 4", "Gemini", "Cnt")] == "89.2"
    assert got[("Table 4", "Gemini", "Inex")] == ".88"
    assert got[("Table 4", "Gemini", "Adm Pas")] == "74"
    assert len(got) == 12
    tex.write_text("\\midrule\nGemini & 1 & 2 \\\\\n\\bottomrule\n")
    with pytest.raises(ValueError, match="row 'Gemini' has 2 values, expected 12"):
        read_release_table4(tex)


def test_printed_csv_names_every_determined_cell_once():
    labels = yaml.safe_load((PAPER / "params.yaml").read_text())["compare"]["labels"]
    printed = read_printed(PAPER / "printed.csv")
    assert list(printed) == determined_keys(labels)  # one row per determined cell, in the paper's order
    assert len(printed) == 5 + 8 * len(TABLE4_COLUMNS)


def test_printed_csv_equals_the_papers_table4_text(shared_data: Path):
    """Read the paper's Table 4 lines independently and check every printed.csv Table 4 value."""
    paper = shared_data.parent / "paper" / "scifigbench-paper.txt"
    if not paper.is_file():
        pytest.skip(f"paper text not found at {paper}")
    lines = paper.read_text().split("Model\tCnt\tCmp\tCmpr\tPat\tInex", 1)[1].split("Table 4:", 1)[0]
    printed = read_printed(PAPER / "printed.csv")
    body = lines.strip().splitlines()[1:]  # the rest of the header line first
    rows = [re.sub(r"^\$\\bullet\$\s*", "", ln).split("\t") for ln in body]
    assert len(rows) == 8
    for r in rows:
        for col, value in zip(TABLE4_COLUMNS, r[5:], strict=True):
            assert printed[("Table 4", r[0], col)] == value, (r[0], col)
    assert "Behavioural probes\t1,293" in paper.read_text()
    assert printed[("Table 2", "Behavioural probes", "Count")] == "1,293"


def _params(tmp: Path, url: str, rev: str) -> Path:
    p = tmp / "params.yaml"
    p.write_text(yaml.safe_dump({"release": {"url": url, "rev": rev, "path": "sub"}}))
    return p


def test_pin_release_writes_an_import_file_and_check_names_a_mismatch(tmp_path: Path):
    sha, other = "a" * 40, "b" * 40
    params, dvc_file = _params(tmp_path, "file:///x", sha), tmp_path / "release.dvc"
    args = ["pin-release", "--params", str(params), "--dvc-file", str(dvc_file)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    data = yaml.safe_load(dvc_file.read_text())
    assert data["deps"] == [{"path": "sub", "repo": {"url": "file:///x", "rev": sha, "rev_lock": sha}}]
    assert data["outs"] == [{"path": "release", "hash": "md5"}] and data["frozen"] is True
    assert CliRunner().invoke(main, [*args, "--check"]).exit_code == 0
    _params(tmp_path, "file:///x", other)
    res = CliRunner().invoke(main, [*args, "--check"])
    assert res.exit_code != 0 and f"rev: '{sha}' in release.dvc, '{other}' in params" in res.output
    _params(tmp_path, "file:///x", "main")
    res = CliRunner().invoke(main, args)
    assert res.exit_code != 0 and "not a full 40-character commit hash" in res.output


def test_passive_probe_files_of_the_release_import_as_blur_passive(tmp_path: Path):
    folder = tmp_path / "results" / "evaluation" / "passive_probes" / "m" / "inductance"
    folder.mkdir(parents=True)
    verdict = {
        "figure_id": "fig_001",
        "judge_model": "gpt-4o",
        "blurred_element": "x",
        "mentioned": True,
        "admits": False,
        "fabricates": True,
        "correct": True,
        "reason": "r",
    }
    (folder / "fig_001.json").write_text(json.dumps(verdict))
    rows = build_judgments(tmp_path)["m"]
    assert len(rows) == 1
    row = rows.iloc[0]
    assert (row["family"], row["condition"], row["category"], row["judge_id"]) == (
        "blur_passive",
        "indb",
        "inductance",
        "release:gpt-4o",
    )
    assert (row["mentioned"], row["admits"], row["fabricates"], row["correct"]) == (True, False, True, True)
