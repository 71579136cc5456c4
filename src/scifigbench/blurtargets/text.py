"""Whether a piece of text shows a target string, and captions with such mentions removed.

Matching is by whole token, case-insensitive: '40' is shown by '40%' and 'reaches 40.', not by
'1400'; 'BERT' is not shown by 'RoBERTa'.
"""

from __future__ import annotations

import re

from scifigbench.freetext.label_words import unmarked
from scifigbench.freetext.text import sentences


def fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _token(target: str) -> str:
    n = re.escape(" ".join(target.split()))
    left = r"(?<![\w.])" if target[:1].isalnum() else ""
    right = r"(?![\w])" if target[-1:].isalnum() else ""
    return left + n + right


def mentions(text: str, target: str) -> bool:
    """Does ``text`` contain ``target`` as a whole token sequence (case and spacing ignored)?"""
    n = fold(target)
    return bool(n) and re.search(_token(n), fold(text)) is not None


# What goes with a list item when it is taken out: a leading article and a short parenthesis
# right after it ('the teammates', 'CCG (blue)'); a colour left behind would point at the gap.
_ARTICLE = r"(?:\b(?:the|a|an)\s+)?"
_ATTACHED = r"(?:\s*\([^()]{0,40}\))?"


def _join(head: str, tail: str) -> str:
    """Splice two pieces of a sentence, without doubled spaces, a space after an opening bracket
    or a word repeated across the cut ('random and SSID initialization' minus 'SSID' would read
    'random initialization initialization')."""
    head = head.rstrip()
    tail = tail.lstrip()
    last = re.search(r"(\w+)$", head)
    first = re.match(r"(\w+)\b", tail)
    if last and first and last.group(1).casefold() == first.group(1).casefold():
        tail = tail[first.end() :].lstrip()
    if not head or head.endswith(("(", "[")) or not tail or tail[0] in ",.;:!?)]":
        return head + tail
    return head + " " + tail


def _last_list_comma(head: str) -> int | None:
    """Where the last comma of ``head`` is, unless the item after it closes a bracket opened
    before it (then that comma belongs to another, bracketed list)."""
    i = head.rfind(",")
    item = head[i + 1 :]
    if i < 0 or item.count(")") > item.count("(") or item.count("]") > item.count("["):
        return None
    return i


def _drop_list_item(sentence: str, target: str) -> str:
    """Remove ``target`` where it is one item of an enumeration ('A, T and C' -> 'A and C').

    Captions often list every series or dataset in one sentence; taking the one item out keeps
    the rest of the caption instead of losing the whole sentence. The item's article and a short
    parenthesis after it go with it (the article stays when the item opened the list: 'the T and
    C' -> 'the C'). Returns the sentence unchanged if the target is not a list item there.
    """
    item = _token(target) + _ATTACHED
    t = _ARTICLE + item
    for i, pattern in enumerate(
        (
            rf",\s*{t}(?=\s*(?:,|\band\b|\bor\b))",  # 'A, T, C' / 'A, T and C'
            rf"(?<![\w,])\s*{t},\s*(?=[^.]*\b(?:and|or)\b)",  # 'on T, B and C' -> 'on B and C'
            rf"\s*\b(?:and|or)\s+{t}",  # 'A, B and T' -> 'A and B'
            rf"{item}\s+(?:and|or)\s+",  # '(the) T and C' -> '(the) C'
        )
    ):
        m = re.search(pattern, sentence, flags=re.IGNORECASE)
        if not m:
            continue
        head, tail = sentence[: m.start()], sentence[m.end() :]
        if i == 2:
            # The list lost its last item: its new last comma becomes the 'and' (not a comma of
            # another list closed inside brackets, as in 'the prior (yellow, orange, red) and T').
            comma = _last_list_comma(head)
            if comma is not None and not re.search(r"\b(?:and|or)\b", head[comma + 1 :]):
                head = head[:comma] + " and " + head[comma + 1 :].lstrip()
        return _join(head, tail)
    return sentence


def redact(caption: str | None, target: str) -> str | None:
    """The caption without anything that shows ``target``; None if nothing is left.

    A target that is one item of an enumeration is taken out of the list; any other sentence that
    still shows it is dropped whole, so the caption gives no hint of a gap.
    """
    if caption is None:
        return None
    target = unmarked(target)  # a caption names panel '(a) Yelp' as 'Yelp'
    kept = []
    # a caption keeps its case: a stop before a lower-case word or after a short form ('Rush et al. (2015)',
    # 'see Fig. 3') ends no sentence
    for _, _, sentence in sentences(caption.strip(), semicolons=False, capital_opens=True):
        if mentions(sentence, target):
            sentence = _drop_list_item(sentence, target)
        if sentence and not mentions(sentence, target):
            kept.append(sentence)
    out = " ".join(kept).strip()
    return out or None
