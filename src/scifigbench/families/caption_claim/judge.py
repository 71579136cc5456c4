"""Caption-bias claims: a false claim of the modified caption and the chart's truth, judged by
which of the two a description follows (image 1, caption 0, neither or undecided: no score).

The LLM judge sees each pair as A/B in a seeded order per claim, so a judge that prefers the first
option cannot pass for one that follows the image.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scifigbench.concepts.families import unit_family
from scifigbench.families import llm_schemas
from scifigbench.families.caption_claim.explain import explain
from scifigbench.families.caption_claim.metric import caption_figure_units
from scifigbench.families.caption_claim.rule import caption_claim_evidence
from scifigbench.families.caption_claim.tables import CELL_COLUMNS, EXAMPLES, RELEASE_COLUMNS, TABLES
from scifigbench.families.caption_claim.view import caption_expected
from scifigbench.families.family import Asked, Family, FileRecord
from scifigbench.families.reply_units import Cut, Unit, expected_of
from scifigbench.prompts import Prompt

FACTS = unit_family("caption_claim")
_SCORE = {"image": 1.0, "caption": 0.0, "none": None, "undecided": None}
assert tuple(_SCORE) == FACTS.verdicts


def caption_order(seed: int, unit_key: str) -> bool:
    """True when the caption's claim is shown as A for this claim (seeded per claim, not per run)."""
    return random.Random(f"{seed}:{unit_key}").random() < 0.5


def caption_items(claims: Sequence[dict], seed: int, unit_keys: Sequence[str]) -> tuple[str, list[dict[str, str]]]:
    """Numbered A/B pairs with per-claim order, and the A/B -> follows mapping of each pair."""
    lines, mapping = [], []
    for i, (claim, key) in enumerate(zip(claims, unit_keys, strict=True), start=1):
        claim_first = caption_order(seed, key)
        a, b = (claim["claim"], claim["reality"]) if claim_first else (claim["reality"], claim["claim"])
        lines.append(f"{i}. A: {a}\n   B: {b}")
        mapping.append(
            {"A": "caption" if claim_first else "image", "B": "image" if claim_first else "caption", "C": "none"}
        )
    return "\n".join(lines), mapping


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    """One prompt for all ``claims`` of a description; the reader maps each pair's answer back."""
    claims = fields["claims"]
    items, mapping = caption_items(claims, seed, fields["unit_keys"])

    def read(data: dict) -> dict:
        return {"follows": [mapping[i][data[str(i + 1)]["answer"]] for i in range(len(mapping))]}

    return prompt.render(description=fields["description"], items=items), llm_schemas.caption(len(claims)), read


def _llm_fields(f: dict) -> dict:
    """A unit is one claim: asked as a list of one."""
    return {
        "description": f["description"],
        "claims": [{"claim": f["claim"], "reality": f["reality"]}],
        "unit_keys": [f["id"]],
    }


def _columns(verdict: dict) -> dict:
    follows = verdict["follows"]
    if follows not in _SCORE:
        raise ValueError(f"caption claim verdict {follows!r} is not one of {sorted(_SCORE)}")
    return {"score": _SCORE[follows], "verdict": follows}


def _rule(f: dict) -> dict:
    """``follows`` stays "undecided" when the judge abstains, with the reason under ``undecided``; ``explained``
    says the verdict in a reader's words (``evidence`` keeps the rule's own terms)."""
    d = caption_claim_evidence(f["description"], f["claim"], f["reality"])
    explained = explain(f["description"], f["claim"], f["reality"], d)
    out = {"follows": d.verdict, "evidence": d.evidence, "explained": explained}
    return out | ({"undecided": d.undecided} if d.undecided else {})


def _cut(c: Cut) -> list[Unit]:
    """One unit per false claim of a modified caption (condition capbias)."""
    if c.setup["condition"] != "capbias" or not c.probe_ids:
        return []
    probe = c.probes[c.probe_ids[0]]
    units = []
    for i, claim in enumerate(expected_of(probe)["claims"]):
        f = {
            "id": f"{c.sid}#claim{i}",
            "description": c.answer,
            "claim": claim["claim"],
            "reality": claim["reality"],
            "type": claim["type"],
        }
        units.append(
            Unit(f["id"], family=FACTS.name, category=claim["type"], probe_id=probe["probe_id"], fields=f, **c.base)
        )
    return units


FAMILY = Family(
    FACTS,
    _render,
    _columns,
    compared=("verdict",),
    headline="score",
    rule=_rule,
    cut=_cut,
    llm_fields=_llm_fields,
    llm_verdict=lambda verdict: {"follows": verdict["follows"][0]},
    file=FileRecord({"id": str, "description": str, "claim": str, "reality": str}, {"type": str}),
    cells=(("caption_bias", caption_figure_units),),
    tables=TABLES,
    examples=EXAMPLES,
    release_columns=RELEASE_COLUMNS,
    cell_columns=CELL_COLUMNS,
    expected=lambda checked: caption_expected(checked.details),
)
