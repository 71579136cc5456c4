"""Split responses into judged units, each with the fields its family's judge needs.

A response answers one setup; a setup may hold several units: the four capability answers of a
numbered reply, the three resistance answers, one caption-bias claim per false claim of the
modified caption, the passive blur verdict of a description of a blurred image. Units carry the
same field names as the records ``judge-file`` reads, so rule and LLM judges serve both paths.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from scifigbench.families.registry import REGISTRY
from scifigbench.families.reply_units import Cut, Unit, text_error
from scifigbench.spec import FigureSpec


def _task_cutter(task: str) -> Callable[[Cut], list[Unit]]:
    """The units of a reply to ``task``: each family of that task cuts its own, in registry order."""
    families = [f for f in REGISTRY.values() if f.facts.task == task]
    return lambda c: [u for f in families for u in f.cut(c)]


# How each setup task's reply is cut into units (the tasks of ``concepts.families``).
CUTTERS: dict[str, Callable[[Cut], list[Unit]]] = {
    task: _task_cutter(task) for task in dict.fromkeys(f.facts.task for f in REGISTRY.values())
}


def units_for(
    setup: dict,
    response: dict,
    probes: dict[str, dict],
    spec: FigureSpec | None,
    blur_targets: dict[str, dict],
    reference: str | None,
    judge_kind: str | None = None,
) -> list[Unit]:
    """All units of one (setup, response) pair; a failed response yields its units with an error.

    With ``judge_kind``, only the units that judge can judge on the figure (as the setups stage
    decided, ``concepts.families.cannot_judge``)."""
    text = response.get("text")
    failed = response.get("error")
    error = f"no response to judge: {failed}" if failed else text_error(text)
    base = dict(
        setup_id=setup["setup_id"],
        figure_id=setup["figure_id"],
        condition=setup["condition"],
        chart_type=setup["chart_type"],
        error=error,
    )
    cut = Cut(
        setup,
        json.loads(setup["probe_ids"]),
        text if isinstance(text, str) else "",
        base,
        probes,
        spec,
        blur_targets,
        reference,
        judge_kind,
    )
    return CUTTERS[setup["task"]](cut)
