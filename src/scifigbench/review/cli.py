"""The ``scifigbench review`` group: every subject's review commands under one name."""

from __future__ import annotations

import click


def review() -> click.Group:
    """``scifigbench review``: one subgroup per stage's review queue, composed here, not by imports."""
    from scifigbench.review.blurtargets.cli import blur
    from scifigbench.review.probes.cli import probes_review
    from scifigbench.review.verdicts.cli import verdicts_review

    group = click.Group("review", help="Confirm, replace or reject blur targets, probes and verdicts.")
    group.add_command(blur)
    group.add_command(probes_review)
    group.add_command(verdicts_review)
    return group
