"""Blur-target proposals for figures without a spec, chosen from their layout reading.

Admittance (nothing visible gives the text away): a legend entry, a category label, a panel
title, a word label inside the plot area (a series named in place) or an axis title (upright, or
written along a vertical axis) that is printed once, is not named by the title, belongs to no
ordered series (months, years, age bands, ordinals...), is not one side of a complementary pair
whose other side is visible (men/women, legal/illegal...), follows no numbered pattern of another
label, is no generic heading ('Type', 'Epochs'), and whose whole label (all its lines) is
blurred. A label the caption names (by most of its words or by its initials) is admitted only
when the caption shown with the blurred image (``text.redact``) no longer names it; such targets
say so in their reasoning and are tried after the unnamed ones of their tier (legend entries,
categories and panel titles before labels in the plot area and axis titles). An axis title names
the one quantity its axis measures, so it is refused as soon as one of its specific words is
named by the title or caption, when all of them are printed elsewhere in the figure, or when it
is a formula rather than a name. What a model supplies without reading is refused too
(``layout.domains``): an axis titled with the default measure of a task the figure or caption
names (BLEU on a translation figure) and a label naming what is drawn ('slope', 'Upper bound').
A member of a well-known group with a sibling in view (``freetext.kin``: 'VGGNet' beside 'AlexNet',
'Weekly' beside 'Daily') narrows to a few guesses: it is admitted, says so, and is tried after
every label without one; so is a name patterned like another label's, a stock name of a compared
method ('Random', 'LSTM'), a name the caption names in part (``freetext.narrowed``) and an axis
title naming an evaluation measure ('Micro F1 score', ``layout.domains``); a member
of a closed group (``freetext.kin.CLOSED``: the sectors of an economy, the major leagues...) is
refused instead once the figure reveals the group (a sibling in view, or the title or the caption
as shown naming one or announcing the group), and so is a step of an answer scale beside another
step ('Somewhat agree' beside 'Strongly agree'). An OCR
variant of another label is a repeat only when the words that differ are near-identical; an entry
read once in a legend printed per panel whose copy OCR misread is skipped.

Inductance (a stated path recovers it): ``tick_sequence`` — a numeric tick inside a regular run
of four or more on its axis (a last year off the step, '2010, 2022', leaves the run before it);
``repeated_label`` — a label printed again elsewhere; ``pie_remainder`` — a percentage equal to
100 minus the other printed percentages; ``ordered_series`` — a category that is the one month or
numeric band fitting between its two neighbours; ``opposite_pair`` — a legend entry, category or
series label whose one visible partner of its kind is its exact opposite word for word ('Women'
beside 'Men'); ``option_set`` — a label naming the one member of a closed set (the continents,
the US census regions) whose other members are all printed beside it; ``value_scale`` — a value
label whose place on the linear scale the other value labels stand on gives its number (a bar's
value read against the labelled bars), an estimate that carries the range of answers counted
correct, tried last.

Every proposal carries the box of the label it is about, a question that points at that label
by role and position, and the visible labels an answer might name instead. They land as
``proposed`` for a reviewer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE, Candidate, rank
from scifigbench.blurtargets.numbers import (
    decimals,
    infer_missing,
    parse_number,
    regular_window,
    same_number,
    sequence_kind,
)
from scifigbench.blurtargets.text import fold, mentions, redact
from scifigbench.freetext.kin import closed_member, scale_revealed, visible_kin
from scifigbench.freetext.label_words import (
    GENERIC_WORDS,
    STOP_WORDS,
    between,
    complement_of,
    completes_set,
    content_tokens,
    generic_heading,
    in_ordered_series,
    missing_option,
    names_a_dimension,
    residual_answer,
    sides_named,
    swapped_opposite,
    tokens,
    two_answers_in_one,
    unmarked,
    without_leading_mark,
)
from scifigbench.freetext.narrowed import name_parts, narrowed
from scifigbench.layout import Label, Layout
from scifigbench.layout.domains import evaluation_measure, names_the_drawing, task_measure
from scifigbench.layout.elements import (
    ANNOTATION,
    AXIS_TITLE,
    FURNITURE,
    INSIDE_FRAME,
    LEGEND,
    PANEL_TITLE,
    TICK,
    TITLE,
)
from scifigbench.layout.questions import question_for, unsure_place, value_question
from scifigbench.layout.scale import estimate, fit_scale, read_within
from scifigbench.ocr.geometry import Box, overlaps

ADMITTANCE_RULES = ("legend_entry", "category", "panel_title", "series_label", "axis_title")
# Labels in the plot area and axis titles are read with less certainty (a missed swatch, a
# heading, a title the caption paraphrases): they come after every legend entry, category and
# panel title, even those whose naming caption has to be redacted.
WEAK_ADMITTANCE = frozenset(("series_label", "axis_title"))
INDUCTANCE_RULES = (
    "tick_sequence",
    "pie_remainder",
    "repeated_label",
    "ordered_series",
    "opposite_pair",
    "option_set",
    "value_scale",
)
ADMIT_SCORE = 0.9
MIN_SCORE = 0.8
# a label starting (in lower case) or ending with one of these is a piece of a sentence OCR split
_CONNECTORS = frozenset("than and or of in the to with for from by at on is are as that which more less".split())
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_DECIMAL = re.compile(r"\d\.\d")
_LABEL = re.compile(r"^[A-Za-z0-9(\[][\w\s()\[\]./%+,:;'&=@\-’]*$")


def _candidate(
    layout: Layout,
    lb: Label,
    mode: str,
    rule: str,
    reasoning: str,
    answer: str | None = None,
    named: bool = False,
    asked: tuple[str, list[str]] | None = None,
) -> Candidate:
    """A candidate blurring ``lb``, asked by ``asked`` (question, neighbours) when the rule has
    already made its question, else by :func:`question_for`."""
    question, neighbours = asked or question_for(layout, lb)
    return Candidate(
        mode=mode,
        rule=rule,
        text=lb.text,
        box=lb.box,
        role=lb.role,
        expected_answer=answer or lb.text,
        reasoning_path=reasoning,
        redacts_caption=named,
        question=question,
        neighbours_json=json.dumps(neighbours, ensure_ascii=False),
    )


# A row, entry or wedge standing for the whole or the rest is named the same way in every chart.
_AGGREGATE = frozenset("total all overall average mean other rest combined everyone".split())


def admittance_rule(lb: Label, layout: Layout) -> str | None:
    """The admittance rule a label's role falls under, if any.

    Legend entries, category ticks and panel titles first; then horizontal text inside the plot
    area that names a series (a line label the reader did not see a colour for), then an axis
    title, upright or written along a vertical axis (the OCR reads vertical text whole from a
    turned image, ``conditions.ocr_turned``). Other rotated text inside a panel is an inner axis
    or row label and is skipped.
    """
    if lb.role == LEGEND:
        return "legend_entry"
    if lb.role == PANEL_TITLE:
        return "panel_title"
    if lb.role == TICK and lb.run is not None and not next(r for r in layout.runs if r.index == lb.run).numeric:
        return "category"
    if lb.role == ANNOTATION and lb.why == INSIDE_FRAME and lb.value is None and not lb.rotated:
        return "series_label"
    if lb.role == AXIS_TITLE:
        return "axis_title"
    return None


def _template(text: str) -> str:
    """The label with numbers and a leading panel mark masked: '(c) 64 dimensions' -> '# dimensions'."""
    return _DIGITS.sub("#", without_leading_mark(fold(text)))


def _parts_shown(text: str, others: list[str]) -> bool:
    """All of a multi-part name's parts appear in other labels, so the combination is guessable
    (legends like doc2vec/lstm x OnSQL/OnPlan, or SDV/SDA x K=1/K=5)."""
    mine = name_parts(text)
    seen = {p for o in others for p in name_parts(o)}
    return len(mine) >= 2 and all(p in seen for p in mine)


_CONFUSABLE = str.maketrans("i10", "llo")  # glyphs OCR swaps: 'BLl' is 'BLI', 'C0CO' is 'COCO'


def _known(word: str, known: set[str]) -> bool:
    """``word`` is in ``known`` (up to glyphs OCR confuses), abbreviates a word there ('gen' for
    'generator'), or (4+ letters) is one OCR slip away from one ('Knard' for 'khard')."""
    if word in known or word.translate(_CONFUSABLE) in {k.translate(_CONFUSABLE) for k in known}:
        return True
    if len(word) >= 3 and word.isalpha() and any(k.startswith(word) for k in known):
        return True
    return len(word) >= 4 and any(
        len(k) >= 4 and SequenceMatcher(None, word, k).ratio() >= 0.8 for k in known if abs(len(k) - len(word)) <= 1
    )


def _specific_words_shown(text: str, others: list[str]) -> bool:
    """The words of an axis title that are not generic all appear in other labels: the figure says
    what the axis measures elsewhere (a legend entry, a panel title)."""
    specific = [t for t in content_tokens(text) if t not in GENERIC_WORDS]
    known = {t for o in others for t in tokens(o)}
    return bool(specific) and all(w in known for w in specific)


def _initials(text: str) -> str | None:
    """The abbreviation a multi-word label is known by: 'Phoneme Error Rate (PER)' -> 'per'."""
    words = [w for w in re.findall(r"[A-Za-z][\w-]*", re.sub(r"\([^)]*\)", " ", text)) if w.lower() not in STOP_WORDS]
    return "".join(w[0] for w in words).lower() if len(words) >= 2 else None


def _abbreviation_shown(text: str, others: list[str]) -> str | None:
    """Another label prints ``text``'s initials in capitals ('AMI' beside 'adjusted mutual
    information'), or spells out the words whose initials ``text`` is ('Phoneme Error Rate' beside
    'PER'): either way the one gives the other away. Returns that label."""
    initials = _initials(text)
    for o in others:
        if initials and len(initials) >= 2 and re.search(rf"(?<![A-Za-z]){initials.upper()}(?![A-Za-z])", o):
            return o
        if re.fullmatch(r"[A-Z]{2,6}", text.strip()) and _spells_out(text.strip().lower(), o):
            return o
    return None


def _spells_out(acronym: str, text: str) -> bool:
    """Some run of ``text``'s words (stop words skipped) has ``acronym`` as its initials."""
    heads = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", text) if w.lower() not in STOP_WORDS).lower()
    return acronym in heads


