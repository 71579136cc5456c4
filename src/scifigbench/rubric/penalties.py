"""What one MQM finding costs, by dimension and severity (paper, Appendix B.1).

Kept in the rubric rather than in the judge so that the report can print the penalty of each
finding a judge recorded without importing the judge stage: both read this one table.
"""

from __future__ import annotations

WEIGHTS: dict[tuple[str, str], float] = {
    ("accuracy", "major"): 5.0,
    ("accuracy", "minor"): 2.0,
    ("completeness", "major"): 5.0,
    ("completeness", "minor"): 2.0,
    ("clarity", "major"): 2.5,
    ("clarity", "minor"): 1.0,
}
MAX_WEIGHT = 5.0  # the costliest finding; a checklist of N items scores 0 at N * MAX_WEIGHT penalty points
