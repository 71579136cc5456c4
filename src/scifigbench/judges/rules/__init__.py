"""The deterministic rule judge: verdicts from the ground truth and cue lexicons, no model calls."""

from scifigbench.judges.rules.numbered import split_numbered
from scifigbench.judges.rules.resistance import Verdict, judge_resistance

RULE_VERSION = "1"
JUDGE_ID = f"rule:{RULE_VERSION}"

__all__ = ["JUDGE_ID", "RULE_VERSION", "Verdict", "judge_resistance", "split_numbered"]
