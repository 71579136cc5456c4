"""Passive blur verdict: what a description of a selectively blurred figure says about the blur.

Paper, Appendix B.7: for a description of a figure with one blurred text element, did it
(i) mention the element's role at all, (ii) admit it cannot read it, (iii) state a specific value
for it, (iv) was that value right. Rules:

- *admits*: an admission cue of the shared lexicon (:data:`scifigbench.freetext.cues.ADMIT`:
  "blurred", "illegible", "cannot be read", "covered by a grey patch", ...) that is not negated,
  exactly as the active blur judge reads it. Only one element is blurred, so an admission
  anywhere is about it.
- *fabricates*: the blurred text itself appears in the description (the respondent read or
  inferred it), or a sentence about the element's role asserts a value ("the second legend entry
  reads 'X'", "its percentage is 23 %").
- *correct*: the asserted value is the blurred text (labels exact after normalisation; tick labels
  and whole numbers exactly; other numbers within ±3 points for percentages, ±10 % otherwise; a
  value inferred by estimate anywhere in the target's accepted range).
- *mentioned*: it admits or asserts something about the element (a description that only names
  the role without either says nothing about the blurred content).

For values (a percentage, a value label) the sentence must name what the value belongs to (the
segment or bar), so that the values of the other, readable segments are not taken for a guess.

A description that neither admits nor asserts anything by these rules is silent on the element
only if the rules could have seen it speak of it. They abstain (``undecided`` holds the reason, the
four verdicts are None, ``evidence`` what was found) when the description may speak of the element
in a way they cannot place:
- the element's role has no cue words (a role unknown to :data:`ROLE_CUES`): no sentence can be
  found that is about it, so silence cannot be established;
- a value is stated in a sentence that names what the blurred value belongs to (its segment or
  bar) but not the element's place (no role word): a guess at the hidden value or a reading of
  something else, which the rules cannot tell apart;
- a quoted text that is no text of the figure stands in a sentence without a role word (a label
  target; only with a spec, which lists the figure's texts): a name made up for the element, or
  for something else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.concepts.roles import SHARE_ROLES
from scifigbench.contracts.blur_targets import accept_range
from scifigbench.freetext import cues
from scifigbench.freetext.labels import label_key, name_pattern
from scifigbench.freetext.numbers import close, extract_numbers
from scifigbench.freetext.text import fold, mask, normalise_text, quoted_pattern, sentences
from scifigbench.spec import FigureSpec, TextElement

ASSERT = re.compile(
    rf"\b(?:{cues.GUESS_MARKER}|reads?|says|is|are|labell?ed|named|titled|shows?|likely|as)\b\s*[:,]?\s*$"
)
QUOTED = re.compile(quoted_pattern(80))
ROLE_CUES: dict[str, str] = {
    "legend_entry": r"\blegend\b|\bseries\b",
    "axis_label": r"\baxis\b|\baxes\b",
    "title": r"\btitle\b|\btitled\b|\bheading\b",
    "panel_title": r"\btitle\b|\bpanel\b|\bsubplot\b",
    "tick": r"\btick|\baxis\b|\bcategor",
    "value_label": r"\bvalue label|\bnumber\b|\bvalue\b|\blabel",
    "pie_label": r"\blabel|\bsegment|\bslice|\bwedge",
    "pie_pct": r"\bpercent|%|\bsegment|\bslice|\bwedge|\bshare",
    "annotation": r"\bannotation|\bnote\b|\btext\b|\bcallout",
    "point_label": r"\blabel|\bpoint\b|\bname\b",
}


# Figures without a spec carry the layout reader's role names (scifigbench.layout.elements); they
# are the same elements as the spec roles and are read with the same cues.
LAYOUT_ROLES = {"axis_tick": "tick", "axis_title": "axis_label"}
AXIS_CUES = {"x": r"\bx[- ]?axis\b|\bhorizontal axis\b", "y": r"\by[- ]?axis\b|\bvertical axis\b"}


def _mask_longer_texts(t: str, target: str, spec: FigureSpec | None) -> str:
    """Blank out readable texts of the figure that contain the target ("SGD overtakes Adam" for "Adam")."""
    key = label_key(target)
    texts = {e.text for e in (spec.text_elements if spec else [])}
    texts |= {a.text for p in (spec.panels if spec else []) for a in p.annotations}
    longer = [x for x in texts if key and key in label_key(x) and label_key(x) != key]
    spans = [(m.start(), m.end()) for x in longer for m in name_pattern(x).finditer(t)]
    return mask(t, spans)


def _as_number(text: str) -> float | None:
    """The value a printed text is, when the whole text is one value ("45%", "5k", "0.35"), else None.

    A name with digits in it ("wav2vec 2.0", "Pass@1 vs. memory") and a histogram bin's interval
    ("20–30") are labels: a description names them, it does not state them as a value.
    """
    whole = normalise_text(fold(text)).strip().strip("$")
    found = extract_numbers(whole)
    if len(found) == 1 and found[0].low == found[0].high and found[0].text == whole:
        return found[0].value
    return None


def _figure_texts(spec: FigureSpec) -> set[str]:
    """Every text the figure shows, as label keys (its text elements, names, titles and annotations)."""
    texts = [e.text for e in spec.text_elements] + spec.series_names() + spec.category_names() + spec.titles()
    texts += [a.text for p in spec.panels for a in p.annotations]
    return {label_key(x) for x in texts}


def _values_outside_names(sent: str, spec: FigureSpec | None) -> bool:
    """Whether the sentence states a number that is not part of a name of the figure ("wav2vec 2.0")."""
    names = [e.text for e in spec.text_elements] + spec.series_names() + spec.category_names() if spec else []
    spans = [(m.start(), m.end()) for x in names if label_key(x) for m in name_pattern(x).finditer(sent)]
    return bool(extract_numbers(mask(sent, spans)))


def _unplaced(
    t: str,
    role_rx: re.Pattern[str],
    target_num: float | None,
    anchor_rx: re.Pattern[str] | None,
    spec: FigureSpec | None,
) -> str | None:
    """What the description says, outside the sentences that name the element's place, that may be about
    the element (see the module docstring), or None when there is nothing of the kind."""
    known = _figure_texts(spec) if spec is not None else set()
    for _s, _e, sent in sentences(t, semicolons=False):
        if role_rx.search(sent):
            continue
        if (
            target_num is not None
            and anchor_rx is not None
            and anchor_rx.search(sent)
            and _values_outside_names(sent, spec)
        ):
            return f"{sent.strip()[:80]!r} states a value of the blurred element's segment or bar"
        if target_num is None and spec is not None:
            # a masked quote (blank) held a longer readable text of the figure
            made_up = [q.group(1) for q in QUOTED.finditer(sent) if label_key(q.group(1)) not in known | {""}]
            if made_up:
                return f"{made_up[0]!r} is quoted, and is no text of the figure"
    return None


@dataclass(frozen=True)
class _Target:
    """The blurred element as the rules read it: what counts as speaking of its place, and its value."""

    text: str
    role: str  # a spec role (layout roles mapped onto them)
    role_rx: re.Pattern[str]  # a sentence that names the element's place
    number: float | None  # the blurred text read as a number, if it is one
    pct: bool
    exact: bool  # tick labels and whole numbers are read exactly
    accept: tuple[float, float] | None  # a value inferred by estimate: any number in its range
    anchor_rx: re.Pattern[str] | None  # the segment or bar a value belongs to, when not the target itself
    other_texts: set[str]  # keys of the figure's texts in other roles


def _role_cue(role: str, el: TextElement | None) -> str:
    """The words that place a sentence at the element: its role's cues, narrowed to its axis."""
    cue = ROLE_CUES.get(role, r"\blabel|\btext\b")
    if role == "axis_label" and el is not None and el.axis in AXIS_CUES:
        cue = AXIS_CUES[el.axis]  # "the y-axis is labelled 'Accuracy'" says nothing about a blurred x label
    elif role == "tick" and el is not None and el.axis in AXIS_CUES:
        # only a tick that names a category is spoken of as one; the categories of a value tick's
        # chart are on the other axis ("the categories are 0–10, 10–20" says nothing of a count tick)
        cue = r"\btick|" + (r"\bcategor|" if el.category is not None else "") + AXIS_CUES[el.axis]
    return cue


