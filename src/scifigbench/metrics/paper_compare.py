"""``scifigbench paper-compare``: recomputed Table 2 and 4 cells beside the printed ones.

Two printed sources: the paper's text (``printed.csv``, table/row/column/value as printed) and the
release's own LaTeX Table 4. A recomputed value matches when, rounded to the printed precision,
it reads the same; the difference is recomputed minus printed in the printed unit (percentage
points for admittance and inductance, 0-1 score for resistance, a count in Table 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from scifigbench.metrics.paper_cells import (
    NOT_DETERMINED,
    TABLE4,
    Cell,
    Key,
    determined_keys,
    read_printed,
    read_release_table4,
    table2_cells,
    table4_cells,
)
from scifigbench.metrics.paper_config import CompareConfig, ReleaseSource
from scifigbench.params import DEFAULT_PARAMS, section

SOURCES = ("paper", "release_table4")


def _number(printed: str) -> float:
    return float(printed.replace(",", ""))


def _decimals(printed: str) -> int:
    plain = printed.replace(",", "")
    return len(plain.split(".", 1)[1]) if "." in plain else 0


def compare(recomputed: dict[Key, Cell], printed: dict[Key, str], determined: list[Key]) -> list[dict[str, Any]]:
    """One row per printed cell the verdicts determine, in ``determined`` order; unprinted ones are left out."""
    rows = []
    for key in (k for k in determined if k in printed):
        shown, cell = printed[key], recomputed.get(key)
        d = _decimals(shown)
        row: dict[str, Any] = dict(
            zip(("table", "row", "column"), key, strict=True),
            printed=shown,
            recomputed=None,
            as_printed=None,
            difference=None,
            matches=False,
            n=None,
        )
        if cell is not None:
            as_printed = f"{cell.value:.{d}f}"
            row.update(
                recomputed=round(cell.value, 6),
                as_printed=as_printed,
                n=cell.n,
                difference=round(cell.value - _number(shown), d + 2),
                matches=_number(as_printed) == _number(shown),
            )
        rows.append(row)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Cells compared, matching and without a recomputed value, overall and per printed column
    (with the largest |difference| per column: columns differ in unit, so none overall)."""

    def counts(sel: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "cells": len(sel),
            "matching": sum(r["matches"] for r in sel),
            "missing": sum(r["recomputed"] is None for r in sel),
        }

    columns: dict[str, list[dict[str, Any]]] = {}
    for r in rows:  # a Table 4 column holds one measure; Table 2's rows are counts of different things
        name = f"{r['table']} {r['column']}" if r["table"] == TABLE4 else f"{r['table']} {r['row']} {r['column']}"
        columns.setdefault(name, []).append(r)
    by_column = {}
    for name, sel in columns.items():
        diffs = [abs(r["difference"]) for r in sel if r["difference"] is not None]
        by_column[name] = {**counts(sel), "max_abs_difference": max(diffs) if diffs else None}
    return {**counts(rows), "columns": by_column}


def summary_line(source: str, m: dict[str, Any]) -> str:
    """One console line per source: overall, then matching/compared per column."""
    cols = ", ".join(f"{name.split(' ', 2)[-1]} {c['matching']}/{c['cells']}" for name, c in m["columns"].items())
    return f"{source}: {m['matching']}/{m['cells']} cells match as printed ({m['missing']} missing); by column: {cols}"