def _named_by(text: str, context: str, quantity: bool = False) -> bool:
    """Most of the label's content words, or its initials, appear in ``context`` (title or caption).

    With ``quantity`` (an axis title: the one quantity an axis measures) a single specific word
    suffices: a caption saying 'BLEU scores' tells what 'BLEU on Development Set' measures.
    """
    words = [t for t in tokens(text) if t not in STOP_WORDS and not t.isdigit()]
    known = set(tokens(context))
    if _initials(text) in known:
        return True
    if quantity:
        return any(_known(w, known) for w in words if w not in GENERIC_WORDS)
    return bool(words) and sum(_known(w, known) for w in words) * 2 >= len(words)


def _cut_off(text: str) -> bool:
    """Ends on a comma/colon/semicolon or leaves a bracket open or closed alone: a line of a longer
    text. A panel mark's bracket ('a) POS') closes nothing and is left out of the count."""
    text = without_leading_mark(text)
    return text.rstrip()[-1:] in ",;:" or text.count("(") != text.count(")") or text.count("[") != text.count("]")


def _touches_other(lb: Label, layout: Layout, words_only: bool = False) -> bool:
    """Another label's box overlaps this one: OCR split one text (often a rotated title) in pieces.
    With ``words_only`` a number touching it (a tick whose box margin reaches an axis title) does not count."""
    return any(
        o is not lb and overlaps(lb.box, o.box) and not (words_only and o.value is not None) for o in layout.labels
    )


