"""Hand-built judgments rows for tests: every column of the contract, null unless given."""

from __future__ import annotations

from scifigbench.contracts import JUDGMENTS


def judgment_row(**fields: object) -> dict:
    """One judgments row with ``fields`` set and every other column null."""
    unknown = set(fields) - set(JUDGMENTS.column_names)
    assert not unknown, f"not judgments columns: {sorted(unknown)}"
    return dict.fromkeys(JUDGMENTS.column_names) | fields
