"""check-params holds params.yaml to dvc.yaml: a key a stage declares or interpolates must be in the file.

DVC reads a declared param from params.yaml only; an absent one (a replaced ``judge:`` section that lost
``judge.audit``) stopped the run after the stages before it had run, or, for ``${corpus.inputs}``,
before anything ran without saying what to add. check-params names the key and the line to write.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from scifigbench import params
from scifigbench.pipeline.params_check import check, dvc_required_keys

REPO = Path(__file__).resolve().parents[2]

DVC_YAML = """
stages:
  a:
    cmd: bin/scifigbench a
    deps:
      - ${corpus.inputs}
    params:
      - judge.kind
      - params.yaml:
          - metrics.seed
      - other.yaml:
          - elsewhere.key
  b:
    foreach: ${models}
    do:
      cmd: bin/scifigbench b ${key}
      params:
        - models.${key}
        - judge.audit
        - run
  c:
    cmd: bin/scifigbench c
    params:
      - params.yaml:
"""


def test_required_keys_expand_foreach_and_interpolations() -> None:
    raw = {"models": {"m1": {}, "m2": {}}}
    assert dvc_required_keys(DVC_YAML, raw) == {
        "corpus.inputs": "a",
        "judge.kind": "a",
        "metrics.seed": "a",
        "models": "b@m1",
        "models.m1": "b@m1",
        "judge.audit": "b@m1",
        "run": "b@m1",
        "models.m2": "b@m2",
    }


def _project(tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    shutil.copy(REPO / "dvc.yaml", tmp_path / "dvc.yaml")
    raw = yaml.safe_load((REPO / "params.yaml").read_text())
    edit(raw)
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False))
    return path


def test_the_committed_params_have_every_key_dvc_yaml_needs(tmp_path: Path) -> None:
    check(_project(tmp_path, lambda raw: None))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        # a whole judge section written anew, without audit: the judge stages pass, the audit stages need it
        (
            lambda raw: raw.update(judge={"kind": "rule", "llm_model": None, "caption_ab_seed": 7}),
            r"params\.yaml:judge\.audit: missing, and .*dvc\.yaml stage audit@sim-careful needs it.*"
            r"Add `audit: null` under `judge:` \(the default\)",
        ),
        (
            lambda raw: raw["corpus"].pop("inputs"),
            r"params\.yaml:corpus\.inputs: missing, .*stage corpus .*Add `inputs: corpus_inputs` under `corpus:`",
        ),
        (lambda raw: raw.pop("seed"), r"params\.yaml:seed: missing, .*stage corpus .*Add `seed: 42` at the top level"),
    ],
    ids=["judge.audit", "corpus.inputs", "seed"],
)
def test_a_key_dvc_yaml_needs_is_named_with_its_default(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    path = _project(tmp_path, edit)
    with pytest.raises(params.ParamsError, match=message):
        check(path)


def test_a_key_inside_a_section_tracked_whole_stays_optional(tmp_path: Path) -> None:
    check(_project(tmp_path, lambda raw: raw["run"].pop("retry_errors")))  # `run` is declared whole


def test_a_params_file_dvc_does_not_read_is_not_held_to_dvc_yaml(tmp_path: Path) -> None:
    path = _project(tmp_path, lambda raw: raw.pop("seed"))
    check(path.rename(tmp_path / "experiment.yaml"))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda raw: raw["corpus"].update(source="release"),
            r"params\.yaml:release_beside\.paper: with corpus\.source: release name the one paper/ project",
        ),
        (
            lambda raw: raw["release_beside"].update(paper=["paper"]),
            r"params\.yaml:release_beside\.paper: only with corpus\.source: release \(source is 'synthetic'\)",
        ),
        (
            lambda raw: (raw["corpus"].update(source="release"), raw["release_beside"].update(paper=["a", "b"])),
            r"release_beside\.paper: with corpus\.source: release name the one",
        ),
        (
            lambda raw: raw.pop("release_beside"),
            r"params\.yaml:release_beside\.paper: missing, .*stage release_beside needs it.*Add `paper: \[\]`",
        ),
    ],
    ids=["release without stage", "stage without release", "two papers", "section missing"],
)
def test_the_release_beside_stage_exists_exactly_with_the_release_corpus(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    """A release run without the stage would never place its model beside the published ones; the stage
    without the release would compare items the published models never saw."""
    with pytest.raises(params.ParamsError, match=message):
        check(_project(tmp_path, edit))
    (ok := tmp_path / "ok").mkdir()
    check(
        _project(
            ok, lambda raw: (raw["corpus"].update(source="release"), raw["release_beside"].update(paper=["paper"]))
        )
    )
