"""``scifigbench check-params``: validate every section of params.yaml before any stage runs.

Why a stage of its own: DVC deletes a stage's outputs before running its command, so a typo
found by the stage itself (say ``metrics.bootstrp``) used to cost the previous good outputs,
git-tracked metrics included. This stage is upstream of every other one; when it fails,
``dvc repro`` stops before touching anything. Its one output is a constant marker, so passing it
never invalidates a downstream stage: each stage still reruns only for its own params.

It also holds params.yaml to dvc.yaml: every key a stage declares under ``params:`` or reads through
``${...}`` must be in the file, even where the stage's code has a default. DVC tracks a declared key
by its value in params.yaml and stops on an absent one, but only once that stage has run (or, for
``${...}``, before anything runs, without saying what to add); someone who replaces a whole section
(``judge: {kind: llm, ...}``) loses keys such as ``judge.audit`` that way. Here the missing key is
named with the default to write. Keys inside a section a stage tracks whole (``run``) stay optional.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

import click
import yaml

from scifigbench import params, paths

# section -> "module:dataclass" that reads it (imported lazily: each stage owns its schema)
SECTIONS: dict[str, str] = {
    "corpus": "scifigbench.corpus.config:CorpusConfig",
    "conditions": "scifigbench.conditions.config:ConditionsConfig",
    "probes": "scifigbench.probes.config:ProbesConfig",
    "setups": "scifigbench.setups:SetupsConfig",
    "run": "scifigbench.llm.config:RunConfig",
    "judge": "scifigbench.judges.config:JudgeConfig",
    "metrics": "scifigbench.metrics.config:MetricsConfig",
    "release_beside": "scifigbench.metrics.beside_config:ReleaseBesideConfig",
}
# section -> "module:function" taking the params path: reads the section (instead of SECTIONS'
# dataclass alone) and checks it against the others
CROSS_CHECKS: dict[str, str] = {"judge": "scifigbench.judges.config:load"}
TOP_LEVEL = {"seed", "models", "services", *SECTIONS}
MARKER_TEXT = "params.yaml: every section valid\n"
# DVC's default params file: the one a dvc.yaml ``params:`` entry without a file name refers to
DVC_PARAMS_FILE = "params.yaml"
_INTERPOLATION = re.compile(r"\$\{\s*([\w.-]+)\s*\}")
_LOOP_VARIABLES = ("key", "item")  # what ``foreach`` binds in a stage's ``do``


def _reader(target: str) -> Any:
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def _lookup(raw: dict[str, Any], key: str) -> tuple[bool, Any]:
    """(whether dotted ``key`` is in ``raw``, its value): the way DVC looks a param up."""
    node: Any = raw
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _loop_values(foreach: Any, raw: dict[str, Any]) -> list[str]:
    """The values ``${key}`` / ``${item}`` take in a foreach stage (``foreach: ${models}`` or a literal)."""
    if isinstance(foreach, str) and (m := _INTERPOLATION.fullmatch(foreach.strip())):
        foreach = _lookup(raw, m.group(1))[1]
    return [str(v) for v in foreach] if isinstance(foreach, (dict, list)) else []


def dvc_required_keys(dvc_text: str, raw: dict[str, Any]) -> dict[str, str]:
    """Dotted params.yaml key -> the first stage of dvc.yaml ``dvc_text`` that needs it.

    A stage needs a key it declares under ``params:`` (in the default params file; a whole-file
    entry needs none) and every ``${...}`` it interpolates; a foreach stage counts once per value.
    """
    needed: dict[str, str] = {}
    for name, spec in (yaml.safe_load(dvc_text).get("stages") or {}).items():
        body = spec.get("do", spec)
        instances = [(f"{name}@{v}", v) for v in _loop_values(spec["foreach"], raw)] if "do" in spec else [(name, None)]
        keys = [m.group(1) for m in _INTERPOLATION.finditer(yaml.safe_dump(spec))]
        for entry in body.get("params") or []:
            if isinstance(entry, str):
                keys.append(entry)
            elif isinstance(entry, dict):
                keys += [k for f, ks in entry.items() if f == DVC_PARAMS_FILE and ks for k in ks]
        for stage, value in instances:
            for key in keys:
                if key.split(".")[0] in _LOOP_VARIABLES:
                    continue
                for var in _LOOP_VARIABLES:
                    key = key.replace(f"${{{var}}}", str(value))
                needed.setdefault(key, stage)
        if "do" in spec:  # the list it loops over, needed even when it is empty (the stage then has no instance)
            for key in _INTERPOLATION.findall(str(spec["foreach"])):
                needed.setdefault(key, name)
    return needed


def default_line(key: str) -> str:
    """What to write for a missing dotted ``key``: under which section, and its default when the code has one."""
    section, _, name = key.partition(".")
    if not name:
        from scifigbench.corpus.config import DEFAULT_SEED

        return f"`seed: {DEFAULT_SEED}` at the top level" if key == "seed" else f"`{key}:` at the top level"
    cls = _reader(SECTIONS[section]) if section in SECTIONS and "." not in name else None
    field = next((f for f in dataclasses.fields(cls) if f.name == name), None) if cls else None
    if field is None:
        return f"`{name}:` under `{section}:`"
    value = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    shown = yaml.safe_dump({name: value}, default_flow_style=True, width=10_000).strip()[1:-1]
    return f"`{shown}` under `{section}:` (the default)"


def check_dvc_keys(path: Path | str, raw: dict[str, Any]) -> None:
    """Raise :class:`params.ParamsError` for a key the dvc.yaml beside ``path`` needs and ``path`` lacks."""
    path = Path(path)
    dvc_file = path.parent / "dvc.yaml"
    if path.name != DVC_PARAMS_FILE or not dvc_file.is_file():
        return  # not the file DVC reads the stages' params from
    for key, stage in dvc_required_keys(dvc_file.read_text(encoding="utf-8"), raw).items():
        if not _lookup(raw, key)[0]:
            raise params.ParamsError(
                f"{path}:{key}: missing, and {dvc_file} stage {stage} needs it (DVC reads a stage's params "
                f"from this file only, never the code's defaults, and stops on an absent one). Add {default_line(key)}"
            )


def check(path: Path | str = params.DEFAULT_PARAMS) -> None:
    """Raise :class:`params.ParamsError` naming the file and key of the first problem found."""
    from scifigbench.corpus.config import load as load_corpus
    from scifigbench.llm.config import check_pools, service_roles
    from scifigbench.llm.config import load as load_model

    raw = params.load_raw(path)
    unknown = sorted(set(raw) - TOP_LEVEL)
    if unknown:
        raise params.ParamsError(f"{path}: unknown top-level key(s) {unknown}; known keys are {sorted(TOP_LEVEL)}")
    corpus, _ = load_corpus(path)  # the corpus section plus the global seed
    built: dict[str, Any] = {}
    for name, target in SECTIONS.items():
        if name in CROSS_CHECKS:
            _reader(CROSS_CHECKS[name])(path)  # builds the section too
        else:
            built[name] = params.section(_reader(target), name, path)
    for model in params.model_names(path) or []:
        load_model(model, path)
    for model, roles in service_roles(path).items():
        for role in roles:
            load_model(model, path, role)
    check_pools(path)
    vetting = built["conditions"].vetting
    for where, key, role in (
        ("probes.llm_generator", built["probes"].llm_generator, "probe_writer"),
        ("conditions.vetting.model", vetting.model if vetting else None, "vetting"),
    ):
        if key:
            try:
                load_model(key, path, role)
            except params.ParamsError as exc:
                raise params.ParamsError(f"{path}:{where}: {exc}") from None
    check_release_beside(path, corpus.source, built["release_beside"].paper)
    check_dvc_keys(path, raw)


def check_release_beside(path: Path | str, source: str, paper: list[str]) -> None:
    """The release_beside stage exists exactly when the corpus is the paper's release: without it a
    release run would never place its model beside the published ones; with another corpus it
    would compare items the published models never saw."""
    if source == "release" and len(paper) != 1:
        raise params.ParamsError(
            f"{path}:release_beside.paper: with corpus.source: release name the one paper/ project whose "
            f"published verdicts your models are placed beside, e.g. [paper] (got {paper})"
        )
    if source != "release" and paper:
        raise params.ParamsError(
            f"{path}:release_beside.paper: only with corpus.source: release (source is {source!r}); set it to []"
        )


@click.command("check-params")
@click.option(
    "--params",
    "params_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=params.DEFAULT_PARAMS,
    show_default=True,
)
@click.option("--marker", type=click.Path(dir_okay=False, path_type=Path), default=paths.PARAMS_OK, show_default=True)
def check_params(params_path: Path, marker: Path) -> None:
    """Validate every section of the params file; write the marker the other stages depend on."""
    try:
        check(params_path)
    except params.ParamsError as exc:
        raise click.ClickException(str(exc)) from None
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(MARKER_TEXT, encoding="utf-8")
    click.echo(f"{params_path}: valid")
