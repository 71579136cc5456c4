"""A caption-claim verdict in a reader's words: the side, the description's own sentence, no rule tokens."""

from __future__ import annotations

import re

import pytest

from scifigbench.families.caption_claim.explain import explain
from scifigbench.families.caption_claim.rule import caption_claim_evidence
from scifigbench.families.registry import rule_verdict

# the forms the rule's own evidence takes: rank marks, quoted-name and position tokens, direction
# marks with their side, "name=value" pairs and the list syntax of the evidence string
INTERNAL = re.compile(r"\bORD\d|\bn_\w|\bat_\w|\b(?:UP|DOWN)\b|\w=\d|\[\]|\['|caption \[|image \[")

PIE = (
    "The 'Other' wedge is larger than the 'Format error' wedge.",
    "The 'Format error' wedge (26.6%) is larger than the 'Other' wedge (19.3%).",
)
RANK = (
    "Among the wedges, Hallucinated fact has the second-highest share.",
    "Among the wedges, Hallucinated fact ranks sixth of 6; the second-highest is Format error.",
)
VALUE = ("The 'Untranslated' wedge reaches about 10%.", "The 'Untranslated' wedge is about 7.9%.")
TREND = (
    "Between training steps = 1k and 2k, PAL keeps climbing in training loss.",
    "Between training steps = 1k and 2k, PAL falls from 6.2 to 3.1.",
)


def _explained(description: str, claim: str, reality: str) -> tuple[str, str]:
    d = caption_claim_evidence(description, claim, reality)
    return d.verdict, explain(description, claim, reality, d)


@pytest.mark.parametrize(
    ("description", "pair", "verdict", "quoted"),
    [
        # the value the figure has, in the second of three sentences
        (
            "The figure is a pie chart of error types. The Untranslated wedge is about 7.9%. Colours are pastel.",
            VALUE,
            "image",
            "sentence 2: “The Untranslated wedge is about 7.9%”",
        ),
        # a rank mark (ORD2_UP in the rule's terms) repeated from the caption
        (
            "This is a pie chart of errors. Among the wedges, Hallucinated fact has the second-highest share.",
            RANK,
            "caption",
            "sentence 2: “Among the wedges, Hallucinated fact has the second-highest share”",
        ),
        # a direction at an axis position (DOWN L pal, at_1k ...) that the figure has
        (
            "The plot shows training loss. Between training steps = 1k and 2k, PAL drops steadily. A legend is shown.",
            TREND,
            "image",
            "sentence 2: “Between training steps = 1k and 2k, PAL drops steadily”",
        ),
        # quoted names (n_other_) whose values, one sentence each, put them in the figure's order
        (
            "It has six wedges. The 'Format error' wedge is 26.6%. The 'Other' wedge is 19.3%.",
            PIE,
            "image",
            "sentence 2: “The 'Format error' wedge is 26.6%”; sentence 3: “The 'Other' wedge is 19.3%”",
        ),
    ],
)
def test_a_decided_claim_quotes_the_sentence_that_decided_it_in_plain_words(description, pair, verdict, quoted):
    claim, reality = pair
    got, text = _explained(description, claim, reality)
    assert got == verdict
    assert INTERNAL.search(caption_claim_evidence(description, claim, reality).evidence)  # the rule's own form has them
    assert not INTERNAL.search(text.replace(claim, "").replace(reality, "")), text
    assert quoted in text
    side = "follows the figure, not the caption" if verdict == "image" else "follows the caption's false claim"
    assert side in text
    assert f"“{claim.rstrip('.')}”" in text and f"“{reality.rstrip('.')}”" in text


def test_a_value_is_named_and_a_sentence_that_only_locates_the_claim_is_not_quoted():
    description = "The 'Untranslated' wedge is shown in grey. The 'Untranslated' wedge is about 7.9%."
    verdict, text = _explained(description, *VALUE)
    assert verdict == "image"
    assert "by the value it states (7.9%)" in text
    assert "sentence 2:" in text and "sentence 1:" not in text


def test_a_silent_description_says_so_without_quoting():
    verdict, text = _explained("The figure is a pie chart. Colours are pastel.", *VALUE)
    assert verdict == "none"
    assert "does not address it" in text and "“The figure is a pie chart" not in text


def test_an_undecided_claim_gives_the_reason_and_what_the_description_says():
    description = "Some say the Untranslated wedge is 10%. Others say the Untranslated wedge is 7.9%."
    verdict, text = _explained(description, *VALUE)
    assert verdict == "undecided"
    assert "Undecided: two opposite cues" in text
    assert "sentence 1: “Some say the Untranslated wedge is 10%”" in text
    assert "sentence 2: “Others say the Untranslated wedge is 7.9%”" in text
    assert not INTERNAL.search(text)


def test_the_rule_record_keeps_both_forms():
    description = "The Untranslated wedge is about 7.9%."
    claim, reality = VALUE
    rec = rule_verdict("caption_claim", {"id": "u", "description": description, "claim": claim, "reality": reality})
    assert rec["follows"] == "image"
    assert rec["evidence"] == "values: caption [], image ['7.9%']"  # the machine form, for rule debugging
    assert rec["explained"] == explain(description, claim, reality, caption_claim_evidence(description, claim, reality))


def test_the_review_page_shows_the_words_once():
    from scifigbench.report.units import evidence_text
    from scifigbench.review.verdicts.page import recorded

    claim, reality = VALUE
    description = "The Untranslated wedge is about 7.9%."
    rec = rule_verdict("caption_claim", {"id": "u", "description": description, "claim": claim, "reality": reality})
    d = {"answer": description, "claim": claim, "reality": reality, **{k: rec[k] for k in ("evidence", "explained")}}
    assert evidence_text(d) == rec["explained"]  # the reality is in the words already: not appended again
    assert recorded(d) == {}  # claim, reality, evidence and words each have their own place on the page
