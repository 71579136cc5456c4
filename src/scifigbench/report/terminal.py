"""``scifigbench tables``: the paper's headline tables in the terminal, or their deltas between two runs.

Reads the metrics files of the workspace, of a git revision (``git show REV:metrics/<file>``) or of a
dvc experiment (a git ref under ``refs/exps``, compared with the commit it was run from), so a change
of judge or prompt version can be read as a table of differences without opening the report.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import click

from scifigbench import paths
from scifigbench.contracts.metrics import METRIC_FILES, PAPER_TABLES, paper_table, table_columns, table_judges


def _git(*args: str) -> str:
    proc = subprocess.run(["git", *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise click.ClickException(f"git {' '.join(args)}: {proc.stderr.strip() or 'failed'}")
    return proc.stdout


def metrics_at(rev: str, metrics_dir: Path) -> dict[str, dict]:
    """The metrics files as committed at ``rev`` (files absent there are left out)."""
    prefix = _git("rev-parse", "--show-prefix").strip()
    out = {}
    for name in METRIC_FILES:
        proc = subprocess.run(
            ["git", "show", f"{rev}:{prefix}{(metrics_dir / f'{name}.json').as_posix()}"],
            capture_output=True,
            text=True,
        )
        if proc.returncode == 0:
            try:
                out[name] = json.loads(proc.stdout)
            except json.JSONDecodeError as exc:
                raise click.ClickException(f"{rev}:{metrics_dir}/{name}.json: not valid JSON: {exc}") from None
    if not out:
        _git("rev-parse", "--verify", f"{rev}^{{commit}}")  # names a bad revision clearly
        raise click.ClickException(f"{rev}: no metrics files under {metrics_dir}/")
    return out


def _queue_path_hint() -> str:
    """Why a queued experiment may be missing: DVC's queue worker runs each task as the command ``dvc``
    found on PATH, so with DVC only inside ``.venv`` every queued run fails before any stage starts."""
    if shutil.which("dvc"):
        return ""
    return (
        "; `dvc` is not on PATH, and DVC's queue starts its worker and each queued task as `dvc`, so queued"
        " experiments never run (`dvc queue status` keeps them Queued): put .venv/bin on PATH, then"
        " `dvc exp run --run-all`"
    )


def experiment_revs(name: str) -> tuple[str, str]:
    """(baseline commit, experiment commit) of a dvc experiment, found by name among ``refs/exps``."""
    refs = [r for r in _git("for-each-ref", "--format=%(refname)", "refs/exps").split() if r.rsplit("/", 1)[-1] == name]
    if not refs:
        raise click.ClickException(f"no dvc experiment named {name!r} (see `dvc exp list`){_queue_path_hint()}")
    if len(refs) > 1:
        raise click.ClickException(f"experiment name {name!r} is ambiguous: {', '.join(refs)}")
    return _git("rev-parse", f"{refs[0]}^").strip(), refs[0]


def _scale(name: str) -> tuple[float, int, str]:
    """(factor, digits, unit) for printing: MQM as points, rates as percent."""
    return (1.0, 1, "MQM points, 0-100") if PAPER_TABLES[name][1] == "0-100" else (100.0, 1, "%")


def _val(cell: object) -> float | None:
    return cell.get("value") if isinstance(cell, dict) else None


def _grid(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    return "\n".join([line(header), "  ".join("-" * w for w in widths), *map(line, rows)])


def _measured(cell: object) -> bool:
    """A value, or units the judge left undecided (a cell that is all undecided has no value)."""
    return isinstance(cell, dict) and (cell.get("value") is not None or bool(cell.get("undecided")))


def _undecided(cell: dict, factor: float, digits: int) -> str:
    """`` 12u 61.0-70.1``: a cell's undecided units and the range they leave (empty when none)."""
    count, bounds = cell.get("undecided"), cell.get("bounds") or [None, None]
    if not count:
        return ""
    span = "" if None in bounds else f" {bounds[0] * factor:.{digits}f}-{bounds[1] * factor:.{digits}f}"
    return f" {count}u{span}"


def _judges(name: str, metrics: dict[str, dict]) -> str:
    """One line per section whose units more than one kind of judge decided: ``model rule 83% llm 17%``."""
    lines = []
    for section, per_model in table_judges(metrics, name).items():
        shares = ", ".join(
            f"{m} " + " ".join(f"{k} {100 * v:.0f}%" for k, v in kinds.items() if v is not None)
            for m, kinds in per_model.items()
        )
        lines.append(f"decided by ({section}): {shares}\n")
    return "".join(lines)


