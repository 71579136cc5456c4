"""``scifigbench review blur``: people confirm, replace or reject proposed blur targets.

``review blur list`` shows the blur targets still waiting (or all of them); ``confirm``,
``replace`` and ``reject`` write one row each to the git-tracked review/blur_targets.csv, which
the ``conditions`` stage applies on its next run (``dvc repro`` sees the file change). Other
review queues (e.g. LLM-generated probes) add their own subgroup to :data:`review`.
"""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths
from scifigbench.conditions import decisions as store
from scifigbench.review_commands import file_option, one_row, table_option

REVIEW_FILE = paths.REVIEW_DIR / "blur_targets.csv"


@click.group("blur")
def blur() -> None:
    """Blur targets proposed by OCR for real figures (review/blur_targets.csv)."""


def _targets(table: Path):
    from scifigbench.tableio import read_table

    try:
        return read_table(table, "blur_targets", root=None)
    except FileNotFoundError as exc:
        raise click.ClickException(f"{exc} (scifigbench conditions)") from None


def _one(table: Path, target_id: str):
    return one_row(_targets(table), "target_id", target_id, table, "blur target")


_table_opt = table_option(paths.BLUR_TARGETS, "blur_targets.parquet written by the conditions stage")
_file_opt = file_option(REVIEW_FILE)


@blur.command("list")
@_table_opt
@_file_opt
@click.option("--all", "show_all", is_flag=True, help="show every target, not only proposed ones")
def list_targets(table: Path, review_file: Path, show_all: bool) -> None:
    """List proposed targets with their text, box, rule and reasoning."""
    df = _targets(table)
    decided = store.read_decisions(review_file)
    rows = df if show_all else df[df["status"] == "proposed"]
    for r in rows.itertuples(index=False):
        d = decided.get(r.target_id)
        mark = f" [decided: {d.decision}]" if d else ""
        click.echo(f"{r.target_id}  {r.status}{mark}  text={r.text!r}  box=({r.x0:.0f},{r.y0:.0f},{r.x1:.0f},{r.y1:.0f})  "
                   f"match={r.match_tier}:{r.match_score:.2f}")
        click.echo(f"    expected: {r.expected_answer!r}; why: {r.reasoning_path}")
    click.echo(f"{len(rows)} target(s){'' if show_all else ' awaiting review'}; decisions in {review_file}")


@blur.command("show")
@click.argument("target_id")
@click.option("--out", type=click.Path(path_type=Path), required=True, help="PNG to write")
@_table_opt
@click.option("--root", type=click.Path(path_type=Path), default=Path("."), show_default=True,
              help="repository root the figure paths are relative to")
def show(target_id: str, out: Path, table: Path, root: Path) -> None:
    """Write a side-by-side preview: the figure with the target boxed in red, and blurred."""
    import cv2

    from scifigbench.conditions import config
    from scifigbench.conditions.blur import blur_box
    from scifigbench.conditions.gallery import gallery
    from scifigbench.conditions.images import read_bgr, write_png
    from scifigbench.tableio import read_table

    r = _one(table, target_id)
    figs = read_table(root / paths.FIGURES, "figures", root=None).set_index("figure_id")
    img = read_bgr(root / figs.loc[r.figure_id, "image_path"])
    params_file = root / "params.yaml"
    cfg = config.load(params_file)[0] if params_file.exists() else config.ConditionsConfig()
    box = (r.x0, r.y0, r.x1, r.y1)
    marked = img.copy()
    cv2.rectangle(marked, (int(r.x0) - 2, int(r.y0) - 2), (int(r.x1) + 2, int(r.y1) + 2), (0, 0, 255), 2)
    blurred = blur_box(img, box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=cfg.blur_pad_px)
    write_png(out, gallery([(f"{target_id}: {r.text[:30]!r}", marked), ("blurred", blurred)], columns=2))
    click.echo(f"wrote {out}")


@blur.command("confirm")
@click.argument("target_id")
@click.option("--expected", default="", help="override the expected answer")
@click.option("--note", default="")
@_table_opt
@_file_opt
def confirm(target_id: str, expected: str, note: str, table: Path, review_file: Path) -> None:
    """Accept the proposed target as it is."""
    r = _one(table, target_id)
    store.record(review_file, store.Decision(target_id, "confirm", proposed_text=r.text, expected_answer=expected, note=note))
    click.echo(f"confirmed {target_id} ({r.text!r}) in {review_file}; rerun the conditions stage to apply")


@blur.command("replace")
@click.argument("target_id")
@click.argument("text")
@click.option("--expected", default="", help="expected answer (default: TEXT)")
@click.option("--reasoning", default="", help="why it is (un)recoverable")
@click.option("--note", default="")
@_table_opt
@_file_opt
def replace(target_id: str, text: str, expected: str, reasoning: str, note: str, table: Path, review_file: Path) -> None:
    """Blur TEXT instead (matched to an OCR box when the stage reruns)."""
    r = _one(table, target_id)
    store.record(review_file, store.Decision(target_id, "replace", proposed_text=r.text, text=text,
                                             expected_answer=expected, reasoning_path=reasoning, note=note))
    click.echo(f"replaced {target_id}: {r.text!r} -> {text!r} in {review_file}; rerun the conditions stage to apply")


@blur.command("reject")
@click.argument("target_id")
@click.option("--note", default="")
@_table_opt
@_file_opt
def reject(target_id: str, note: str, table: Path, review_file: Path) -> None:
    """Drop the target: the figure gets no image for this blur mode."""
    r = _one(table, target_id)
    store.record(review_file, store.Decision(target_id, "reject", proposed_text=r.text, note=note))
    click.echo(f"rejected {target_id} ({r.text!r}) in {review_file}")

