"""Names of figure elements (series, categories, tick and axis labels) found in free text.

The rubric wants labels matched exactly, but "exactly" must survive the surface noise of free
text: case, quotes, markdown emphasis, hyphen/space/underscore/slash between the tokens of a name
("Llama-2 7B" = "llama 2-7b"), subscripts ("D₀" = "D0"). Normalisation removes only that noise;
it never maps one word onto another, and a name is never found inside a longer token
("Method A" is not in "Method AB", "Llama-2" is not in "Llama-2-13B").
"""

from __future__ import annotations

import functools
import re
import unicodedata

from scifigbench.freetext.text import fold

_SEPARATORS = re.compile(r"[\s\-_/]+")
_QUOTES = re.compile(r"[\"'`*]")


@functools.lru_cache(maxsize=8192)
def label_key(label: str) -> str:
    """A label reduced to the form in which two spellings count as the same name."""
    tokens = _SEPARATORS.split(_QUOTES.sub("", fold(label)).strip(" .,:;!?"))  # "Ours (frozen)" keeps its ")"
    return " ".join(t for t in tokens if t)


@functools.lru_cache(maxsize=8192)
def name_pattern(label: str) -> re.Pattern[str]:
    """Regex finding ``label`` in folded text (see :func:`~scifigbench.freetext.text.fold`)."""
    body = r"[\s\-_/]*".join(re.escape(t) for t in label_key(label).split(" ") if t)
    return re.compile(r"(?<![\w])(?<![\w][\-_/])" + body + r"(?![\w])(?![\-_/]\w)")


def label_in_text(label: str, text: str) -> bool:
    """Whether ``label`` is named in ``text`` as a whole name."""
    return bool(label_key(label)) and name_pattern(label).search(fold(text)) is not None


def labels_equal(a: str, b: str) -> bool:
    return label_key(a) == label_key(b)


MIN_SPACING_FREE = 4  # letters and digits: a shorter name found across spaces is too often chance


def unaccented(text: str) -> str:
    """``text`` without its accents and other combining marks ("Citroën" -> "Citroen")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


# What may stand between two letters or digits of a label as a reader lets it pass: a space, a line
# break, a hyphen or slash, an apostrophe ("d'Ivoire"), an abbreviation's stop ("U.S.") and a
# thousands separator ("1,000").
_BETWEEN_GLYPHS = r"[\s\-_/'.,]*"
# a name joined to the label by a hyphen or slash makes a longer name ("Asia-Pacific" is not "Asia")
_JOINED_BEFORE = r"(?<![^\W_])(?<![^\W_][\-_/])"
_JOINED_AFTER = r"(?![^\W_])(?![\-_/][^\W_])"


def label_read_in_text(label: str, text: str) -> bool:
    """Whether ``text`` names ``label`` as a human reader would accept it: accents aside
    ("Citroën" for an OCR-read "Citroēn") and spaces, hyphens, line breaks, apostrophes, stops
    and thousands separators anywhere between its letters ("Cumulative number of cases" for
    "Cumu lative number ofcases", "U.S. adults" for "US adults"), still as a whole name, which a
    word joined to it by a hyphen extends into another ("Asia-Pacific" does not name "Asia"). A
    label of fewer than ``MIN_SPACING_FREE`` letters and digits is left to :func:`label_in_text`."""
    chars = re.sub(r"[\W_]", "", unaccented(fold(label)))
    if len(chars) < MIN_SPACING_FREE:
        return False
    body = _BETWEEN_GLYPHS.join(re.escape(c) for c in chars)
    return re.search(rf"{_JOINED_BEFORE}{body}{_JOINED_AFTER}", unaccented(fold(text))) is not None
