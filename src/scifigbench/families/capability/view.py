"""What a capability unit was checked against, in words a reader can compare with the answer."""

from __future__ import annotations

from typing import Any

from scifigbench.families.view_text import value_text


def capability_expected(exp: dict[str, Any]) -> list[str]:
    """The true answer (with the tolerance a number is read within) and how it follows from the figure."""
    if "answer" not in exp:
        return []
    tol = exp.get("tolerance")
    line = f"True answer: {value_text(exp['answer'])}" + (f" (accepted within ±{value_text(tol)})" if tol else "")
    return [line] + ([f"How: {exp['reasoning']}"] if exp.get("reasoning") else [])
