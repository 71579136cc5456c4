"""The files of the package a piece of code reads: its import closure, its prompts and data files.

Why: a cache must be invalidated by an edit of the code that computed its entries and by nothing
else. Hashing the whole package (or whole folders) made a comment in the report module redo every
figure of the conditions stage; listing whole folders as dvc deps reran stages for files they
never import. One derivation serves both: the dvc deps of a stage (written by
``scifigbench dvc-deps``) and the version of every per-figure / per-unit store
(:func:`scifigbench.caching.keys.code_version`) are the files :func:`code_files` returns for the
module that does the work.

The closure is derived from the source with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` anywhere in a file (function-level lazy imports included), and string
literals naming a module (``"scifigbench.llm.cache"``, imported by name). Prompt files are the
prompt ids passed to ``prompts.load(...)``; other data files are the ones :data:`DATA` assigns to
the module that reads them.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TypeGuard

from scifigbench import paths
from scifigbench.files.atomic import atomic_write_text

PACKAGE = Path(__file__).resolve().parent.parent
SRC = PACKAGE.parent
PROMPTS = PACKAGE / "prompts"
_BY_NAME = re.compile(r"^scifigbench(\.\w+)+(:\w+)?$")
# The package's __init__ holds only a docstring and the version string, which no computation reads.
NOT_READ = frozenset({PACKAGE / "__init__.py"})

# Data files (globs relative to the package) by the module that reads them (its name inside the
# package: a full dotted name here would read as an import by name).
DATA: dict[str, tuple[str, ...]] = {
    "fonts": ("fonts/*.ttf",),
    "report.page": ("report/templates/*",),
    "review.verdicts.page": ("review/verdicts/page.html.j2",),
    "review.blurtargets.page": ("review/blurtargets/page.js",),
}
# Non-Python files no module reads: the fonts' licence, and the plot templates `dvc plots` reads.
UNREAD: tuple[str, ...] = ("fonts/LICENSE-*", "report/dvc_plots/*")


@functools.cache
def module_file(module: str) -> Path | None:
    """The file of a dotted module inside the package, or None (third-party / a name, not a module)."""
    if module != "scifigbench" and not module.startswith("scifigbench."):
        return None
    base = SRC.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(SRC).with_suffix("").parts)


def _scan_imports(path: Path, text: str) -> list[str]:
    """Dotted names the source ``text`` of ``path`` imports, anywhere in it (lazy imports included)."""
    package = _module_name(path)
    if path.name == "__init__.py":
        package = package.rsplit(".", 1)[0] + ".__init__"
    out: set[str] = set()
    for node in ast.walk(ast.parse(text)):
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
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _BY_NAME.match(node.value):
            out.add(node.value.split(":")[0])  # importlib by name: "scifigbench.llm.cache"
    return sorted(out)


MEMO_DIR = "codedeps"  # in the cache folder


def memo_name() -> str:
    """The scan memo's file name, named for this module's source: a changed analysis starts a new memo."""
    version = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    return f"imports-{version}.json"


def _memo_path() -> Path:
    return paths.cache_root(".") / MEMO_DIR / memo_name()


@functools.cache
def _memo() -> dict[str, list[str]]:
    """Imports by (module path, source) digest. Why: parsing the ~150 files of a closure takes a
    second or more on a busy machine, and every stage computing a cache version would pay it."""
    try:
        memo = json.loads(_memo_path().read_text(encoding="utf-8"))
        return memo if isinstance(memo, dict) else {}
    except (OSError, ValueError):
        return {}


def imported_modules(path: Path) -> list[str]:
    """Dotted names this file imports, anywhere in it (function-level lazy imports included)."""
    text = path.read_text(encoding="utf-8")
    key = hashlib.sha256(f"{_module_name(path)}\0{text}".encode()).hexdigest()
    memo = _memo()
    if key not in memo:
        memo[key] = _scan_imports(path, text)
        _unsaved.add(key)
    return memo[key]


_unsaved: set[str] = set()


def _save_memo() -> None:
    """Keep the memo's new entries (best effort: an unwritable cache only costs time)."""
    if not _unsaved:
        return
    try:
        atomic_write_text(_memo_path(), json.dumps(_memo(), sort_keys=True))
        _unsaved.clear()
    except OSError:
        pass


