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

from scifigbench.concepts.families import unit_family
from scifigbench.families import registry
from scifigbench.families.registry import FILE_FAMILIES, registered
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.files.jsonl import json_objects
from scifigbench.judges.llm import LLMJudge, judge_id
from scifigbench.judges.peer_truth import DEFAULT_POLICY, PeerPolicy, peer_truths, with_peer_truth


class RecordError(ValueError):
    """A bad input record; the message names the file, line and field."""


@dataclass(frozen=True)
class Record:
    line: int
    fields: dict


def read_records(path: Path, family: str) -> list[Record]:
    """All records of ``path``, checked for the family's fields before anything is judged."""
    if family not in FILE_FAMILIES:
        raise RecordError(f"unknown family {family!r}; known: {list(FILE_FAMILIES)}")
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
    record = registered(family).file
    assert record is not None  # read_records takes file families only
    for name, kind in record.required.items():
        if name not in fields:
            raise RecordError(f"{where}: field {name!r} is missing (family {family} needs {sorted(record.required)})")
        if not isinstance(fields[name], kind):
            raise RecordError(f"{where}: field {name!r} must be {kind.__name__}, got {type(fields[name]).__name__}")
    for name, kind in record.optional.items():
        if fields.get(name) is not None and not isinstance(fields[name], kind):
            raise RecordError(f"{where}: field {name!r} must be {kind.__name__}, got {type(fields[name]).__name__}")
    if (why := record.check(fields)) is not None:
        raise RecordError(f"{where}: {why}")


def llm_verdict(judge: LLMJudge, family: str, f: dict) -> dict:
    """The LLM judge's output record for one unit (verdict fields None when the judge failed)."""
    judged = registered(family)
    result = judge.judge(family, judged.llm_fields(f))
    verdict = dict.fromkeys(judged.facts.verdict_fields)
    if result.verdict is not None:
        verdict.update(judged.llm_verdict(result.verdict))
    return {"id": f["id"], "judge_id": result.judge_id, **verdict, "raw_output": result.raw, "error": result.error}


def _error_record(rec: Record, family: str, jid: str, why: str) -> dict:
    """The output of a record that got no verdict: verdict fields None, the reason with its line."""
    return {
        "id": rec.fields["id"],
        "judge_id": jid,
        **dict.fromkeys(unit_family(family).verdict_fields),
        "error": f"line {rec.line}: {why}",
    }


def _typed_probes(family: str) -> bool:
    """Records of ``family`` carry a probe type, so contra probes among them can have peers."""
    record = registered(family).file
    return record is not None and "probe_type" in record.required


def judge_records(
    records: Sequence[Record], family: str, judge: LLMJudge | None = None, peers: PeerPolicy | None = DEFAULT_POLICY
) -> Iterator[dict]:
    """One output record per input. An empty reply, or one the rule judge fails on, is an error
    record (no verdict), as in the judge stage; the other records are judged.

    The rule judge gets, for each contra record without a true value, the value its peers agree on
    (:mod:`.peer_truth`; ``peers=None`` judges every record alone). The LLM judge never does: it
    would read the peers' value as the chart's.
    """
    truths = peer_truths([r.fields for r in records], peers) if _typed_probes(family) and peers and not judge else {}
    reply_field = unit_family(family).reply_field
    for rec in records:
        jid = judge_id(judge.model, family) if judge else JUDGE_ID
        if not rec.fields[reply_field].strip():
            yield _error_record(rec, family, jid, f"empty {reply_field}: nothing to judge")
        elif judge is not None:
            yield llm_verdict(judge, family, rec.fields)
        else:
            try:
                yield registry.rule_verdict(family, with_peer_truth(rec.fields, truths.get(rec.fields["id"])))
            except (ValueError, KeyError) as exc:
                yield _error_record(rec, family, jid, f"{type(exc).__name__}: {exc}")
