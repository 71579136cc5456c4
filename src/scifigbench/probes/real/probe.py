"""The one way a layout-read probe is made: proposed, and named as the layout rules' work."""

from __future__ import annotations

from typing import Any

from scifigbench.probes.probe import Probe

GENERATOR = "layout-rules"
GENERATOR_VERSION = "1"


def real_probe(
    figure_id: str, family: str, category: str, text: str, expected: dict[str, Any], suffix: str | None = None
) -> Probe:
    """A probe a reviewer still has to confirm: the reading it rests on may be wrong. ``suffix`` ends
    the id of one of several probes of a figure's category (the caption-bias kinds)."""
    return Probe(figure_id, family, category, text, expected, "proposed", GENERATOR, GENERATOR_VERSION, suffix)