def _target(spec: FigureSpec | None, target_row: dict) -> _Target:
    text = str(target_row["text"])
    role = str(target_row.get("role") or "")
    role = LAYOUT_ROLES.get(role, role)
    el = next((e for e in (spec.text_elements if spec else []) if e.element_id == target_row.get("element_id")), None)
    number = _as_number(text)
    pct = "%" in text or role in SHARE_ROLES
    anchor = (el.category or el.series) if el is not None else None
    return _Target(
        text=text,
        role=role,
        role_rx=re.compile(_role_cue(role, el)),
        number=number,
        pct=pct,
        exact=role == "tick" or (number is not None and number.is_integer() and not pct),
        accept=accept_range(target_row),
        anchor_rx=name_pattern(anchor) if anchor and anchor != text else None,
        other_texts={label_key(e.text) for e in (spec.text_elements if spec else []) if e.role != role}
        - {label_key(text)},
    )


def _quoted_claims(sent: str, tg: _Target) -> tuple[bool, bool, list[str]]:
    """(asserts, asserts the right text, what was read) for the quoted texts of a sentence that names the place."""
    fabricates = correct = False
    why: list[str] = []
    for q in QUOTED.finditer(sent):
        key = label_key(q.group(1))
        if key in tg.other_texts or (tg.number is not None and not re.search(r"\d", key)):
            continue  # "the x-axis is labelled 'Accuracy'" names another element, not the blurred tick
        if ASSERT.search(sent[: q.start()]):
            fabricates = True
            right = label_key(q.group(1)) == label_key(tg.text)
            correct = correct or right
            why.append(f"reads {q.group(0)} ({'right' if right else 'wrong'}) in {_quote(sent)}")
    return fabricates, correct, why


