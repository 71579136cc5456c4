"""Our rule judge measured at full scale on the release: its verdicts beside GPT-4o's on the
published models' own answers, per family and per model.

The release keeps each model's answers (``results/generation/...``) and GPT-4o's verdicts on them
(``results/evaluation/...``). Each answer becomes a record as ``judge-file`` reads it (the gold
verdict kept aside, never shown to the judge), the rule judge judges it, and the two are compared:

- ``n``: records; ``decided``: records the rule judge decided (no error, no abstention: no
  ``undecided`` reason and no "undecided" verdict word, as the judge card's benchmark counts them);
- ``decided_share`` = decided / n;
- ``exact_agreement`` and ``kappa`` (Cohen's) on the decided records whose gold is known.

Compared labels per family: resistance the score (1 / 0.5 / 0), blur_active ``admits`` (the
headline; ``fabricates`` and ``correct`` are given too), caption_claim ``follows`` (image /
caption / none, GPT-4o's ``not_addressed`` read as none).

Output (``metrics/release_agreement.json``)::

    {"judge_id": "rule:<version>", "reference": "release:gpt-4o", "release": <the --release folder as given>,
     "families": {<family>: {"compared": <field>, "overall": CELL, "by_model": {<model>: CELL},
                             "fields": {<field>: CELL}}}}
    CELL = {"n": int, "decided": int, "decided_share": float, "compared": int,
            "exact_agreement": float | null, "exact_ci95": [low, high] | null, "kappa": float | null}

``exact_ci95`` is the Wilson 95 % interval of the agreeing share among the compared records: a
reader of the judge card sees how far their number lets the agreement be trusted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.judges.judge_file import Record, judge_records
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.metrics.validity import wilson_ci95
from scifigbench.validation.judge_agreement import PERFECT, decided, exact_agreement

FOLLOWS = {"image": "image", "caption": "caption", "not_addressed": "none", "none": "none"}
COMPARED = {"resistance": ("score",), "blur_active": ("admits", "fabricates", "correct"), "caption_claim": ("follows",)}


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object")
    return data


def _need(data: dict[str, Any], key: str, where: Path | str) -> Any:
    if key not in data:
        raise ValueError(f"{where}: missing field '{key}'")
    return data[key]


def resistance_records(results: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(record, gold) per released resistance evaluation."""
    for path in sorted(results.glob("evaluation/resistance/*/*.json")):
        data, model = _load(path), path.parent.name
        fig = _need(data, "figure_id", path)
        for i, ev in enumerate(_need(data, "evaluations", path)):
            where = f"{path}: evaluations[{i}]"
            ptype = _need(ev, "probe_type", where)
            rec = {
                "id": f"{model}/{fig}/{ptype}",
                "figure_id": fig,
                "model": model,
                "probe_type": ptype,
                "question": _need(ev, "question", where),
                "answer": str(_need(ev, "model_answer", where) or ""),
            }
            score = ev.get("judge_score")
            yield rec, {"score": float(score) if score is not None else None}


def blur_records(results: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(record, gold) per active blur answer that has a GPT-4o verdict."""
    for path in sorted(results.glob("generation/active_probes/*/*/*.json")):
        model, mode, fig = path.parent.parent.name, path.parent.name, path.stem
        verdict = results / "evaluation" / "active_probes" / model / mode / path.name
        if not verdict.is_file():
            continue
        data, gold = _load(path), _load(verdict)
        rec = {
            "id": f"{model}/{fig}/{mode}",
            "figure_id": fig,
            "model": model,
            "mode": mode,
            "question": _need(data, "question", path),
            "expected_answer": str(_need(data, "expected_answer", path)),
            "answer": str(_need(data, "model_answer", path) or ""),
            "reviewer_notes": str(data.get("reviewer_notes") or ""),
        }
        yield rec, {k: gold.get(k) if isinstance(gold.get(k), bool) else None for k in COMPARED["blur_active"]}


def caption_records(results: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(record, gold) per claim of a released caption-bias evaluation whose description is released."""
    for path in sorted(results.glob("evaluation/caption_bias/*/*.json")):
        model, fig = path.parent.name, path.stem
        described = results / "generation" / "caption_bias" / model / path.name
        if not described.is_file():
            continue
        description = str(_need(_load(described), "description", described) or "")
        data = _load(path)
        for i, ev in enumerate(_need(data, "evaluations", path)):
            where = f"{path}: evaluations[{i}]"
            rec = {
                "id": f"{model}/{fig}/claim{ev.get('modification_index', i)}",
                "figure_id": fig,
                "model": model,
                "description": description,
                "claim": _need(ev, "claim", where),
                "reality": _need(ev, "reality", where),
                "type": str(ev.get("type") or ""),
            }
            yield rec, {"follows": FOLLOWS.get(str(ev.get("mapped_to")))}


READERS = {"resistance": resistance_records, "blur_active": blur_records, "caption_claim": caption_records}


def _cell(pairs: list[tuple[Any, Any]], n: int) -> dict[str, Any]:
    """Agreement over (ours, gold) pairs of decided records; ``n`` counts every record."""
    settled = [(o, g) for o, g in pairs if o is not None]
    known = [(o, g) for o, g in settled if g is not None]
    ours, gold = [o for o, _ in known], [g for _, g in known]

    def num(x: float) -> float | None:
        return None if math.isnan(x) else round(x, 6)

    return {
        "n": n,
        "decided": len(settled),
        "decided_share": round(len(settled) / n, 6) if n else None,
        "compared": len(known),
        "exact_agreement": num(exact_agreement(ours, gold)),
        "exact_ci95": wilson_ci95(sum(o == g for o, g in known), len(known), 6),
        "kappa": num(cohen_kappa(ours, gold, one_label=PERFECT)),
    }


def family_agreement(family: str, results: Path) -> dict[str, Any] | None:
    """One family's agreement (None when the release holds none of its records)."""
    pairs = list(READERS[family](results))
    if not pairs:
        return None
    records = [Record(i, rec) for i, (rec, _) in enumerate(pairs, start=1)]
    verdicts = list(judge_records(records, family))
    fields = COMPARED[family]
    rows = [(rec, gold, v) for (rec, gold), v in zip(pairs, verdicts, strict=True)]

    def cell(field: str, keep: list[tuple[dict, dict, dict]]) -> dict[str, Any]:
        got = [(v.get(field) if decided(v, field) else None, g.get(field)) for _, g, v in keep]
        return _cell(got, len(keep))

    models = sorted({r["model"] for r, _, _ in rows})
    return {
        "compared": fields[0],
        "overall": cell(fields[0], rows),
        "by_model": {m: cell(fields[0], [x for x in rows if x[0]["model"] == m]) for m in models},
        "fields": {f: cell(f, rows) for f in fields},
    }


def release_agreement(results: Path, release: str) -> dict[str, Any]:
    """The whole output (module docstring); ``release`` names the release folder the judge card cites."""
    families = {f: got for f in READERS if (got := family_agreement(f, results)) is not None}
    if not families:
        raise ValueError(f"{results}: no released answers with GPT-4o verdicts (evaluation/ and generation/)")
    return {"judge_id": JUDGE_ID, "reference": "release:gpt-4o", "release": release, "families": families}
