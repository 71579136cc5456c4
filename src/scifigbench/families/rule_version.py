"""The one version of every rule and lexicon of the rule judge (answers and MQM descriptions alike).

Bump it whenever a rule or lexicon changes what any rule decides: the judge id recorded with every
verdict is ``rule:<RULE_VERSION>`` and MQM details carry the same value, so verdicts of changed
rules never mix with old ones and one number says which rules produced a judgments table.
"""

RULE_VERSION = "29"
JUDGE_ID = f"rule:{RULE_VERSION}"
