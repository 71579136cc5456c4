"""What a blur unit (active or passive) was checked against: the blurred element and the answer expected."""

from __future__ import annotations

from typing import Any

from scifigbench.families.family import Checked
from scifigbench.families.view_text import value_text


def blur_expected(target: dict[str, Any], category: str | None) -> list[str]:
    """The blurred element, the answer expected and why it can (inductance) or cannot (admittance) be recovered."""
    if not target:
        return []
    lines = [f"Blurred: the {str(target.get('role') or 'element').replace('_', ' ')} '{target.get('text')}'"]
    if target.get("question"):
        lines.append(f"The question about it (asked only in the active protocol): {target['question']}")
    answer = target.get("expected_answer")
    if category == "admittance":
        lines.append(f"Expected: say it cannot be read (the hidden answer is {answer})")
    elif answer is not None:
        low, high = target.get("accept_low"), target.get("accept_high")
        span = f" (accepted {value_text(low)}–{value_text(high)})" if low is not None and high is not None else ""
        lines.append(f"Expected answer: {answer}{span}")
    if target.get("reasoning_path"):
        lines.append(f"Why: {target['reasoning_path']}")
    return lines


def blur_lines(checked: Checked) -> list[str]:
    """A blur unit's expected lines; a passive unit was not asked the target's question, so the
    probe's text says what it was."""
    target = checked.target
    if target and not target.get("question") and not checked.details.get("question") and checked.probe_text:
        target = {**target, "question": checked.probe_text}
    return blur_expected(target, checked.category)