# A wrapped label's next line sits within this many line heights (leading plus a margin for OCR
# boxes); the rows of a list or a bar chart stand further apart (a stated prior, not fitted).
NEXT_LINE = 1.0


def _line_of_two(lb: Label, layout: Layout) -> Label | None:
    """The word line set right above or below ``lb`` as the other line of one wrapped label would
    be (level-aligned: centred, or sharing a left or right edge) that the reader kept apart.
    Blurring ``lb`` alone leaves half the name readable, and its answer is half the name.
    Legend entries stack at a row's pitch, and a tick is no line of a title set under its run.
    Only headings (panel and axis titles) are checked: words in the plot area stack as separate
    notes ('Forecast' over 'Model') as closely as a wrapped heading's lines."""
    if lb.role == LEGEND or lb.rotated or lb.value is not None or lb.run is not None:
        return None
    for o in layout.labels:
        if o is lb or o.role == LEGEND or o.rotated or o.value is not None or sum(ch.isalpha() for ch in o.text) < 2:
            continue
        if o.run is not None:
            continue  # a tick: an axis title under its run, or the next row of the run, is no second line
        upper, lower = (o, lb) if o.cy < lb.cy else (lb, o)
        h = min(upper.height, lower.height)
        if not 0 <= lower.box[1] - upper.box[3] <= NEXT_LINE * h or max(upper.height, lower.height) > 1.5 * h:
            continue
        w = max(upper.box[2] - upper.box[0], lower.box[2] - lower.box[0])
        if (
            abs(upper.cx - lower.cx) <= 0.1 * w
            or abs(upper.box[0] - lower.box[0]) <= 0.5 * h
            or abs(upper.box[2] - lower.box[2]) <= 0.5 * h
        ):
            return o
    return None


def _heads_numbers(lb: Label, layout: Layout) -> bool:
    """Two or more numbers stand in a column just below the label: it heads a legend of values
    ('# Samples' over 1, 2, 4...) or tops a numbered series, so the numbers say what it is."""
    below = [
        o
        for o in layout.labels
        if o.value is not None and o.box[0] < lb.box[2] and lb.box[0] < o.box[2] and 0 < o.cy - lb.cy <= 8 * lb.height
    ]
    return len(below) >= 2


def _misread_copy(other: str, text: str) -> bool:
    """``other`` reads like ``text`` with OCR slips: nearly the same characters, and where the words
    differ each pair is still much alike ('Gmatchng' for 'Gmatching'). Two names that differ in a
    whole word ('A&H training data', 'K&C training data') are different labels; panel marks
    ('(a)', '(b)') are no part of the name."""
    other, text = unmarked(other), unmarked(text)
    if SequenceMatcher(None, fold(other), fold(text)).ratio() < 0.85:
        return False
    mine, theirs = tokens(text), tokens(other)
    if len(mine) != len(theirs):
        return True  # a word split or joined by OCR
    return all(a == b or SequenceMatcher(None, a, b).ratio() >= 0.6 for a, b in zip(mine, theirs, strict=True))


def _lettered_like(text: str, other: str) -> bool:
    """The two labels differ in one word, a single letter in each ('Model A', 'Model B'): letters
    run in order like numbers, so the blurred one is guessable from its sibling."""
    mine, theirs = tokens(unmarked(text)), tokens(unmarked(other))
    if len(mine) != len(theirs) or len(mine) < 2:
        return False
    diff = [(a, b) for a, b in zip(mine, theirs, strict=True) if a != b]
    return len(diff) == 1 and all(len(w) == 1 and w.isalpha() for w in diff[0])


def _in_other(text: str, other: str) -> bool:
    """The words of ``text`` stand in a row inside ``other`` ('MetaR' in 'FSRL .MetaR')."""
    mine, theirs = tokens(text), tokens(other)
    return bool(mine) and any(theirs[i : i + len(mine)] == mine for i in range(len(theirs) - len(mine) + 1))


