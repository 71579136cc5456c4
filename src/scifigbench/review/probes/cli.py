"""``scifigbench review probes``: confirm, replace or reject proposed probes (LLM-written, or read
from a real figure's layout), listed in the terminal or on a page beside their figures.

Each command writes one row of the git-tracked review/probes.csv (see review.py), which the
``probes`` stage applies on its next run; ``dvc repro`` sees the file change.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from scifigbench import paths
from scifigbench.decisions import probes as store
from scifigbench.review.options import file_option, one_row, table_option

REVIEW_FILE = store.REVIEW_FILE
PAGE = paths.DATA / "review_pages" / "probes.html"  # generated; data/ is not tracked by git

_table_opt = table_option(paths.PROBES, "probes.parquet written by the probes stage")
_file_opt = file_option(REVIEW_FILE)


def _probes(table: Path):
    from scifigbench.tableio import read_table

    return read_table(table, "probes", root=None)


def _proposers(df):
    """The probes written by a proposer a person reviews: an LLM or the layout rules."""
    from scifigbench.probes.real.probe import GENERATOR

    return df[df["generator"].str.startswith("llm:") | (df["generator"] == GENERATOR)]


def _decide(table: Path, review_file: Path, probe_id: str, decision: str, **fields: str) -> None:
    """Record ``decision`` on an existing probe, with the wording the reviewer saw."""
    r = one_row(_probes(table), "probe_id", probe_id, table, "probe")
    store.record(review_file, {"probe_id": probe_id, "decision": decision, "proposed_text": r.text, **fields})


@click.group("probes")
def probes_review() -> None:
    """Probes proposed for real figures: LLM-written or read from the layout (review/probes.csv)."""


@probes_review.command("list")
@_table_opt
@_file_opt
@click.option("--all", "show_all", is_flag=True, help="every LLM- or layout-written probe, not only proposed ones")
def list_probes(table: Path, review_file: Path, show_all: bool) -> None:
    """List proposed probes with their expected outcome."""
    df = _probes(table)
    decided = store.read_decisions(review_file)
    rows = _proposers(df) if show_all else df[df["status"] == "proposed"]
    for r in rows.itertuples(index=False):
        d = decided.get(r.probe_id)
        mark = f" [decided: {d['decision']}]" if d else ""
        click.echo(f"{r.probe_id}  {r.status}{mark}\n    {r.text}\n    expected: {r.expected_json}")
    click.echo(f"{len(rows)} probe(s){'' if show_all else ' awaiting review'}; decisions in {review_file}")


@probes_review.command("page")
@_table_opt
@click.option("--out", type=click.Path(path_type=Path), default=PAGE, show_default=True)
@click.option("--all", "show_all", is_flag=True, help="every LLM- or layout-written probe, not only proposed ones")
@click.option("--root", type=click.Path(path_type=Path, file_okay=False), default=Path("."), show_default=True)
def page(table: Path, out: Path, show_all: bool, root: Path) -> None:
    """Write a static HTML page of the proposed probes, each beside its figure with the fact it rests on."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    from scifigbench.review.probes.page import write_page

    df = _probes(table)
    rows = _proposers(df) if show_all else df[df["status"] == "proposed"]
    figures = pq.read_table(root / paths.FIGURES, columns=["figure_id", "image_path"]).to_pylist()
    images = {f["figure_id"]: root / f["image_path"] for f in figures}
    n = write_page(rows.itertuples(index=False), images, out)
    click.echo(f"wrote {out} ({n} probe(s))")


@probes_review.command("confirm")
@click.argument("probe_id")
@click.option("--note", default="")
@_table_opt
@_file_opt
def confirm(probe_id: str, note: str, table: Path, review_file: Path) -> None:
    """Accept the proposed probe as it is."""
    _decide(table, review_file, probe_id, "confirm", note=note)
    click.echo(f"confirmed {probe_id} in {review_file}; rerun the probes stage to apply")


@probes_review.command("replace")
@click.argument("probe_id")
@click.argument("text")
@click.option("--expected-json", default="", help="replacement expected outcome (JSON)")
@click.option("--note", default="")
@_table_opt
@_file_opt
def replace(probe_id: str, text: str, expected_json: str, note: str, table: Path, review_file: Path) -> None:
    """Confirm the probe with the reviewer's wording TEXT (and expected outcome)."""
    if expected_json:
        try:
            json.loads(expected_json)
        except json.JSONDecodeError as exc:
            raise click.BadParameter(f"not valid JSON: {exc.msg}", param_hint="--expected-json") from None
    _decide(table, review_file, probe_id, "replace", text=text, expected_json=expected_json, note=note)
    click.echo(f"replaced {probe_id} in {review_file}; rerun the probes stage to apply")


@probes_review.command("import")
@click.argument("saved", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@_table_opt
@_file_opt
def import_decisions(saved: Path, table: Path, review_file: Path) -> None:
    """Merge probe decisions saved from the review page (SAVED, a CSV of the review file's columns):
    each must name a proposed probe of the table with the wording the reviewer saw; nothing is
    written if one does not."""
    from scifigbench.decisions.store import ReviewFileError

    try:
        decided = store.read_decisions(saved)
    except ReviewFileError as exc:
        raise click.ClickException(f"{exc}; none imported") from None
    now = {r.probe_id: (r.status, r.text) for r in _probes(table).itertuples(index=False)}
    problems = [
        f"{d['where']}: {why}" for pid, d in decided.items() if (why := store.stale(d, *now.get(pid, (None, None))))
    ]
    if problems:
        raise click.ClickException("\n".join(problems) + "\nnone imported")
    store.record(review_file, *({k: v for k, v in d.items() if k != "where"} for d in decided.values()))
    click.echo(f"imported {len(decided)} probe decision(s) into {review_file}; rerun the probes stage to apply")


@probes_review.command("reject")
@click.argument("probe_id")
@click.option("--note", default="")
@_table_opt
@_file_opt
def reject(probe_id: str, note: str, table: Path, review_file: Path) -> None:
    """Drop the probe: it never reaches the setups."""
    _decide(table, review_file, probe_id, "reject", note=note)
    click.echo(f"rejected {probe_id} in {review_file}")
