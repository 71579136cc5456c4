"""``scifigbench review verdicts``: a person checks a seeded sample of this run's verdicts.

``page`` draws the sample (``judge.review.per_stratum`` units per family and model, seeded by the
top-level ``seed``) and writes a self-contained HTML page; the page downloads its decisions as a
CSV that ``import`` records in ``review/verdicts.csv``. ``confirm``, ``replace`` and ``reject``
record one decision each, as the blur-target and probe queues do. The metrics stage depends on the
file and reports the judge's agreement with the person per family (``metrics/validity.json``).

It sits on the top floor because it joins two stages' pieces: the judge section of the params
(judges) and the explorer's unit view (report).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scifigbench import params, paths
from scifigbench.decisions import verdicts as store
from scifigbench.review.options import file_option

if TYPE_CHECKING:
    import pandas as pd

PAGE = paths.DATA / "review_pages" / "verdicts.html"  # generated; data/ is not tracked by git

_file_opt = file_option(store.REVIEW_FILE)
_params_opt = click.option(
    "--params",
    "params_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=params.DEFAULT_PARAMS,
    show_default=True,
)
_judgments_opt = click.option(
    "--judgments",
    "judgments_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.JUDGMENTS_DIR,
    show_default=True,
    help="the judge stage's tables",
)
_note_opt = click.option("--note", default="")
_reviewer_opt = click.option("--reviewer", default="", help="who decided")


def _decision_opts(command: Callable[..., None]) -> Callable[..., None]:
    """The options of a command that records one decision: note, reviewer, params, judgments, file."""
    for option in reversed((_note_opt, _reviewer_opt, _params_opt, _judgments_opt, _file_opt)):
        command = option(command)
    return command


def _judgments(params_path: Path, judgments_dir: Path) -> pd.DataFrame:
    from scifigbench.tableio import load_judgments

    try:
        return load_judgments(judgments_dir, params.model_names(params_path))
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from None


def _units(j: pd.DataFrame) -> dict[str, store.Judged]:
    from scifigbench.review.verdicts.page import judged_units

    return {u.key: u for u in judged_units(j)}


def sample(params_path: Path, j: pd.DataFrame) -> list[store.Judged]:
    """The seeded sample of this run's decided units that the review page shows."""
    from scifigbench.judges.config import load

    seed = int(params.load_raw(params_path).get("seed", 42))
    return store.draw(_units(j).values(), load(params_path).review.per_stratum, seed)


def _one(units: dict[str, store.Judged], key: str) -> store.Judged:
    if key not in units:
        raise click.BadParameter(f"no judged unit {key!r} (expected <model>/<unit_id>)", param_hint="UNIT_KEY")
    return units[key]


@click.group("verdicts")
def verdicts_review() -> None:
    """A person's check of a seeded sample of verdicts (review/verdicts.csv)."""


@verdicts_review.command("page")
@_params_opt
@_judgments_opt
@click.option("--setups", type=click.Path(dir_okay=False, path_type=Path), default=paths.SETUPS, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=PAGE, show_default=True, help="HTML file to write")
@_file_opt
def page(params_path: Path, judgments_dir: Path, setups: Path, out: Path, review_file: Path) -> None:
    """Draw the sample and write the review page (one file, opens from file://)."""
    from scifigbench.files.atomic import atomic_write_text
    from scifigbench.review.verdicts.page import page_units, render
    from scifigbench.tableio import read_table

    j = _judgments(params_path, judgments_dir)
    picked = sample(params_path, j)
    units = page_units(picked, j, read_table(setups, "setups", root=None), store.read_decisions(review_file))
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out, render(units))
    strata = len({(u.family, u.model) for u in picked})
    click.echo(f"wrote {out}: {len(picked)} units in {strata} (family, model) strata")


@verdicts_review.command("list")
@_params_opt
@_judgments_opt
@_file_opt
def list_sample(params_path: Path, judgments_dir: Path, review_file: Path) -> None:
    """The sampled units with the judge's verdict and the decision recorded, if any."""
    decided = store.read_decisions(review_file)
    picked = sample(params_path, _judgments(params_path, judgments_dir))
    for u in picked:
        d = decided.get(u.key)
        click.echo(f"{u.key}  {u.family}  judge: {u.label}" + (f"  [{d['decision']} {d['verdict']}]" if d else ""))
    click.echo(f"{len(picked)} sampled, {sum(u.key in decided for u in picked)} decided; decisions in {review_file}")


def _record(params_path: Path, judgments_dir: Path, review_file: Path, key: str, decision: str, **fields: str) -> None:
    u = _one(_units(_judgments(params_path, judgments_dir)), key)
    store.record(review_file, store.decision_row(u, decision, **fields))
    click.echo(f"{decision} {key} in {review_file}")


@verdicts_review.command("confirm")
@click.argument("unit_key")
@_decision_opts
def confirm(unit_key: str, note: str, reviewer: str, params_path: Path, judgments_dir: Path, review_file: Path) -> None:
    """The judge's verdict on UNIT_KEY (<model>/<unit_id>) is right."""
    _record(params_path, judgments_dir, review_file, unit_key, "confirm", note=note, reviewer=reviewer)


@verdicts_review.command("replace")
@click.argument("unit_key")
@click.argument("verdict")
@_decision_opts
def replace(
    unit_key: str, verdict: str, note: str, reviewer: str, params_path: Path, judgments_dir: Path, review_file: Path
) -> None:
    """VERDICT (a label of the unit's family, e.g. incorrect, hedges, admits, "MQM 80-90") is the right one."""
    from scifigbench.concepts.verdict_labels import label_choices

    u = _one(_units(_judgments(params_path, judgments_dir)), unit_key)
    if verdict not in label_choices(u.family):
        raise click.BadParameter(f"{verdict!r} is not one of {list(label_choices(u.family))}", param_hint="VERDICT")
    store.record(review_file, store.decision_row(u, "replace", verdict, note, reviewer))
    click.echo(f"replace {unit_key}: {u.label} -> {verdict} in {review_file}")


@verdicts_review.command("reject")
@click.argument("unit_key")
@_decision_opts
def reject(unit_key: str, note: str, reviewer: str, params_path: Path, judgments_dir: Path, review_file: Path) -> None:
    """No verdict applies to UNIT_KEY (the unit itself is broken): it leaves the agreement figures."""
    _record(params_path, judgments_dir, review_file, unit_key, "reject", note=note, reviewer=reviewer)


@verdicts_review.command("import")
@click.argument("decisions", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_params_opt
@_judgments_opt
@_file_opt
def import_decisions(decisions: Path, params_path: Path, judgments_dir: Path, review_file: Path) -> None:
    """Record every row of DECISIONS (a CSV in the review file's layout, e.g. the page's download).

    Each row must name a judged unit of this run with its model and family; nothing is recorded
    when one does not.
    """
    from scifigbench.decisions.store import ReviewFileError

    try:
        rows = store.read_decisions(decisions)
    except ReviewFileError as exc:
        raise click.ClickException(str(exc)) from None
    units = _units(_judgments(params_path, judgments_dir))
    for key, row in rows.items():
        u = units.get(key)
        if u is None or (u.model, u.family) != (row["model"], row["family"]):
            raise click.ClickException(
                f"{row['where']}: no judged unit of model {row['model']!r}, family "
                f"{row['family']!r} with this key in {judgments_dir}"
            )
    store.record(review_file, *({k: v for k, v in r.items() if k != "where"} for r in rows.values()))
    click.echo(f"recorded {len(rows)} decision(s) in {review_file}; rerun the metrics stage to apply")
