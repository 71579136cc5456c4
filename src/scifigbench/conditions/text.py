"""Whether a piece of text shows a target string, and captions with such mentions removed.

Matching is by whole token, case-insensitive: '40' is shown by '40%' and 'reaches 40.', not by
'1400'; 'BERT' is not shown by 'RoBERTa'.
"""

from __future__ import annotations

import re


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


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[])")


def _drop_list_item(sentence: str, target: str) -> str:
    """Remove ``target`` where it is one item of an enumeration ('A, T and C' -> 'A and C').

    Captions often list every series or dataset in one sentence; taking the one item out keeps
    the rest of the caption instead of losing the whole sentence. Returns the sentence unchanged
    if the target is not a list item there.
    """
    t = _token(target)
    for i, pattern in enumerate((
        rf",\s*{t}(?=\s*(?:,|\band\b|\bor\b))",         # 'A, T, C' / 'A, T and C'
        rf"(?<![\w,])\s*{t},\s*(?=[^.]*\b(?:and|or)\b)",  # 'on T, B and C' -> 'on B and C'
        rf"\s*\b(?:and|or)\s+{t}",                       # 'A, B and T' -> 'A and B'
        rf"{t}\s+(?:and|or)\s+",                          # 'T and C' -> 'C'
    )):
        m = re.search(pattern, sentence, flags=re.IGNORECASE)
        if not m:
            continue
        head, tail = sentence[: m.start()], sentence[m.end():]
        if i == 1:
            head += " "
        if i == 2:
            # The list lost its last item: its new last comma becomes the 'and'.
            last = re.search(r",\s*([^,]*)$", head)
            if last and not re.search(r"\b(?:and|or)\b", last.group(1)):
                head = head[: last.start()] + " and " + last.group(1)
        return re.sub(r"\s{2,}", " ", head + tail).strip()
    return sentence


def redact(caption: str | None, target: str) -> str | None:
    """The caption without anything that shows ``target``; None if nothing is left.

    A target that is one item of an enumeration is taken out of the list; any other sentence that
    still shows it is dropped whole, so the caption gives no hint of a gap.
    """
    if caption is None:
        return None
    kept = []
    for sentence in _SENTENCE.split(caption.strip()):
        if mentions(sentence, target):
            sentence = _drop_list_item(sentence, target)
        if sentence and not mentions(sentence, target):
            kept.append(sentence)
    out = " ".join(kept).strip()
    return out or None
