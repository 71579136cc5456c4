"""What a description was checked against: its figure's MQM reference description, when it has one."""

from __future__ import annotations

from scifigbench.families.family import Checked


def reference_lines(checked: Checked) -> list[str]:
    """The reference line (its findings and checklist are shown apart, from the judgment's details)."""
    return [f"MQM reference: {checked.reference}"] if checked.reference else []
