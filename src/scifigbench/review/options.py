"""Pieces every ``scifigbench review <queue>`` command group shares.

Each queue's commands read the stage's table, find the one proposed item a reviewer names, and
record a decision in the queue's file; only the columns and messages differ, so the options and
the lookup live here once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # the decision commands must start fast; pandas loads only where a command needs it
    import pandas as pd


def table_option(default: Path, help_text: str) -> Any:
    return click.option("--table", type=click.Path(path_type=Path), default=default, show_default=True,
                        help=help_text)


def file_option(default: Path) -> Any:
    return click.option("--file", "review_file", type=click.Path(path_type=Path), default=default,
                        show_default=True, help="the decisions file")


def one_row(df: pd.DataFrame, id_column: str, item: str, table: Path, what: str) -> Any:
    """The table row whose ``id_column`` is ``item``; a usage error naming the table if there is none."""
    hit = df[df[id_column] == item]
    if hit.empty:
        raise click.BadParameter(f"no {what} {item!r} in {table}", param_hint=id_column.upper())
    return hit.iloc[0]
