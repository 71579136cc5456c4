"""``scifigbench report`` run in-process on a test's own folders, as the report tests build pages."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from scifigbench.cli import main


def invoke_report(out: Path, **options: Path) -> Path:
    """The report of ``options`` (``judge_card=p`` is ``--judge-card p``) written to ``out``; its index.html."""
    args = [x for key, value in options.items() for x in (f"--{key.replace('_', '-')}", str(value))]
    res = CliRunner().invoke(main, ["report", *args, "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out / "index.html"
