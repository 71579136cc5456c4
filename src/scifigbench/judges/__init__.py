"""Turning answers into verdicts: the judge stage over the family registry, the LLM judge and its
audit, judge-file for records outside the pipeline, and the judgments' columns."""
