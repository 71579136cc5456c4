"""Model-assisted vetting of ranked blur candidates: the request, the reply's schema, the re-ranking rule.

The paper chose blur targets with OCR, a selector model (GPT-4o) and a person. Our layout rules
rank every OCR label a reviewer could pick (``ranked``), but whether a label stays unrecoverable
once blurred is a reader's judgement that rules fitted to one set of figures get wrong on the next.
With ``conditions.vetting: {model: <services key>}`` a declared model is shown each candidate as
the blurred condition would show it (the figure with that candidate blurred, and the caption as
redacted for it) and asked two things: what role the text plays, and whether a careful reader
could still say it (``yes`` / ``narrowed`` to a few guesses / ``no``). The prompt is ours
(``prompts/blur_vetting.txt``); the reply is one JSON object checked against :data:`SCHEMA`.

Re-ranking rule (:func:`rerank`), per figure and mode, stated so a reviewer can check it:

- a candidate the model calls ``furniture`` (a credit line, a link, a button) is dropped: it is
  listed after every other candidate, with no vetted place;
- the others are ordered by how well the model's answer fits the mode: admittance wants text that
  cannot be inferred (``no`` before ``narrowed`` before ``yes``), inductance text that can (``yes``
  before ``narrowed`` before ``no``); a candidate without an answer (the call or its reply failed)
  counts as ``narrowed``: no answer neither lifts nor buries it;
- a doubtful OCR reading stays after every sure one whatever the model says (the reading, not
  the role, is in question);
- ties keep the stage's rank, so with every answer alike the order is the stage's.

The model only orders what a person then sees first; it never confirms a target. This module is
pure (no I/O, no model); ``vetting_stage`` sends the requests.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scifigbench import prompts
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.contracts.blur_vetting import INFERABLE, VETTING_ROLES

DROPPED_ROLE = "furniture"
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["role", "inferable", "reason"],
    "properties": {
        "role": {"enum": list(VETTING_ROLES)},
        "inferable": {"enum": list(INFERABLE)},
        "reason": {"type": "string"},
    },
}
# place of each answer in a mode's order (lower first); no answer counts as "narrowed"
_FIT = {ADMITTANCE: {"no": 0, "narrowed": 1, "yes": 2}, INDUCTANCE: {"yes": 0, "narrowed": 1, "no": 2}}


@dataclass(frozen=True)
class Answer:
    """The model's word on one candidate, or why there is none (``error``)."""

    role: str | None = None
    inferable: str | None = None
    reason: str | None = None
    error: str | None = None


def messages(text: str, role: str | None, caption: str | None, image_png: bytes) -> list[dict[str, Any]]:
    """The chat request about one candidate: the prompt and the figure with the candidate blurred."""
    body = prompts.load("blur_vetting").render(
        text=text, role=(role or "a label").replace("_", " "), caption=caption or "(no caption)"
    )
    url = "data:image/png;base64," + base64.b64encode(image_png).decode()
    return [
        {"role": "user", "content": [{"type": "text", "text": body}, {"type": "image_url", "image_url": {"url": url}}]}
    ]


def read_reply(reply: dict[str, Any]) -> Answer:
    """An :class:`Answer` from a reply already validated against :data:`SCHEMA`."""
    return Answer(role=reply["role"], inferable=reply["inferable"], reason=reply["reason"].strip())


@dataclass(frozen=True)
class Vetted:
    """One candidate's place after vetting: ``vetted_rank`` is None when it was dropped."""

    candidate_id: str
    vetted_rank: int | None
    answer: Answer


def rerank(candidates: Sequence[Mapping[str, Any]], answers: Mapping[str, Answer]) -> list[Vetted]:
    """Vetted places of one figure's candidates of one mode (rows with ``candidate_id``, ``mode``,
    ``rank``, ``doubt``), by the rule in the module doc; returned in the new order, dropped last."""
    fit = _FIT[candidates[0]["mode"]] if candidates else {}

    def order(row: Mapping[str, Any]) -> tuple[int, int, int, int]:
        ans = answers.get(row["candidate_id"], Answer(error="not asked"))
        dropped = ans.role == DROPPED_ROLE
        doubtful = isinstance(row.get("doubt"), str) and bool(row["doubt"])
        return int(dropped), int(doubtful), fit.get(ans.inferable or "narrowed", 1), int(row["rank"])

    out: list[Vetted] = []
    place = 0
    for row in sorted(candidates, key=order):
        ans = answers.get(row["candidate_id"], Answer(error="not asked"))
        if ans.role == DROPPED_ROLE:
            out.append(Vetted(row["candidate_id"], None, ans))
            continue
        place += 1
        out.append(Vetted(row["candidate_id"], place, ans))
    return out
