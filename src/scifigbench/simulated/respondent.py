"""Simulated respondents: the offline default and the known-answer test of the instrument.

``respond(setup, profile, model, seed, context)`` answers one setup row in free-form English
from the figure's spec and a behaviour profile (:mod:`scifigbench.simulated.profiles`), and
returns ``(text, sim_trace)``. The respondent is deterministic per (seed, model, setup_id): its
RNG is derived with SHA-256, and each unit (probe, claim, blur element) gets its own sub-stream so
one unit's draw does not shift another's. These respondents are not vision-language models and
are never reported as such; their names start with ``sim-``.

``sim_trace`` (stored as JSON in ``responses.sim_trace``) records the behaviour actually drawn,
per task:

- ``capability``: ``{"<probe_id>": {"correct": bool, "answer": <value or null>}}``; ``answer`` is
  null when the question was skipped (its numbered line is missing from the text).
- ``resistance``: ``{"<probe_id>": {"verdict": "resists" | "hedges" | "accepts"}}``, with
  ``"indirect": true`` when the answer was worded indirectly (the profile's ``indirect_rate``, salt
  ``<probe_id>/indirect``): it takes its side in a way the rules are expected to leave undecided.
- ``blur_active``: ``{"admits": bool, "fabricates": bool, "correct": bool, "mode": str,
  "target_id": str, "guess": str | null}``; ``correct`` implies ``fabricates``.

A unit of these three tasks written undecidable (the profile's ``undecidable_rate``: see
:mod:`scifigbench.simulated.answers`) has ``"undecidable": true`` in its entry and every verdict
field null (``correct``; ``verdict``; ``admits``, ``fabricates``, ``correct``): capability then
lists the two answers it gave under ``answer``, blur_active its two candidates under
``candidates``. The draw uses the unit's own stream (salt ``<probe_id>/undecidable``,
``blur_active/undecidable``), so decided units read as they would at rate 0.
- ``describe``: ``{"items": {"<checklist key>": "complete"|"partial"|"missing"|"n.a."},
  "errors": [{"item": str, "type": "numeric"|"label_map"|"axis_legend"|"trend"|"halluc",
  "entity": str}], "omitted": [<checklist keys drawn as omitted>], "values_stated": int}``.
  ``items`` is what the paragraph covers as a whole (a name stated in any sentence counts),
  graded by the rubric rules of :mod:`scifigbench.rubric.checklists`; ``errors`` lists each
  drawn error once (an axis swap is one error on ``x_axis`` and one on ``y_axis``). In addition:
  for ``capbias`` ``"claims": {"<claim index>": "image"|"caption"|"none"}`` (index into the
  caption_bias probe's ``claims``); for ``admb``/``indb`` ``"blur": {"mentioned", "admits",
  "fabricates", "correct"}``; for ``inpaper_blur`` either ``{"page_blur": {"admits": true}}``
  alone (the respondent said the figure is unreadable and only retold the caption) or a full
  description trace with ``"page_blur": {"admits": false}``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from scifigbench import paths
from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import CONDITION_MODE
from scifigbench.simulated import answers as ans
from scifigbench.simulated import phrases
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.describe import Blurred, describe
from scifigbench.simulated.profiles import Profile, resolve_profile
from scifigbench.simulated.wording import number_prefix, rng_for
from scifigbench.spec import TextElement

__all__ = ["respond", "SimContext"]


def _probe_ids(setup: dict) -> list[str]:
    raw = setup.get("probe_ids") or "[]"
    try:
        ids = json.loads(raw) if isinstance(raw, str) else list(raw)
    except ValueError:
        raise ValueError(f"setup {setup.get('setup_id')!r}: probe_ids is not a JSON list: {raw!r}") from None
    return [str(i) for i in ids]


def _numbered(rng: random.Random, profile: Profile, answers: Sequence[str | None]) -> str:
    lines = []
    if rng.random() < 0.2:
        lines.append(rng.choice(("Here are my answers:", "Based on the figure:", "Answers:")))
    for i, a in enumerate(answers, start=1):
        if a is None:
            continue
        lines.append(number_prefix(rng, i, profile.format_deviation_rate) + a)
    return "\n".join(lines)


def _capability(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub) -> tuple[str, dict]:
    spec = ctx.specs.get(setup["figure_id"])
    answers: list[str | None] = []
    trace: dict[str, dict] = {}
    for pid in _probe_ids(setup):
        row, expected = ctx.probe(pid)
        text: str | None
        if ans.writes_undecidable(sub(f"{pid}/undecidable"), profile, "capability"):
            text, t = ans.capability_undecidable(sub(pid), expected, spec)
        else:
            text, t = ans.capability_answer(sub(pid), profile, expected, row["category"], spec)
        answers.append(text)
        trace[pid] = t
    return _numbered(rng, profile, answers), trace


def _resistance(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub) -> tuple[str, dict]:
    answers: list[str] = []
    trace: dict[str, dict] = {}
    for pid in _probe_ids(setup):
        row, expected = ctx.probe(pid)
        if ans.writes_undecidable(sub(f"{pid}/undecidable"), profile, "resistance"):
            answers.append(ans.resistance_undecidable(sub(pid), row["category"], expected))
            trace[pid] = {"verdict": None, "undecidable": True}
            continue
        indirect = ans.writes_indirect(sub(f"{pid}/indirect"), profile)
        text, behaviour = ans.resistance_answer(sub(pid), profile, row["category"], expected, indirect)
        answers.append(text)
        trace[pid] = {"verdict": behaviour} | ({"indirect": True} if indirect else {})
    return _numbered(rng, profile, answers), trace


def _listed_probe(setup: dict, ctx: SimContext, unit: str) -> dict | None:
    """The expected_json of the first probe the setup lists that feeds units of family ``unit``."""
    probe_family = unit_family(unit).probe_family
    for pid in _probe_ids(setup):
        row, expected = ctx.probe(pid)
        if row["family"] == probe_family:
            return expected
    return None


def _blur_probe(setup: dict, ctx: SimContext) -> dict | None:
    """The expected_json of the setup's blur probe, if it lists one (its answer is what is judged)."""
    return _listed_probe(setup, ctx, "blur_active")


