"""``scifigbench dvc-deps``: write each stage's code deps in dvc.yaml from its import closure.

Why: a stage's code deps must be exactly the files its command executes or reads, no more (an
edit elsewhere would rerun it for nothing) and no less (an edit there would not rerun it). Kept by
hand they drifted; here they are derived (:func:`scifigbench.caching.codedeps.code_files` of the module
implementing the stage's command) and written in place: the ``src/...`` items of each ``deps:``
list are replaced, every other line (data deps, comments, order of stages) is kept. A dvc.yaml
in a subfolder (``paper/dvc.yaml``, a DVC project of its own) gets the same deps as ``../src/...``;
a command chained with ``&&`` depends on the closures of all its scifigbench commands.
``--check`` writes nothing and fails when dvc.yaml differs from what it would write (the test
suite runs the same comparison).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import click
import yaml

from scifigbench.caching import codedeps
from scifigbench.cli import COMMANDS

_STAGE = re.compile(r"^  ([\w-]+):\s*(#.*)?$")
_DEPS = re.compile(r"^(\s+)deps:")


def entry_module(cmd: str) -> str | None:
    """The module implementing ``scifigbench <command> ...``, or None for another program.

    The program may be named by a path (``bin/scifigbench``, the repository's launcher the stages run).
    """
    words = cmd.split()
    if len(words) < 2 or Path(words[0]).name != "scifigbench" or words[1] not in COMMANDS:
        return None
    return COMMANDS[words[1]][0].split(":")[0]


def entry_modules(cmd: str) -> list[str]:
    """The modules implementing each scifigbench command of a ``&&`` chain (other programs are skipped)."""
    return [m for part in cmd.split("&&") if (m := entry_module(part)) is not None]


def stage_files(text: str) -> dict[str, set[Path]]:
    """Stage name -> the package files its commands read, for the stages of dvc.yaml ``text`` running scifigbench."""
    stages = yaml.safe_load(text)["stages"]
    out = {}
    for name, spec in stages.items():
        modules = entry_modules((spec.get("do") or spec)["cmd"])
        if modules:
            out[name] = set().union(*(codedeps.code_files(m) for m in modules))
    return out


def code_prefix(base: Path) -> str:
    """How a dvc.yaml in folder ``base`` names the checkout root (``""`` at the root, ``"../"`` in paper/)."""
    rel = os.path.relpath(codedeps.SRC.parent, base.resolve())
    return "" if rel == "." else f"{Path(rel).as_posix()}/"


def stage_code_deps(text: str, base: Path = codedeps.SRC.parent) -> dict[str, list[str]]:
    """Stage name -> its code deps, relative to ``base`` (the folder of the dvc.yaml; the checkout root by default)."""
    prefix = code_prefix(base)
    return {
        name: [prefix + d for d in codedeps.as_deps(files, codedeps.SRC.parent)]
        for name, files in stage_files(text).items()
    }


def unread_under_folders(text: str) -> dict[str, list[Path]]:
    """Stage -> the files inside its folder deps that it does not read (an edit of one reruns it for nothing)."""
    return {name: codedeps.unread_in_deps(files) for name, files in stage_files(text).items()}


def rewrite(text: str, deps: dict[str, list[str]], prefix: str = "") -> str:
    """``text`` (dvc.yaml) with the ``{prefix}src/`` deps of each stage in ``deps`` replaced by its list."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    stage = None
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if m := _STAGE.match(line):
            stage = m.group(1)
        m = _DEPS.match(line)
        if not m or stage not in deps:
            continue
        item = f"{m.group(1)}  - "
        kept = []
        while i < len(lines) and lines[i].startswith(item):
            if not lines[i][len(item) :].startswith(f"{prefix}src/"):
                kept.append(lines[i])
            i += 1
        out += kept + [f"{item}{d}\n" for d in deps[stage]]
    return "".join(out)


@click.command("dvc-deps")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when dvc.yaml's code deps differ.")
@click.option(
    "--explain", is_flag=True, help="Also list, per stage, the files its folder deps hold that it never reads."
)
@click.option(
    "--file", "path", type=click.Path(dir_okay=False, path_type=Path), default=Path("dvc.yaml"), show_default=True
)
def dvc_deps(check: bool, explain: bool, path: Path) -> None:
    """Write each stage's code deps in dvc.yaml: the import closure of its command, prompts and data
    (a folder whose files the stage mostly reads as one dep)."""
    text = path.read_text(encoding="utf-8")
    if explain:
        for stage, files in unread_under_folders(text).items():
            names = ", ".join(f.relative_to(codedeps.SRC.parent).as_posix() for f in files) or "none"
            click.echo(f"{stage}: reruns also after an edit of {names}")
    base = path.resolve().parent
    new = rewrite(text, stage_code_deps(text, base), code_prefix(base))
    if new == text:
        click.echo(f"{path}: code deps are the stages' import closures")
        return
    if check:
        click.echo(f"{path}: code deps differ from the stages' import closures; run `scifigbench dvc-deps`", err=True)
        sys.exit(1)
    path.write_text(new, encoding="utf-8")
    click.echo(f"{path}: code deps rewritten")
