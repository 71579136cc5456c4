"""The simulated respondents share no code or lexicon with the judges they are used to check."""

from __future__ import annotations

import ast
from pathlib import Path

import scifigbench.simulated as simulated

# ground modules, the figure spec and the rubric: what a respondent may know about a figure
ALLOWED = ("scifigbench.spec", "scifigbench.rubric", "scifigbench.contracts", "scifigbench.params",
           "scifigbench.paths", "scifigbench.jsonl", "scifigbench.tableio", "scifigbench.simulated")


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out += [node.module] if node.module != "scifigbench" else [f"scifigbench.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return [m for m in out if m.startswith("scifigbench")]


def test_simulated_imports_only_ground_spec_and_rubric() -> None:
    root = Path(simulated.__file__).parent
    bad = {f"{p.name}: {m}" for p in root.rglob("*.py") for m in _imports(p) if not m.startswith(ALLOWED)}
    assert not bad, sorted(bad)


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    p = tmp_path / "x.py"
    p.write_text("from scifigbench.freetext.labels import name_pattern\nfrom scifigbench import judges\n")
    assert [m for m in _imports(p) if not m.startswith(ALLOWED)] == ["scifigbench.freetext.labels", "scifigbench.judges"]
