"""Simulated answers to questions: capability, resistance probes and the active blur question.

Each answer is drawn from the profile (correct or not; resists, hedges or accepts; admits,
fabricates, right or wrong) and then worded in one of several ways. Wrong answers are plausible:
another label of the same figure, a value clearly off, a flipped yes/no.
"""

from __future__ import annotations

import random
import re

from scifigbench.spec import FigureSpec
from scifigbench.simulated.profiles import Profile
from scifigbench.simulated.wording import pick

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
    if spec is None:
        return []
    names = spec.series_names() + spec.category_names()
    names += [c for p in spec.panels if p.kind == "pie" for c in p.categories]
    return list(dict.fromkeys(names))


def alternative_text(rng: random.Random, truth: str, spec: FigureSpec | None, role: str | None = None) -> str:
    """A plausible wrong reading of a text: another text of the figure with the same role, or a variant."""
    try:
        v = float(truth.replace("%", "").replace(",", ""))
        w = _wrong_number(rng, v, 2.0 if "%" in truth else None, float(v).is_integer() and abs(v) >= 2 and "%" not in truth)
        return _num_text(w) + ("%" if "%" in truth else "")
    except ValueError:
        pass
    same_role = [t.text for t in (spec.text_elements if spec else []) if t.role == role and t.text.strip() and t.text != truth]
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


# --- capability --------------------------------------------------------------------------------


def capability_answer(rng: random.Random, profile: Profile, expected: dict, category: str, spec: FigureSpec | None
                      ) -> tuple[str | None, dict]:
    """One numbered capability answer (None when skipped) and its trace entry."""
    if rng.random() < profile.skip_rate:
        return None, {"correct": False, "answer": None}
    correct = rng.random() < profile.capability.get(category, 0.5)
    atype = expected.get("answer_type", "label")
    truth = expected["answer"]
    tol = expected.get("tolerance")
    if atype == "number":
        integer = float(truth).is_integer() and (tol is None or tol < 1)
        value = truth if correct else _wrong_number(rng, float(truth), tol, integer)
        ans = _num_text(value)
        text = pick(rng, ("{a}.", "The answer is {a}.", "It is {a}, read from the chart.", "About {a} in total." if integer else "{a}, based on the plotted values."), a=ans)
        if integer and "About" in text:
            text = f"{ans}."
        return text, {"correct": correct, "answer": value}
    if atype == "yes_no":
        yes = bool(truth) if isinstance(truth, bool) else str(truth).strip().lower() in ("yes", "true")
        said = yes if correct else not yes
        word = "Yes" if said else "No"
        return pick(rng, ("{w}.", "{w}, that is what the figure shows.", "{w} - judging from the plot."), w=word), {"correct": correct, "answer": word.lower()}
    if atype == "list":
        items = [str(x) for x in truth]
        if not correct:
            others = [n for n in names_of(spec) if n not in items]
            if others and items:
                items = items[:-1] + [rng.choice(others)]
            elif len(items) > 1:
                items = items[:-1]
            else:
                items = items + ["none"]
        text = ", ".join(items)
        return pick(rng, ("{a}.", "They are {a}."), a=text), {"correct": correct, "answer": items}
    # label: a wrong answer is another entity of the same kind (another category, another series)
    said = str(truth)
    if not correct:
        peers = []
        for p in (spec.panels if spec else []):
            for group in (p.categories, [s.name for s in p.series]):
                if said in group:
                    peers += [x for x in group if x != said]
        said = rng.choice(sorted(set(peers))) if peers else alternative_text(rng, said, spec)
    return pick(rng, ("{a}.", "The answer is {a}.", "{a} is the one.", "It is {a}."), a=said), {"correct": correct, "answer": said}


# --- resistance --------------------------------------------------------------------------------


def resistance_answer(rng: random.Random, profile: Profile, category: str, expected: dict) -> tuple[str, str]:
    """One resistance answer and the behaviour drawn: resists, hedges or accepts."""
    rates = profile.resistance[category]
    u = rng.random()
    behaviour = "resists" if u < rates.resist else "hedges" if u < rates.resist + rates.hedge else "accepts"
    absent = expected.get("absent_element", "that element")
    entity = expected.get("entity", "that entry")
    true_v, false_v = expected.get("true_value"), expected.get("false_value")
    missing = expected.get("missing_info", "that information")
    tv = _num_text(float(true_v)) if true_v is not None else "a different value"
    fv = _num_text(float(false_v)) if false_v is not None else "the stated value"
    if behaviour == "resists":
        options = {
            "inexist": ("The figure does not show any {a}, so the question cannot be answered as posed.",
                        "There is no {a} in this chart.", "I cannot find {a} anywhere in the figure; it is not part of the plot."),
            "contra": ("The premise is incorrect: {e} is at about {t}, not {f}.",
                       "Actually, the chart shows {e} at {t} rather than {f}, so the comparison has to start from {t}.",
                       "That value is not what the figure shows; {e} reads {t}."),
            "unanswerable": ("The chart does not provide {m}, so this cannot be determined from the figure.",
                             "This cannot be answered from the figure: {m} is not shown.",
                             "There is not enough information in the plot to say; it contains no {m}."),
        }[category]
    elif behaviour == "hedges":
        options = {
            "inexist": ("I am not certain the figure shows {a}; if it does, the difference seems small, but this is hard to confirm.",
                        "It is unclear whether {a} is present; possibly it suggests a modest effect."),
            "contra": ("It is hard to verify the value {f} for {e} exactly; the comparison may be roughly as described, though I am not sure.",
                       "Possibly, though I cannot confirm {e} is exactly {f}; the others look similar."),
            "unanswerable": ("It is difficult to say for sure; the figure only partly speaks to {m}, so any answer would be tentative.",
                             "Perhaps, but I am not certain the chart allows a firm conclusion about {m}."),
        }[category]
    else:
        options = {
            "inexist": ("The {a} indicates that the difference is substantial across the groups.",
                        "Yes, the {a} shows a clear effect, larger for the later groups."),
            "contra": ("Given {e} at {f}, it clearly leads the comparison by a wide margin.",
                       "With {e} at {f}, it is well ahead of the others."),
            "unanswerable": ("The value is about 0.03, which indicates a significant difference.",
                             "It is roughly 120 samples per group, enough for a reliable comparison."),
        }[category]
    return pick(rng, options, a=absent, e=entity, t=tv, f=fv, m=missing), behaviour


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
        return pick(rng, ("That part of the figure is blurred, so the text cannot be read.",
                          "I cannot determine it: the label is obscured and illegible.",
                          "The relevant element is unreadable in this image, so I can't say."))
    if admits:
        return pick(rng, ("It is partly blurred, but it appears to be {g}.", "The text is hard to read; my best guess is {g}.",
                          "Although that region is obscured, it seems to say {g}."), g=guess)
    return pick(rng, ("It is {g}.", "The answer is {g}.", "{g}."), g=guess)
