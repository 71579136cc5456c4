"""The deterministic rule judge: verdicts from the ground truth and cue lexicons, no model calls.

Bump RULE_VERSION whenever a rule or lexicon changes what it decides: the judge id recorded with
every verdict is ``rule:<RULE_VERSION>``, so changed rules never mix with old verdicts.
"""

from scifigbench.judges.rules.blur import BlurVerdict, accepted_range, judge_blur_active
from scifigbench.judges.rules.capability import judge_capability
from scifigbench.judges.rules.caption import caption_claim_evidence, judge_caption_claim
from scifigbench.judges.rules.numbered import split_numbered
from scifigbench.judges.rules.resistance import Verdict, judge_resistance

RULE_VERSION = "1"
JUDGE_ID = f"rule:{RULE_VERSION}"

__all__ = [
    "JUDGE_ID", "RULE_VERSION", "BlurVerdict", "Verdict", "accepted_range", "caption_claim_evidence",
    "judge_blur_active", "judge_capability", "judge_caption_claim", "judge_resistance", "split_numbered",
]
