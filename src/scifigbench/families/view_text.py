"""How a value of a probe's expected record is written where a person reads what a unit was checked against."""

from __future__ import annotations

from typing import Any


def value_text(v: Any) -> str:
    if isinstance(v, list):
        return ", ".join(value_text(x) for x in v)
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)
