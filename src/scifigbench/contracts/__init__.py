"""Table contracts: every table's schema lives in one module of this package, named for the table."""

from scifigbench.contracts.blur_candidates import BLUR_CANDIDATES
from scifigbench.contracts.blur_targets import BLUR_TARGETS
from scifigbench.contracts.blur_vetting import BLUR_VETTING
from scifigbench.contracts.conditions import CONDITIONS_TABLE
from scifigbench.contracts.core import Column, ContractError, ForeignKey, TableSchema, conform, validate
from scifigbench.contracts.figures import FIGURES
from scifigbench.contracts.judgments import JUDGMENTS
from scifigbench.contracts.probes import PROBES
from scifigbench.contracts.responses import RESPONSES
from scifigbench.contracts.setups import SETUPS
from scifigbench.contracts.text_elements import TEXT_ELEMENTS

SCHEMAS: dict[str, TableSchema] = {
    s.name: s
    for s in (
        FIGURES, TEXT_ELEMENTS, CONDITIONS_TABLE, BLUR_TARGETS, BLUR_CANDIDATES, BLUR_VETTING, PROBES, SETUPS,
        RESPONSES, JUDGMENTS,
    )
}

__all__ = [
    "SCHEMAS", "Column", "ContractError", "ForeignKey", "TableSchema", "conform", "validate",
    "FIGURES", "TEXT_ELEMENTS", "CONDITIONS_TABLE", "BLUR_TARGETS",
    "BLUR_CANDIDATES", "BLUR_VETTING", "PROBES", "SETUPS", "RESPONSES", "JUDGMENTS",
]
