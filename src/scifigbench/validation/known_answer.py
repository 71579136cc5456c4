"""Compare a judge's verdict on one unit with what a simulated respondent actually did.

The simulated respondents record their drawn behaviour (``sim_trace``, documented in
:mod:`scifigbench.simulated.respondent`); a judge that works recovers it. This is the known-answer test
of the instrument, used by the tests and by ``benchmarks/known_answer.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from scifigbench.judges.families import judge_family

# conditions whose descriptions hold neither caption claims nor a blurred element: their checklist
# items and errors are fully recorded in the trace
MQM_CONDITIONS = frozenset({"base", "nocap", "noise", "lowc", "rot", "inpaper"})


#: Where each family's drawn behaviour sits in a respondent's trace, as verdict fields.
_TRACED: dict[str, Callable[[dict, str | None, str], dict]] = {
    "capability": lambda trace, probe_id, unit_id: trace[probe_id],
    "resistance": lambda trace, probe_id, unit_id: {"verdict": trace[probe_id]},
    "caption_claim": lambda trace, probe_id, unit_id: {"verdict": trace["claims"][unit_id.rsplit("#claim", 1)[1]]},
    "blur_active": lambda trace, probe_id, unit_id: trace,
    "blur_passive": lambda trace, probe_id, unit_id: trace["blur"],
}


def _mqm_agreement(judged: dict, trace: dict) -> tuple[int, int]:
    """Every checklist item's coverage, and the multiset of accuracy errors by (item, sub-type)."""
    details = json.loads(judged["details_json"])
    agree = sum(i["coverage"] == trace["items"][i["key"]] for i in details["items"])
    total = len(details["items"])
    got = Counter((f["item"] or "global", f["subtype"]) for f in details["findings"] + details["merged"]
                  if f["dimension"] == "accuracy")
    want = Counter((e["item"], e["type"]) for e in trace["errors"])
    return agree + sum((want & got).values()), total + sum((want | got).values())


def trace_agreement(family: str, probe_id: str | None, unit_id: str, judged: dict, trace: dict) -> tuple[int, int]:
    """(agreeing, compared) sub-verdicts of one judged unit against the respondent's trace.

    Descriptions (judged by a score alone) compare checklist coverage and accuracy errors; a family
    with booleans compares each of them, any other its verdict word.
    """
    family_record = judge_family(family)
    if family_record.score_only:
        return _mqm_agreement(judged, trace)
    want = _TRACED[family](trace, probe_id, unit_id)
    keys = family_record.facts.booleans or ("verdict",)
    return sum(judged[k] == want[k] for k in keys), len(keys)
