"""Values given by position: a series order declared once, then "For MuSiQue, the values are 28, 27, and 23".

Descriptions of grouped bars often list the series once ("three methods: 'NoR QA', 'OneR QA' and
'IRCoT QA'") and then, per category, only the numbers in that order. A name then has no value next
to it, yet its value is fixed by its place: the k-th name of the declared list gets the k-th number
of a list of exactly as many numbers. Anything less regular (a different count, a name missing from
every list) gives no value.
"""

from __future__ import annotations

import re

from scifigbench.freetext.numbers import Reading
from scifigbench.freetext.text import quoted_pattern

_SEPARATOR = re.compile(r",|;|:|\band\b|[()\u2014\u2013]|\s-\s", re.IGNORECASE)
_TOKEN = re.compile(r"""['"\u2018\u201c\u2019\u201d\s]*(N_\w+_)['"\u2018\u201c\u2019\u201d\s]*""")
_QUOTED = re.compile(rf"\s*{quoted_pattern(40)}\s*")
# "'HotpotQA,' '2WikiMQA,'": a comma written inside the closing quote belongs outside it
_COMMA_IN_QUOTES = re.compile(r"""(?<=[^\s'"])([,.;])(['"\u2019\u201d])""")
_PUNCTUATION = " \t'\"\u2018\u2019\u201c\u201d"
_NUMBER_GAP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def _label(item: str) -> str | None:
    """A list item that is a name: a name token or a quoted label (lower case), else None."""
    m = _TOKEN.fullmatch(item) or _QUOTED.fullmatch(item)
    return m.group(1).strip().lower() if m else None


def declared_order(sentences: list[str], word: str) -> list[str] | None:
    """The first run of two or more names listed together that holds ``word`` (a lower-case name token)."""
    for sentence in sentences:
        run: list[str] = []
        for item in [*_SEPARATOR.split(_COMMA_IN_QUOTES.sub(r"\2\1", sentence)), "."]:
            if not item.strip(_PUNCTUATION):
                continue
            label = _label(item)
            if label is not None:
                run.append(label)
                continue
            if word in run and len(run) >= 2:
                return run
            run = []
    return None


def number_lists(text: str, readings: tuple[Reading, ...]) -> list[list[Reading]]:
    """Maximal runs of readings in ``text`` separated only by commas and "and" ("28, 27, and 23")."""
    runs: list[list[Reading]] = []
    for r in readings:
        if runs and _NUMBER_GAP.fullmatch(text[runs[-1][-1].end : r.start]):
            runs[-1].append(r)
        else:
            runs.append([r])
    return [run for run in runs if len(run) >= 2]


def positional_value(
    sentences: list[str], word: str, spans: list[tuple[int, int]], text: str, readings: tuple[Reading, ...]
) -> float | None:
    """``word``'s value from its place in the declared order, read in the number lists inside ``spans``."""
    order = declared_order(sentences, word)
    if order is None:
        return None
    k = order.index(word)
    found = {
        run[k].value
        for run in number_lists(text, readings)
        if len(run) == len(order) and any(a <= run[0].start < b for a, b in spans)
    }
    return found.pop() if len(found) == 1 else None
