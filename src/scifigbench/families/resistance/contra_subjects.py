"""Whose value a contra answer states: the premise entity's or the compared entity's.

A contra question pins a false value on one entity and asks for a comparison with another
("Given that A reaches about 70 %, how does this compare to B?"). When an answer cites the false
value as the question's ("the stated 70 %"), whether it corrects the premise depends on what it
sets against it: a value of A's own corrects it, a value for B alone builds on it. So the judge
needs to know which entity a value is said of.

The two entities are told apart by the names only one part of the question uses: the premise part
(up to the end of the clause holding the false value) against the ask that follows. Names are
words a reader would take for labels: quoted words, and words with a capital inside or after the
first word, or with a digit ("Per-Output", "DeepSeek-R1-Distill-7B", "L=3", "0.82"). Context both
parts share ("MADLLM", "F1") says nothing about the side and is dropped.

A value is said of a name it owns right after it ("the roughly 55 % of A", "15 for A"), else of the
name nearest before it in its clause ("A scores 83 %", "A (83 %)"), else of the nearest one after it
in the clause; a clause naming nobody is about the name just before it when it is a relative clause
("..., outperforming A, which reaches 79.8 %"), else about the sentence's first name, its subject
("B is well above A, appearing close to 10^3" is said of B).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from scifigbench.freetext.numbers import Reading
from scifigbench.freetext.text import normalise_text, quoted_pattern, sentences


class Side(Enum):
    """Which entity of a contra question a name (or a value) belongs to."""

    PREMISE = "premise"
    COMPARED = "compared"


_TOKEN = re.compile(r"[A-Za-z0-9][\w./=+-]*[\w=+%]|[A-Za-z0-9]")
_QUOTED = re.compile(quoted_pattern(60))
_CLAUSE_BREAK = re.compile(r",(?!\d{3}\b)|[;:\u2014]|\s[-\u2013]\s")
# the end of the clause holding the false value: the ask starts after it
_PREMISE_END = re.compile(r"[,;?]|\s[-\u2013\u2014]\s|\u2014")
_OWNER_AFTER = re.compile(r"\s*(?:\w+\s+)?(?:of|for|by)\s+(?:the\s+)?['\"\u201c\u2018]?", re.IGNORECASE)
_RELATIVE = re.compile(r"\s*(?:which|who|whose|that)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Sides:
    """The name words of each side (lower case), and their hyphen parts for short spellings."""

    premise: frozenset[str]
    compared: frozenset[str]

    @functools.cached_property
    def _premise_parts(self) -> set[str]:
        return _parts(self.premise)

    @functools.cached_property
    def _compared_parts(self) -> set[str]:
        return _parts(self.compared)

    def side_of(self, token: str) -> Side | None:
        """The side a word of the answer names, if it names exactly one ("Distill-7B" for "DeepSeek-R1-Distill-7B")."""
        word = _key(token)
        if word in self.premise:
            return Side.PREMISE
        if word in self.compared:
            return Side.COMPARED
        if len(word) <= 2:
            return None  # a short word names a side only as a whole name
        parts = set(word.split("-"))
        in_premise = parts <= self._premise_parts
        in_compared = parts <= self._compared_parts
        if in_premise != in_compared:
            return Side.PREMISE if in_premise else Side.COMPARED
        return None


def _key(word: str) -> str:
    """Names compare without case, but a one- or two-letter name ("A", "L2") only as written: "a" is an article."""
    return word if len(word) <= 2 else word.lower()


def _parts(words: frozenset[str]) -> set[str]:
    return {p for w in words for p in w.split("-")}


def _names(text: str) -> set[str]:
    """Label-like words of a piece of a question (see the module docstring)."""
    names = {_key(w) for q in _QUOTED.findall(text) for w in _TOKEN.findall(q)}
    for i, m in enumerate(_TOKEN.finditer(text)):
        word = m.group(0)
        if word.endswith("%"):
            continue  # a percentage is a value or a setting ("at 80% sparsity"), never whose value it is
        if any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:]) or (i > 0 and word[0].isupper()):
            names.add(_key(word))
    return names


def question_sides(question: str, false_value: Reading) -> Sides | None:
    """The premise's and the ask's own names, or None when either side has none (nothing to tell apart)."""
    question = normalise_text(question)
    end = _PREMISE_END.search(question, false_value.end)
    if end is None:
        return None
    premise_names = _names(question[: end.start()]) - {_key(false_value.text)}
    ask_names = _names(question[end.end() :])
    premise, compared = premise_names - ask_names, ask_names - premise_names
    if not premise or not compared:
        return None
    return Sides(frozenset(premise), frozenset(compared))


def _mentions(text: str, sides: Sides) -> list[tuple[int, int, Side]]:
    out = []
    for m in _TOKEN.finditer(text):
        side = sides.side_of(m.group(0))
        if side is not None:
            out.append((m.start(), m.end(), side))
    return out


def _clause_span(text: str, start: int, end: int, pos: int) -> tuple[int, int]:
    """The clause of ``text[start:end]`` (a sentence) around ``pos``."""
    left = start
    for m in _CLAUSE_BREAK.finditer(text, start, end):
        if m.end() <= pos:
            left = m.end()
        elif m.start() >= pos:
            return left, m.start()
    return left, end


def value_side(answer: str, reading: Reading, sides: Sides) -> Side | None:
    """The entity ``reading`` (found in ``normalise_text(answer)``) is said of, or None when no name is near."""
    return value_sides(answer, [reading], sides)[0]


def value_sides(answer: str, readings: Sequence[Reading], sides: Sides) -> list[Side | None]:
    """:func:`value_side` of each of ``readings``: the answer is normalised, split into sentences
    and searched for names once for all of them."""
    text = normalise_text(answer)
    spans = sentences(text)
    mentions = _mentions(text, sides)
    return [_side(text, spans, mentions, r) for r in readings]


def _side(
    text: str, spans: Sequence[tuple[int, int, str]], all_mentions: list[tuple[int, int, Side]], reading: Reading
) -> Side | None:
    sentence = next(((s, e) for s, e, _ in spans if s <= reading.start < e), (0, len(text)))
    mentions = [m for m in all_mentions if sentence[0] <= m[0] < sentence[1]]
    left, right = _clause_span(text, sentence[0], sentence[1], reading.start)
    before = [m for m in mentions if left <= m[0] and m[1] <= reading.start]
    after = [m for m in mentions if reading.end <= m[0] < right]
    if after and _OWNER_AFTER.fullmatch(text, reading.end, after[0][0]):
        return after[0][2]  # "the roughly 55% of A", "15 for A"
    if before:
        return before[-1][2]
    if after:
        return after[0][2]
    earlier = [m for m in mentions if m[1] <= left]
    if earlier and _RELATIVE.match(text, left):
        return earlier[-1][2]  # "..., outperforming A, which achieves 79.8%": the relative clause is about A
    return mentions[0][2] if mentions else None
