"""The caption-claim family's metric units: caption-bias resistance per claim and per figure."""

from __future__ import annotations

import pandas as pd

from scifigbench.families.unit_scores import Units, score_units, undecided


def claim_units(rows: pd.DataFrame) -> Units:
    """Caption claims that the description addressed: 1 follows the image, 0 follows the caption.

    A claim with a null score and a decided verdict ("none") was not addressed: it is neither an
    error nor part of the rate. An undecided claim is bounded as following the caption (0) or the
    image (1).
    """
    silent = rows["error"].isna() & rows["score"].isna() & ~undecided(rows)
    return score_units(rows[~silent])


def _figure_means(claims: pd.DataFrame) -> pd.DataFrame:
    fig = claims.groupby(["model", "figure_id"], as_index=False).agg(num=("num", "sum"), den=("den", "sum"))
    frame = pd.DataFrame(
        {"model": fig["model"], "figure_id": fig["figure_id"], "num": fig["num"] / fig["den"], "den": 1.0}
    )
    return frame.reset_index(drop=True)


def caption_figure_units(rows: pd.DataFrame) -> Units:
    """Per-figure caption-bias resistance image/(image+caption), over figures with >= 1 addressed claim.

    ``undecided`` counts undecided claims. In the bounds a figure whose claims are all undecided
    enters with 0 (low) or 1 (high), each figure's share moving the same way, so they bracket the value.
    """
    return claim_units(rows).map(_figure_means)
