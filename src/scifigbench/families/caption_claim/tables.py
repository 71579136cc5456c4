"""The caption-claim family's row of the behaviour table (Table 4): caption-bias resistance per
figure and per claim, the claims not addressed, and the rate per claim type."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.families.caption_claim.metric import caption_figure_units, claim_units
from scifigbench.families.paper_tables import Cell, PaperTable, categories
from scifigbench.families.unit_scores import family, undecided


def _caption(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    judged = rows[rows["error"].isna()]
    return {
        "overall": cell(caption_figure_units(rows)),
        "claims": cell(claim_units(rows)),
        "not_addressed": int((judged["score"].isna() & ~undecided(judged)).sum()),
        "by_type": {t: cell(claim_units(rows[rows["category"] == t])) for t in categories(rows)},
    }


TABLES = (PaperTable("behaviour", "caption_bias", lambda j: family(j, unit_family("caption_claim").name), _caption),)
