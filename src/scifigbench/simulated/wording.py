"""Wording for the simulated respondents: numbers in many spellings, phrasings, answer numbering.

Real models write the same value as "0.42", "42%", "4.2e-1" or "about 0.4", and number their
answers "1.", "1)" or "Answer 1:". The simulated respondents do the same so that the judges are
tested on variety, not on one template. Every choice draws from the caller's seeded RNG.
"""

from __future__ import annotations

import hashlib
import math
import random


def rng_for(seed: int, model: str, setup_id: str, salt: str = "") -> random.Random:
    """A private RNG per (seed, model, setup): stable across processes (unlike ``hash()``)."""
    digest = hashlib.sha256(f"{seed}\x1f{model}\x1f{setup_id}\x1f{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def pick(rng: random.Random, options: list[str] | tuple[str, ...], **fmt: object) -> str:
    return rng.choice(options).format(**fmt)


def _plain(v: float) -> str:
    if abs(v) >= 100 or float(v).is_integer():
        return f"{v:.0f}" if abs(v - round(v)) < 0.05 else f"{v:.1f}"
    if abs(v) >= 1:
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _round_sig(v: float, sig: int) -> float:
    if v == 0:
        return 0.0
    return round(v, sig - 1 - int(math.floor(math.log10(abs(v)))))


def fmt_value(rng: random.Random, v: float, percent_scale: bool, approx_rate: float = 0.0, fraction_scale: bool = False) -> str:
    """``v`` written the way a model might: plain, as a percentage, scientific, or approximate.

    ``percent_scale`` says the values are already percentages (pie shares, "%" axes): they are
    written "42.1%", "42.1 percent" or "42.1". Values of a panel on a 0-1 scale
    (``fraction_scale``) may become "42%".
    Approximations stay inside the rubric tolerance (2 significant figures, or whole percents).
    """
    if approx_rate and rng.random() < approx_rate:
        word = rng.choice(("about", "roughly", "approximately", "around", "~", "nearly"))
        if percent_scale:
            r = f"{round(v):.0f}%"
        else:
            r = _plain(_round_sig(v, 2))
        return f"{word}{'' if word == '~' else ' '}{r}"
    if percent_scale:
        return rng.choice((f"{_plain(v)}%", f"{_plain(v)} %", f"{_plain(v)} percent", f"{_plain(v)}%"))
    style = rng.random()
    if fraction_scale and 0 < abs(v) <= 1 and style < 0.25:
        return f"{_plain(v * 100)}%"
    if v != 0 and style < 0.35:
        return f"{v:.2e}".replace("e-0", "e-").replace("e+0", "e+").replace("e+", "e")
    return _plain(v)


def number_word(n: int) -> str:
    words = "zero one two three four five six seven eight nine ten eleven twelve".split()
    return words[n] if 0 <= n < len(words) else str(n)


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def number_prefix(rng: random.Random, i: int, deviation_rate: float) -> str:
    """'1. ' as asked, or now and then '1) ', 'Answer 1: ', '**1.** ', '(1) '."""
    if rng.random() < deviation_rate:
        return rng.choice((f"{i}) ", f"Answer {i}: ", f"**{i}.** ", f"({i}) ", f"Q{i}: "))
    return f"{i}. "
