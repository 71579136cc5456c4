"""Simulated respondents: the offline default and the known-answer test of the instrument.

``respond(setup, profile, model, seed, context)`` answers one setup row in free-form English
from the figure's spec and a behaviour profile (:mod:`scifigbench.simulated.profiles`), and
returns ``(text, sim_trace)``. Each setup task is answered by the family that owns it
(``families/<family>/answer.py``, listed in :data:`ANSWERERS`); the readings they share live in
:mod:`scifigbench.simulated.asked`, the drawing and wording in the rest of ``simulated``. The
respondent is deterministic per (seed, model, setup_id): its RNG is derived with SHA-256, and each
unit (probe, claim, blur element) gets its own sub-stream so one unit's draw does not shift
another's. These respondents are not vision-language models and
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

import random

from scifigbench.families.blur_active import answer as blur_active
from scifigbench.families.capability import answer as capability
from scifigbench.families.description import answer as description
from scifigbench.families.resistance import answer as resistance
from scifigbench.simulated.asked import Answerer
from scifigbench.simulated.context import SimContext, as_context, figure_digests, figures_with_spec
from scifigbench.simulated.profiles import Profile, resolve_profile
from scifigbench.simulated.wording import rng_for

__all__ = ["ANSWERERS", "SimContext", "figure_digests", "figures_with_spec", "respond"]

# The families that own a setup task answer it: one line per answering family. (This list is apart
# from the judges' registry so that the respond stage's code is the answerers', not the rules'.)
_ANSWERING = (capability, resistance, blur_active, description)

#: Per setup task, the answerer of the family that owns it.
ANSWERERS: dict[str, Answerer] = {m.TASK: m.answer for m in _ANSWERING}


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
    context = as_context(context)
    setup_id = str(setup["setup_id"])
    rng = rng_for(seed, model, setup_id)

    def sub(salt: str) -> random.Random:
        return rng_for(seed, model, setup_id, salt)

    task = setup["task"]
    if task not in ANSWERERS:
        raise ValueError(f"setup {setup_id!r}: unknown task {task!r} (answered: {', '.join(ANSWERERS)})")
    return ANSWERERS[task](setup, profile, context, rng, sub)