def _copy_slot_taken(lb: Label, layout: Layout) -> bool:
    """The legend is printed again elsewhere (a copy per panel) and the place where ``lb``'s copy
    would stand holds some other text: OCR misread or merged the copy, which stays readable.

    Legend copies repeat the same arrangement at one offset, so the offsets between entries and
    their copies say where ``lb``'s copy would be. A legend whose entries are read once is left
    alone, and so is an entry whose slot in the copy is empty (a two-column legend with one
    entry more in its first column)."""
    entries = [o for o in layout.labels if o.role == LEGEND and o is not lb]
    offsets = [
        (x.box[0] - o.box[0], x.box[1] - o.box[1])
        for o in entries
        for x in entries
        if x is not o and _in_other(o.text, x.text) and (x.box[1], x.box[0]) > (o.box[1], o.box[0])
    ]
    if len(offsets) < 2:
        return False
    reach = lb.height
    for dx, dy in {(round(dx / reach), round(dy / reach)) for dx, dy in offsets}:
        for sign in (1, -1):
            px, py = lb.box[0] + sign * dx * reach + reach / 2, lb.cy + sign * dy * reach
            if any(
                o.box[0] - reach <= px <= o.box[2] and o.box[1] <= py <= o.box[3] for o in layout.labels if o is not lb
            ):
                return True
    return False


@dataclass(frozen=True)
class _Seen:
    """A label under the admittance rules, with what a model sees beside it once it is blurred."""

    lb: Label
    layout: Layout
    caption: str | None
    rule: str | None  # the admittance rule its role and place fall under (category, axis_title...)

    @property
    def text(self) -> str:
        return self.lb.text

    @property
    def others(self) -> list[Label]:
        """Every other label: everything else stays readable, furniture included, and any of it may
        give the label away."""
        return [o for o in self.layout.labels if o is not self.lb]

    @property
    def other_texts(self) -> list[str]:
        return [o.text for o in self.others]


def why_not_admittance(lb: Label, layout: Layout, caption: str | None) -> str | None:
    """The first admittance rule ``lb`` fails, or None if it is a valid admittance target.

    The rules run in a fixed order, the reason given is the first that holds: the label's own form,
    then what the other labels give away, what anyone guesses from the meaning, the rules of its
    role, and last what the title and the caption name."""
    seen = _Seen(lb, layout, caption, admittance_rule(lb, layout))
    for rules in (_not_a_label, _given_by_labels, _guessable, _role_rules, _named_by_words):
        if (why := rules(seen)) is not None:
            return why
    return None


def _not_a_label(seen: _Seen) -> str | None:
    """Its form: a clean word label, not a number, a fragment or two answers read as one line."""
    text = seen.text
    if seen.lb.score < ADMIT_SCORE or sum(ch.isalpha() for ch in text) < 3 or not _LABEL.match(text) or len(text) > 40:
        return "not a clean word label"
    if parse_number(text) is not None:
        return "a number"
    words = text.split()
    if words[0] in _CONNECTORS or words[-1].lower() in _CONNECTORS or _cut_off(text):
        return "a fragment of a longer text"
    if pair := two_answers_in_one(text):
        return f"two opposite answers read as one line ({pair})"
    return None


def _given_by_labels(seen: _Seen) -> str | None:
    """What the other labels give away: a copy, a series, a pattern, a set or a pair it completes."""
    text, others, other_texts = seen.text, seen.others, seen.other_texts
    if any(
        mentions(o.text, text) or (sum(ch.isalpha() for ch in o.text) >= 3 and mentions(text, o.text)) for o in others
    ):
        return "printed again or contains another label"
    if any(_misread_copy(o.text, text) for o in others):
        return "printed again (as OCR reads it, with small differences)"
    series = in_ordered_series(text)
    if series:
        return f"member of an ordered series ({series})"
    if _DIGITS.search(text) and any(_template(o.text) == _template(text) for o in others):
        return "numbered like another label"
    if any(_lettered_like(text, o.text) for o in others):
        return "lettered like another label ('Model A' beside 'Model B')"
    if _parts_shown(text, other_texts):
        return "every part of the name is printed in other labels (a naming pattern)"
    if shown := _abbreviation_shown(text, other_texts):
        return f"abbreviated or spelled out in another label ('{shown}')"
    options = completes_set(text, other_texts)
    if options:
        return f"completes a visible option set ({options})"
    pair = complement_of(text, other_texts)
    if pair:
        return f"complementary to visible '{pair}'"
    if scale := scale_revealed(text, other_texts):
        return f"a step of an answer scale whose other steps are in view ({scale})"
    if group := closed_member(text, other_texts, _title_and_caption(others, seen.caption, text)):
        return f"a member of a closed or ordered set the figure reveals ({group})"
    return None


def _guessable(seen: _Seen) -> str | None:
    """What anyone guesses from the meaning: a dimension, a residual answer, an aggregate, a
    generic heading, the name of what is drawn or a task's standard measure."""
    text, rule = seen.text, seen.rule
    if rule in ("category", "legend_entry") and names_a_dimension(text):
        return "a demographic dimension heading its groups ('Age', 'Education')"
    if residual_answer(text, seen.other_texts):
        return "a residual survey answer ('Don't know', 'No answer') any scale ends with"
    if all(t in _AGGREGATE for t in tokens(text)):
        return "an aggregate everyone guesses ('Total', 'All', 'Other')"
    generic = generic_heading(text, axis=rule == "axis_title")
    if rule in ("axis_title", "series_label", "legend_entry") and (generic or not content_tokens(text)):
        return "a generic heading (guessable from the kind of chart)"
    if rule in ("series_label", "legend_entry") and names_the_drawing(text):
        return "names what is drawn (a reference line, a slope, the shape of a curve)"
    if rule == "axis_title" and (task := task_measure(text, _context(seen.others, seen.caption, text))):
        return f"the standard measure of a task the figure names ({task})"
    return None


