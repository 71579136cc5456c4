"""A second look at a label before its OCR reading becomes an expected answer.

A blur question is judged against the text OCR read under the blur. When that reading is wrong
('8120' for '$120', 'Number ofhospitals'), a model that reads the chart right is judged wrong.
A reading is *doubtful* when OCR was unsure of it, when a glyph OCR confuses with a digit stands
next to a digit ('S5', 'l0'), when the figure's other numbers carry a currency sign this one
lacks (the sign read as a digit or dropped), or when a short word seems glued to the next one
(a lost space). A doubtful label is read again: cut out, enlarged (``conditions.reread_scale``)
and read by the same engine, and by the second engine when one is configured. It becomes an
expected answer only when every reading agrees with the first (case, spacing and accents aside, and what
the crop's margin adds: a mark at an edge, a lone glyph between words); a reading that restores a
space, or a letter or two the first reading's box cut off ('Brazi'), wins; otherwise the
candidate is marked doubtful with the readings, ranks last, and the stage never makes it a
target on its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from scifigbench.freetext.labels import unaccented
from scifigbench.ocr.engine import OcrBackend, OcrBox
from scifigbench.ocr.geometry import Box

CURRENCY = "$€£¥₹"
# glyphs OCR swaps with digits, standing next to a digit: 'S5' for '$5', 'l0' for '10', '1O' for '10'
_CONFUSED_BY_DIGIT = re.compile(rf"(?<=\d)[OoIlSsBZ|{re.escape(CURRENCY)}]|[OoIlSsBZ|](?=\d)")
_NUMBER = re.compile(r"^[^\w]*\d[\d.,\s]*%?$")
# a short function word glued to the next word: 'ofhospitals', 'andover' (a lost space)
_GLUED = re.compile(r"(?<![A-Za-z])(of|the|and|per|for|from|with)([a-z]{4,})")
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"})

Reading = tuple[str, str]  # (how it was read, what was read)
Rereader = Callable[[Box], list[Reading]]


def doubts(text: str, score: float, sibling_numbers: Sequence[str], min_score: float) -> list[str]:
    """Why the first reading of ``text`` (OCR confidence ``score``) needs a second look; [] if none.

    ``sibling_numbers`` are the figure's other numeric labels: when some carry a currency sign and
    this number does not, the sign may have been read as a digit."""
    out = []
    if score < min_score:
        out.append(f"OCR confidence {score:.2f} < {min_score:g}")
    if _CONFUSED_BY_DIGIT.search(text):
        out.append("a glyph OCR confuses with a digit stands next to a digit")
    if _NUMBER.match(text) and not text.lstrip().startswith(tuple(CURRENCY)):
        signed = [s for s in sibling_numbers if s.lstrip().startswith(tuple(CURRENCY))]
        if signed:
            out.append(f"other numbers carry a currency sign ({signed[0]!r}) and this one does not")
    if m := _GLUED.search(text):
        out.append(f"'{m.group(0)}' may have lost a space")
    return out


def normal(text: str) -> str:
    """A reading compared with another: Unicode-normalised, dashes unified, case and spacing folded."""
    return " ".join(unicodedata.normalize("NFKC", text).translate(_DASHES).casefold().split())


@dataclass(frozen=True)
class Check:
    """What a second look concluded: the answer to expect, or why there is none."""

    answer: str
    doubt: str | None = None  # the readings disagree: never an expected answer
    note: str | None = None  # e.g. a space restored by the second reading


def settle(text: str, readings: Sequence[Reading]) -> Check:
    """Compare the first reading ``text`` with the second looks: agreement keeps it (a power the
    first reading wrote '10^3' agrees with '103'), readings that differ only in spacing give the
    most spaced one, any other difference is a doubt."""
    if not readings:
        return Check(text)
    first = normal(text)
    readings = [(how, _without_echoes(_without_edge_marks(r, text))) for how, r in readings]
    # the first reading writes a raised exponent as '10^3' (``ocr``); a crop read alone gives '103'
    same = {first, first.replace("^", "")}
    differ = [(how, r) for how, r in readings if normal(r) not in same and not _stray_glyphs_only(text, r)]
    if not differ:
        return Check(text)
    # a diacritic is the glyph OCR is least sure of ('Citroēn', 'Citroên' for 'Citroën'): readings
    # differing in accents alone agree, and the blur judge matches answers without them
    if all(unaccented(normal(r)) in {unaccented(v) for v in same} for _, r in differ):
        return Check(text, note=f"the readings differ in accents only: {'; '.join(repr(r) for _, r in differ)}")
    if len({normal(r) for _, r in differ}) == 1 and (done := _completed(text, differ[0][1].strip())):
        return Check(done, note=f"a glyph the first reading cut off, restored by the reading {differ[0][0]}: {done!r}")
    squeezed = first.replace(" ", "")
    if all(normal(r).replace(" ", "") == squeezed for _, r in readings):
        how, best = max(((h, r) for h, r in readings), key=lambda hr: normal(hr[1]).count(" "))
        if normal(best).count(" ") > first.count(" "):
            return Check(best.strip(), note=f"a space restored by the reading {how}: {best.strip()!r}")
        return Check(text)
    shown = "; ".join(f"{how}: {r!r}" if r else f"{how}: nothing" for how, r in differ)
    return Check(text, doubt=f"OCR readings disagree: first {text!r}; {shown}")


# marks a crop's margin takes from beside a label: a legend key's dash or dot, a frame's bar, the
# comma of a neighbouring text ('-MXM', '●Germany', ',Lowest since 2008')
_EDGE_MARKS = "-_|,;:~•·■▪●◆▲►"


def _without_edge_marks(reading: str, first: str) -> str:
    """``reading`` without the marks at its ends that the first reading has not there."""
    first = first.strip()
    out = reading.strip()
    if first[:1] not in _EDGE_MARKS:
        out = out.lstrip(_EDGE_MARKS).strip()
    if first[-1:] not in _EDGE_MARKS:
        out = out.rstrip(_EDGE_MARKS).strip()
    return out


def _stray_glyphs_only(first: str, reading: str) -> bool:
    """Whether ``reading`` is ``first`` with only lone glyphs added between its words ('Drug y
    addiction', 'Federal I deficit'): an enlarged crop reads the descender of the line above or a
    gridline's end as a letter of its own. The first reading, of the whole image, wins; a real
    one-letter word it lost ('Type I diabetes') would be missed that way, a price paid for the far
    more common crop noise (every lone-glyph disagreement of the web charts' development half)."""
    mine, theirs = normal(first).split(), normal(reading).split()
    if len(theirs) <= len(mine):
        return False
    k = 0
    for word in theirs:
        if k < len(mine) and word == mine[k]:
            k += 1
        elif len(word) != 1 or word.isdigit():
            return False
    return k == len(mine)


def _completed(first: str, reading: str) -> str | None:
    """``reading`` when it is ``first`` with one or two letters more at an end that the first
    reading's tight box cut off ('Brazi' -> 'Brazil', 'Pre-crisis leve' -> 'Pre-crisis level'):
    lower-case letters after a lower-case end, or one letter before a lower-case start. A capital
    or a digit glued on is more likely a frame bar or a neighbour's glyph: no completion."""
    if len(first) < 3:
        return None
    if reading.startswith(first):
        tail = reading[len(first) :]
        if 1 <= len(tail) <= 2 and tail.isalpha() and tail.islower() and first[-1].islower():
            return reading
    if reading.endswith(first):
        head = reading[: -len(first)]
        if len(head) == 1 and head.isalpha() and first[0].islower():
            return reading
    return None


def _without_echoes(text: str) -> str:
    """A reading without the one- or two-glyph pieces an enlarged crop reads twice beside their
    word: 'LC o on' (the 'o' of 'on'), 'F ( (%)', 'of f speakers'. A piece is dropped only when
    the word next to it starts (after it) or ends (before it) with the same glyphs."""
    words = text.split()
    kept = [
        w
        for i, w in enumerate(words)
        if not (
            len(w) <= 2
            and (
                (i + 1 < len(words) and len(words[i + 1]) > len(w) and words[i + 1].startswith(w))
                or (i > 0 and len(words[i - 1]) > len(w) and words[i - 1].endswith(w))
            )
        )
    ]
    return " ".join(kept)


def crop_rereader(img: np.ndarray, engines: Sequence[OcrBackend], scale: float, margin: float = 3.0) -> Rereader:
    """A function reading the region ``box`` of the BGR image ``img`` again with each engine, cut
    out with ``margin`` pixels, enlarged ``scale`` times and set on a white border (a detector
    needs room around a line). A box taller than wide holds text written along a vertical axis:
    it is turned a quarter clockwise first, as ``ocr_turned`` reads such text."""
    h, w = img.shape[:2]

    def read(box: Box) -> list[Reading]:
        x0, y0 = max(0, int(box[0] - margin)), max(0, int(box[1] - margin))
        x1, y1 = min(w, int(np.ceil(box[2] + margin))), min(h, int(np.ceil(box[3] + margin)))
        crop = img[y0:y1, x0:x1]
        if crop.size == 0:
            return [(f"{e.name} x{scale:g}", "") for e in engines]
        if y1 - y0 > x1 - x0:
            crop = cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE)
        big = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        pad = max(8, int(0.5 * big.shape[0]))
        framed = np.ascontiguousarray(
            cv2.copyMakeBorder(big, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(255, 255, 255))
        )
        return [(f"{e.name} x{scale:g}", _in_reading_order(e.read(framed))) for e in engines]

    return read


def _in_reading_order(boxes: Sequence[OcrBox]) -> str:
    """The words of a crop as one text: lines top to bottom, each left to right. A word joins a
    line when it shares half the height of the smaller box with the line's first word, so words
    of one line whose boxes sit a few pixels apart in height stay in order ('simple RNN', not
    'RNN simple', as rounding their tops by a line height gave). A bar the crop's edge cut from a
    frame or a neighbour ('RANDOM|') is no part of the label."""
    lines: list[list[OcrBox]] = []
    for b in sorted(boxes, key=lambda b: b.box[1]):
        if lines:
            f = lines[-1][0].box
            if min(b.box[3], f[3]) - max(b.box[1], f[1]) >= 0.5 * min(b.box[3] - b.box[1], f[3] - f[1]):
                lines[-1].append(b)
                continue
        lines.append([b])
    words = [
        b.text.strip().strip("|").strip()
        for line in lines
        for b in sorted(line, key=lambda b: b.box[0])
        if not _echo(b, line)
    ]
    return " ".join(w for w in words if w)


def _echo(b: OcrBox, line: Sequence[OcrBox]) -> bool:
    """A box of a letter or two lying mostly inside a longer word's box on its line: the detector
    read a piece of that word twice ('Weight t tying' for 'Weight tying')."""
    if len(b.text.strip()) > 2:
        return False
    w = b.box[2] - b.box[0]
    return any(
        o is not b
        and len(o.text.strip()) > len(b.text.strip())
        and min(b.box[2], o.box[2]) - max(b.box[0], o.box[0]) >= 0.5 * w
        for o in line
    )
