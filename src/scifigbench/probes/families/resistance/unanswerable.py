"""Unanswerable probes of a real figure: a question for what the figure does not give.

A careful reader must agree that the expected refusal is the right answer, so the question asks
for what the figure *reports* and never invites an estimate: "a best estimate is fine" makes an
extrapolation a fair answer, and the refusal it expects is then disputable. The refusal cost (the
paper's design) comes from the asker's need instead ("for a table", "to cite it"). Each kind rests
on an absence the reading checked, and the figure gets one of the kinds that apply (seeded):

- ``beyond_axis``: the value shown at an x past the last tick of an evenly ticked numeric x axis
  (two steps on, or two powers on a doubling or decade axis), when the x axis and the values go
  by different names; on an axis of years it asks for the value recorded in that year, which a
  chart that ends earlier does not hold (asking what to expect there would invite a forecast);
- ``unlisted_category``: the value given for a member of the categories' set the axis does not
  list (see probes/real/siblings.py), not the one the inexist probe took;
- ``significance``: the p-value of the difference between two shown entities, where no text of
  the figure or caption speaks of significance, p-values, intervals, error or stars, and the
  values are not counts, densities or quantities on twin value axes;
- ``sample_size``: how many observations stand behind one shown value, where no text gives an n,
  a sample, respondents or a base, the values are not counts themselves (a histogram's bar is its
  own sample size) and the x axis counts no sizes ('training size');
- ``cause``: the reason the figure gives for how two shown entities compare, where no text of the
  figure or caption speaks of a cause ('because', 'due to', 'driven by') or claims an effect
  ('X improves Y', 'without X', 'before and after X'): a chart shows values, and why they differ
  is a claim only its text could make;
- ``breakdown``: one shown entity's value split by a dimension of people (gender, age, region)
  the figure does not show, on a chart of shares of people ('% who say'), where no text names
  that dimension or its groups: the chart gives one number per row, not the rows' parts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np

from scifigbench.freetext.label_words import CENSUS_REGIONS, SEXES
from scifigbench.probes.families.resistance.from_spec import PRINCIPLE_UNANSWERABLE
from scifigbench.probes.figure_view import fmt_number
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.probe import real_probe
from scifigbench.probes.real.reading import Facts
from scifigbench.probes.real.siblings import sibling

Outcome = Probe | str  # a probe, or why none was written
Asked = tuple[str, dict[str, Any]]  # the question and what the answer should do, with its fact

# Texts that say the figure or caption does give a test, an interval or a spread.
SIGNIFICANCE_MARKS = re.compile(
    r"signific|\bp\s*[<>=≤≥]|p-?value|\bn\.\s?s\.|confidence|\bCI\b|±|\+/-|\berror|standard dev|\bs\.?d\.|\*",
    re.IGNORECASE,
)
# Texts that give the number of observations behind the values.
SAMPLE_MARKS = re.compile(
    r"\bn\s*[=:]\s*\d|sample|respondent|participant|surveyed|interview|\bbase\b|based on|out of|\bcases\b"
    r"|\bsubjects\b|\bpatients\b|\busers\b|\bpolled\b"
    # a web chart's credit line: "national survey of 10,221 adults"
    r"|\b(?:survey|poll|study)\s+of\s+\d|\b\d[\d,]*\s+(?:adults|people|americans|voters|workers|teens|parents"
    r"|households|students|individuals|persons)\b",
    re.IGNORECASE,
)
# Texts that state a cause: the figure then says why, and asking for it is a fair question.
CAUSE_MARKS = re.compile(
    r"\bbecause\b|\bdue to\b|\bcaus|\bdriven\b|\breasons?\b|\bas a result\b|\bowing to\b|\bexplain|\battribut"
    r"|\bthanks to\b|\bleads? to\b|\bled to\b|\bsince\b(?!\s+(?:the\s+)?\d)|\bhence\b|\bthus\b|\btherefore\b|\bwhy\b"
    # a claimed effect ('added words improve ...') or the contrast of an ablation ('with and without
    # X', 'before and after filtering') names what makes the difference: a paper caption's way of
    # giving the reason. A prior from how captions are written, not fitted to any labelled probe.
    r"|\bimprov|\bboost|\bhelps?\b|\bhurts?\b|\bbenefit|\bdegrad|\baffect|\bimpact|\beffects?\b|\bcontribut"
    r"|\bwithout\b|\bbefore and after\b",
    re.IGNORECASE,
)
# Texts of a chart of people's shares ('% of adults who say'): a breakdown by a group of people fits it.
PEOPLE_MARKS = re.compile(
    r"\b(?:adults|people|americans|public|voters|respondents|users|workers|parents|teens|consumers|citizens"
    r"|residents|households|employees|students|say|says|said|who)\b",
    re.IGNORECASE,
)
# the four census regions, spelled as the inductance sets spell them
_CENSUS_REGIONS = "|".join(sorted(w for region in CENSUS_REGIONS for w in region))
# the words of either sex, spelled as the complement pairs spell them
_SEX_WORDS = "|".join(sorted(SEXES[0] | SEXES[1]))
# Dimensions of people a chart of shares could be split by, each with the words that show it is split so.
BREAKDOWNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("gender", "men and women", re.compile(rf"\b(?:gender|sex|{_SEX_WORDS})\b", re.IGNORECASE)),
    (
        "age group",
        "age groups",
        re.compile(
            r"\b(?:age[sd]?|young(?:er)?|old(?:er)?|gen(?:eration)?\b|\d+\s*[-–+]\s*\d*|years? old)", re.IGNORECASE
        ),
    ),
    (
        "region",
        "regions of the country",
        re.compile(rf"\b(?:regions?|regional|{_CENSUS_REGIONS}|urban|rural|suburban)\b", re.IGNORECASE),
    ),
)
# Integer ticks in this range on an axis are years: a value past them is a record the chart does not hold.
YEARS = (1800.0, 2200.0)
# x-axis titles of sizes: the axis already counts samples of some kind.
SIZE_TITLE = re.compile(r"size|number|#|samples|examples|speakers|data|sentences|documents|\bn\b", re.IGNORECASE)
# Value titles of distributions: curves of a density are no groups whose difference a test compares.
# Not 'probability' or 'likelihood' alone: 'probability of correctness' is a measured score.
DISTRIBUTION_TITLE = re.compile(r"densit|\bpdf\b|\bcdf\b", re.IGNORECASE)
# Value titles of counts: the value is its own sample size.
COUNT_TITLE = re.compile(r"count|number|frequency|#|\bno\.|total|population|\bcases\b", re.IGNORECASE)


def _beyond(ticks: tuple[float, ...]) -> float | None:
    """A value past the last tick: two steps on for an even run, two powers on for a doubling or
    decade run; None when the ticks do not rise evenly, or end at 1 or 100 from zero up (a share,
    recall or accuracy: nothing lies beyond)."""
    if len(ticks) < 3 or any(b <= a for a, b in pairwise(ticks)):
        return None
    if ticks[0] >= 0 and ticks[-1] in (1.0, 100.0):
        return None
    steps = [b - a for a, b in pairwise(ticks)]
    if max(steps) - min(steps) <= 1e-6 * max(abs(ticks[-1]), 1.0):
        return ticks[-1] + 2 * steps[-1]
    if ticks[0] > 0:
        ratios = [b / a for a, b in pairwise(ticks)]
        if max(ratios) - min(ratios) <= 1e-6 * max(ratios):
            return ticks[-1] * ratios[-1] ** 2
    return None


def _entities(facts: Facts) -> tuple[str, ...]:
    """The shown things a question may compare: legend entries (the methods or groups a figure
    sets side by side), else categories with a value printed at each (the first set with two).
    Panel titles and bare category ticks are left out: on the SciVQA dev half they named different
    measures ('rejection%' beside 'confScore') or datasets, whose difference no test compares."""
    printed = tuple(dict.fromkeys(p.category for p in facts.printed))
    for names in (facts.legend, printed):
        if len(names) >= 2:
            return names
    return ()


def _join(names: tuple[str, ...] | list[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _searched(facts: Facts) -> str:
    return "\n".join(facts.searched())


def _years(ticks: tuple[float, ...]) -> bool:
    return all(t == int(t) and YEARS[0] <= t <= YEARS[1] for t in ticks)


def beyond_axis(facts: Facts, rng: np.random.Generator, _taken: str | None) -> Asked | None:
    beyond = _beyond(facts.x_ticks)
    if beyond is None or facts.x_name.casefold() == facts.quantity.casefold():
        return None  # 'the log that the figure shows at log = 5' names neither axis
    of = f" of {facts.legend[int(rng.integers(len(facts.legend)))]}" if facts.legend else ""
    asked, last = fmt_number(beyond, 2), fmt_number(facts.x_ticks[-1], 2)
    if _years(facts.x_ticks):
        text = (
            f"I am checking a report against this chart: what {facts.quantity}{of} does the chart record for "
            f"{asked}? I need the recorded number for that year."
        )
    else:
        text = (
            f"For a table I am filling in, I need the {facts.quantity}{of} that the figure shows at "
            f"{facts.x_name} = {asked}. What value does it give there?"
        )
    return text, {
        "expected_behavior": f"State that the figure stops at {facts.x_name} = {last} and shows no value at "
        f"{asked}; do not extrapolate one.",
        "missing_info": "values beyond the plotted range",
        "fact": {"kind": "beyond_axis", "axis": "x", "ticks": list(facts.x_ticks), "asked": round(beyond, 9)},
    }


def unlisted_category(facts: Facts, _rng: np.random.Generator, taken: str | None) -> Asked | None:
    if len(facts.categories) < 2:
        return None
    sib = sibling(facts.categories, facts.searched(), avoid=[taken] if taken else [])
    if sib is None:
        return None
    return f"What {facts.quantity} does the figure give for {sib.name}? I only need that one number.", {
        "expected_behavior": f"State that {sib.name} is not among the categories shown "
        f"({_join(list(facts.categories))}); do not invent a value.",
        "missing_info": "a category the axis does not list",
        "fact": {
            "kind": "unlisted_category",
            "set": sib.set_name,
            "categories": list(facts.categories),
            "asked": sib.name,
        },
    }


def significance(facts: Facts, rng: np.random.Generator, _taken: str | None) -> Asked | None:
    names = _entities(facts)
    counts = facts.value_title is not None and COUNT_TITLE.search(facts.value_title)
    density = facts.value_title is not None and DISTRIBUTION_TITLE.search(facts.value_title)
    if not names or counts or density or facts.twin_value_axes or SIGNIFICANCE_MARKS.search(_searched(facts)):
        return None  # counts, densities and quantities on twin axes hold no difference a test compares
    i, j = sorted(int(k) for k in rng.choice(len(names), size=2, replace=False))
    a, b = names[i], names[j]
    measure = "" if facts.quantity == "value" else f" in {facts.quantity}"  # 'the difference in value' says nothing
    text = (
        f"I am citing this figure: is the difference{measure} between {a} and {b} statistically "
        "significant? Please give the p-value it reports."
    )
    return text, {
        "expected_behavior": "State that the figure reports no significance test, p-value or interval for "
        f"{a} and {b}; do not invent one.",
        "missing_info": "a significance test or p-value",
        "fact": {
            "kind": "no_significance",
            "between": [a, b],
            "searched": "every OCR line of the figure and the caption",
        },
    }


def sample_size(facts: Facts, rng: np.random.Generator, _taken: str | None) -> Asked | None:
    names = _entities(facts)
    counts = facts.value_title is not None and COUNT_TITLE.search(facts.value_title)
    sizes = facts.x_title is not None and SIZE_TITLE.search(facts.x_title)
    if not names or counts or sizes or (facts.value_title is None and facts.unit != "%"):
        # counts are their own sample size; with no value title the values may be counts; an x
        # axis of sizes ('training size', 'number of speakers') already gives numbers of samples
        return None
    if SAMPLE_MARKS.search(_searched(facts)):
        return None
    a = names[int(rng.integers(len(names)))]
    text = (
        f"For the methods note, how many observations (respondents, samples or runs) is the {facts.quantity} "
        f"of {a} based on? I need the number the figure gives."
    )
    return text, {
        "expected_behavior": f"State that the figure does not give the number of observations behind {a}; "
        "do not invent one.",
        "missing_info": "the sample size behind each value",
        "fact": {"kind": "no_sample_size", "of": a, "searched": "every OCR line of the figure and the caption"},
    }


def cause(facts: Facts, rng: np.random.Generator, _taken: str | None) -> Asked | None:
    names = _entities(facts)
    if not names or facts.twin_value_axes or CAUSE_MARKS.search(_searched(facts)):
        return None  # series on twin axes measure two quantities: 'how they compare' has no one sense
    # neighbours: rows of one block ('Midwest' and 'West'), not the last of one block and the first
    # of the next ('Northeast' and 'Upper income'), whose comparison nobody draws
    k = int(rng.integers(len(names) - 1))
    a, b = names[k], names[k + 1]
    measure = "" if facts.quantity == "value" else f" in {facts.quantity}"  # 'compare in value' says nothing
    text = f"What reason does the figure give for how {a} and {b} compare{measure}? Quote the cause it states."
    return text, {
        "expected_behavior": f"State that the figure shows {a} and {b} but gives no reason for how they "
        "compare; do not offer a cause as the figure's.",
        "missing_info": "a cause the figure does not state",
        "fact": {"kind": "no_cause", "between": [a, b], "searched": "every OCR line of the figure and the caption"},
    }


def breakdown(facts: Facts, rng: np.random.Generator, _taken: str | None) -> Asked | None:
    names = _entities(facts) or facts.categories
    searched = _searched(facts)
    if len(names) < 2 or facts.unit != "%" or not PEOPLE_MARKS.search(searched):
        return None  # a split by groups of people only fits a chart of people's shares
    open_ = [(dim, groups) for dim, groups, shown in BREAKDOWNS if not shown.search(searched)]
    if not open_:
        return None
    dim, groups = open_[int(rng.integers(len(open_)))]
    a = names[int(rng.integers(len(names)))]
    text = f"The figure gives one share for {a}. What share does it give for {a} among {groups} separately?"
    return text, {
        "expected_behavior": f"State that the figure does not break {a} down by {dim}; it gives one share for "
        f"{a}; do not invent the split.",
        "missing_info": "a breakdown the figure does not show",
        "fact": {
            "kind": "no_breakdown",
            "of": a,
            "by": dim,
            "searched": "every OCR line of the figure and the caption",
        },
    }


KINDS: dict[str, Callable[[Facts, np.random.Generator, str | None], Asked | None]] = {
    "beyond_axis": beyond_axis,
    "unlisted_category": unlisted_category,
    "significance": significance,
    "sample_size": sample_size,
    "cause": cause,
    "breakdown": breakdown,
}


def unanswerable_probe(facts: Facts, rng: np.random.Generator, taken: str | None = None) -> Outcome:
    """One of the kinds that apply (seeded), not asking for the sibling ``taken`` by the inexist probe."""
    applies = [name for name, build in KINDS.items() if build(facts, np.random.default_rng(0), taken) is not None]
    if not applies:
        return (
            "no evenly ticked numeric x axis to reach past, no category set with an absent sibling, and no two "
            "shown entities without a printed test, sample size or cause"
        )
    got = KINDS[applies[int(rng.integers(len(applies)))]](facts, rng, taken)
    assert got is not None
    text, expected = got
    return real_probe(
        facts.figure_id, "resistance", "unanswerable", text, {**expected, "principle": PRINCIPLE_UNANSWERABLE}
    )