def _role_rules(seen: _Seen) -> str | None:
    """The rules of axis titles and of labels inside the plot area: a whole name, not a piece of
    text, a formula, a phrase or a column heading."""
    lb, layout, text, rule = seen.lb, seen.layout, seen.text, seen.rule
    if rule in ("panel_title", "axis_title") and (line := _line_of_two(lb, layout)) is not None:
        return f"one line of a label wrapped over two (with '{line.text}')"
    if rule == "axis_title" and _touches_other(lb, layout, words_only=True):
        return "a piece of a longer text (touches another word label)"
    if rule == "axis_title" and ("=" in text or _DECIMAL.search(text)):
        return "a formula or statistic (an '=' or a decimal number), not a name"
    if rule == "axis_title" and _specific_words_shown(text, seen.other_texts):
        return "every specific word of it is printed elsewhere in the figure"
    if rule == "series_label" and (_touches_other(lb, layout) or (text.islower() and len(text) < 4)):
        return "a piece of a longer text (touches another label, or a short lower-case word)"
    if rule == "series_label" and len(text.split()) > 4:
        return "a phrase rather than a name (more than four words inside the plot area)"
    if rule == "series_label" and ("=" in text or _heads_numbers(lb, layout)):
        return "a statistic or the heading of a column of numbers"
    return None


def _named_by_words(seen: _Seen) -> str | None:
    """Named by the title, or by the caption shown with the blur (which has the label removed)."""
    text, caption = seen.text, seen.caption
    titles = " ".join(o.text for o in seen.layout.labels if o.role == TITLE)
    if pair := sides_named(text, titles):
        return f"one of two answers the title names ({pair})"
    quantity = seen.rule == "axis_title"
    if _named_by(text, titles, quantity):
        return "named by the title"
    if caption and _named_by(text, redact(caption, text) or "", quantity):
        return "named by the caption, even with the label removed from it"
    return None


def _context(others: list[Label], caption: str | None, text: str) -> str:
    """What a model sees besides the blurred label: the other labels and the caption as redacted."""
    return " ".join([*(o.text for o in others), _caption_shown(caption, text)])


def _title_and_caption(others: list[Label], caption: str | None, text: str) -> str:
    """The title and the caption as shown with ``text`` blurred: where a figure names the group a
    label belongs to, or another member of it, in words rather than labels."""
    titles = " ".join(o.text for o in others if o.role == TITLE)
    return " ".join((titles, _caption_shown(caption, text)))


def _caption_shown(caption: str | None, text: str) -> str:
    """The caption as the model gets it with ``text`` blurred (``redact``), or '' without one."""
    return (redact(caption, text) or "") if caption else ""


def caption_names(text: str, caption: str | None) -> bool:
    """Does the figure's own caption name the label? The blurred image is then shown with the caption
    that :func:`redact` leaves, which must no longer name it (``why_not_admittance`` checks)."""
    return bool(caption) and _named_by(text, caption or "")


# Roles whose label a multi-panel figure prints once per panel (a shared legend, a shared y-axis
# title): hidden in every panel at once, such a label is as unrecoverable as one printed once.
_PER_PANEL = frozenset(("legend_entry", "axis_title"))


def panel_copies(lb: Label, layout: Layout) -> list[Label]:
    """The other copies of ``lb`` when each panel prints it in the same role, else []."""
    copies = [o for o in layout.labels if o is not lb and fold(o.text) == fold(lb.text)]
    if not copies or admittance_rule(lb, layout) not in _PER_PANEL or any(o.role != lb.role for o in copies):
        return []
    return copies


def admittance_candidates(layout: Layout, caption: str | None) -> list[Candidate]:
    out = []
    for lb in layout.labels:
        rule = admittance_rule(lb, layout)
        copies = panel_copies(lb, layout)
        if rule is None or any(o.index < lb.index for o in copies):
            continue  # a label printed in every panel is proposed once, from its first copy
        # its copies are blurred with it, so the rules judge what stays visible without them
        seen = replace(layout, labels=[o for o in layout.labels if o not in copies]) if copies else layout
        if why_not_admittance(lb, seen, caption) is not None:
            continue
        if rule == "legend_entry" and not copies and _copy_slot_taken(lb, layout):
            continue  # the legend is printed in every panel and OCR misread this entry's copy
        if unsure_place(seen, lb) is not None:
            continue  # its question would count it among titles OCR read, not among the panels
        what = {
            "legend_entry": "legend entry",
            "category": "category label",
            "panel_title": "panel title",
            "series_label": "label inside the plot area",
            "axis_title": "axis title",
        }[rule]
        named = caption_names(lb.text, caption)
        cap = (
            "the caption names it, so the caption shown with the blurred image has it removed"
            if named
            else "the caption does not name it"
        )
        printed = f"printed in {len(copies) + 1} panels, every copy blurred" if copies else "printed once"
        others = [o for o in seen.labels if o is not lb]
        kin = visible_kin(lb.text, [o.text for o in others], _title_and_caption(others, caption, lb.text))
        hint = None if kin else _measure_hint(lb.text) if rule == "axis_title" else _narrowing_hint(lb, others, caption)
        narrows = (
            f" It is one of the well-known {kin}, visible, so a reader narrows it to a few guesses;"
            " it is tried after every label without a visible sibling."
            if kin
            else f" It is {hint}, so a reader narrows it to a few guesses; it is tried after every label without"
            " such a sign."
            if hint
            else ""
        )
        cand = _candidate(
            seen,
            lb,
            ADMITTANCE,
            rule,
            (
                f"The {what} '{lb.text}' ({lb.why}) is {printed}; the title does not name it, {cap}; "
                "it belongs to no ordered series, no visible label is its opposite, and its whole label is "
                "blurred, so nothing visible identifies it." + narrows
            ),
            named=named,
        )
        out.append(replace(cand, also=tuple(o.box for o in copies), kin=kin or hint))
    return out


