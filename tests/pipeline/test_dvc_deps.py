"""Each dvc stage depends on exactly the code, prompt and data files it reads.

The files are derived by :mod:`scifigbench.caching.codedeps` (the ``ast`` import closure of the module
implementing the stage's command, the prompts it loads, the data files its modules read) and
written into dvc.yaml by ``scifigbench dvc-deps``. A missing dep means an edit would not rerun the
stage; a listed file that nothing imports means an edit reruns a stage for nothing. The same
files key the per-figure stores (``keys.code_version``), so a comment in the report module
leaves the conditions memo alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from scifigbench.caching import codedeps
from scifigbench.caching.keys import code_version
from scifigbench.pipeline import dvc_deps

ROOT = Path(__file__).resolve().parents[2]
PKG = codedeps.PACKAGE


@pytest.mark.parametrize("where", ["dvc.yaml", "paper/dvc.yaml"])
def test_dvc_yaml_code_deps_are_the_generated_closures(where: str) -> None:
    path = ROOT / where
    text = path.read_text(encoding="utf-8")
    base = path.parent
    assert dvc_deps.rewrite(text, dvc_deps.stage_code_deps(text, base), dvc_deps.code_prefix(base)) == text, (
        f"{where} code deps drifted from the stages' import closures: run `scifigbench dvc-deps --file {where}`"
    )


@pytest.mark.parametrize("where", ["dvc.yaml", "paper/dvc.yaml"])
def test_every_listed_dep_exists(where: str) -> None:
    """A dep naming a moved module fails `dvc repro` with 'No such file' only when that stage runs."""
    path = ROOT / where
    stages = yaml.safe_load(path.read_text(encoding="utf-8"))["stages"]
    code = [
        d
        for spec in stages.values()
        for d in (spec.get("do") or spec).get("deps", [])
        if isinstance(d, str) and "src/" in d and "${" not in d
    ]
    assert code, f"{where}: no code deps found"
    assert not [d for d in code if not (path.parent / d).exists()]


@pytest.mark.parametrize("where", ["dvc.yaml", "paper/dvc.yaml"])
def test_no_listed_code_file_is_empty(where: str) -> None:
    """DVC prints "'<file>' is empty" for every empty file dep of every stage it checks (38 lines per
    default run, all for empty package ``__init__.py`` files): a package says what it holds instead."""
    path = ROOT / where
    stages = yaml.safe_load(path.read_text(encoding="utf-8"))["stages"]
    deps = {d for spec in stages.values() for d in (spec.get("do") or spec).get("deps", []) if isinstance(d, str)}
    files = [path.parent / d for d in deps if "${" not in d and (path.parent / d).is_file()]
    assert files and not [str(f) for f in files if f.stat().st_size == 0]


def test_paper_project_names_the_checkout_from_its_folder() -> None:
    """paper/ is a DVC project of its own: its deps climb to ../src, and a `&&` chain depends on both commands."""
    text = (
        "stages:\n"
        "  j:\n"
        "    cmd: ../bin/scifigbench pin-release --check && ../bin/scifigbench import-release r --out j\n"
        "    deps:\n"
        "      - release\n"
        "      - ../src/scifigbench/metrics/gone.py\n"
    )
    deps = dvc_deps.stage_code_deps(text, ROOT / "paper")["j"]
    assert all(d.startswith("../src/scifigbench/") for d in deps)
    assert "../src/scifigbench/metrics/release_pin.py" in deps  # pin-release
    assert "../src/scifigbench/metrics/release.py" in deps  # import-release
    new = dvc_deps.rewrite(text, {"j": deps}, dvc_deps.code_prefix(ROOT / "paper"))
    assert "gone.py" not in new and "      - release\n" in new


def test_check_flag_fails_on_drift(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--check` exits 1 when a stage lists a file it never imports, and names the fix."""
    monkeypatch.setattr(dvc_deps, "code_prefix", lambda base: "")  # the copy stands in for the root's dvc.yaml
    text = (ROOT / "dvc.yaml").read_text(encoding="utf-8")
    drifted = text.replace("      - src/scifigbench/report/cli.py\n", "", 1)
    assert drifted != text
    (tmp_path / "dvc.yaml").write_text(drifted, encoding="utf-8")
    result = CliRunner().invoke(dvc_deps.dvc_deps, ["--check", "--file", str(tmp_path / "dvc.yaml")])
    assert result.exit_code == 1 and "scifigbench dvc-deps" in result.output
    assert (tmp_path / "dvc.yaml").read_text(encoding="utf-8") == drifted
    assert CliRunner().invoke(dvc_deps.dvc_deps, ["--file", str(tmp_path / "dvc.yaml")]).exit_code == 0
    assert (tmp_path / "dvc.yaml").read_text(encoding="utf-8") == text


