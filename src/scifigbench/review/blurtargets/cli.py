"""``scifigbench review blur``: people confirm, replace or reject proposed blur targets.

``review blur list`` shows the blur targets still waiting (or all of them) and ``review blur
page`` writes a page to review them with the keyboard (``review_page``), whose saved decisions
``review blur import`` merges; ``confirm`` and ``reject`` take several ids
or ``--rule RULE``, ``replace`` is checked against what OCR read at once, and all write to the
git-tracked review/blur_targets.csv, which the ``conditions`` stage applies on its next run
(``dvc repro`` sees the file change). A hand-edited file is checked with ``review blur check``.
The commands read the table without contract validation and import no OpenCV, so a decision
takes well under a second. Other
review queues (e.g. LLM-generated probes) add their own subgroup to :data:`review`.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import click

from scifigbench import paths
from scifigbench.blurtargets import decisions as store
from scifigbench.blurtargets.candidates import accepted_note
from scifigbench.decisions import probes as probe_store
from scifigbench.review.options import file_option, table_option

REVIEW_FILE = paths.REVIEW_DIR / "blur_targets.csv"
PAGE = paths.DATA / "review_pages" / "blur_targets.html"  # generated; data/ is not tracked by git


@click.group("blur")
def blur() -> None:
    """Blur targets proposed by OCR for real figures (review/blur_targets.csv)."""


def _targets(table: Path) -> dict[str, SimpleNamespace]:
    """The stage's blur targets by id, read with pyarrow and without contract validation: a
    decision must take well under a second, and the stage validated the table when it wrote it."""
    try:
        rows = _read_parquet_rows(table)
    except FileNotFoundError:
        raise click.ClickException(f"{table}: not found (run scifigbench conditions first)") from None
    return {r["target_id"]: SimpleNamespace(**r) for r in rows}


def _read_parquet_rows(path: Path) -> list[dict]:
    """All rows of a parquet file as dicts. ``pyarrow.parquet`` imports pandas (a second of a
    decision's time); the reader it wraps does not, so it is used when this pyarrow has it."""
    import pyarrow as pa  # type: ignore[import-untyped]

    try:
        from pyarrow._parquet import ParquetReader  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a pyarrow without the private reader
        import pyarrow.parquet as pq  # type: ignore[import-untyped]

        return pq.read_table(path).to_pylist()
    if not Path(path).is_file():
        raise FileNotFoundError(path)
    reader = ParquetReader()
    reader.open(pa.OSFile(str(path)))
    return reader.read_all().to_pylist()


def _one(targets: dict[str, SimpleNamespace], target_id: str, table: Path) -> SimpleNamespace:
    if target_id not in targets:
        raise click.BadParameter(f"no blur target {target_id!r} in {table}", param_hint="TARGET_ID")
    return targets[target_id]


def _chosen(table: Path, target_ids: tuple[str, ...], rule: str | None) -> list[SimpleNamespace]:
    """The rows a batch decision applies to: the named ids, or every proposal of ``rule``."""
    targets = _targets(table)
    if rule:
        if target_ids:
            raise click.UsageError("give target ids or --rule, not both")
        proposed = [r for r in targets.values() if r.status == "proposed"]
        rows = [r for r in proposed if r.rule == rule]
        if not rows:
            known = sorted({str(r.rule) for r in proposed})
            raise click.BadParameter(
                f"no proposed target has rule {rule!r} in {table}; proposed rules: {known}", param_hint="--rule"
            )
        return sorted(rows, key=lambda r: r.target_id)
    if not target_ids:
        raise click.UsageError("give one or more TARGET_IDS, or --rule RULE")
    return [_one(targets, t, table) for t in target_ids]


_table_opt = table_option(paths.BLUR_TARGETS, "blur_targets.parquet written by the conditions stage")
_file_opt = file_option(REVIEW_FILE)
_rule_opt = click.option("--rule", default=None, help="decide every proposed target selected by this rule")


@blur.command("list")
@_table_opt
@_file_opt
@click.option("--all", "show_all", is_flag=True, help="show every target, not only proposed ones")
def list_targets(table: Path, review_file: Path, show_all: bool) -> None:
    """List proposed targets with their text, box, rule and reasoning."""
    decided = store.read_decisions(review_file)
    rows = [r for _, r in sorted(_targets(table).items()) if show_all or r.status == "proposed"]
    for r in rows:
        d = decided.get(r.target_id)
        mark = f" [decided: {d.decision}]" if d else ""
        click.echo(
            f"{r.target_id}  {r.status}{mark}  rule={r.rule}  text={r.text!r}  "
            f"box=({r.x0:.0f},{r.y0:.0f},{r.x1:.0f},{r.y1:.0f})  match={r.match_tier}:{r.match_score:.2f}"
        )
        click.echo(f"    expected: {r.expected_answer!r}{accepted_note(r)}; why: {r.reasoning_path}")
    click.echo(f"{len(rows)} target(s){'' if show_all else ' awaiting review'}; decisions in {review_file}")


_root_opt = click.option(
    "--root",
    type=click.Path(path_type=Path),
    default=Path("."),
    show_default=True,
    help="repository root the figure paths are relative to",
)


@blur.command("show")
@click.argument("target_id")
@click.option("--out", type=click.Path(path_type=Path), required=True, help="PNG to write")
@_table_opt
@_root_opt
def show(target_id: str, out: Path, table: Path, root: Path) -> None:
    """Write a side-by-side preview: the figure with the target boxed in red, and blurred."""
    from scifigbench.blurtargets.candidates import row_boxes
    from scifigbench.conditions import config
    from scifigbench.conditions.blur import review_pair
    from scifigbench.conditions.gallery import gallery
    from scifigbench.conditions.images import read_bgr, write_png
    from scifigbench.ocr.boxes import text_boxes
    from scifigbench.tableio import read_table

    r = _one(_targets(table), target_id, table)
    figs = read_table(root / paths.FIGURES, "figures", root=None).set_index("figure_id")
    img = read_bgr(root / figs.loc[r.figure_id, "image_path"])
    params_file = root / "params.yaml"
    cfg = config.load(params_file)[0] if params_file.exists() else config.ConditionsConfig()
    marked, blurred = review_pair(img, row_boxes(r), cfg, margin=2, clear_of=text_boxes(root, r.figure_id))
    write_png(out, gallery([(f"{target_id}: {r.text[:30]!r}", marked), ("blurred", blurred)], columns=2))
    click.echo(f"wrote {out}")


@blur.command("confirm")
@click.argument("target_ids", nargs=-1)
@_rule_opt
@click.option("--expected", default="", help="override the expected answer (one target only)")
@click.option("--note", default="")
@_table_opt
@_file_opt
def confirm(
    target_ids: tuple[str, ...], rule: str | None, expected: str, note: str, table: Path, review_file: Path
) -> None:
    """Accept proposed targets as they are: several TARGET_IDS at once, or all proposals of --rule."""
    rows = _chosen(table, target_ids, rule)
    if expected and len(rows) > 1:
        raise click.UsageError("--expected applies to one target; confirm the others without it")
    store.record(
        review_file,
        *(
            store.Decision(r.target_id, "confirm", proposed_text=r.text, expected_answer=expected, note=note)
            for r in rows
        ),
    )
    for r in rows:
        click.echo(f"confirmed {r.target_id} ({r.text!r})")
    click.echo(f"{len(rows)} decision(s) in {review_file}; rerun the conditions stage to apply")


@blur.command("replace")
@click.argument("target_id")
@click.argument("text")
@click.option("--expected", default="", help="expected answer (default: TEXT)")
@click.option("--reasoning", default="", help="why it is (un)recoverable")
@click.option("--note", default="")
@_table_opt
@_file_opt
def replace(
    target_id: str, text: str, expected: str, reasoning: str, note: str, table: Path, review_file: Path
) -> None:
    """Blur TEXT instead; refused at once if TEXT matches nothing OCR read on the figure."""
    r = _one(_targets(table), target_id, table)
    problem = _replacement_problem(table, r.figure_id, text)
    if problem:
        raise click.BadParameter(f"{target_id}: {problem}", param_hint="TEXT")
    store.record(
        review_file,
        store.Decision(
            target_id,
            "replace",
            proposed_text=r.text,
            text=text,
            expected_answer=expected,
            reasoning_path=reasoning,
            note=note,
        ),
    )
    click.echo(f"replaced {target_id}: {r.text!r} -> {text!r} in {review_file}; rerun the conditions stage to apply")


@blur.command("reject")
@click.argument("target_ids", nargs=-1)
@_rule_opt
@click.option("--note", default="")
@_table_opt
@_file_opt
def reject(target_ids: tuple[str, ...], rule: str | None, note: str, table: Path, review_file: Path) -> None:
    """Drop targets (several TARGET_IDS, or all proposals of --rule): the figure gets no image for that mode."""
    rows = _chosen(table, target_ids, rule)
    store.record(review_file, *(store.Decision(r.target_id, "reject", proposed_text=r.text, note=note) for r in rows))
    for r in rows:
        click.echo(f"rejected {r.target_id} ({r.text!r})")
    click.echo(f"{len(rows)} decision(s) in {review_file}")


@blur.command("check")
@_table_opt
@_file_opt
def check(table: Path, review_file: Path) -> None:
    """Check a hand-edited decisions file before the stage runs: known ids, replacements OCR can find."""
    decided = _applicable(review_file, table, "")
    click.echo(f"{len(decided)} decision(s) in {review_file} can be applied")


def _applicable(decisions: Path, table: Path, failing: str) -> dict[str, store.Decision]:
    """The decisions of ``decisions``, each checked against ``table``; every problem goes to stderr
    and any one stops the command (``failing`` ends its message)."""
    from scifigbench.decisions.store import ReviewFileError

    try:
        decided = store.read_decisions(decisions)
    except ReviewFileError as exc:
        raise click.ClickException(str(exc)) from None
    problems = _problems(decided, table, decisions)
    for p in problems:
        click.echo(p, err=True)
    if problems:
        raise click.ClickException(f"{len(problems)} of {len(decided)} decision(s) cannot be applied{failing}")
    return decided


@blur.command("page")
@_table_opt
@_file_opt
@click.option("--out", type=click.Path(path_type=Path), default=PAGE, show_default=True, help="HTML file to write")
@click.option("--all", "show_all", is_flag=True, help="every figure, not only those with proposals or candidates")
@click.option(
    "--probes",
    "probes_table",
    type=click.Path(path_type=Path, dir_okay=False),
    default=paths.PROBES,
    show_default=True,
    help="probes.parquet: its proposed probes are reviewed on the same page (skipped when absent)",
)
@click.option("--probe-file", type=click.Path(path_type=Path), default=probe_store.REVIEW_FILE, show_default=True)
@_root_opt
def page(
    table: Path, review_file: Path, out: Path, show_all: bool, probes_table: Path, probe_file: Path, root: Path
) -> None:
    """Write the keyboard review page: each figure with the labels OCR read, its ranked candidates
    and proposals, and the probes proposed for it; accept, pick another label, reject, confirm or
    reject each probe; save the decisions and ``import`` them."""
    from scifigbench.review.blurtargets.page import write_page

    targets = _targets(table)
    rows = [r for _, r in sorted(targets.items()) if show_all or r.status == "proposed"]
    candidates = [SimpleNamespace(**c) for c in _candidate_rows(table)]
    probes = _proposed_probes(root / probes_table)
    figures = {r.figure_id for r in rows} | {c.figure_id for c in candidates}
    shown = [r for r in targets.values() if r.figure_id in figures]
    n = write_page(
        shown,
        root,
        out,
        candidates,
        store.read_decisions(review_file),
        _vetting_rows(table),
        probes,
        probe_store.read_decisions(probe_file),
    )
    also = f" and {len(probes)} proposed probe(s)" if probes else ""
    click.echo(
        f"wrote {out} ({n} figure(s){also}); open it in a browser, press s to save, then "
        "scifigbench review blur import <the saved file>"
        + (" and scifigbench review probes import <probe_decisions.csv>" if probes else "")
    )


def _proposed_probes(table: Path) -> list[SimpleNamespace]:
    """The probes waiting for a person (status ``proposed``) in ``table``; none when it is absent."""
    try:
        rows = _read_parquet_rows(table)
    except FileNotFoundError:
        return []
    return [SimpleNamespace(**r) for r in rows if r["status"] == "proposed"]


@blur.command("import")
@click.argument("saved", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@_table_opt
@_file_opt
def import_decisions(saved: Path, table: Path, review_file: Path) -> None:
    """Merge decisions saved from the review page (SAVED, a CSV of the review file's columns) into
    the review file, each checked as ``check`` checks them; nothing is written if one fails."""
    decided = _applicable(saved, table, "; none imported")
    store.record(review_file, *decided.values())
    click.echo(f"imported {len(decided)} decision(s) into {review_file}; rerun the conditions stage to apply")


def _candidate_rows(table: Path) -> list[dict]:
    """The ranked candidates beside ``table`` (none when the stage wrote none)."""
    try:
        return _read_parquet_rows(table.with_name("blur_candidates.parquet"))
    except FileNotFoundError:
        return []


def _vetting_rows(table: Path) -> dict[str, SimpleNamespace]:
    """The vetting model's answers by candidate id (data/vetting beside data/conditions; none when
    the vetting stage has not run or asked nobody)."""
    try:
        rows = _read_parquet_rows(table.parent.parent / paths.BLUR_VETTING.relative_to(paths.DATA))
    except FileNotFoundError:
        return {}
    return {r["candidate_id"]: SimpleNamespace(**r) for r in rows}


def _problems(decided: dict[str, store.Decision], table: Path, where: Path) -> list[str]:
    """Why decisions cannot be applied: an unknown target (a mode of a figure OCR never read may
    not be picked), a replacement OCR did not read on the figure."""
    targets = _targets(table)
    problems = []
    for tid, d in decided.items():
        figure_id, _, mode = tid.rpartition("/")
        read = (table.parent / "ocr" / f"{figure_id}.json").is_file()
        if tid not in targets and not (read and mode in ("admittance", "inductance") and d.decision == "replace"):
            problems.append(f"{where}: {tid}: no such blur target in {table}")
        elif d.decision == "replace":
            problem = _replacement_problem(table, figure_id, d.text)
            if problem:
                problems.append(f"{where}: {tid}: {problem}")
    return problems


def _replacement_problem(table: Path, figure_id: str, text: str) -> str | None:
    """Why ``text`` cannot replace a target of ``figure_id`` (no OCR box matches it), else None."""
    from scifigbench.ocr.boxes import read_ocr_boxes

    boxes = read_ocr_boxes(table.parent / "ocr" / f"{figure_id}.json")
    if boxes is None:
        return None  # no reading stored (older stage output): the stage checks it when it runs
    return store.unmatched_replacement(text, boxes, _threshold(table))


def _threshold(table: Path) -> float:
    """conditions.fuzzy_threshold of the params file beside data/ (the default when there is none)."""
    from scifigbench.conditions import config

    params_file = table.parent.parent.parent / "params.yaml"
    return (config.load(params_file)[0] if params_file.is_file() else config.ConditionsConfig()).fuzzy_threshold
