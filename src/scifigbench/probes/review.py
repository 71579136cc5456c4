"""Reviewers' decisions on proposed (LLM-written) probes: ``review/probes.csv``, git-tracked.

One row per decided probe: ``probe_id, decision (confirm | replace | reject), proposed_text,
text, expected_json, note``. The stage regenerates probes and applies these rows afterwards, so a
decision survives reruns. ``proposed_text`` records the wording the reviewer saw: if a later run
proposes a different question for that id, the old decision is not carried over and the probe
stays ``proposed``. ``replace`` confirms the probe with the reviewer's ``text`` and, if given,
``expected_json``. Only ``confirmed`` probes reach the setups.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pandas as pd

from scifigbench import paths
from scifigbench.tableio import atomic_write_text

REVIEW_FILE = paths.REVIEW_DIR / "probes.csv"
DECISIONS = ("confirm", "replace", "reject")
COLUMNS = ("probe_id", "decision", "proposed_text", "text", "expected_json", "note")


class ReviewFileError(ValueError):
    """A review row cannot be applied; the message names the file, line and field."""


def read_decisions(path: Path | str) -> dict[str, dict[str, str]]:
    path = Path(path)
    if not path.exists():
        return {}
    out: dict[str, dict[str, str]] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("probe_id", "decision") if c not in (reader.fieldnames or [])]
        if missing:
            raise ReviewFileError(f"{path}: missing column(s) {missing}; expected {list(COLUMNS)}")
        for line, raw in enumerate(reader, start=2):
            row = {c: (raw.get(c) or "").strip() for c in COLUMNS}
            where = f"{path}, line {line} (probe_id={row['probe_id']!r})"
            if not row["probe_id"]:
                raise ReviewFileError(f"{where}: field 'probe_id' is empty")
            if row["decision"] not in DECISIONS:
                raise ReviewFileError(f"{where}: field 'decision' is {row['decision']!r}, expected one of {list(DECISIONS)}")
            if row["decision"] == "replace" and not row["text"]:
                raise ReviewFileError(f"{where}: field 'text' is empty; 'replace' needs the reviewer's question")
            if row["expected_json"]:
                try:
                    json.loads(row["expected_json"])
                except json.JSONDecodeError as exc:
                    raise ReviewFileError(f"{where}: field 'expected_json' is not valid JSON ({exc.msg})") from None
            if row["probe_id"] in out:
                raise ReviewFileError(f"{where}: probe decided twice")
            out[row["probe_id"]] = row | {"where": where}
    return out


def apply_decisions(df: pd.DataFrame, decisions: dict[str, dict[str, str]]) -> tuple[pd.DataFrame, list[str]]:
    """Probes with decisions applied, and notes on decisions that no longer apply (stale or unknown)."""
    df = df.copy()
    notes = []
    index = {pid: i for i, pid in zip(df.index, df.probe_id)}
    for pid, d in decisions.items():
        if pid not in index:
            notes.append(f"{d['where']}: no such probe in this run; decision ignored")
            continue
        i = index[pid]
        if df.at[i, "status"] != "proposed":
            notes.append(f"{d['where']}: probe is {df.at[i, 'status']}, not proposed; decision ignored")
            continue
        if d["proposed_text"] and d["proposed_text"] != df.at[i, "text"]:
            notes.append(f"{d['where']}: the proposal changed since review; probe stays proposed")
            continue
        if d["decision"] == "reject":
            df.at[i, "status"] = "rejected"
            continue
        df.at[i, "status"] = "confirmed"
        if d["decision"] == "replace":
            df.at[i, "text"] = d["text"]
        if d["expected_json"]:
            df.at[i, "expected_json"] = json.dumps(json.loads(d["expected_json"]), sort_keys=True, ensure_ascii=False)
    return df, notes


def record(path: Path | str, row: dict[str, str]) -> None:
    """Add or replace the decision on one probe, keeping the file sorted and stable for git diffs."""
    decisions = {pid: {c: d.get(c, "") for c in COLUMNS} for pid, d in read_decisions(path).items()}
    decisions[row["probe_id"]] = {c: row.get(c, "") for c in COLUMNS}
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(COLUMNS), lineterminator="\n")
    writer.writeheader()
    for pid in sorted(decisions):
        writer.writerow(decisions[pid])
    atomic_write_text(path, buf.getvalue())