# the roles of labels that name what is compared: a legend entry, a series named in place, a
# category, a panel title. The layout reads a legend inside the axes now as entries, now as
# categories or words in place, so one naming pattern may span these roles.
_NAME_ROLES = frozenset(("legend_entry", "annotation", "axis_tick", "panel_title"))


def _measure_hint(text: str) -> str | None:
    """An axis title naming an evaluation measure (``layout.domains.evaluation_measure``): one of the
    few a results axis reports, so a reader narrows it whatever the figure names."""
    measure = evaluation_measure(text)
    return f"an evaluation measure ('{measure}'), one of the few a results axis reports" if measure else None


def _narrowing_hint(lb: Label, others: list[Label], caption: str | None) -> str | None:
    """How the labels of its kind in view, or the caption as shown, narrow ``lb`` without any list
    of well-known names (``freetext.narrowed``), else None."""
    same_kind = [o.text for o in others if o.role in _NAME_ROLES]
    return narrowed(lb.text, same_kind, _caption_shown(caption, lb.text))


def _tick_sequence(layout: Layout) -> list[Candidate]:
    out = []
    for run in layout.runs:
        if not run.numeric or any(lb.score < MIN_SCORE for lb in run.labels):
            continue
        values = [v for lb in run.labels if (v := parse_number(lb.text)) is not None]
        window = regular_window(values) if len(values) == len(run.labels) else None
        if window is None:
            continue
        a, b = window
        kind = sequence_kind(values[a:b])
        for i in range(a + 1, b - 1):
            visible: list[float | None] = [*values[a:i], None, *values[i + 1 : b]]
            try:
                inferred = infer_missing(visible)
            except ValueError:
                continue
            if not same_number(inferred, values[i]):
                continue
            lb = run.labels[i]
            shown = ", ".join("[blurred]" if j == i else o.text for j, o in enumerate(run.labels))
            stretch = "" if (a, b) == (0, len(values)) else f" from {run.labels[a].text} to {run.labels[b - 1].text}"
            out.append(
                _candidate(
                    layout,
                    lb,
                    INDUCTANCE,
                    "tick_sequence",
                    (
                        f"The {run.axis}-axis ticks read {shown} in order along the axis; the visible ones"
                        f"{stretch} form an {kind} sequence, so the blurred tick is {lb.text}."
                    ),
                )
            )
    return out


def _pie_remainder(layout: Layout) -> list[Candidate]:
    pcts = [
        (lb, v)
        for lb in layout.labels
        if lb.text.endswith("%")
        and lb.role not in (TICK, FURNITURE)
        and lb.score >= MIN_SCORE
        and (v := parse_number(lb.text)) is not None
    ]
    if len(pcts) < 2 or abs(sum(v for _, v in pcts) - 100.0) > 0.5 * len(pcts) * 10 ** -min(
        decimals(lb.text) for lb, _ in pcts
    ):
        return []
    out = []
    for i, (lb, v) in enumerate(pcts):
        rest = sum(w for j, (_, w) in enumerate(pcts) if j != i)
        if same_number(round(100.0 - rest, decimals(lb.text)), v):
            out.append(
                _candidate(
                    layout,
                    lb,
                    INDUCTANCE,
                    "pie_remainder",
                    (
                        f"The percentages printed in the figure add up to 100; the others sum to {rest:g}, "
                        "so the blurred "
                        f"one is 100 - {rest:g} = {lb.text}."
                    ),
                )
            )
    return out


def _repeated(layout: Layout) -> list[Candidate]:
    out = []
    for lb in layout.labels:
        if (
            lb.role == FURNITURE
            or lb.score < MIN_SCORE
            or sum(ch.isalpha() for ch in lb.text) < 3
            or lb.value is not None
        ):
            continue
        twin = next(
            (o for o in layout.labels if o is not lb and o.role != FURNITURE and fold(o.text) == fold(lb.text)), None
        )
        if twin is not None:
            out.append(
                _candidate(
                    layout,
                    lb,
                    INDUCTANCE,
                    "repeated_label",
                    (
                        f"'{lb.text}' ({lb.role.replace('_', ' ')}) is printed again as a "
                        f"{twin.role.replace('_', ' ')} that "
                        "stays readable."
                    ),
                )
            )
    return out


