"""An edited prompt file makes `dvc status` name every stage that reads it, and no other.

The scratch checkout holds the real dvc.yaml, params.yaml and package; every data dep and out is a
placeholder, so `dvc commit` locks the pipeline as it stands without running it. Each prompt file
is then edited in turn. The expected stages are written here from what each prompt is for (the
respondents' prompts are rendered into setups, the judges' into verdicts and audits), not derived
by the code-deps scan under test.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"
PROMPTS = REPO / "src" / "scifigbench" / "prompts"

# The stages reading each prompt. The params check imports setups for its config schema, so it
# depends on the prompts setups renders too (its output is constant: nothing downstream reruns).
RESPONDENT = ("params", "setups")
JUDGE = ("judge@{m}", "audit@{m}")
EXPECTED: dict[str, tuple[str, ...]] = {
    "capability": RESPONDENT,
    "resistance": RESPONDENT,
    "blur_active": RESPONDENT,
    "blur_vetting": ("vetting",),
    "probe_generator": ("probes",),
    "probe_validator": ("probes",),
    **{p.stem: JUDGE for p in PROMPTS.glob("judge_*.txt")},
}


def _dvc(cwd: Path, *args: str) -> str:
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "DVC_NO_ANALYTICS": "1", "HOME": str(cwd)}
    res = subprocess.run([str(DVC), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, f"dvc {' '.join(args)} failed:\n{res.stdout}\n{res.stderr}"
    return res.stdout


def _placeholders(root: Path) -> None:
    """Create every data dep and out the stages name that does not exist (a file if it has a suffix)."""
    from dvc.repo import Repo

    with Repo(str(root)) as repo:
        paths = {Path(o.fs_path) for stage in repo.index.stages for o in [*stage.deps, *stage.outs]}
    for path in sorted(paths, key=lambda p: len(p.parts), reverse=True):
        if path.exists() or (root / "src") in path.parents:
            continue
        if path.suffix:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"placeholder {path.name}\n")
        else:
            path.mkdir(parents=True, exist_ok=True)
            (path / "placeholder").write_text("placeholder\n")


def _changed(root: Path) -> dict[str, set[str]]:
    """Stage -> the deps `dvc status` reports modified."""
    out: dict[str, set[str]] = {}
    for stage, entries in json.loads(_dvc(root, "status", "--json")).items():
        for entry in entries:
            if isinstance(entry, dict):
                out.setdefault(stage, set()).update(entry.get("changed deps", {}))
    return out


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch checkout whose whole pipeline is committed as up to date (nothing run)."""
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    root = tmp_path_factory.mktemp("scratch")
    for name in ("dvc.yaml", "params.yaml"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "bin", root / "bin")
    shutil.copytree(REPO / "src", root / "src", ignore=shutil.ignore_patterns("__pycache__"))
    _dvc(root, "init", "--no-scm", "-q")
    shutil.copy(REPO / ".dvcignore", root / ".dvcignore")  # bytecode written into src/ is no dep change
    _placeholders(root)
    _dvc(root, "commit", "-f", "-q")
    assert _changed(root) == {}, "the freshly committed scratch pipeline is not up to date"
    return root


@pytest.mark.slow
def test_each_prompt_edit_names_the_stages_reading_it(scratch: Path) -> None:
    models = list(yaml.safe_load((REPO / "params.yaml").read_text())["models"])
    assert {p.stem for p in PROMPTS.glob("*.txt")} == set(EXPECTED), "a new prompt file: say which stage reads it"
    for prompt, stages in sorted(EXPECTED.items()):
        path = scratch / "src" / "scifigbench" / "prompts" / f"{prompt}.txt"
        original = path.read_bytes()
        path.write_bytes(original + b"\nAnswer briefly.\n")
        expected = {s.format(m=m) for s in stages for m in models}
        changed = _changed(scratch)
        dep = f"src/scifigbench/prompts/{prompt}.txt"
        assert set(changed) == expected, f"editing {prompt}.txt: dvc status named {sorted(changed)}"
        assert all(deps == {dep} for deps in changed.values()), f"editing {prompt}.txt: {changed}"
        path.write_bytes(original)


# A module deep inside a folder that several stages list whole, with the stages that import it
# (written from what the module is for, not from the scan): the folder deps must still catch it.
MODULE_EDITS: dict[str, tuple[str, ...]] = {
    "corpus/styles/__init__.py": ("params", "corpus"),  # the looks: drawn by corpus, checked by params
    # the model client's retries: every stage that calls a model (and the report, which shows its stats)
    "llm/retrying.py": ("params", "vetting", "probes", "respond@{m}", "judge@{m}", "audit@{m}", "report"),
    "metrics/stage.py": ("metrics",),
}


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(MODULE_EDITS))
def test_a_module_edit_names_the_stages_importing_it(scratch: Path, module: str) -> None:
    """dvc.lock lists folders, not every file; an edit of a file inside one still reruns its readers."""
    models = list(yaml.safe_load((REPO / "params.yaml").read_text())["models"])
    path = scratch / "src" / "scifigbench" / module
    original = path.read_bytes()
    path.write_bytes(original + b"\n# an edit\n")
    try:
        changed = set(_changed(scratch))
    finally:
        path.write_bytes(original)
    expected = {s.format(m=m) for s in MODULE_EDITS[module] for m in models}
    assert expected <= changed, f"editing {module}: dvc status named {sorted(changed)}"
