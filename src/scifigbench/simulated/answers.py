"""Simulated answers to questions: capability, resistance probes and the active blur question.

Each answer is drawn from the profile (correct or not; resists, hedges or accepts; admits,
fabricates, right or wrong) and then worded in one of several ways. Wrong answers are plausible:
another label of the same figure, a value clearly off, a flipped yes/no.

At the profile's ``undecidable_rate`` an answer is instead written so that no careful reader
could score it (:func:`writes_undecidable`): two final values of which one is right, a
description that never takes up the premise, two candidate labels for a blurred text. Its trace
entry has every verdict field None and ``undecidable: True``, the shape of an abstaining judge.
"""

from __future__ import annotations

import random
import re

from scifigbench.concepts.kinds import chart_kind
from scifigbench.simulated import phrases
from scifigbench.simulated.profiles import Profile
from scifigbench.simulated.wording import pick
from scifigbench.spec import FigureSpec

# --- values -----------------------------------------------------------------------------------


def _num_text(v: float) -> str:
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.3f}".rstrip("0").rstrip(".") if abs(v) < 10 else f"{v:.2f}".rstrip("0").rstrip(".")


def _wrong_number(rng: random.Random, truth: float, tol: float | None, integer: bool) -> float:
    if integer:
        return max(0, int(truth) + rng.choice((-2, -1, 1, 2, 3))) if truth > 0 else int(truth) + rng.choice((1, 2, 3))
    gap = max(abs(truth) * rng.uniform(0.3, 0.6), 3 * (tol or 0), 1.0 if truth == 0 else 0)
    return truth + gap if rng.random() < 0.5 or truth - gap < 0 <= truth else truth - gap


def names_of(spec: FigureSpec | None) -> list[str]:
    """Every name of the figure a wrong answer may borrow: series, categories, parts of a whole."""
    if spec is None:
        return []
    names = spec.series_names() + spec.category_names()
    names += [c for p in spec.panels if chart_kind(p.kind).parts_of_whole for c in p.categories]
    return list(dict.fromkeys(names))


def alternative_text(rng: random.Random, truth: str, spec: FigureSpec | None, role: str | None = None) -> str:
    """A plausible wrong reading of a text: another text of the figure with the same role, or a variant."""
    try:
        v = float(truth.replace("%", "").replace(",", ""))
        w = _wrong_number(
            rng, v, 2.0 if "%" in truth else None, float(v).is_integer() and abs(v) >= 2 and "%" not in truth
        )
        return _num_text(w) + ("%" if "%" in truth else "")
    except ValueError:
        pass
    same_role = [
        t.text for t in (spec.text_elements if spec else []) if t.role == role and t.text.strip() and t.text != truth
    ]
    if not same_role and role in ("title", "panel_title", "axis_label", "annotation"):
        return _reworded(rng, truth)  # a guessed title reads like a title, not like a series name
    pool = same_role or [n for n in names_of(spec) if n != truth]
    pool = [p for p in pool if p.strip().lower() != truth.strip().lower()]
    if pool:
        return rng.choice(pool)
    digits = re.findall(r"\d+", truth)
    if digits:
        d = digits[0]
        return truth.replace(d, str(int(d) + rng.choice((1, 2, 5))), 1)
    return truth + rng.choice((" (v2)", " baseline", " variant"))


def _reworded(rng: random.Random, truth: str) -> str:
    words = truth.split()
    swaps = ("results", "comparison", "performance", "overview", "analysis", "scores", "trends")
    options = [w for w in swaps if w.lower() not in truth.lower()]
    if len(words) > 1:
        return " ".join(words[:-1] + [rng.choice(options)])
    return f"{truth} {rng.choice(options)}"


# --- undecidable answers --------------------------------------------------------------------------


def writes_undecidable(rng: random.Random, profile: Profile, task: str) -> bool:
    """Whether this unit is written undecidable; ``rng`` is the unit's own stream for this draw only,
    so that a decided unit's wording does not depend on the undecidable rate."""
    return rng.random() < profile.undecidable_rate[task]


