"""Each released item as a row of our tables (probes, blur targets, conditions), nothing re-proposed.

Ids stay the release's (``fig_NNN``): a probe is ``fig_NNN/<family>/<category>``, a blur target
``fig_NNN/<mode>``. The question, the expected answer (the blurred text, the generated capability
answer), reviewer notes and status are the release's own; fields our contracts name differently
are mapped (capability ``pattern_analysis`` -> ``pattern``, claim ``trend_characterization`` ->
``trend``) and the release's own value is kept beside them (``release_category``, ``release_type``).
"""

from __future__ import annotations

import json
from typing import Any

from scifigbench.concepts.names import BLUR_MODES, CAPABILITY_CATEGORIES, CLAIM_TYPES, MODE_CONDITION, RESISTANCE_TYPES
from scifigbench.corpus.release.layout import ReleaseFigure, ReleaseLayoutError

GENERATOR = "release"
GENERATOR_VERSION = "1"
STATUSES = ("confirmed", "proposed", "rejected")
CAPABILITY_CATEGORY = {"pattern_analysis": "pattern", **{c: c for c in CAPABILITY_CATEGORIES}}
CLAIM_TYPE = {"trend_characterization": "trend", **{t: t for t in CLAIM_TYPES}}
YES_NO = {"yes", "no"}
# what reaches a blur target's columns that the release has no value for: it gives no box (the
# blurred image is released, the box is not), and a person chose the target, not OCR
NO_BOX = {"x0": 0.0, "y0": 0.0, "x1": 0.0, "y1": 0.0}


def probe_row(
    fid: str, family: str, category: str, text: str, expected: dict[str, Any], status: str, suffix: str | None = None
) -> dict[str, Any]:
    """A row of the probes contract (expected serialised with sorted keys, as every generator does)."""
    pid = f"{fid}/{family}/{category}" + (f"/{suffix}" if suffix else "")
    return {
        "probe_id": pid,
        "figure_id": fid,
        "family": family,
        "category": category,
        "text": text,
        "expected_json": json.dumps(expected, sort_keys=True, ensure_ascii=False),
        "status": status,
        "generator": GENERATOR,
        "generator_version": GENERATOR_VERSION,
    }


def _status(value: str, where: str) -> str:
    if value not in STATUSES:
        raise ReleaseLayoutError(f"{where}: field 'status' {value!r} is not one of {', '.join(STATUSES)}")
    return value


def blur_rows(fig: ReleaseFigure) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(probe rows, blur-target rows) of the figure's released blur targets, one each per mode."""
    probes, targets = [], []
    for mode in BLUR_MODES:
        item = fig.blur.get(mode)
        if item is None:
            continue
        tid = f"{fig.figure_id}/{mode}"
        status = _status(item.status, f"{fig.figure_id}: selective_blur.{mode}")
        expected = {
            "target_id": tid,
            "mode": mode,
            "expected_answer": item.expected_answer,
            "reasoning_path": "released target, confirmed by the paper's reviewers",
            "role": None,
            "element_id": None,
            "reviewer_notes": item.reviewer_notes,
        }
        probes.append(probe_row(fig.figure_id, "blur", mode, item.question, expected, status))
        targets.append(
            {
                "target_id": tid,
                "figure_id": fig.figure_id,
                "mode": mode,
                "element_id": None,
                "role": None,
                "text": item.expected_answer,
                **NO_BOX,
                "rule": "release",
                "reasoning_path": expected["reasoning_path"],
                "expected_answer": item.expected_answer,
                "status": status,
                "ocr_backend": "release",
                "match_tier": "release",
                "match_score": 1.0,
                "question": item.question,
                "neighbours_json": None,
                "also_json": None,
                "accept_low": None,
                "accept_high": None,
            }
        )
    return probes, targets