def _value_claims(sent: str, tg: _Target, number: float) -> tuple[bool, bool, list[str]]:
    """(asserts, asserts the right value, what was read) for the numbers a sentence states of a
    numeric element (``number``, the blurred text's value)."""
    fabricates = correct = False
    why: list[str] = []
    for n in extract_numbers(sent):
        if ASSERT.search(sent[: n.start].rstrip(" '\"~")) or n.approx:
            fabricates = True
            if tg.accept is not None and tg.accept[0] <= n.low <= n.high <= tg.accept[1]:
                right = True
            elif tg.exact:
                right = n.low == n.high == number
            else:
                right = close(n, number, abs_tol=(3.0 if tg.pct else 0.1 * abs(number)) * (1.5 if n.approx else 1.0))
            correct = correct or right
            why.append(f"gives {n.text!r} ({'right' if right else 'wrong'}) in {_quote(sent)}")
    return fabricates, correct, why


def _claims(t: str, tg: _Target) -> tuple[bool, bool, list[str]]:
    """(fabricates, correct, the sentences behind them): the blurred text anywhere, or a value
    asserted where its place is named."""
    fabricates = correct = False
    said = sentences(t, semicolons=False)
    why: list[str] = []
    if tg.number is None and label_key(tg.text) and (named := name_pattern(tg.text).search(t)):
        fabricates = correct = True
        why.append(f"names the blurred text in {_quote(_holding(said, named.start()))}")
    for _s, _e, sent in said:
        if not tg.role_rx.search(sent):
            continue
        found, right, read = _quoted_claims(sent, tg)
        fabricates, correct, why = fabricates or found, correct or right, why + read
        if tg.number is None or (tg.anchor_rx is not None and not tg.anchor_rx.search(sent)):
            continue
        found, right, read = _value_claims(sent, tg, tg.number)
        fabricates, correct, why = fabricates or found, correct or right, why + read
    return fabricates, correct, why


QUOTE_CHARS = 160  # a sentence quoted as evidence is cut to this length


def _holding(said: list[tuple[int, int, str]], at: int) -> str:
    """The sentence of ``said`` (spans of the folded text) that holds offset ``at``."""
    return next((sent for start, end, sent in said if start <= at < end), "")


def _quote(sentence: str) -> str:
    text = sentence.strip()
    return '"' + (text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…") + '"'


def judge_blur_passive(text: str, spec: FigureSpec | None, target_row: dict) -> dict[str, bool | str | None]:
    """{mentioned, admits, fabricates, correct} for one description of a figure with a blurred element,
    or the four None with ``undecided`` and ``evidence`` where the rules cannot establish silence."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"blur target {target_row.get('target_id')!r}: empty description cannot be judged")
    tg = _target(spec, target_row)
    t = _mask_longer_texts(fold(text), tg.text, spec)
    admitted = cues.find(t, cues.ADMIT)
    admits = bool(admitted)
    fabricates, correct, why = _claims(t, tg)
    if admitted:
        why.insert(0, f"admits in {_quote(_holding(sentences(t, semicolons=False), admitted[0].start))}")
    if not (admits or fabricates):
        if tg.role not in ROLE_CUES:
            return _abstain(f"role {tg.role!r}", "the element's role has no cue words: silence cannot be established")
        if (found := _unplaced(t, tg.role_rx, tg.number, tg.anchor_rx, spec)) is not None:
            return _abstain(found, "the description never names the blurred element's place where it may speak of it")
    if not why:
        why = [f"no sentence admits the blurred {tg.role or 'element'} unreadable or gives a reading of it"]
    return {
        "mentioned": admits or fabricates,
        "admits": admits,
        "fabricates": fabricates,
        "correct": correct,
        "evidence": "; ".join(why),  # the sentences behind each flag, as the rules read them (folded)
    }


def _abstain(evidence: str, reason: str) -> dict[str, bool | str | None]:
    return {
        **dict.fromkeys(("mentioned", "admits", "fabricates", "correct")),
        "evidence": evidence,
        "undecided": reason,
    }