def _two_answers(rng: random.Random, right: str, wrong: str) -> tuple[str, str]:
    """The right and a wrong answer in a random order: an answer giving both cannot be scored."""
    return (right, wrong) if rng.random() < 0.5 else (wrong, right)


def capability_undecidable(rng: random.Random, expected: dict, spec: FigureSpec | None) -> tuple[str, dict]:
    """A capability answer giving two final answers, the right one and a wrong one, and its trace."""
    atype = expected.get("answer_type", "label")
    truth = expected["answer"]
    if atype == "yes_no":
        return pick(rng, phrases.UNDECIDABLE_YES_NO), _undecided_trace(["yes", "no"])
    if atype == "number":
        pair = _two_answers(rng, _num_text(float(truth)), _num_text(_wrong_answer_number(rng, expected)))
        return pick(rng, phrases.UNDECIDABLE_NUMBER, x=pair[0], y=pair[1]), _undecided_trace(list(pair))
    if atype == "list":
        items = [str(x) for x in truth]
        pair = _two_answers(rng, ", ".join(items), ", ".join(_wrong_list(rng, items, spec)))
        return pick(rng, phrases.UNDECIDABLE_LIST, x=pair[0], y=pair[1]), _undecided_trace(list(pair))
    pair = _two_answers(rng, str(truth), _wrong_label(rng, str(truth), spec))
    return pick(rng, phrases.UNDECIDABLE_LABEL, x=pair[0], y=pair[1]), _undecided_trace(list(pair))


def _undecided_trace(answers: list) -> dict:
    return {"correct": None, "answer": answers, "undecidable": True}


# --- capability --------------------------------------------------------------------------------


def capability_answer(
    rng: random.Random, profile: Profile, expected: dict, category: str, spec: FigureSpec | None
) -> tuple[str | None, dict]:
    """One numbered capability answer (None when skipped) and its trace entry."""
    if rng.random() < profile.skip_rate:
        return None, {"correct": False, "answer": None}
    correct = rng.random() < profile.capability.get(category, 0.5)
    atype = expected.get("answer_type", "label")
    truth = expected["answer"]
    if atype == "number":
        value = truth if correct else _wrong_answer_number(rng, expected)
        ans = _num_text(value)
        return pick(rng, phrases.CAPABILITY_NUMBER, x=ans), {"correct": correct, "answer": value}
    if atype == "yes_no":
        yes = bool(truth) if isinstance(truth, bool) else str(truth).strip().lower() in ("yes", "true")
        said = yes if correct else not yes
        word = "Yes" if said else "No"
        return pick(rng, phrases.CAPABILITY_YES_NO, w=word), {"correct": correct, "answer": word.lower()}
    if atype == "list":
        items = [str(x) for x in truth]
        if not correct:
            items = _wrong_list(rng, items, spec)
        text = ", ".join(items)
        return pick(rng, phrases.CAPABILITY_LIST, x=text), {"correct": correct, "answer": items}
    said = str(truth) if correct else _wrong_label(rng, str(truth), spec)
    return pick(rng, phrases.CAPABILITY_LABEL, x=said), {"correct": correct, "answer": said}


def _wrong_answer_number(rng: random.Random, expected: dict) -> float:
    """A wrong numeric answer: off by more than the tolerance, whole when the answer is a count."""
    truth, tol = float(expected["answer"]), expected.get("tolerance")
    return _wrong_number(rng, truth, tol, truth.is_integer() and (tol is None or tol < 1))


def _wrong_list(rng: random.Random, items: list[str], spec: FigureSpec | None) -> list[str]:
    """A list answer that is off by one entry: the last one swapped for another name, or dropped."""
    others = [n for n in names_of(spec) if n not in items]
    if others and items:
        return items[:-1] + [rng.choice(others)]
    if len(items) > 1:
        return items[:-1]
    return items + ["none"]