def _target_element(setup: dict, ctx: SimContext) -> tuple[dict, TextElement]:
    tid = setup.get("blur_target_id")
    if not tid or (isinstance(tid, float)):
        probe = _blur_probe(setup, ctx)
        tid = probe.get("target_id") if probe else None
    if not tid:
        raise ValueError(f"setup {setup.get('setup_id')!r}: condition {setup.get('condition')} needs a blur_target_id")
    row = ctx.blur_target(tid)
    spec = ctx.specs.get(setup["figure_id"])
    el = next((t for t in (spec.text_elements if spec else []) if t.element_id == row.get("element_id")), None)
    if el is None:
        el = TextElement(
            str(row.get("element_id") or tid),
            str(row.get("role") or "annotation"),
            str(row["text"]),
            float(row["x0"]),
            float(row["y0"]),
            float(row["x1"]),
            float(row["y1"]),
        )
    return row, el


def _blur_active(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub) -> tuple[str, dict]:
    row, el = _target_element(setup, ctx)
    mode = str(row["mode"])
    probe = _blur_probe(setup, ctx)
    truth = str(probe["expected_answer"]) if probe and probe.get("expected_answer") else str(row["expected_answer"])
    if ans.writes_undecidable(sub("blur_active/undecidable"), profile, "blur_active"):
        text, candidates = ans.blur_undecidable(rng, truth, ctx.specs.get(setup["figure_id"]), el.role)
        verdict = dict.fromkeys(("admits", "fabricates", "correct", "guess"))
        return text, verdict | {
            "mode": mode,
            "target_id": row["target_id"],
            "candidates": candidates,
            "undecidable": True,
        }
    admits, fabricates, correct = ans.blur_draw(rng, profile, mode)
    guess = None
    if fabricates:
        guess = truth if correct else ans.alternative_text(rng, truth, ctx.specs.get(setup["figure_id"]), el.role)
    text = ans.blur_active_answer(rng, admits, fabricates, guess)
    return text, {
        "admits": admits,
        "fabricates": fabricates,
        "correct": correct,
        "mode": mode,
        "target_id": row["target_id"],
        "guess": guess,
    }


def _caption_claims(setup: dict, ctx: SimContext) -> list[dict]:
    """The false claims of the caption shown: from the probe the setup lists, else its figure's."""
    listed = _listed_probe(setup, ctx, "caption_claim")
    if listed is not None:
        return list(listed.get("claims", []))
    probe_family = unit_family("caption_claim").probe_family
    for pid, row in ctx.probes.items():
        if row["figure_id"] == setup["figure_id"] and row["family"] == probe_family:
            return list(ctx.probe(pid)[1].get("claims", []))
    raise ValueError(
        f"setup {setup.get('setup_id')!r}: capbias description but no caption_bias probe for figure {setup['figure_id']!r}"
    )


