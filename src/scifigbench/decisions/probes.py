"""Reviewers' decisions on proposed probes (LLM- or layout-written): ``review/probes.csv``, git-tracked.

One row per decided probe: ``probe_id, decision (confirm | replace | reject), proposed_text,
text, expected_json, note``. The stage regenerates probes and applies these rows afterwards, so a
decision survives reruns. ``proposed_text`` records the wording the reviewer saw: if a later run
proposes a different question for that id, the old decision is not carried over and the probe
stays ``proposed``. ``replace`` confirms the probe with the reviewer's ``text`` and, if given,
``expected_json``. Only ``confirmed`` probes reach the setups.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from scifigbench import paths
from scifigbench.decisions.store import DecisionFile, ReviewFileError

if TYPE_CHECKING:  # `scifigbench review ...` loads this module; only the stage needs pandas
    import pandas as pd

REVIEW_FILE = paths.REVIEW_DIR / "probes.csv"


def _check_expected_json(row: dict[str, str], where: str) -> None:
    if row["expected_json"]:
        try:
            json.loads(row["expected_json"])
        except json.JSONDecodeError as exc:
            raise ReviewFileError(f"{where}: field 'expected_json' is not valid JSON ({exc.msg})") from None


STORE = DecisionFile(
    "probe_id",
    ("probe_id", "decision", "proposed_text", "text", "expected_json", "note"),
    "the reviewer's question",
    _check_expected_json,
)
read_decisions = STORE.read
record = STORE.record


def stale(decision: dict[str, str], status: str | None, text: str | None) -> str | None:
    """Why ``decision`` no longer applies to its probe (``status`` and ``text`` as the probes table
    has them now; None when the table has no such probe), or None when it applies. The probes stage
    and ``review probes import`` both ask this, so a decision the import takes is one the stage applies."""
    if status is None:
        return "no such probe in this run; decision ignored"
    if status != "proposed":
        return f"probe is {status}, not proposed; decision ignored"
    if decision["proposed_text"] and decision["proposed_text"] != text:
        return "the probe's wording changed since review; probe stays proposed"
    return None


def apply_decisions(df: pd.DataFrame, decisions: dict[str, dict[str, str]]) -> tuple[pd.DataFrame, list[str]]:
    """Probes with decisions applied, and notes on decisions that no longer apply (stale or unknown)."""
    df = df.copy()
    notes = []
    index = {pid: i for i, pid in zip(df.index, df.probe_id, strict=True)}
    for pid, d in decisions.items():
        i = index.get(pid)
        why = stale(d, None, None) if i is None else stale(d, df.at[i, "status"], df.at[i, "text"])
        if why is not None:
            notes.append(f"{d['where']}: {why}")
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