def closure(*entries: str) -> frozenset[Path]:
    """Files of the package executed when ``entries`` are imported (parent packages' __init__ too)."""
    todo, seen = list(entries), set()
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            path = module_file(".".join(parts[:i]))
            if path is None or path in seen:
                continue
            seen.add(path)
            todo.extend(imported_modules(path))
    _save_memo()
    return frozenset(seen - NOT_READ)


class UnresolvedPrompt(ValueError):
    """A ``prompts.load(...)`` argument the scan cannot resolve to prompt ids.

    Why an error: a load the scan cannot follow used to resolve to nothing, so the stage silently
    lost its prompt dep (an edited prompt then reran nothing). Name the prompt so the scan sees it.
    """


def _literals(node: ast.AST, known: set[str]) -> set[str]:
    """Prompt ids among the string literals under ``node`` (comparisons and dict keys excluded)."""
    skip = {id(k) for n in ast.walk(node) if isinstance(n, ast.Dict) for k in n.keys}
    skip |= {id(c) for n in ast.walk(node) if isinstance(n, ast.Compare) for c in [n.left, *n.comparators]}
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in known and id(n) not in skip
    }


@functools.cache
def _record_prompts() -> dict[str, frozenset[str]]:
    """Prompt-id fields of the concept records: code loading ``<record>.<field>`` may load any record's.

    ``judge_prompt`` of the unit families, ``task`` of the probe families (a numbered or blurred
    request's prompt is named for its task; tasks without a prompt file, ``describe``, are dropped
    by the caller). A chart kind's describe prompt is text in its record module, in the closure.
    """
    from scifigbench.concepts.families import FAMILIES
    from scifigbench.concepts.probe_families import PROBE_FAMILY_RECORDS

    return {
        "judge_prompt": frozenset(f.judge_prompt for f in FAMILIES),
        "task": frozenset(f.task for f in PROBE_FAMILY_RECORDS),
    }


def _is_prompt_load(node: ast.AST) -> TypeGuard[ast.Call]:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "load"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "prompts"
        and bool(node.args)
    )


class _Module:
    """One source file's tree, with what resolving a prompt argument looks up in it."""

    def __init__(self, tree: ast.Module, known: set[str]) -> None:
        self.known = known
        self.tables = {
            t.id: n.value
            for n in tree.body
            if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Name) and isinstance(n.value, ast.Dict)
        }
        self.functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        self.calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]

    def enclosing(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        line = getattr(node, "lineno", 0)
        around = [f for f in self.functions if f.lineno <= line <= (f.end_lineno or f.lineno)]
        return around[-1] if around else None

    def resolve(self, arg: ast.expr, depth: int = 0) -> set[str]:
        """Prompt ids ``arg`` may evaluate to (empty: not resolved)."""
        if depth > 8:
            return set()
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return {arg.value}
        if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
            return {k for k in self.known if k.startswith(str(arg.values[0].value))}
        if isinstance(arg, ast.Attribute) and arg.attr in _record_prompts():
            return set(_record_prompts()[arg.attr]) & self.known
        if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name) and arg.value.id in self.tables:
            return _literals(ast.Tuple(elts=self.tables[arg.value.id].values), self.known)
        if isinstance(arg, ast.Name):
            return self._name(arg, depth)
        return set()

    def _name(self, name: ast.Name, depth: int) -> set[str]:
        """A variable: the values assigned to it in its function, or (a parameter) its call sites' arguments."""
        function = self.enclosing(name)
        if function is None:
            return set()
        assigned = [
            n.value
            for n in ast.walk(function)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name.id for t in n.targets)
        ]
        if assigned:
            return set().union(*(self.resolve(v, depth + 1) for v in assigned))
        params = [a.arg for a in function.args.posonlyargs + function.args.args]
        if name.id not in params:
            return set()
        position = params.index(name.id)
        out: set[str] = set()
        for call in (c for c in self.calls if isinstance(c.func, ast.Name) and c.func.id == function.name):
            given = [k.value for k in call.keywords if k.arg == name.id]
            given += call.args[position : position + 1]
            out.update(*(self.resolve(v, depth + 1) for v in given))
        return out


