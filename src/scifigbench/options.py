"""The click options the commands share: a file or a folder with a default, shown in ``--help``.

Every stage command takes its inputs and outputs as paths with the pipeline's default; spelling
``type=click.Path(...), default=..., show_default=True`` out at each one made the commands repeat
one another line for line, and let them drift (one showed its default, its twin did not).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def file_option(
    flag: str, default: Path | str | None, help_text: str | None = None, dest: str | None = None
) -> Callable[[F], F]:
    """``--flag FILE`` (a path, not a folder), its default shown."""
    names = (flag, dest) if dest else (flag,)
    return click.option(
        *names, type=click.Path(dir_okay=False, path_type=Path), default=default, show_default=True, help=help_text
    )


def folder_option(
    flag: str, default: Path | str | None, help_text: str | None = None, dest: str | None = None
) -> Callable[[F], F]:
    """``--flag DIR`` (a folder, not a file), its default shown."""
    names = (flag, dest) if dest else (flag,)
    return click.option(
        *names, type=click.Path(file_okay=False, path_type=Path), default=default, show_default=True, help=help_text
    )