def _fmt(value: Any) -> str:
    return "–" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def markdown(results: dict[str, list[dict[str, Any]]], src: ReleaseSource, order: list[Key]) -> str:
    """A report: one line per determined cell (in ``order``), recomputed beside both printed sources."""
    by_key: dict[Key, dict[str, dict[str, Any]]] = {}
    for source, rows in results.items():
        for r in rows:
            by_key.setdefault((r["table"], r["row"], r["column"]), {})[source] = r
    summaries = {s: summarise(results[s]) for s in results}
    lines = [
        "# The paper's Tables 2 and 4 recomputed from its released verdicts",
        "",
        f"Release: {src.url} @ `{src.rev}`, folder `{src.path}`.",
        "",
        "Cells matching as printed (recomputed value rounded to the printed precision), per column:",
        "",
        "| column | " + " | ".join(f"{s}: matching / cells (missing) | {s}: max abs Δ" for s in summaries) + " |",
        "|---|" + "---|---|" * len(summaries),
    ]
    names = list(dict.fromkeys(n for m in summaries.values() for n in m["columns"]))
    for name in names:
        cols = []
        for m in summaries.values():
            c = m["columns"].get(name)
            cols += (
                ["–", "–"]
                if c is None
                else [f"{c['matching']} / {c['cells']} ({c['missing']})", _fmt(c["max_abs_difference"])]
            )
        lines.append(f"| {name} | " + " | ".join(cols) + " |")
    lines += [
        "| all | "
        + " | ".join(f"{m['matching']} / {m['cells']} ({m['missing']}) | " for m in summaries.values())
        + " |",
        "",
        "Δ = recomputed − printed, unrounded, in the printed unit (percentage points for admittance and",
        "inductance, 0–1 score for resistance and CapB, a count in Table 2). ✗ marks a cell that differs as printed.",
        "",
        "| table | row | column | n | recomputed | paper | Δ paper | release | Δ release |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for key in (k for k in order if k in by_key):
        got = by_key[key]
        any_row = next(iter(got.values()))
        cols = []
        for s in SOURCES:
            hit = got.get(s)
            mark = "" if hit is None or hit["matches"] else " ✗"
            cols += [("–" if hit is None else hit["printed"]) + mark, "–" if hit is None else _fmt(hit["difference"])]
        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {_fmt(any_row['n'])} | {_fmt(any_row['as_printed'])} | "
            + " | ".join(cols)
            + " |"
        )
    lines += ["", "Printed cells no released verdict determines (not compared):", ""]
    lines += [f"- {what}: {why}" for what, why in NOT_DETERMINED.items()]
    return "\n".join(lines) + "\n"


@click.command("paper-compare")
@click.option(
    "--params",
    "params_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_PARAMS,
    show_default=True,
)
@click.option(
    "--release",
    "release_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=Path("release"),
    show_default=True,
)
@click.option(
    "--judgments",
    "judgments_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=Path("judgments"),
    show_default=True,
)
@click.option(
    "--behaviour",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=Path("metrics/recomputed/behaviour.json"),
    show_default=True,
)
@click.option(
    "--printed",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=Path("printed.csv"),
    show_default=True,
)
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("metrics"), show_default=True
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("report.md"),
    show_default=True,
)
def paper_compare(
    params_path: Path,
    release_dir: Path,
    judgments_dir: Path,
    behaviour: Path,
    printed: Path,
    out_dir: Path,
    report_path: Path,
) -> None:
    """Write metrics/comparison.json, metrics/summary.json and report.md: recomputed vs printed cells."""
    from scifigbench.tableio import load_judgments, write_json

    cfg = section(CompareConfig, "compare", params_path)
    src = section(ReleaseSource, "release", params_path)
    recomputed = {
        **table2_cells(load_judgments(judgments_dir)),
        **table4_cells(json.loads(behaviour.read_text(encoding="utf-8")), cfg.labels),
    }
    determined = determined_keys(cfg.labels)
    results = {
        "paper": compare(recomputed, read_printed(printed), determined),
        "release_table4": compare(recomputed, read_release_table4(release_dir / cfg.release_table), determined),
    }
    summary = {s: summarise(rows) for s, rows in results.items()}
    write_json(
        out_dir / "comparison.json",
        {
            **{s: {"summary": summary[s], "cells": rows} for s, rows in results.items()},
            "not_determined": NOT_DETERMINED,
        },
    )
    write_json(out_dir / "summary.json", summary)
    report_path.write_text(markdown(results, src, determined), encoding="utf-8")
    for s, m in summary.items():
        click.echo(summary_line(s, m))