def prompt_ids(files: Iterable[Path]) -> set[str]:
    """Prompt ids passed to ``prompts.load(...)`` in ``files``.

    The argument is a literal, an f-string (its literal prefix, e.g. ``judge_``), a record's
    prompt field (``family.judge_prompt``, ``pf.task``: every record's), a lookup in a
    module-level dict (its values), a variable assigned one of these in its function, or a
    parameter (the arguments its module's calls pass). Anything else raises
    :class:`UnresolvedPrompt`: a stage must never lose a prompt dep silently.
    """
    known = {p.stem for p in PROMPTS.glob("*.txt")}
    used: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        if "prompts.load(" not in text:
            continue
        tree = ast.parse(text)
        module = _Module(tree, known)
        for call in filter(_is_prompt_load, ast.walk(tree)):
            found = module.resolve(call.args[0]) & known
            if not found:
                raise UnresolvedPrompt(
                    f"{path}:{call.lineno}: cannot tell which prompt `prompts.load({ast.unparse(call.args[0])})` "
                    "loads; pass a literal, a record's prompt field or a variable assigned one"
                )
            used |= found
    return used


def _data_files(modules: frozenset[Path]) -> set[Path]:
    out: set[Path] = set()
    for module, patterns in DATA.items():
        if module_file(f"{PACKAGE.name}.{module}") in modules:
            out.update(f for pattern in patterns for f in PACKAGE.glob(pattern) if f.is_file())
    return out


@functools.cache
def code_files(*entries: str) -> tuple[Path, ...]:
    """Every file of the package that code reachable from ``entries`` executes or reads, sorted."""
    modules = closure(*entries)
    prompts = {PROMPTS / f"{p}.txt" for p in prompt_ids(modules)}
    return tuple(sorted(modules | prompts | _data_files(modules)))


@functools.cache
def files_digest(*entries: str) -> str:
    """sha256 of the paths and bytes of :func:`code_files` of ``entries``: the version of that code."""
    digest = hashlib.sha256()
    for f in code_files(*entries):
        digest.update(f.relative_to(PACKAGE).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()


def package_files() -> list[Path]:
    """Every file of the package (no bytecode), for collapsing deps into folders and for checks."""
    return sorted(f for f in PACKAGE.rglob("*") if f.is_file() and "__pycache__" not in f.parts)


# A folder is one dvc dep when the stage reads at least this share of its files (a stated prior,
# not fitted). Why: dvc.lock held one entry per file (954 `src/` entries, about 5,000 lines), which
# made it unreadable and slow to diff. Listing a folder still reruns the stage after an edit of any
# file it reads; the price is a rerun after an edit of the few files in that folder it does not
# read (`scifigbench dvc-deps --explain` lists them per stage).
FOLDER_SHARE = 0.8
# Prompts stay one dep each: a prompt edit must rerun exactly the stages that send that prompt.
EXACT_FOLDERS = frozenset({PROMPTS})


def as_deps(files: Iterable[Path], root: Path, share: float = FOLDER_SHARE) -> list[str]:
    """``files`` as dvc deps relative to ``root``: a folder of which they are at least ``share`` is one entry.

    The shallowest such folder wins, so a package read almost whole is one entry however deep it is.
    ``share=1`` lists a folder only when every file in it is read.
    """
    return sorted({p.relative_to(root).as_posix() for p in _dep_paths(set(files), share)})


def unread_in_deps(files: Iterable[Path], share: float = FOLDER_SHARE) -> list[Path]:
    """Files under the folders :func:`as_deps` lists for ``files`` that are not among them."""
    chosen = set(files)
    every = package_files()
    return sorted(
        f for d in _dep_paths(chosen, share) if d.is_dir() for f in every if d in f.parents and f not in chosen
    )


def _dep_paths(chosen: set[Path], share: float) -> set[Path]:
    every = package_files()
    under: dict[Path, list[Path]] = {}
    for f in every:
        for d in f.parents:
            if d == PACKAGE:
                break
            under.setdefault(d, []).append(f)
    folders = {
        d
        for d, inside in under.items()
        if d not in EXACT_FOLDERS
        and sum(f in chosen for f in inside) >= share * len(inside) > 0
        and any(f in chosen for f in inside)
    }
    out: set[Path] = set()
    for f in chosen:
        top = [d for d in folders if d in f.parents]
        out.add(min(top, key=lambda d: len(d.parts)) if top else f)
    return out