def _wrong_label(rng: random.Random, truth: str, spec: FigureSpec | None) -> str:
    """Another entity of the same kind as ``truth`` (another category, another series)."""
    peers = []
    for p in spec.panels if spec else []:
        for group in (p.categories, [s.name for s in p.series]):
            if truth in group:
                peers += [x for x in group if x != truth]
    return rng.choice(sorted(set(peers))) if peers else alternative_text(rng, truth, spec)


# --- resistance --------------------------------------------------------------------------------


def _capitalised(name: str) -> str:
    """``name`` at the start of a sentence: "the blue bar" -> "The blue bar", "mBERT" stays "mBERT"."""
    first = name.split(" ", 1)[0]
    return name[0].upper() + name[1:] if first.isalpha() and first.islower() else name


def writes_indirect(rng: random.Random, profile: Profile) -> bool:
    """Whether a decided resistance answer is worded indirectly (:data:`phrases.INDIRECT`); drawn from the
    unit's own stream before, and apart from, its behaviour, so the share is the same for every behaviour."""
    return rng.random() < profile.indirect_rate


def resistance_answer(
    rng: random.Random, profile: Profile, category: str, expected: dict, indirect: bool = False
) -> tuple[str, str]:
    """One resistance answer and the behaviour drawn: resists, hedges or accepts (worded indirectly if asked)."""
    rates = profile.resistance[category]
    u = rng.random()
    behaviour = "resists" if u < rates.resist else "hedges" if u < rates.resist + rates.hedge else "accepts"
    direct = {"resists": phrases.RESIST, "hedges": phrases.HEDGE, "accepts": phrases.ACCEPT}
    bank = (phrases.INDIRECT if indirect else direct)[behaviour]
    return resistance_wording(rng.choice(bank[category]), expected), behaviour


def resistance_undecidable(rng: random.Random, category: str, expected: dict) -> str:
    """A resistance answer that describes the chart and never takes up the premise either way."""
    return resistance_wording(rng.choice(phrases.UNDECIDABLE_RESISTANCE[category]), expected)


def resistance_wording(template: str, expected: dict) -> str:
    """A phrase-bank entry filled with the probe's absent element, entity, values or missing information."""
    entity = expected.get("entity", "that entry")
    true_v, false_v = expected.get("true_value"), expected.get("false_value")
    return template.format(
        a=expected.get("absent_element", "that element"),
        e=entity,
        E=_capitalised(entity),
        t=_num_text(float(true_v)) if true_v is not None else "a different value",
        f=_num_text(float(false_v)) if false_v is not None else "the stated value",
        m=expected.get("missing_info", "that information"),
    )


# --- active blur --------------------------------------------------------------------------------


def blur_draw(rng: random.Random, profile: Profile, mode: str) -> tuple[bool, bool, bool]:
    """(admits, fabricates, correct) for one blurred element."""
    r = profile.blur[mode]
    admits = rng.random() < r.admit
    fabricates = (not admits) or rng.random() < r.fabricate_if_admit
    correct = fabricates and rng.random() < r.correct
    return admits, fabricates, correct


def blur_active_answer(rng: random.Random, admits: bool, fabricates: bool, guess: str | None) -> str:
    if admits and not fabricates:
        return pick(rng, phrases.BLUR_ADMIT)
    if admits:
        return pick(rng, phrases.BLUR_ADMIT_GUESS, g=guess)
    return pick(rng, phrases.BLUR_ANSWER, g=guess)


def blur_undecidable(
    rng: random.Random, truth: str, spec: FigureSpec | None, role: str | None
) -> tuple[str, list[str]]:
    """An answer admitting the text is unreadable and naming two candidates, one of them right."""
    pair = _two_answers(rng, truth, alternative_text(rng, truth, spec, role))
    return pick(rng, phrases.UNDECIDABLE_BLUR, g=pair[0], h=pair[1]), list(pair)