def test_rewrite_replaces_code_items_only() -> None:
    text = (
        "stages:\n"
        "  a:\n"
        "    cmd: scifigbench a\n"
        "    deps:            # a comment stays\n"
        "      - data/x\n"
        "      - src/scifigbench/old.py\n"
        "      - ${corpus.inputs}\n"
        "    outs:\n"
        "      - data/a\n"
        "  b:\n"
        "    foreach: ${models}\n"
        "    do:\n"
        "      deps:\n"
        "        - src/scifigbench/gone\n"
        "        - data/y\n"
    )
    new = dvc_deps.rewrite(text, {"a": ["src/scifigbench/new.py"], "b": ["src/scifigbench/b"]})
    assert new == (
        "stages:\n"
        "  a:\n"
        "    cmd: scifigbench a\n"
        "    deps:            # a comment stays\n"
        "      - data/x\n"
        "      - ${corpus.inputs}\n"
        "      - src/scifigbench/new.py\n"
        "    outs:\n"
        "      - data/a\n"
        "  b:\n"
        "    foreach: ${models}\n"
        "    do:\n"
        "      deps:\n"
        "        - data/y\n"
        "        - src/scifigbench/b\n"
    )


def test_a_folder_mostly_read_is_one_dep_and_its_unread_files_are_named() -> None:
    fonts = sorted((PKG / "fonts").glob("*.ttf"))
    files = [PKG / "fonts" / "__init__.py", *fonts]  # 5 of the folder's 6 files: all but the licence
    listed = sorted(f.relative_to(ROOT).as_posix() for f in files)
    assert codedeps.as_deps(files, ROOT, share=1) == listed  # every file demanded: one entry each
    assert codedeps.as_deps(files, ROOT) == ["src/scifigbench/fonts"]  # 5/6 >= 0.8
    assert codedeps.unread_in_deps(files) == [PKG / "fonts" / "LICENSE-Liberation.txt"]
    two = files[:2]  # 2 of 6: listed file by file, nothing unread is covered
    assert codedeps.as_deps(two, ROOT) == sorted(f.relative_to(ROOT).as_posix() for f in two)
    assert codedeps.unread_in_deps(two) == []
    contracts = [f for f in codedeps.package_files() if PKG / "contracts" in f.parents]
    assert codedeps.as_deps(contracts, ROOT) == ["src/scifigbench/contracts"]


def test_prompts_stay_one_dep_each_even_when_all_are_read() -> None:
    prompts = [f for f in codedeps.package_files() if f.parent == codedeps.PROMPTS]
    deps = codedeps.as_deps(prompts, ROOT)
    assert deps == sorted(f.relative_to(ROOT).as_posix() for f in prompts)


def test_every_file_a_stage_reads_is_under_one_of_its_deps() -> None:
    """Coarser deps lose no rerun: each file of a stage's closure is a dep or inside a folder dep."""
    text = (ROOT / "dvc.yaml").read_text(encoding="utf-8")
    stages = yaml.safe_load(text)["stages"]
    for stage, deps in dvc_deps.stage_code_deps(text).items():
        module = dvc_deps.entry_module((stages[stage].get("do") or stages[stage])["cmd"])
        assert module is not None
        paths = [ROOT / d for d in deps]
        for f in codedeps.code_files(module):
            assert any(f == p or p in f.parents for p in paths), f"{stage}: {f} is under none of its deps"


def test_every_package_file_is_code_a_prompt_data_or_declared_unread() -> None:
    """A new data file must be assigned to the module reading it (codedeps.DATA) or declared unread."""
    data = {f for patterns in codedeps.DATA.values() for p in patterns for f in PKG.glob(p)}
    unread = {f for p in codedeps.UNREAD for f in PKG.glob(p)}
    stray = [
        f.relative_to(PKG).as_posix()
        for f in codedeps.package_files()
        if f.suffix != ".py" and f.parent != codedeps.PROMPTS and f not in data | unread
    ]
    assert not stray


