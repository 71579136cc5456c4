"""What one setup row asks a simulated respondent, read for the families' answerers.

The answerers (``families/<family>/answer.py``, one per setup task) share these readings: the
probes a setup lists, the first of them feeding a unit family, the element a blur condition hides,
and the numbered reply of the tasks that ask several probes in one request.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Sequence

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.probe_families import BLURRED, with_delivery
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import Profile
from scifigbench.simulated.wording import number_prefix
from scifigbench.spec import TextElement

#: A sub-stream of the respondent's RNG for one salt (a probe id, ``blur``, ...).
Sub = Callable[[str], random.Random]
#: One setup task's answerer: (setup row, profile, context, the setup's RNG, its sub-streams) ->
#: (text, sim_trace). The trace format per task is documented in :mod:`scifigbench.families.respondent`.
Answerer = Callable[[dict, Profile, SimContext, random.Random, Sub], tuple[str, dict]]


def probe_ids(setup: dict) -> list[str]:
    """The probe ids the setup row lists (its ``probe_ids`` JSON); a malformed list names the setup."""
    raw = setup.get("probe_ids") or "[]"
    try:
        ids = json.loads(raw) if isinstance(raw, str) else list(raw)
    except ValueError:
        raise ValueError(f"setup {setup.get('setup_id')!r}: probe_ids is not a JSON list: {raw!r}") from None
    return [str(i) for i in ids]


def numbered(rng: random.Random, profile: Profile, answers: Sequence[str | None]) -> str:
    """One numbered line per answer (a skipped question, None, has none), at times after a lead-in."""
    lines = []
    if rng.random() < 0.2:
        lines.append(rng.choice(("Here are my answers:", "Based on the figure:", "Answers:")))
    for i, a in enumerate(answers, start=1):
        if a is None:
            continue
        lines.append(number_prefix(rng, i, profile.format_deviation_rate) + a)
    return "\n".join(lines)


def _first_listed(setup: dict, ctx: SimContext, probe_families: Collection[str | None]) -> dict | None:
    """The expected_json of the first probe the setup lists of one of ``probe_families``."""
    for pid in probe_ids(setup):
        row, expected = ctx.probe(pid)
        if row["family"] in probe_families:
            return expected
    return None


def listed_probe(setup: dict, ctx: SimContext, unit: str) -> dict | None:
    """The expected_json of the first probe the setup lists that feeds units of family ``unit``."""
    return _first_listed(setup, ctx, {unit_family(unit).probe_family})


def blur_probe(setup: dict, ctx: SimContext) -> dict | None:
    """The expected_json of the setup's probe asked of a blurred image (a probe family delivered
    ``BLURRED``), if it lists one: its target is the element the blur hides."""
    return _first_listed(setup, ctx, {f.name for f in with_delivery(BLURRED)})


def target_element(setup: dict, ctx: SimContext) -> tuple[dict, TextElement]:
    tid = setup.get("blur_target_id")
    if not tid or (isinstance(tid, float)):
        probe = blur_probe(setup, ctx)
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