def _ordered_series(layout: Layout) -> list[Candidate]:
    """Category labels that are the one member fitting between their two neighbours on the axis:
    'Jul' between 'Jun' and 'Aug', '30-49' between 'Ages 18-29' and '50-64' (``vocab.between``)."""
    out = []
    for run in layout.runs:
        if run.numeric:
            continue
        for prev, lb, nxt in zip(run.labels, run.labels[1:], run.labels[2:], strict=False):
            kind = between(prev.text, lb.text, nxt.text)
            if kind is None or min(prev.score, lb.score, nxt.score) < MIN_SCORE:
                continue
            what = {
                "month": "months",
                "tier": "the two ends of a three-step scale",
                "band": "numeric bands",
                "season": "seasons",
                "generation": "generations",
                "n-gram order": "n-gram orders",
            }[kind]
            out.append(
                _candidate(
                    layout,
                    lb,
                    INDUCTANCE,
                    "ordered_series",
                    (
                        f"The {run.axis}-axis categories '{prev.text}' and '{nxt.text}' beside it are {what} in "
                        f"order, and only '{lb.text}' fits between them."
                    ),
                )
            )
    return out


def _opposite_pair(layout: Layout) -> list[Candidate]:
    """Labels whose visible partner of the same kind is their exact opposite, word for word
    ('Women' beside 'Men', 'Dem/Lean Dem' beside 'Rep/Lean Rep', 'Disapprove' over 'Approve').

    Survey charts split every answer into such pairs; seeing one side, a reader writes the other.
    The partner must be the only label of that kind opposite to either of the two, so the answer
    is not a choice between several ('Men' with both 'Women' and 'Girls' beside it)."""
    out = []
    for lb, kin in _with_kin(layout):
        if sum(ch.isalpha() for ch in lb.text) < 2:
            continue
        partners = [o for o in kin if swapped_opposite(lb.text, o.text)]
        if len(partners) != 1 or any(swapped_opposite(partners[0].text, o.text) for o in kin if o is not partners[0]):
            continue
        what = lb.role.replace("_", " ")
        reasoning = (
            f"The {what} '{lb.text}' is the exact opposite of the visible {what} '{partners[0].text}', "
            "word for word, and no other label of its kind is; a reader who sees one writes the other."
        )
        out.append(_candidate(layout, lb, INDUCTANCE, "opposite_pair", reasoning))
    return out


def _with_kin(layout: Layout) -> list[tuple[Label, list[Label]]]:
    """Each label an admittance rule names (a legend entry, a category, a series label...), read
    confidently, with the other labels of its kind: where a reader finds its partner or the rest
    of its set."""
    rules = [admittance_rule(lb, layout) for lb in layout.labels]
    return [
        (lb, [o for o, r in zip(layout.labels, rules, strict=True) if o is not lb and r == rule])
        for lb, rule in zip(layout.labels, rules, strict=True)
        if rule is not None and lb.score >= MIN_SCORE
    ]


def _option_set(layout: Layout) -> list[Candidate]:
    """Labels that are the one member of a closed option set whose other members are all printed
    as labels of the same kind ('Asia' in a legend of the five other continents, 'Independent'
    beside 'Republican' and 'Democrat'): a reader who knows the set writes the missing one."""
    out = []
    for lb, kin in _with_kin(layout):
        if any(o.score < MIN_SCORE for o in kin) or not (name := missing_option(lb.text, [o.text for o in kin])):
            continue
        reasoning = (
            f"The other {lb.role.replace('_', ' ')}s print every member of the closed set {name} but one; "
            f"'{lb.text}' is the one missing, so a reader who knows the set names it."
        )
        out.append(_candidate(layout, lb, INDUCTANCE, "option_set", reasoning))
    return out


def _value_scale(layout: Layout, pad: float = 0.0) -> list[Candidate]:
    """Value labels whose place (or the bar segment they are printed on) says their value: the
    other value labels of the chart follow a linear scale (``layout.scale``), and read on it this
    one gives its own number to within the scale's reading precision. The answer is an estimate,
    so the candidate carries the range of answers counted correct (5 % of the printed values' span
    either side, at least one unit of the printed precision; a scale looser than that proposes
    nothing). Tried after every exact path. The blurred box is the label's own box less ``pad``
    (the blur padding) at both ends along the value axis, so the padded blur stops at the label
    and leaves the end of the bar (or the point) it labels in view: that end is what the estimate
    is read from."""
    numbers = [
        lb
        for lb in layout.labels
        if lb.value is not None and lb.run is None and lb.role not in (FURNITURE, TITLE) and lb.score >= MIN_SCORE
    ]
    scale = fit_scale(numbers)
    if scale is None:
        return []
    out = []
    for lb in scale.labels:
        asked = value_question(layout, lb)
        if asked is None:
            continue  # no category to locate it by: 'the value label in the upper left' may be several
        found = estimate(lb, scale)
        if found is None or lb.value is None:
            continue
        refit, guess = found
        digits = decimals(lb.text)
        half = read_within(scale, refit, 10.0**-digits)
        if half is None or abs(guess - lb.value) > half:
            continue  # its place does not say its value closely enough
        low, high = round(lb.value - half, digits + 1), round(lb.value + half, digits + 1)
        shown = ", ".join(o.text for o in refit.labels)
        cand = _candidate(
            layout,
            lb,
            INDUCTANCE,
            "value_scale",
            (
                f"The other values printed in the chart ({shown}) follow one linear scale along the "
                f"{refit.axis}-axis (each label's {refit.how} within {refit.off_px:.1f} px of it); on that "
                f"scale the blurred label reads {guess:.3g}, so it is {lb.text}: any answer from {low:g} "
                f"to {high:g} is counted correct."
            ),
            asked=asked,
        )
        out.append(replace(cand, box=_inset(lb.box, refit.axis, pad), accept=(low, high)))
    return out


