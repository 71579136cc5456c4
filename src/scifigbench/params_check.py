"""``scifigbench check-params``: validate every section of params.yaml before any stage runs.

Why a stage of its own: DVC deletes a stage's outputs before running its command, so a typo
found by the stage itself (say ``metrics.bootstrp``) used to cost the previous good outputs,
git-tracked metrics included. This stage is upstream of every other one; when it fails,
``dvc repro`` stops before touching anything. Its one output is a constant marker, so passing it
never invalidates a downstream stage: each stage still reruns only for its own params.
"""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import click

from scifigbench import params, paths

# section -> "module:dataclass" that reads it, or "module:function" taking the params path for a
# section checked against others (imported lazily: each stage owns its schema)
SECTIONS: dict[str, str] = {
    "corpus": "scifigbench.corpus.config:CorpusConfig",
    "conditions": "scifigbench.conditions.config:ConditionsConfig",
    "probes": "scifigbench.probes.config:ProbesConfig",
    "setups": "scifigbench.setups:SetupsConfig",
    "run": "scifigbench.llm.config:RunConfig",
    "judge": "scifigbench.judges.config:load",
    "metrics": "scifigbench.metrics.config:MetricsConfig",
}
TOP_LEVEL = {"seed", "models", "services", *SECTIONS}
MARKER_TEXT = "params.yaml: every section valid\n"


def check(path: Path | str = params.DEFAULT_PARAMS) -> None:
    """Raise :class:`params.ParamsError` naming the file and key of the first problem found."""
    from scifigbench.corpus.config import load as load_corpus
    from scifigbench.llm.config import check_pools, service_roles
    from scifigbench.llm.config import load as load_model

    raw = params.load_raw(path)
    unknown = sorted(set(raw) - TOP_LEVEL)
    if unknown:
        raise params.ParamsError(f"{path}: unknown top-level key(s) {unknown}; known keys are {sorted(TOP_LEVEL)}")
    load_corpus(path)  # the corpus section plus the global seed
    for name, target in SECTIONS.items():
        module, attr = target.split(":")
        reader = getattr(importlib.import_module(module), attr)
        if isinstance(reader, type) and dataclasses.is_dataclass(reader):
            params.section(reader, name, path)
        else:
            reader(path)
    for model in params.model_names(path) or []:
        load_model(model, path)
    for model, roles in service_roles(path).items():
        for role in roles:
            load_model(model, path, role)
    check_pools(path)
    vetting = (raw.get("conditions") or {}).get("vetting") or {}
    for where, key, role in (
        ("probes.llm_generator", (raw.get("probes") or {}).get("llm_generator"), "probe_writer"),
        ("conditions.vetting.model", vetting.get("model") if isinstance(vetting, dict) else None, "vetting"),
    ):
        if key:
            try:
                load_model(key, path, role)
            except params.ParamsError as exc:
                raise params.ParamsError(f"{path}:{where}: {exc}") from None


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
