"""The ``vetting`` stage: ask the ``conditions.vetting`` model about every ranked blur candidate.

Why a stage of its own, after ``conditions``, rather than a step inside it:

- the conditions stage memoises each figure under a key of its inputs and params
  (``figure_cache``); a model's answers inside that key would redo every figure's OCR and images
  whenever the vetting model or its prompt changed, and a figure's result would depend on a
  network call. The memo key leaves ``conditions.vetting`` out, so turning vetting on, off or to
  another model reuses every figure;
- the default run stays offline and byte-identical: without ``conditions.vetting`` this stage
  writes an empty table and sends nothing, and no output of another stage changes;
- a failed or aborted model run keeps the previous table (a ``persist`` out written atomically)
  and leaves the conditions outputs alone.

What it costs: the model's answers re-rank what the reviewer sees (the review page lists the
candidates in the vetted order, so accepting the first is one key), not the target the
conditions stage proposes before review, which stays the rules' rank 1; feeding the answers back
into the proposal would make ``conditions`` depend on its own output. A target counts only once a
person confirms it, as in the paper.

Requests go through the runner's cached client (:class:`scifigbench.llm.CachedComplete`, role
``vetting``): its cache, rate limits, retries and ledger. One request per candidate row; a rerun
with the same candidates, images, prompt and model sends none. ``scifigbench plan`` counts them
with :func:`figure_requests`, the function this stage sends.
"""

from __future__ import annotations

from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import cv2
import pandas as pd

from scifigbench import params, paths
from scifigbench.blurtargets import vetting
from scifigbench.blurtargets.candidates import row_boxes
from scifigbench.blurtargets.text import redact
from scifigbench.conditions.blur import blur_with
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr
from scifigbench.contracts.blur_vetting import BLUR_VETTING
from scifigbench.ocr.boxes import text_boxes
from scifigbench.tableio import read_table, write_table

ROLE = "vetting"


@dataclass(frozen=True)
class Request:
    """One candidate's question to the model."""

    row: dict[str, Any]  # the blur_candidates row
    messages: list[dict[str, Any]]


def inputs(root: Path) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Each figure with ranked candidates (its figures row) and its candidates rows, by figure id."""
    table = read_table(root / paths.BLUR_CANDIDATES, "blur_candidates", root=root)
    by_figure: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in table.to_dict("records"):
        by_figure[row["figure_id"]].append(row)
    figures = read_table(root / paths.FIGURES, "figures", root=root).set_index("figure_id", drop=False)
    return [(figures.loc[fid].to_dict(), rows) for fid, rows in sorted(by_figure.items())]


def figure_requests(
    root: Path, cfg: ConditionsConfig, figure: dict[str, Any], rows: list[dict[str, Any]]
) -> list[Request]:
    """The requests about one figure's candidates: each shows the figure with that candidate blurred
    as the stage blurs a target (its panel copies too, the padding kept off other text) and the
    caption as the blurred condition prints it."""
    img = read_bgr(root / figure["image_path"])
    keep_clear = text_boxes(root, figure["figure_id"])
    caption = figure.get("caption")
    caption = caption if isinstance(caption, str) else None
    out = []
    for row in rows:
        blurred = blur_with(img, row_boxes(SimpleNamespace(**row)), cfg, clear_of=keep_clear)
        ok, png = cv2.imencode(".png", blurred)
        if not ok:
            raise ValueError(f"{row['candidate_id']}: cannot encode the blurred image")
        role = row.get("role") if isinstance(row.get("role"), str) else row.get("rule")
        out.append(Request(row, vetting.messages(row["text"], role, redact(caption, row["text"]), png.tobytes())))
    return out


def _ask(complete: Any, request: Request) -> vetting.Answer:
    """The model's answer on one candidate; a failed call or an unreadable reply is an answer's error."""
    from scifigbench.llm import CallFailed, ReplyFormatError, parse_json_reply

    try:
        return vetting.read_reply(parse_json_reply(complete(request.messages), vetting.SCHEMA))
    except CallFailed as exc:
        return vetting.Answer(error=f"call failed: {exc}")
    except ReplyFormatError as exc:
        return vetting.Answer(error=str(exc))


def vet(
    root: Path,
    cfg: ConditionsConfig,
    items: list[tuple[dict[str, Any], list[dict[str, Any]]]],
    complete: Any,
    model: str,
    concurrency: int = 1,
) -> pd.DataFrame:
    """The vetting table of ``items`` (:func:`inputs`): every candidate asked through ``complete``
    (messages -> reply text), ``concurrency`` figures at once, then re-ranked per figure and mode."""

    def figure(item: tuple[dict[str, Any], list[dict[str, Any]]]) -> list[dict[str, Any]]:
        requests = figure_requests(root, cfg, *item)  # built in the worker: only busy figures' images in memory
        answers = {r.row["candidate_id"]: _ask(complete, r) for r in requests}
        by_mode: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in requests:
            by_mode[r.row["mode"]].append(r.row)
        rows = []
        for cands in by_mode.values():
            row_of = {c["candidate_id"]: c for c in cands}
            for v in vetting.rerank(cands, answers):
                c = row_of[v.candidate_id]
                a = v.answer
                rows.append(
                    {
                        "candidate_id": v.candidate_id,
                        "figure_id": c["figure_id"],
                        "mode": c["mode"],
                        "rank": c["rank"],
                        "vetted_rank": v.vetted_rank,
                        "role": a.role,
                        "inferable": a.inferable,
                        "reason": a.reason,
                        "model": model,
                        "error": a.error,
                    }
                )
        return rows

    with ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="vetting") as pool:
        rows = [row for figure_rows in pool.map(figure, items) for row in figure_rows]
    return pd.DataFrame(rows, columns=[c.name for c in BLUR_VETTING.columns]) if rows else BLUR_VETTING.empty()


def run(cfg: ConditionsConfig, root: Path | str = ".", params_path: Path | str = params.DEFAULT_PARAMS) -> pd.DataFrame:
    """Vet the candidates as ``conditions.vetting`` says and write the table (empty without it)."""
    root = Path(root)
    out = root / paths.BLUR_VETTING
    if cfg.vetting is None:
        return write_table(BLUR_VETTING.empty(), out, "blur_vetting", refs={"blur_candidates": []}, root=root)
    from scifigbench.llm import CachedComplete

    items = inputs(root)
    complete = CachedComplete(cfg.vetting.model, params_path, paths.cache_root(root), role=ROLE)
    try:
        table = vet(root, cfg, items, complete, cfg.vetting.model, complete.concurrency)
    finally:
        complete.close()
    ids = [row["candidate_id"] for _, rows in items for row in rows]
    return write_table(table, out, "blur_vetting", refs={"blur_candidates": ids}, root=root)
