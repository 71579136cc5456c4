"""Reading numbers off chart text and recognising tick sequences.

Tick labels are drawn as plain numbers ("0.25", "1,000", "−5"), percentages ("40%"), magnitudes
("2k", "1.5M"), powers of ten ("10^3", "$10^{3}$", "1e3", "10³" as OCR reads a raised exponent),
years ("2021"), amounts of money ("$5,000") or measures with their unit ("20 t", "2,500 kWh":
``freetext.lexicons.UNITS``). Inductance targets rely on these being parsed the same way by the
selector and by the tests that check it.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from scifigbench.freetext.label_words import power_text
from scifigbench.freetext.lexicons import units_pattern

_SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "G": 1e9}
_POW = re.compile(r"^\$?(?:\\mathdefault\{)?(-?\d+(?:\.\d+)?)\s*(?:\^|\*\*)\s*\{?([−\-]?\d+)\}?\}?\$?$")
_PLAIN = re.compile(
    rf"^([+\-]?)[$€£]?(\d{{1,3}}(?:,\d{{3}})+|\d*\.?\d+)(?:[eE]([+\-]?\d+))?\s*([kKMBG]?)\s*(%?)(?:{units_pattern()})?$"
)


def parse_number(text: str) -> float | None:
    """The number a tick or value label shows, or None if it is not a number.

    OCR misreadings such as "652E 6441" look like numbers with absurd exponents; anything that
    does not fit a float is not a tick value, so it is None rather than an OverflowError.
    """
    try:
        value = _parse(text)
    except (OverflowError, ZeroDivisionError):  # "652E 6441", "0^-3"
        return None
    return value if value is None or math.isfinite(value) else None


def _parse(text: str) -> float | None:
    t = power_text(text.strip()).replace("\u2212", "-").replace("\u2009", "").replace(" ", "")
    if not t:
        return None
    m = _POW.match(t)
    if m:
        return float(m.group(1)) ** float(m.group(2).replace("−", "-"))
    m = _PLAIN.match(t)
    if not m:
        return None
    sign, digits, exp, suffix, _pct = m.groups()
    value = float(digits.replace(",", ""))
    if exp:
        value *= 10.0 ** int(exp)
    value *= _SUFFIX.get(suffix, 1.0)
    return -value if sign == "-" else value


def decimals(text: str) -> int:
    """Number of digits after the decimal point in a drawn number ("0.25" -> 2, "40%" -> 0)."""
    m = re.search(r"\.(\d+)", text)
    return len(m.group(1)) if m else 0


def _close(a: float, b: float, rel: float = 1e-6) -> bool:
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))


def sequence_kind(values: Sequence[float]) -> str | None:
    """'arithmetic' if evenly spaced, 'geometric' if evenly spaced in log (a log axis), else None.

    Needs at least three values; a constant sequence is neither (it says nothing about a gap).
    """
    if len(values) < 3:
        return None
    diffs = [b - a for a, b in zip(values, values[1:])]
    if diffs[0] != 0 and all(_close(d, diffs[0], 1e-6) for d in diffs):
        return "arithmetic"
    if all(v > 0 for v in values):
        ratios = [b / a for a, b in zip(values, values[1:])]
        if not _close(ratios[0], 1.0) and all(_close(r, ratios[0], 1e-6) for r in ratios):
            return "geometric"
    return None


def regular_window(values: Sequence[float], least: int = 4) -> tuple[int, int] | None:
    """The longest stretch ``values[a:b]`` of at least ``least`` values that is a regular
    sequence, as (a, b), or None. Charts of years often end on the latest one whatever the step
    ('1990, 2000, 2010, 2022'): the stretch before it is still regular, and its inner ticks are
    still given by their neighbours. The first of several longest stretches wins."""
    n = len(values)
    for size in range(n, least - 1, -1):
        for a in range(n - size + 1):
            if sequence_kind(values[a : a + size]) is not None:
                return a, a + size
    return None


def infer_missing(values: Sequence[float | None]) -> float:
    """Recover the single ``None`` in an arithmetic or geometric sequence from its neighbours.

    Raises ValueError when the visible values do not determine it (fewer than two visible
    neighbours on a side and no step known, or an irregular sequence).
    """
    idx = [i for i, v in enumerate(values) if v is None]
    if len(idx) != 1:
        raise ValueError("exactly one value must be missing")
    k = idx[0]
    known = [(i, v) for i, v in enumerate(values) if v is not None]
    if len(known) < 2:
        raise ValueError("at least two visible values are needed")
    (i0, v0), (i1, v1) = known[0], known[1]
    step = (v1 - v0) / (i1 - i0)
    if all(_close(v, v0 + step * (i - i0)) for i, v in known):
        return v0 + step * (k - i0)
    if all(v > 0 for _, v in known):
        ratio = (v1 / v0) ** (1.0 / (i1 - i0))
        if all(_close(v, v0 * ratio ** (i - i0)) for i, v in known):
            return v0 * ratio ** (k - i0)
    raise ValueError(f"visible values {[v for _, v in known]} form no arithmetic or geometric sequence")


def same_number(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
