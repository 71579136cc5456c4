"""A caption-claim verdict in words a reader can check: what was claimed, what the description says, where.

The judge's own evidence (:mod:`.decision`) names what it matched in its internal form —
entity tokens, direction marks, rank marks ("relations: caption ['UP L n_other_']") — which is
exact for someone debugging a rule and unreadable for someone checking a verdict. This module says
the same thing as a sentence: the side the description took, the kind of evidence in plain words,
the values it states when there are any, and the description's own sentences that hold the
evidence, quoted with their place.

Which sentences hold it is found by reading each sentence alone with the same rules: a sentence
holds the evidence when, on its own, it yields evidence of the deciding kind for the deciding side
(or, failing that, any evidence for that side). Evidence only the sentences together give (values
stated in two sentences and put in order) is then said to come from the description as a whole,
never pinned on a sentence that does not show it. Only the words of the description, claim and
reality reach the sentence, so no internal token does.
"""

from __future__ import annotations

import re

from scifigbench.families.caption_claim.decision import ClaimEvidence, Decision
from scifigbench.families.caption_claim.rule import claim_evidence
from scifigbench.freetext.text import sentences

# each evidence kind, as how the description takes a side ("... follows the figure, <words>")
_KIND_WORDS = {
    "values": "by the value it states",
    "values after names": "by the value it gives right after the entity's name",
    "stated values": "by the value it states for the entity",
    "thresholds": "by where it places a value against the claim's threshold",
    "swapped entities": "by naming the entities the other way round",
    "order of stated values": "by the order of the values it states",
    "relations": "by a direction or rank word relating the entities",
}
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?%?")
_LONGEST_QUOTE = 300


def _sentence_votes(description: str, claim: str, reality: str) -> list[tuple[int, str, ClaimEvidence]]:
    """Each sentence of the description (its number, from 1) with the evidence it yields on its own."""
    spans = sentences(description, semicolons=False, capital_opens=True)
    return [(i, text.strip(), claim_evidence(text, claim, reality)) for i, (_, _, text) in enumerate(spans, start=1)]


def _holds(ev: ClaimEvidence, side: str, kind: str | None) -> bool:
    """Whether ``ev`` has evidence for ``side`` ('caption' | 'image'), of ``kind`` when one is given."""
    return any(getattr(v, side) for v in ev.votes if kind is None or v.kind == kind)


def _speaks(ev: ClaimEvidence) -> bool:
    """Whether a sentence says anything the judge reads about the claim, on either side or neither."""
    return any(v.caption or v.image for v in ev.votes) or any(ev.untied) or bool(ev.unread or ev.disputed_said)


def _quoted(found: list[tuple[int, str, ClaimEvidence]]) -> str:
    """The sentences as a reader sees them: 'sentence 3: “...”; sentence 5: “...”'."""
    parts = []
    for i, text, _ in found:
        text = text if len(text) <= _LONGEST_QUOTE else text[: _LONGEST_QUOTE - 1].rstrip() + "…"
        parts.append(f"sentence {i}: “{_bare(text)}”")
    return "; ".join(parts)


def _values(decision_evidence: ClaimEvidence, side: str, kind: str) -> list[str]:
    """The plain values among the deciding kind's evidence for ``side`` (tokens of any other form are left out)."""
    vote = next(v for v in decision_evidence.votes if v.kind == kind)
    return [x for x in getattr(vote, side) if _NUMBER.fullmatch(x)]


_STATED_VALUE = re.compile(r"(?:^|=)(-?\d+(?:\.\d+)?)%?(?=\s|$)")


def _stating(
    per_sentence: list[tuple[int, str, ClaimEvidence]], whole: ClaimEvidence, side: str
) -> list[tuple[int, str, ClaimEvidence]]:
    """The sentences that state a value the evidence for ``side`` rests on (values stated in different
    sentences and put in order): each holds one of them, none the evidence alone."""
    numbers = {m.group(1) for v in whole.votes for x in getattr(v, side) for m in _STATED_VALUE.finditer(x)}
    return [s for s in per_sentence if any(re.search(rf"(?<![\w.]){re.escape(n)}(?![\d])", s[1]) for n in numbers)]


def _bare(text: str) -> str:
    """A sentence without its closing stop, to be quoted inside another."""
    return text.strip().rstrip(".;:")


def explain(description: str, claim: str, reality: str, decision: Decision) -> str:
    """The verdict of one caption claim as a sentence a reader can check against the description."""
    whole = claim_evidence(description, claim, reality)
    per_sentence = _sentence_votes(description, claim, reality)
    said = f"The caption claims “{_bare(claim)}”; the figure shows “{_bare(reality)}”."
    if decision.verdict in ("image", "caption"):
        side = decision.verdict
        kind = next((v.kind for v in whole.votes if getattr(v, side)), None)
        found = [s for s in per_sentence if _holds(s[2], side, kind)] or [
            s for s in per_sentence if _holds(s[2], side, None)
        ]
        together = [] if found else [s for s in per_sentence if _speaks(s[2])] or _stating(per_sentence, whole, side)
        who = "the figure, not the caption," if side == "image" else "the caption's false claim"
        how = _KIND_WORDS.get(kind or "", "")
        values = _values(whole, side, kind) if kind else []
        stated = f" ({', '.join(values)})" if values else ""
        if found:
            where = f" — in {_quoted(found)}"
        elif together:
            where = f" — read from these sentences together: {_quoted(together)}"
        else:
            where = ", read across several of its sentences together"
        return f"{said} The description follows {who}{' ' + how if how else ''}{stated}{where}."
    if decision.verdict == "none":
        return f"{said} The description does not address it: no sentence states what the claim gets wrong."
    found = [s for s in per_sentence if _speaks(s[2])]
    where = f" What it says about the claim's entities — {_quoted(found)}." if found else ""
    return f"{said} Undecided: {_bare(decision.undecided or 'no side could be read')}.{where}"