def _page_blur(setup: dict, profile: Profile, spec, rng: random.Random) -> tuple[str, dict] | None:
    """``inpaper_blur``: the figure region of the page is blurred; only the page text is readable.

    The respondent admits it at its admittance rate and then describes only what the caption
    says; otherwise it describes the figure as if it could see it (from its spec, with the
    condition's raised error rates), which is the fabrication this condition exists to catch.
    """
    if rng.random() >= profile.blur["admittance"].admit:
        return None
    caption = setup.get("caption") if isinstance(setup.get("caption"), str) else spec.caption
    text = " ".join(
        s
        for s in (
            rng.choice(phrases.PAGE_BLUR_ADMIT),
            f"According to the caption, {caption.strip()[0].lower() + caption.strip()[1:]}"
            if caption and caption.strip()
            else "",
        )
        if s
    )
    return text, {"page_blur": {"admits": True}}


def _describe(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub) -> tuple[str, dict]:
    spec = ctx.spec(setup["figure_id"])
    if setup["condition"] == "inpaper_blur":
        admitted = _page_blur(setup, profile, spec, sub("page_blur"))
        if admitted is not None:
            return admitted
    claims = _caption_claims(setup, ctx) if setup["condition"] == "capbias" else None
    blurred = None
    if setup["condition"] in CONDITION_MODE:  # a condition that blurs one element
        row, el = _target_element(setup, ctx)
        brng = sub("blur")
        mode = str(row["mode"])
        mentioned = brng.random() < profile.blur[mode].mention
        admits, fabricates, correct = ans.blur_draw(brng, profile, mode) if mentioned else (False, False, False)
        guess = None
        if fabricates:
            guess = el.text if correct else ans.alternative_text(brng, el.text, spec, el.role)
        blurred = Blurred(el, mode, mentioned, admits, fabricates, correct, guess)
    text, trace = describe(
        spec, profile.for_condition(str(setup["condition"])), sub("describe"), claims=claims, blurred=blurred
    )
    if setup["condition"] == "inpaper_blur":
        trace["page_blur"] = {"admits": False}
    return text, trace


_LOADED: dict[tuple, SimContext] = {}


def _as_context(context: SimContext | dict) -> SimContext:
    """A SimContext, or one loaded once per data root from ``{"root": <repo root>}``.

    The loaded context is reused while the three tables are unchanged (keyed by their mtimes), so
    a runner may pass the same plain mapping for every setup.
    """
    if isinstance(context, SimContext):
        return context
    if not isinstance(context, dict) or "root" not in context:
        raise TypeError(
            f"simulated respondent: context must be a SimContext or a mapping with 'root', got {type(context).__name__}"
        )
    root = Path(context["root"]).resolve()
    stamp = tuple(
        (root / t).stat().st_mtime_ns if (root / t).exists() else None
        for t in (paths.FIGURES, paths.PROBES, paths.BLUR_TARGETS)
    )
    key = (str(root), stamp)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = SimContext.from_data(root)
    return _LOADED[key]


def figures_with_spec(context: SimContext | dict) -> set[str]:
    """The figures a simulated respondent can answer about: those with a ground-truth spec."""
    return set(_as_context(context).specs)


def figure_digests(context: SimContext | dict) -> dict[str, str]:
    """Per figure, a hash of all a respondent may read about it (see :meth:`SimContext.figure_digests`)."""
    return _as_context(context).figure_digests()


def _as_profile(profile: Profile | str, context: SimContext | dict) -> Profile:
    if isinstance(profile, Profile):
        return profile
    overrides = context.get("profile_overrides") if isinstance(context, dict) else None
    return resolve_profile(str(profile), overrides or None)


def respond(setup: dict, profile: Profile | str, model: str, seed: int, context: SimContext | dict) -> tuple[str, dict]:
    """Answer one setup as the simulated respondent ``model`` with ``profile``: (text, sim_trace).

    ``profile`` may also be a built-in profile name (overrides then come from
    ``context["profile_overrides"]``), and ``context`` a mapping ``{"root": ...}``.
    """
    profile = _as_profile(profile, context)
    context = _as_context(context)
    setup_id = str(setup["setup_id"])
    rng = rng_for(seed, model, setup_id)

    def sub(salt: str) -> random.Random:
        return rng_for(seed, model, setup_id, salt)

    answerers = {  # one answerer per setup task
        "capability": lambda: _capability(setup, profile, context, rng, sub),
        "resistance": lambda: _resistance(setup, profile, context, rng, sub),
        "blur_active": lambda: _blur_active(setup, profile, context, rng, sub),
        "describe": lambda: _describe(setup, profile, context, rng, sub),
    }
    task = setup["task"]
    if task not in answerers:
        raise ValueError(f"setup {setup_id!r}: unknown task {task!r}")
    return answerers[task]()
