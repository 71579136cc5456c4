"""Labels a reader narrows to a few guesses without any list of well-known names (``kin``).

Three signs, read from the labels in view and the caption as shown with the blur:

- **named like a sibling**: the label shares its first or last name part with another label of
  its kind ('LSTM-based Classifier' beside 'CNN-based Classifier', 'PoolingMax' beside
  'PoolingAvg', 'fre-f2h' beside 'fre-lm2h'). The naming pattern is given, so only the other part
  is open, and a reader who writes the pattern with the obvious filler is often right;
- **a stock name**: the names nearly every comparison gives its reference ('Random', 'Ours',
  'LSTM', 'Logistic Regression', 'full data'). Beside other entries a reader guesses them first;
- **the caption's wording**: a specific part of a multi-part name is a word of the caption as shown
  ('OnlineLDA' where the caption compares with 'LDA'), so the caption points at it even with the
  whole name removed.

These are stated priors about how papers name what they compare, written before looking at the
held-out figures. A sign does not refuse the label (it may still be the best the figure offers): it
is tried after every label without one.
"""

from __future__ import annotations

import re

from scifigbench.freetext.label_words import GENERIC_WORDS, STOP_WORDS, without_leading_mark

# a bracketed note holding a number is a statistic or a citation ('(m=0.20 std=0.07)', '[10]'),
# not part of the name: every entry of such a legend carries one
_NUMBER_NOTE = re.compile(r"[(\[][^()\[\]]*\d[^()\[\]]*[)\]]")
_ACRONYM_GLUED = re.compile(r"(?<=[a-z])(?=[A-Z]{2})")
# a name, a spaced dash or colon, and what it qualifies the name with ('TKM - All', 'BERT: frozen')
_QUALIFIED = re.compile(r"^(.+?)\s+[-–:]\s+(.+)$")

# names a comparison gives its reference or its simplest rival, as name parts run together
STOCK_NAMES = frozenset(
    (
        "random",
        "randomly",
        "ours",
        "none",
        "uniform",
        "majority",
        "human",
        "humans",
        "fulldata",
        "alldata",
        "lstm",
        "bilstm",
        "rnn",
        "cnn",
        "gru",
        "mlp",
        "svm",
        "mle",
        "knn",
        "logisticregression",
        "linearregression",
        "naivebayes",
        "transformer",
        "bm25",
        "tfidf",
        "bagofwords",
    )
)


def name_parts(text: str) -> list[str]:
    """Name parts, lower case: words, numbers and camel-case pieces, a leading panel mark dropped
    ('doc2vecOnPlan' -> doc2vec, on, plan)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z][a-z])", " ", without_leading_mark(text.strip()))
    return [t.lower() for t in re.findall(r"[A-Za-z]+\d*[A-Za-z]*|\d+", spaced)]


def _naming_parts(text: str) -> list[str]:
    """The parts that name: no numeric note, no bare number, no stop word; an acronym glued to a
    word is a part of its own ('OnlineLDA' -> online, lda)."""
    parts = name_parts(_ACRONYM_GLUED.sub(" ", _NUMBER_NOTE.sub(" ", text)))
    return [p for p in parts if not p.isdigit() and p not in STOP_WORDS]


def _qualifier(text: str) -> str | None:
    """What a name is qualified with after a spaced dash or colon, folded ('TKM - All' -> 'all')."""
    m = _QUALIFIED.match(text.strip())
    return m.group(2).casefold() if m else None


def named_like(text: str, others: list[str]) -> str | None:
    """The label among ``others`` (labels of the same kind) that shares ``text``'s first or last
    naming part in the same place, or the qualifier after its dash even when that is a stop word
    ('TKM - All' beside 'SCM - All'), else None. Copies are no siblings."""
    mine = _naming_parts(text)
    if not mine:
        return None
    qualifier = _qualifier(text)
    for other in others:
        if qualifier is not None and _qualifier(other) == qualifier and other.casefold() != text.casefold():
            return other
        theirs = _naming_parts(other)
        if not theirs or theirs == mine:
            continue
        if (theirs[0] == mine[0] and len(mine[0]) >= 2) or (theirs[-1] == mine[-1] and len(mine[-1]) >= 2):
            return other
    return None


def stock_name(text: str) -> bool:
    """``text`` is one of the names a comparison gives its reference or simplest rival."""
    return "".join(_naming_parts(text)) in STOCK_NAMES


def caption_part(text: str, caption_shown: str) -> str | None:
    """A specific part of a multi-part name that the caption as shown names as a word, else None."""
    parts = _naming_parts(text)
    if len(parts) < 2:
        return None
    words = set(re.findall(r"[a-z0-9]+", caption_shown.lower()))
    return next((p for p in parts if len(p) >= 3 and p not in GENERIC_WORDS and p in words), None)


def narrowed(text: str, same_kind: list[str], caption_shown: str) -> str | None:
    """Why a reader narrows ``text`` to a few guesses (one of the signs above), else None.
    ``same_kind``: the other labels of its kind in view; a stock name counts only beside them."""
    if sibling := named_like(text, same_kind):
        return f"named like '{sibling}'"
    if same_kind and stock_name(text):
        return "a stock name of a compared method"
    if part := caption_part(text, caption_shown):
        return f"the caption names its part '{part}'"
    return None
