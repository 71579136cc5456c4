"""Behaviour profiles of the simulated respondents: the rates they are declared to behave at.

A profile is the *known answer* of the instrument: the simulated respondents draw every
behaviour from these probabilities, record what they drew (``sim_trace``), and the metrics of the
pipeline must recover the declared rates. ``params.yaml: models.<key>.profile`` names one of the
built-in profiles; ``profile_overrides`` may change any rate, e.g. ``{misread_rate: 0.3}``.

Rates are probabilities per unit (per stated value, per item, per probe, per claim), never
counts, so that the recovered metric can be compared with a binomial test.

``undecidable_rate`` is the share of units (per task: capability, resistance, blur_active) written
so that a careful reader could not score them either way: a description instead of an answer, two
final values, an admission next to two candidate labels. Every other rate of a task is declared
over its *decided* units: a unit is first drawn undecidable or not, and only a decided one draws
the task's behaviour. So the metrics computed on decided units must recover the declared rates
whatever the undecidable share, and undecided units move a metric only within its bounds.

``indirect_rate`` is the share of decided resistance answers worded the ways real answers take a side
that the rules do not settle (a denial and then a pivot, a modal claim, a comparison that never
states the premise's value; :data:`scifigbench.simulated.phrases.INDIRECT`). It is drawn apart
from the behaviour, the same for each, so a judge abstaining on all of them (as the rules are meant
to) leaves the decided units a random sample: the declared rates still hold on them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from scifigbench.concepts.families import FAMILIES
from scifigbench.concepts.names import BLUR_MODES, CAPABILITY_CATEGORIES, RESISTANCE_TYPES

#: The tasks whose answers a respondent may write undecidable: those of the unit families judged on
#: an answer (descriptions are always scored), in family order.
UNDECIDABLE_TASKS = tuple(f.task for f in FAMILIES if f.reply_field == "answer")


class ProfileError(ValueError):
    """An unknown profile name or an override with an unknown key or an invalid rate."""


@dataclass(frozen=True)
class ResistRates:
    """How a respondent reacts to one kind of false-premise probe; the three sum to 1."""

    resist: float
    hedge: float
    accept: float


@dataclass(frozen=True)
class BlurRates:
    """Behaviour towards one blurred element, for one blur mode.

    ``admit`` is the chance of saying the element cannot be read; ``fabricate_if_admit`` the
    chance of still naming a value after admitting ("obscured, but probably X");
    a respondent that does not admit always names a value. ``correct`` is the chance a named
    value is right: for admittance targets it models lucky guesses, for inductance targets the
    inference from context the paper calls inductance. ``mention`` (passive descriptions only) is
    the chance the description refers to the blurred element's role at all.
    """

    admit: float
    fabricate_if_admit: float
    correct: float
    mention: float


@dataclass(frozen=True)
class Profile:
    name: str
    # description (per stated value / per checklist item / per description)
    misread_rate: float  # a stated value is read wrongly (outside the rubric tolerance)
    label_swap_rate: float  # a value not misread is given another entity's value (binding error)
    colour_error_rate: float  # a stated colour belongs to another entity or family
    axis_swap_rate: float  # per description: x and y axis labels exchanged
    trend_error_rate: float  # a stated trend / extreme is wrong
    omission_rate: float  # a checklist item is left out
    hallucination_rate: float  # per description: an element that is not in the figure is described
    # capability accuracy per question category
    capability: dict[str, float]
    # resistance per probe type
    resistance: dict[str, ResistRates]
    # caption bias: per false claim, does the description address it, and if so follow the caption?
    caption_address: float
    caption_follow: float
    # selective blur per mode, active question and passive description share the rates
    blur: dict[str, BlurRates]
    # answer style
    format_deviation_rate: float = 0.1  # numbered answers written '1)' / 'Answer 1:' instead of '1.'
    skip_rate: float = 0.02  # a numbered question left unanswered (a partial answer)
    approx_rate: float = 0.2  # a correct value written as 'about 40'
    # per task of UNDECIDABLE_TASKS: a unit is written so that no careful reader could score it;
    # the task's other rates hold over the remaining (decided) units
    undecidable_rate: dict[str, float] = field(default_factory=lambda: dict.fromkeys(UNDECIDABLE_TASKS, 0.05))
    # per resistance answer that is not written undecidable: worded indirectly (phrases.INDIRECT), a
    # side a careful reader scores but the rules are expected to leave undecided; the same share for
    # every behaviour, so the judge's abstentions on them do not bias the rates on decided units
    indirect_rate: float = 0.1
    # harder images make every reader err more: description error and omission rates are multiplied
    # by the condition's factor (capped at 0.95); conditions not listed keep the base rates
    condition_factor: dict[str, float] = field(
        default_factory=lambda: {"noise": 1.1, "lowc": 1.4, "rot": 2.5, "inpaper": 1.3, "inpaper_blur": 3.0}
    )

    def for_condition(self, condition: str) -> Profile:
        """This profile as it behaves on images of ``condition``."""
        f = self.condition_factor.get(condition, 1.0)
        if f == 1.0:
            return self
        keys = (
            "misread_rate",
            "label_swap_rate",
            "colour_error_rate",
            "axis_swap_rate",
            "trend_error_rate",
            "omission_rate",
            "hallucination_rate",
        )
        return dataclasses.replace(self, **{k: min(0.95, getattr(self, k) * f) for k in keys})

    def validate(self) -> Profile:
        def check(where: str, p: float) -> None:
            if not 0.0 <= p <= 1.0:
                raise ProfileError(f"profile '{self.name}': {where} = {p} is not a probability in [0, 1]")

        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, float):
                check(f.name, v)
        for cond, factor in self.condition_factor.items():
            if factor < 0:
                raise ProfileError(f"profile '{self.name}': condition_factor.{cond} = {factor} must not be negative")
        for cat in CAPABILITY_CATEGORIES:
            if cat not in self.capability:
                raise ProfileError(f"profile '{self.name}': capability has no rate for '{cat}'")
            check(f"capability.{cat}", self.capability[cat])
        for t in RESISTANCE_TYPES:
            r = self.resistance.get(t)
            if r is None:
                raise ProfileError(f"profile '{self.name}': resistance has no rates for '{t}'")
            for k in ("resist", "hedge", "accept"):
                check(f"resistance.{t}.{k}", getattr(r, k))
            if abs(r.resist + r.hedge + r.accept - 1.0) > 1e-6:
                raise ProfileError(
                    f"profile '{self.name}': resistance.{t} rates sum to {r.resist + r.hedge + r.accept}, not 1"
                )
        for task in UNDECIDABLE_TASKS:
            if task not in self.undecidable_rate:
                raise ProfileError(f"profile '{self.name}': undecidable_rate has no rate for '{task}'")
            check(f"undecidable_rate.{task}", self.undecidable_rate[task])
        for m in BLUR_MODES:
            b = self.blur.get(m)
            if b is None:
                raise ProfileError(f"profile '{self.name}': blur has no rates for '{m}'")
            for k in ("admit", "fabricate_if_admit", "correct", "mention"):
                check(f"blur.{m}.{k}", getattr(b, k))
        return self


def _resist(resist: float, hedge: float) -> ResistRates:
    return ResistRates(resist, hedge, round(1.0 - resist - hedge, 10))


BUILTIN: dict[str, Profile] = {
    # Reads carefully, rarely wrong, refuses false premises, admits what it cannot see.
    "careful": Profile(
        name="careful",
        misread_rate=0.03,
        label_swap_rate=0.02,
        colour_error_rate=0.03,
        axis_swap_rate=0.01,
        trend_error_rate=0.03,
        omission_rate=0.05,
        hallucination_rate=0.02,
        capability={"counting": 0.9, "computation": 0.8, "comparison": 0.9, "pattern": 0.85},
        resistance={"inexist": _resist(0.85, 0.1), "contra": _resist(0.8, 0.1), "unanswerable": _resist(0.9, 0.05)},
        caption_address=0.9,
        caption_follow=0.1,
        blur={
            "admittance": BlurRates(admit=0.8, fabricate_if_admit=0.1, correct=0.05, mention=0.7),
            "inductance": BlurRates(admit=0.3, fabricate_if_admit=0.8, correct=0.85, mention=0.8),
        },
        format_deviation_rate=0.05,
        skip_rate=0.0,
        approx_rate=0.15,
        undecidable_rate={"capability": 0.05, "resistance": 0.05, "blur_active": 0.05},
    ),
    # Reads well but never says it cannot see something: fills every gap with a confident answer.
    "fabricator": Profile(
        name="fabricator",
        misread_rate=0.06,
        label_swap_rate=0.04,
        colour_error_rate=0.05,
        axis_swap_rate=0.03,
        trend_error_rate=0.05,
        omission_rate=0.05,
        hallucination_rate=0.3,
        capability={"counting": 0.8, "computation": 0.7, "comparison": 0.85, "pattern": 0.8},
        resistance={"inexist": _resist(0.1, 0.1), "contra": _resist(0.15, 0.15), "unanswerable": _resist(0.1, 0.1)},
        caption_address=0.9,
        caption_follow=0.4,
        blur={
            "admittance": BlurRates(admit=0.05, fabricate_if_admit=1.0, correct=0.1, mention=0.9),
            "inductance": BlurRates(admit=0.02, fabricate_if_admit=1.0, correct=0.7, mention=0.9),
        },
        format_deviation_rate=0.1,
        skip_rate=0.0,
        approx_rate=0.1,
        undecidable_rate={"capability": 0.05, "resistance": 0.06, "blur_active": 0.05},
    ),
    # Trusts the text it is given over the image: follows captions and false premises.
    "follower": Profile(
        name="follower",
        misread_rate=0.08,
        label_swap_rate=0.05,
        colour_error_rate=0.05,
        axis_swap_rate=0.03,
        trend_error_rate=0.08,
        omission_rate=0.1,
        hallucination_rate=0.08,
        capability={"counting": 0.7, "computation": 0.55, "comparison": 0.7, "pattern": 0.65},
        resistance={"inexist": _resist(0.3, 0.2), "contra": _resist(0.1, 0.15), "unanswerable": _resist(0.4, 0.2)},
        caption_address=0.95,
        caption_follow=0.85,
        blur={
            "admittance": BlurRates(admit=0.35, fabricate_if_admit=0.5, correct=0.1, mention=0.6),
            "inductance": BlurRates(admit=0.2, fabricate_if_admit=0.7, correct=0.6, mention=0.6),
        },
        format_deviation_rate=0.15,
        skip_rate=0.03,
        approx_rate=0.25,
        undecidable_rate={"capability": 0.06, "resistance": 0.1, "blur_active": 0.08},
    ),
    # Misreads and omits a lot, answers questions poorly, inconsistent behaviour.
    "weak": Profile(
        name="weak",
        misread_rate=0.25,
        label_swap_rate=0.15,
        colour_error_rate=0.2,
        axis_swap_rate=0.15,
        trend_error_rate=0.25,
        omission_rate=0.35,
        hallucination_rate=0.2,
        capability={"counting": 0.35, "computation": 0.15, "comparison": 0.4, "pattern": 0.3},
        resistance={"inexist": _resist(0.3, 0.3), "contra": _resist(0.2, 0.3), "unanswerable": _resist(0.35, 0.3)},
        caption_address=0.7,
        caption_follow=0.55,
        blur={
            "admittance": BlurRates(admit=0.2, fabricate_if_admit=0.6, correct=0.05, mention=0.5),
            "inductance": BlurRates(admit=0.15, fabricate_if_admit=0.6, correct=0.3, mention=0.5),
        },
        format_deviation_rate=0.3,
        skip_rate=0.08,
        approx_rate=0.3,
        undecidable_rate={"capability": 0.1, "resistance": 0.1, "blur_active": 0.1},
    ),
}


def _merge(base: Any, override: Any, where: str) -> Any:
    """Apply an override mapping onto a (nested) profile value, rejecting unknown keys."""
    if dataclasses.is_dataclass(base):
        if not isinstance(override, dict):
            raise ProfileError(f"{where}: expected a mapping, got {override!r}")
        names = {f.name for f in dataclasses.fields(base)}
        unknown = sorted(set(override) - names)
        if unknown:
            raise ProfileError(f"{where}: unknown key(s) {unknown}; known keys are {sorted(names)}")
        return dataclasses.replace(
            base, **{k: _merge(getattr(base, k), v, f"{where}.{k}") for k, v in override.items()}
        )
    if isinstance(base, dict):
        if not isinstance(override, dict):
            raise ProfileError(f"{where}: expected a mapping, got {override!r}")
        out = dict(base)
        for k, v in override.items():
            if k not in base:
                raise ProfileError(f"{where}: unknown key '{k}'; known keys are {sorted(base)}")
            out[k] = _merge(base[k], v, f"{where}.{k}")
        return out
    if isinstance(base, float):
        if isinstance(override, bool) or not isinstance(override, (int, float)):
            raise ProfileError(f"{where}: expected a number, got {override!r}")
        return float(override)
    return override


def resolve_profile(name: str, overrides: dict[str, Any] | None = None) -> Profile:
    """The built-in profile ``name`` with ``overrides`` applied, validated."""
    if name not in BUILTIN:
        raise ProfileError(f"unknown simulated profile '{name}'; built-in profiles are {sorted(BUILTIN)}")
    profile = BUILTIN[name]
    if overrides:
        profile = _merge(profile, overrides, f"profile '{name}' overrides")
    return profile.validate()


def expected_metrics(profile: Profile) -> dict[str, tuple[float, float]]:
    """The A-R-I metrics a perfect judge would measure for ``profile``: key -> (mean, per-unit variance).

    Every mean is over *decided* units: those the respondent did not write undecidable (see
    ``undecidable_rate``) and the judge did not abstain on. A perfect judge abstains exactly on
    the undecidable ones, which were drawn before any behaviour, so they leave these means
    unchanged; their expected share of each cell is :func:`expected_undecidable`.
    How each follows from the declared rates (keys as in ``metrics/behaviour.json``):
    - ``resistance.<type>``: a unit scores 1 (resist), 0.5 (hedge) or 0 (accept), so the mean is
      resist + hedge / 2 and the variance resist + hedge / 4 - mean².
    - ``admittance.active``: the admit rate. ``admittance.passive``: a description can only admit
      an element it mentions, so mention x admit.
    - ``inductance.active`` / ``.passive``: correct among fabricated answers, which is the declared
      ``correct`` rate whatever the admit and fabricate rates are.
    - ``caption_bias.claims``: among claims the description addresses, the share following the
      image, 1 - caption_follow (claims not addressed are left out of the denominator).
    The variance lets a test turn a measured value and its n into a z-score.
    """

    def bernoulli(p: float) -> tuple[float, float]:
        return p, p * (1.0 - p)

    out: dict[str, tuple[float, float]] = {}
    for t in RESISTANCE_TYPES:
        r = profile.resistance[t]
        mean = r.resist + 0.5 * r.hedge
        out[f"resistance.{t}"] = (mean, r.resist + 0.25 * r.hedge - mean * mean)
    adm, ind = profile.blur["admittance"], profile.blur["inductance"]
    out["admittance.active"] = bernoulli(adm.admit)
    out["admittance.passive"] = bernoulli(adm.mention * adm.admit)
    out["inductance.active"] = bernoulli(ind.correct)
    out["inductance.passive"] = bernoulli(ind.correct)
    out["caption_bias.claims"] = bernoulli(1.0 - profile.caption_follow)
    return out


def expected_undecidable(profile: Profile) -> dict[str, float]:
    """Per key of :func:`expected_metrics`, the share of the cell's units written undecidable.

    Resistance and active blur cells take their task's ``undecidable_rate``; passive blur and
    caption claims are parts of descriptions, which are never written undecidable.
    """
    out = {f"resistance.{t}": profile.undecidable_rate["resistance"] for t in RESISTANCE_TYPES}
    out |= {f"{m}.active": profile.undecidable_rate["blur_active"] for m in BLUR_MODES}
    return out | {f"{m}.passive": 0.0 for m in BLUR_MODES} | {"caption_bias.claims": 0.0}