def resistance_rows(fig: ReleaseFigure) -> list[dict[str, Any]]:
    out = []
    for i, p in enumerate(fig.resistance):
        ptype = str(p["type"])
        if ptype not in RESISTANCE_TYPES:
            raise ReleaseLayoutError(
                f"{fig.figure_id}: resistance probes[{i}]: field 'type' {ptype!r} is not one of "
                f"{', '.join(RESISTANCE_TYPES)}"
            )
        expected = {k: v for k, v in p.items() if k not in ("type", "question")}
        expected.setdefault("principle", "")
        out.append(probe_row(fig.figure_id, "resistance", ptype, str(p["question"]), expected, "confirmed"))
    return _suffixed(out)


def caption_rows(fig: ReleaseFigure) -> list[dict[str, Any]]:
    cb = fig.caption_bias
    if cb is None:
        return []
    claims = [
        {
            "claim": m["claim"],
            "reality": m["reality"],
            "type": CLAIM_TYPE.get(m["type"], m["type"]),
            "release_type": m["type"],
            "principle": m.get("principle"),
        }
        for m in cb["modifications"]
    ]
    expected = {
        "claims": claims,
        "original_caption": cb.get("original_caption") or fig.caption or "",
        "correct_elements": list(cb.get("correct_elements") or []),
        "principle": "release",
    }
    return [probe_row(fig.figure_id, "caption_bias", "caption_bias", cb["modified_caption"], expected, "confirmed")]


def _answer_type(q: dict[str, Any]) -> tuple[str, float | None]:
    """Our answer type and absolute tolerance of a released capability question."""
    answer = q["answer"]
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        rng = q.get("acceptable_range")
        if q["answer_type"] == "approximate" and isinstance(rng, list) and len(rng) == 2:
            return "number", round(max(abs(float(rng[1]) - answer), abs(answer - float(rng[0]))), 6)
        return "number", 0.0
    return ("yes_no" if str(answer).strip().lower() in YES_NO else "label"), None


def _annotators(fig: ReleaseFigure, category: str) -> list[str]:
    entry = fig.capability_answers.get(category) or {}
    people = entry.get("annotators") or {}
    return [str(a.get("answer")) for _, a in sorted(people.items()) if isinstance(a, dict) and a.get("answer")]


def capability_rows(fig: ReleaseFigure) -> list[dict[str, Any]]:
    out = []
    for i, q in enumerate(fig.capability):
        raw = str(q["category"])
        cat = CAPABILITY_CATEGORY.get(raw)
        if cat is None:
            raise ReleaseLayoutError(
                f"{fig.figure_id}: capability questions[{i}]: field 'category' {raw!r} is not one "
                f"of {', '.join(CAPABILITY_CATEGORY)}"
            )
        kind, tol = _answer_type(q)
        answer = q["answer"] if kind == "number" else str(q["answer"]).strip()
        expected = {
            "answer": answer.lower() if kind == "yes_no" else answer,
            "answer_type": kind,
            "tolerance": tol,
            "reasoning": str(q.get("reasoning") or ""),
            "elements": list(q.get("visual_elements") or []),
            "difficulty": q.get("difficulty"),
            "release_category": raw,
            "annotator_answers": _annotators(fig, raw),
        }
        out.append(probe_row(fig.figure_id, "capability", cat, str(q["question"]), expected, "confirmed"))
    return _suffixed(out)


def _suffixed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows whose id repeats get ``/2``, ``/3`` ... so every released item stays one probe."""
    seen: dict[str, int] = {}
    for r in rows:
        n = seen[r["probe_id"]] = seen.get(r["probe_id"], 0) + 1
        if n > 1:
            r["probe_id"] = f"{r['probe_id']}/{n}"
    return rows


def condition_caption(condition: str, fig: ReleaseFigure) -> str | None:
    """The caption shown with a released condition image: the original one with the transforms
    (as with the clean image); none on a page render (it is in the page) or a blurred image (the
    caption may name the hidden text)."""
    return fig.caption if condition in ("base", "noise", "lowc", "rot") else None


def blur_condition_target(condition: str, fig: ReleaseFigure) -> str | None:
    mode = next((m for m, c in MODE_CONDITION.items() if c == condition), None)
    return f"{fig.figure_id}/{mode}" if mode and mode in fig.blur else None