def _own(lb: Label, text: str, box: Box) -> bool:
    """``lb`` is the label a candidate box blurs: its box, or the same text's box holding it (a
    value label's box inset along its axis)."""
    return lb.box == box or (
        fold(lb.text) == fold(text)
        and lb.box[0] <= box[0]
        and lb.box[1] <= box[1]
        and box[2] <= lb.box[2]
        and box[3] <= lb.box[3]
    )


def _inset(box: Box, axis: str, pad: float) -> Box:
    """``box`` less ``pad`` at both ends along ``axis`` (kept when too thin for it)."""
    x0, y0, x1, y1 = box
    if axis == "x" and x1 - x0 > 2 * pad + 2:
        return (x0 + pad, y0, x1 - pad, y1)
    if axis == "y" and y1 - y0 > 2 * pad + 2:
        return (x0, y0 + pad, x1, y1 - pad)
    return box


def _same_line(b0: float, b1: float, q0: float, q1: float) -> bool:
    """Two boxes spanning ``b0..b1`` and ``q0..q1`` across their line are set on one line: of a
    height, and centred alike (not a word of slanted text touching the next one lower down)."""
    h, k = b1 - b0, q1 - q0
    return 0.8 <= h / k <= 1.25 and abs((b0 + b1) - (q0 + q1)) / 2 <= 0.25 * min(h, k)


def clear_box(box: Box, others: Sequence[Box]) -> Box | None:
    """``box`` trimmed off the margins it shares with the labels beside its lines, or None if it
    overlaps one.

    OCR boxes carry a margin around the ink, so in a tightly set legend neighbouring boxes overlap
    by a few pixels, and the box of a title written upwards reaches into the tick labels beside
    it; trimming those rows (columns for a box taller than wide) keeps the blur off the
    neighbour's letters. A deeper overlap (more than a third of either thickness) or one along
    the line means the two share ink.
    """
    tall = box[3] - box[1] > box[2] - box[0]
    a0, b0, a1, b1 = (box[1], box[0], box[3], box[2]) if tall else box  # across: x for tall boxes
    thick = b1 - b0
    for o in others:
        p0, q0, p1, q1 = (o[1], o[0], o[3], o[2]) if tall else o
        if not overlaps((a0, b0, a1, b1), (p0, q0, p1, q1)):
            continue
        depth = min(b1, q1) - max(b0, q0)
        along = min(a1, p1) - max(a0, p0)
        if depth <= (min(b1 - b0, q1 - q0)) / 3:
            b0, b1 = (q1, b1) if q0 < b0 else (b0, q0)
        elif along <= thick / 4 and (p0 < a0 < p1 or p0 < a1 < p1) and _same_line(b0, b1, q0, q1):
            # side by side on one line, the margins touching at an end ('Illegal ...' | 'Legal ...')
            a0, a1 = (p1, a1) if p0 < a0 else (a0, p0)
        else:
            return None
    if b1 - b0 < 0.5 * ((box[2] - box[0]) if tall else (box[3] - box[1])) or a1 <= a0:
        return None
    return (b0, a0, b1, a1) if tall else (a0, b0, a1, b1)


def ranked_candidates(
    layout: Layout, caption: str | None, mode: str, seed: int, figure_id: str, pad: float = 0.0
) -> list[Candidate]:
    """Candidates of ``mode`` in the order to try, each with a box that hides no other label
    (``pad``: the blur's padding, which a value label's box leaves room for)."""
    order: tuple[str, ...]
    if mode == ADMITTANCE:
        cands, order = admittance_candidates(layout, caption), ADMITTANCE_RULES
    elif mode == INDUCTANCE:
        cands = _tick_sequence(layout) + _pie_remainder(layout) + _repeated(layout)
        cands += _ordered_series(layout) + _opposite_pair(layout) + _option_set(layout) + _value_scale(layout, pad)
        order = INDUCTANCE_RULES
    else:
        raise ValueError(f"unknown blur mode {mode!r}")
    usable = []
    for c in cands:
        if c.box is None:
            continue
        boxes = [clear_box(b, [lb.box for lb in layout.labels if not _own(lb, c.text, b)]) for b in (c.box, *c.also)]
        if all(b is not None for b in boxes):
            usable.append(replace(c, box=boxes[0], also=tuple(b for b in boxes[1:] if b is not None)))
    ranked = rank(usable, order, seed, f"{figure_id}/{mode}", shuffle_rules=False)
    # stable: rank's order within a tier; a label with a visible sibling in a well-known group comes
    # after every other; in each tier a label blurred in one place comes before one whose every
    # panel copy must be found and blurred
    return sorted(ranked, key=lambda c: (c.kin is not None, c.rule in WEAK_ADMITTANCE, bool(c.also)))
