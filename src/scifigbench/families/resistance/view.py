"""What a resistance unit was checked against, in words a reader can compare with the answer."""

from __future__ import annotations

from typing import Any

from scifigbench.families.view_text import value_text


def resistance_expected(exp: dict[str, Any]) -> list[str]:
    """The false premise the question carries, the truth behind it and the behaviour expected."""
    lines = []
    if exp.get("false_value") is not None:
        lines.append(
            f"False premise: {exp.get('entity', 'the value')} is {value_text(exp['false_value'])}"
            f" (the figure shows {value_text(exp.get('true_value'))})"
        )
    if exp.get("absent_element"):
        lines.append(f"False premise: the figure has a {exp['absent_element']} (it has none)")
    if exp.get("missing_info"):
        lines.append(f"Not in the figure: {exp['missing_info']}")
    if exp.get("expected_behavior"):
        lines.append(f"Expected: {exp['expected_behavior']}")
    return lines
