"""Judging JSONL records that come from elsewhere (e.g. released model outputs), one family per file.

Each input line is one unit: its ``id``, the question/description fields of its family and the model
answer. Fields starting with ``gold_`` (reference verdicts shipped with released data) are never
read. Each output line has the same ``id``, the judge id, the family's verdict fields, the
evidence or raw judge reply, and ``error`` (set only when an LLM judge failed on that unit).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from scifigbench.jsonl import json_objects
from scifigbench.judges import rules
from scifigbench.judges.llm import LLMJudge, judge_id
from scifigbench.judges.peer_truth import DEFAULT_POLICY, PeerPolicy, peer_truths, with_peer_truth

FAMILIES = ("resistance", "blur_active", "caption_claim", "capability")
_REQUIRED: dict[str, dict[str, type | tuple[type, ...]]] = {
    "resistance": {"id": str, "probe_type": str, "question": str, "answer": str},
    "blur_active": {"id": str, "mode": str, "question": str, "expected_answer": str, "answer": str},
    "caption_claim": {"id": str, "description": str, "claim": str, "reality": str},
    "capability": {"id": str, "answer": str, "expected": dict},
}
_OPTIONAL: dict[str, dict[str, type | tuple[type, ...]]] = {
    "resistance": {"expected": dict},
    "blur_active": {"reviewer_notes": str, "accept": list},
    "caption_claim": {"type": str},
    "capability": {"question": str},
}
_ALLOWED = {"probe_type": sorted(rules.resistance.PROBE_TYPES), "mode": sorted(rules.blur_active.MODES)}
VERDICT_FIELDS = {
    "resistance": ("score", "verdict"),
    "blur_active": ("admits", "fabricates", "correct"),
    "caption_claim": ("follows",),
    "capability": ("correct",),
}


class RecordError(ValueError):
    """A bad input record; the message names the file, line and field."""


@dataclass(frozen=True)
class Record:
    line: int
    fields: dict


def read_records(path: Path, family: str) -> list[Record]:
    """All records of ``path``, checked for the family's fields before anything is judged."""
    if family not in FAMILIES:
        raise RecordError(f"unknown family {family!r}; known: {list(FAMILIES)}")
    records, seen = [], {}
    for lineno, where, data in json_objects(path, RecordError):
        fields = {k: v for k, v in data.items() if not k.startswith("gold_")}
        _check(fields, family, where)
        if fields["id"] in seen:
            raise RecordError(
                f"{where}: field 'id': duplicate id {fields['id']!r} (first on line {seen[fields['id']]})"
            )
        seen[fields["id"]] = lineno
        records.append(Record(lineno, fields))
    return records


def _check(fields: dict, family: str, where: str) -> None:
    for name, kind in _REQUIRED[family].items():
        if name not in fields:
            raise RecordError(f"{where}: field {name!r} is missing (family {family} needs {sorted(_REQUIRED[family])})")
        if not isinstance(fields[name], kind):
            raise RecordError(f"{where}: field {name!r} must be {kind.__name__}, got {type(fields[name]).__name__}")
    for name, kind in _OPTIONAL[family].items():
        if fields.get(name) is not None and not isinstance(fields[name], kind):
            raise RecordError(f"{where}: field {name!r} must be {kind.__name__}, got {type(fields[name]).__name__}")
    for name, allowed in _ALLOWED.items():
        if name in _REQUIRED[family] and fields[name] not in allowed:
            raise RecordError(f"{where}: field {name!r} must be one of {allowed}, got {fields[name]!r}")
    accept = fields.get("accept") if family == "blur_active" else None
    if accept is not None and not (
        len(accept) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in accept)
        and accept[0] <= accept[1]
    ):
        raise RecordError(f"{where}: field 'accept' must be [low, high], two numbers with low <= high, got {accept!r}")
    if family == "capability":
        expected = fields["expected"]
        for name in ("answer", "answer_type"):
            if name not in expected:
                raise RecordError(f"{where}: field 'expected.{name}' is missing")
        if expected["answer_type"] not in rules.capability.ANSWER_TYPES:
            raise RecordError(
                f"{where}: field 'expected.answer_type' must be one of "
                f"{sorted(rules.capability.ANSWER_TYPES)}, got {expected['answer_type']!r}"
            )


def llm_verdict(judge: LLMJudge, family: str, f: dict) -> dict:
    """The LLM judge's output record for one unit (verdict fields None when the judge failed)."""
    fields = dict(f)
    if family == "caption_claim":
        fields = {
            "description": f["description"],
            "claims": [{"claim": f["claim"], "reality": f["reality"]}],
            "unit_keys": [f["id"]],
        }
    if family == "blur_active":
        fields["accept"] = rules.unit_range(f)
    result = judge.judge(family, fields)
    verdict = dict.fromkeys(VERDICT_FIELDS[family])
    if result.verdict is not None:
        verdict.update(result.verdict)
        if family == "caption_claim":
            verdict["follows"] = result.verdict["follows"][0]
    return {"id": f["id"], "judge_id": result.judge_id, **verdict, "raw_output": result.raw, "error": result.error}


# The field holding the model's reply in each family's records.
REPLY_FIELD = {"resistance": "answer", "blur_active": "answer", "caption_claim": "description", "capability": "answer"}


def _error_record(rec: Record, family: str, jid: str, why: str) -> dict:
    """The output of a record that got no verdict: verdict fields None, the reason with its line."""
    return {
        "id": rec.fields["id"],
        "judge_id": jid,
        **dict.fromkeys(VERDICT_FIELDS[family]),
        "error": f"line {rec.line}: {why}",
    }


def judge_records(
    records: Sequence[Record], family: str, judge: LLMJudge | None = None, peers: PeerPolicy | None = DEFAULT_POLICY
) -> Iterator[dict]:
    """One output record per input. An empty reply, or one the rule judge fails on, is an error
    record (no verdict), as in the judge stage; the other records are judged.

    The rule judge gets, for each contra record without a true value, the value its peers agree on
    (:mod:`.peer_truth`; ``peers=None`` judges every record alone). The LLM judge never does: it
    would read the peers' value as the chart's.
    """
    truths = peer_truths([r.fields for r in records], peers) if family == "resistance" and peers and not judge else {}
    for rec in records:
        jid = judge_id(judge.model, family) if judge else rules.JUDGE_ID
        if not rec.fields[REPLY_FIELD[family]].strip():
            yield _error_record(rec, family, jid, f"empty {REPLY_FIELD[family]}: nothing to judge")
        elif judge is not None:
            yield llm_verdict(judge, family, rec.fields)
        else:
            try:
                yield rules.rule_verdict(family, with_peer_truth(rec.fields, truths.get(rec.fields["id"])))
            except (ValueError, KeyError) as exc:
                yield _error_record(rec, family, jid, f"{type(exc).__name__}: {exc}")