def format_table(name: str, metrics: dict[str, dict], ci: bool = False) -> str:
    """One paper table: a row per model, a column per condition/category/metric (value [CI]).

    A value with undecided units is followed by their count and the value's range had the judge
    decided them all (``60.0 4u 42.9-71.4``); with the hybrid judge the judges' shares follow the table.
    """
    title = PAPER_TABLES[name][0]
    factor, digits, unit = _scale(name)
    table = paper_table(metrics, name)
    cols = [c for c in table_columns(table) if any(_measured(r.get(c)) for r in table.values())]
    if not cols:
        return f"{title}: not measured\n"
    rows, undecided = [], False
    for m, r in table.items():
        cells = []
        for c in cols:
            cell: dict = r.get(c) or {} if _measured(r.get(c)) else {}
            v = _val(cell)
            text = "n/m" if not cell else "-" if v is None else f"{v * factor:.{digits}f}"
            if ci and v is not None and cell.get("ci_low") is not None:
                text += f" [{cell['ci_low'] * factor:.{digits}f},{cell['ci_high'] * factor:.{digits}f}]"
            extra = _undecided(cell, factor, digits)
            undecided |= bool(extra)
            cells.append(text + extra)
        rows.append([m, *cells])
    keys = "; n/m = not measured" + (
        "; Nu lo-hi = N undecided units, the value had all gone against / for the model" if undecided else ""
    )
    head = f"{title} ({unit}{', 95% CI' if ci else ''}{keys})\n"
    return head + f"{_grid(['model', *cols], rows)}\n" + _judges(name, metrics)


def format_diff(
    name: str, a: dict[str, dict], b: dict[str, dict], label_a: str, label_b: str, only_changed: bool = False
) -> str:
    """One paper table as (model, column) rows with both values and B - A; changed cells marked."""
    title = PAPER_TABLES[name][0]
    factor, digits, unit = _scale(name)
    ta, tb = paper_table(a, name), paper_table(b, name)
    rows = []
    for m in sorted(set(ta) | set(tb)):
        for c in table_columns({0: {**ta.get(m, {}), **tb.get(m, {})}}):
            va, vb = _val(ta.get(m, {}).get(c)), _val(tb.get(m, {}).get(c))
            if va is None and vb is None:
                continue
            fa = "n/m" if va is None else f"{va * factor:.{digits}f}"
            fb = "n/m" if vb is None else f"{vb * factor:.{digits}f}"
            delta = "" if va is None or vb is None else f"{(vb - va) * factor:+.{digits}f}"
            changed = "*" if fa != fb else ""
            rows.append([m, c, fa, fb, delta, changed])
    if not rows:
        return f"{title}: not measured in either\n"
    n_changed, n_cells = sum(r[-1] == "*" for r in rows), len(rows)
    if only_changed:
        rows = [r for r in rows if r[-1] == "*"]
    head = f"{title} ({unit}; delta = {label_b} - {label_a}; * = changed, {n_changed} of {n_cells} cells)\n"
    return head + (_grid(["model", "column", label_a, label_b, "delta", ""], rows) + "\n" if rows else "")


@click.command()
@click.option("--rev", "revs", multiple=True, help="a git revision; give two to print the deltas between them")
@click.option("--exp", "exp", default=None, help="a dvc experiment: deltas against the commit it was run from")
@click.option(
    "--metrics",
    "metrics_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.METRICS_DIR,
    show_default=True,
)
@click.option(
    "--table", "names", multiple=True, type=click.Choice(list(PAPER_TABLES)), help="only these tables (default: all)"
)
@click.option("--ci", is_flag=True, help="print each value's 95 % CI (single-run view)")
@click.option("--changed", "only_changed", is_flag=True, help="with two runs: list only the cells that changed")
def tables(
    revs: tuple[str, ...], exp: str | None, metrics_dir: Path, names: tuple[str, ...], ci: bool, only_changed: bool
) -> None:
    """Print the paper's tables (MQM across conditions, capability, A-R-I, caption bias) from metrics/."""
    from scifigbench.report.cli import read_metrics

    chosen = list(names) or list(PAPER_TABLES)
    if exp and revs:
        raise click.UsageError("give either --exp NAME or --rev A --rev B, not both")
    if exp or len(revs) == 2:
        rev_a, rev_b = experiment_revs(exp) if exp else revs
        a, b = metrics_at(rev_a, metrics_dir), metrics_at(rev_b, metrics_dir)
        label_a, label_b = (rev_a[:10], exp) if exp else (rev_a, rev_b)
        click.echo("\n".join(format_diff(n, a, b, label_a, label_b, only_changed) for n in chosen))
        return
    if len(revs) > 2:
        raise click.UsageError("give one --rev (that revision's tables) or two (their deltas)")
    metrics = metrics_at(revs[0], metrics_dir) if revs else read_metrics(metrics_dir)
    click.echo("\n".join(format_table(n, metrics, ci) for n in chosen))
