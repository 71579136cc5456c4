"""Compare a judge's verdict on one unit with what a simulated respondent actually did.

The simulated respondents record their drawn behaviour (``sim_trace``, documented in
:mod:`scifigbench.simulated.respondent`); a judge that works recovers it. This is the known-answer test
of the instrument, used by the tests and by ``benchmarks/known_answer.py``.
"""

from __future__ import annotations

import json
from collections import Counter

# conditions whose descriptions hold neither caption claims nor a blurred element: their checklist
# items and errors are fully recorded in the trace
MQM_CONDITIONS = frozenset({"base", "nocap", "noise", "lowc", "rot", "inpaper"})


def trace_agreement(family: str, probe_id: str | None, unit_id: str, judged: dict, trace: dict) -> tuple[int, int]:
    """(agreeing, compared) sub-verdicts of one judged unit against the respondent's trace.

    Descriptions compare every checklist item's coverage and the multiset of accuracy errors by
    (item, sub-type); the other families compare their verdict fields one by one.
    """
    if family == "description":
        details = json.loads(judged["details_json"])
        agree = sum(i["coverage"] == trace["items"][i["key"]] for i in details["items"])
        total = len(details["items"])
        got = Counter((f["item"] or "global", f["subtype"]) for f in details["findings"] + details["merged"]
                      if f["dimension"] == "accuracy")
        want = Counter((e["item"], e["type"]) for e in trace["errors"])
        return agree + sum((want & got).values()), total + sum((want | got).values())
    if family == "capability":
        return int(judged["correct"] == trace[probe_id]["correct"]), 1
    if family == "resistance":
        return int(judged["verdict"] == trace[probe_id]), 1
    if family == "caption_claim":
        return int(judged["verdict"] == trace["claims"][unit_id.rsplit("#claim", 1)[1]]), 1
    if family in ("blur_active", "blur_passive"):
        want = trace if family == "blur_active" else trace["blur"]
        keys = ("admits", "fabricates", "correct") + (("mentioned",) if family == "blur_passive" else ())
        return sum(judged[k] == want[k] for k in keys), len(keys)
    raise ValueError(f"no known-answer comparison for family {family!r}")
