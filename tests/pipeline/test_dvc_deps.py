"""Each dvc stage depends on exactly the code and prompt files it reads.

The code a stage runs is the import closure (inside the package) of the module implementing its
command, derived here from the source with ``ast``; the prompt files it reads are the prompt ids
named by string literals in that closure (``prompts.load("judge_mqm")``, or an f-string prefix such
as ``f"describe_{chart_type}"``). A missing dep means an edit would not rerun the stage; a listed
package folder or file that nothing imports means an edit reruns a stage for nothing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from scifigbench.cli import COMMANDS
from scifigbench.concepts.families import FAMILIES
from scifigbench.concepts.kinds import KINDS

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PKG = SRC / "scifigbench"
PROMPTS = PKG / "prompts"
LAZY = re.compile(r"^scifigbench(\.\w+)+(:\w+)?$")
# The package's __init__ holds only a docstring and the version string, which no stage reads.
NOT_READ = {PKG / "__init__.py"}


def module_file(module: str) -> Path | None:
    """The file of a dotted module inside the package, or None (third-party / a name, not a module)."""
    if module != "scifigbench" and not module.startswith("scifigbench."):
        return None
    base = SRC.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_modules(path: Path) -> set[str]:
    """Dotted names this file imports, anywhere in it (function-level lazy imports included)."""
    package = ".".join(path.relative_to(SRC).with_suffix("").parts)
    if path.name == "__init__.py":
        package = package.rsplit(".", 1)[0] + ".__init__"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: -node.level]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)  # `from pkg import module`
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and LAZY.match(node.value):
            out.add(node.value.split(":")[0])  # importlib by name: "scifigbench.llm.cache" (lazy tables)
    return out


def closure(entry: str) -> set[Path]:
    """Files of the package executed when ``entry`` is imported (parent packages' __init__ too)."""
    todo, seen = [entry], set()
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            path = module_file(".".join(parts[:i]))
            if path is None or path in seen:
                continue
            seen.add(path)
            todo.extend(imported_modules(path))
    return seen - NOT_READ


def _literals(node: ast.AST, known: set[str]) -> set[str]:
    """Prompt ids among the string literals under ``node`` (comparisons and dict keys excluded)."""
    skip = {id(k) for n in ast.walk(node) if isinstance(n, ast.Dict) for k in n.keys}
    skip |= {id(c) for n in ast.walk(node) if isinstance(n, ast.Compare) for c in [n.left, *n.comparators]}
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in known and id(n) not in skip
    }


# Prompt fields of the concept records: a stage loading ``<record>.<field>`` may load any record's.
RECORD_PROMPTS = {
    "describe_prompt": {k.describe_prompt for k in KINDS.values()},
    "judge_prompt": {f.judge_prompt for f in FAMILIES},
}


def prompt_ids(files: set[Path]) -> set[str]:
    """Prompt ids passed to ``prompts.load(...)`` in ``files``.

    The argument is a literal, an f-string (its literal prefix, e.g. ``describe_``), a record's
    prompt field (``kind.describe_prompt``: every record's), a lookup in a module-level dict (its
    values), or a variable (the prompt-id literals of the enclosing function).
    """
    known = {p.stem for p in PROMPTS.glob("*.txt")}
    used: set[str] = set()
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tables = {
            t.id: n.value
            for n in tree.body
            if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Name) and isinstance(n.value, ast.Dict)
        }
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for call in ast.walk(tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "load"
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "prompts"
                and call.args
            ):
                continue
            arg = call.args[0]
            if isinstance(arg, ast.Constant):
                used.add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and isinstance(arg.values[0], ast.Constant):
                used.update(k for k in known if k.startswith(str(arg.values[0].value)))
            elif isinstance(arg, ast.Attribute) and arg.attr in RECORD_PROMPTS:
                used.update(RECORD_PROMPTS[arg.attr])
            elif isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name) and arg.value.id in tables:
                used.update(_literals(ast.Tuple(elts=tables[arg.value.id].values), known))
            else:
                enclosing = [f for f in functions if f.lineno <= call.lineno <= (f.end_lineno or f.lineno)]
                used.update(_literals(enclosing[-1], known) if enclosing else set())
    return used


def stage_definitions() -> dict[str, dict]:
    stages = yaml.safe_load((ROOT / "dvc.yaml").read_text())["stages"]
    return {name: (spec["do"] if "foreach" in spec else spec) for name, spec in stages.items()}


def entry_module(cmd: str) -> str:
    """The module implementing ``scifigbench <command> ...`` (as the CLI's lazy table names it)."""
    words = cmd.split()
    assert words[0] == "scifigbench", cmd
    return COMMANDS[words[1]][0].split(":")[0]


def code_deps(spec: dict) -> list[Path]:
    return [ROOT / d for d in spec.get("deps", []) if d.startswith("src/")]


def covered(path: Path, deps: list[Path]) -> bool:
    return any(path == d or d in path.parents for d in deps)


STAGES = stage_definitions()
CODE_STAGES = sorted(name for name, spec in STAGES.items() if spec["cmd"].startswith("scifigbench "))


@pytest.mark.parametrize("stage", CODE_STAGES)
def test_stage_lists_every_file_it_imports(stage: str) -> None:
    spec = STAGES[stage]
    files = closure(entry_module(spec["cmd"]))
    deps = code_deps(spec)
    missing = sorted(str(f.relative_to(ROOT)) for f in files if not covered(f, deps))
    assert not missing, f"dvc.yaml stage {stage!r} misses code it imports: {missing}"


@pytest.mark.parametrize("stage", CODE_STAGES)
def test_stage_lists_nothing_it_does_not_import(stage: str) -> None:
    spec = STAGES[stage]
    files = closure(entry_module(spec["cmd"]))
    extra = []
    for dep in code_deps(spec):
        if dep.parent == PROMPTS and dep.suffix == ".txt":
            continue
        if not dep.exists() or not any(f == dep or dep in f.parents for f in files):
            extra.append(str(dep.relative_to(ROOT)))
    assert not extra, f"dvc.yaml stage {stage!r} lists code it never imports: {extra}"


@pytest.mark.parametrize("stage", CODE_STAGES)
def test_stage_lists_exactly_the_prompts_it_loads(stage: str) -> None:
    spec = STAGES[stage]
    files = closure(entry_module(spec["cmd"]))
    used = prompt_ids(files)
    listed = {p.stem for p in PROMPTS.glob("*.txt") if covered(p, code_deps(spec))}
    assert listed == used, f"dvc.yaml stage {stage!r}: prompts listed {sorted(listed)}, loaded {sorted(used)}"


def test_closure_follows_relative_and_lazy_imports(tmp_path: Path) -> None:
    """The closure finder itself: a module imported inside a function is found; third-party is not."""
    files = closure("scifigbench.cli")
    assert PKG / "cli.py" in files
    assert not any("numpy" in str(f) for f in files)
    judge = closure("scifigbench.judges.cli")
    assert PKG / "judges" / "stage.py" in judge  # imported inside the click command's body
    assert PKG / "judges" / "__init__.py" in judge
