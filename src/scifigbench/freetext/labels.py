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