def test_closure_follows_relative_and_lazy_imports() -> None:
    """A module imported inside a function is found; third-party is not."""
    files = codedeps.closure("scifigbench.cli")
    assert PKG / "cli.py" in files
    assert not any("numpy" in str(f) for f in files)
    judge = codedeps.closure("scifigbench.judges.cli")
    assert PKG / "judges" / "stage.py" in judge  # imported inside the click command's body
    assert PKG / "judges" / "__init__.py" in judge


def test_stores_are_keyed_by_what_computes_them() -> None:
    """The conditions memo reads conditions code, not the report's; the report's templates and the
    fonts count only where a module reading them is imported; a stage's prompts are the ones it loads."""
    conditions = codedeps.code_files("scifigbench.conditions.stage")
    assert PKG / "conditions" / "blur.py" in conditions
    assert not any(PKG / "report" in f.parents for f in conditions)
    assert PKG / "contracts" / "metrics.py" not in conditions
    report = codedeps.code_files("scifigbench.report.cli")
    assert PKG / "report" / "templates" / "report.html.j2" in report
    assert PKG / "report" / "dvc_plots" / "bars_by_model.json" not in report
    judge = codedeps.code_files("scifigbench.judges.cli")
    assert PKG / "prompts" / "judge_mqm.txt" in judge
    assert PKG / "prompts" / "capability.txt" not in judge
    assert code_version("scifigbench.conditions.stage") != code_version("scifigbench.report.cli")


def test_scan_memo_gives_the_same_closure(tmp_path: Path, monkeypatch) -> None:
    """The per-file import memo (keyed by path and source) changes nothing: cold and warm agree."""
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path))
    codedeps._memo.cache_clear()
    cold = codedeps.closure("scifigbench.report.cli")
    assert list(tmp_path.glob("codedeps/imports-*.json"))
    codedeps._memo.cache_clear()
    assert codedeps.closure("scifigbench.report.cli") == cold
    codedeps._memo.cache_clear()


def test_prompt_loads_resolve_through_records_variables_and_parameters(tmp_path: Path) -> None:
    """A record's field, a variable assigned one, and a parameter (its call sites' arguments) resolve."""
    source = tmp_path / "loads.py"
    source.write_text(
        "from scifigbench import prompts\n"
        "def by_record(pf):\n"
        "    return prompts.load(pf.task)\n"
        "def by_variable(probe):\n"
        "    task = probe_family(probe).task\n"
        "    return prompts.load(task)\n"
        "def by_parameter(name):\n"
        "    return prompts.load(name)\n"
        "def caller():\n"
        "    return by_parameter('blur_vetting'), by_parameter(name='judge_mqm')\n",
        encoding="utf-8",
    )
    # task records: capability, resistance, blur_active (and `describe`, which has no prompt file)
    assert codedeps.prompt_ids([source]) == {"capability", "resistance", "blur_active", "blur_vetting", "judge_mqm"}


def test_a_prompt_load_the_scan_cannot_follow_is_an_error(tmp_path: Path) -> None:
    """A load resolving to nothing used to drop the stage's prompt dep silently; now it stops dvc-deps."""
    source = tmp_path / "opaque.py"
    source.write_text(
        "from scifigbench import prompts\ndef pick(row):\n    return prompts.load(row['prompt'])\n", encoding="utf-8"
    )
    with pytest.raises(codedeps.UnresolvedPrompt, match=r"opaque\.py:3: .*prompts\.load\(row\['prompt'\]\)"):
        codedeps.prompt_ids([source])


def test_setups_stage_depends_on_the_prompts_it_renders() -> None:
    """The respondents' numbered and blurred prompts are rendered by setups (`prompts.load(pf.task)`)."""
    files = codedeps.code_files("scifigbench.setups")
    for prompt in ("capability", "resistance", "blur_active"):
        assert PKG / "prompts" / f"{prompt}.txt" in files
        assert f"      - src/scifigbench/prompts/{prompt}.txt\n" in (ROOT / "dvc.yaml").read_text(encoding="utf-8")
