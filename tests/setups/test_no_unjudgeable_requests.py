"""No request the configured judge cannot judge: setups leave out units without evidence for the judge.

A description of a real figure has no ground-truth spec for the rule judge (nor a reference for
the LLM judge unless the manifest gives one). The setups stage leaves such units out, drops a
request that holds nothing else, counts both in ``left_out.json``, and the judges stage cuts none
of them, so every unit of every request sent is judged.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from scifigbench import paths, setups
from scifigbench.concepts.families import cannot_judge
from scifigbench.conditions import config as conditions_config
from scifigbench.conditions import stage as conditions_stage
from scifigbench.corpus import stage as corpus_stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.judges.stage import judge_units, load_units, rule_judge
from scifigbench.metrics.stage import not_measured
from scifigbench.probes import stage as probes_stage
from scifigbench.tableio import read_table

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "scivqa"
FIGURES = ["1506.00195v1-Figure2-1", "1805.04688v1-Figure2-1"]
SHA = "0" * 64


@pytest.mark.parametrize(
    "kind, has, judged",
    [
        ("rule", {"spec"}, True),
        ("rule", {"reference"}, True),  # read against the expert reference when there is no spec
        ("rule", set(), False),
        ("hybrid", {"reference"}, True),
        ("hybrid", set(), False),
        ("llm", {"reference"}, True),
        ("llm", {"spec"}, False),
    ],
)
def test_which_judge_can_judge_a_description(kind: str, has: set[str], judged: bool) -> None:
    assert (cannot_judge("description", kind, has) is None) is judged
    assert cannot_judge("blur_passive", kind, set()) is None  # other families need nothing of the figure


def _tables() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """``syn`` has a spec, ``real`` none but a reference; each gets base/noise/admb, ``real`` a passive
    blur probe on admb and a caption-bias probe."""
    figures = pd.DataFrame(
        {
            "figure_id": ["real", "syn"],
            "chart_type": ["bar", "line"],
            "spec_path": [None, "specs/syn.json"],
            "reference_description": ["A bar chart of two models.", None],
        }
    )
    conditions = pd.DataFrame(
        [
            {
                "condition_id": f"{f}/{c}",
                "figure_id": f,
                "condition": c,
                "image_path": f"img/{f}_{c}.png",
                "image_sha256": SHA,
                "caption": "Cap.",
                "blur_target_id": f"{f}/admittance" if c == "admb" else None,
            }
            for f in ("real", "syn")
            for c in ("base", "noise", "admb")
        ]
    )
    probes = pd.DataFrame(
        [
            ("real/blur/admittance", "real", "blur", "admittance", "Which model is blurred?"),
            ("real/caption_bias", "real", "caption_bias", "caption_bias", "A false caption."),
        ],
        columns=["probe_id", "figure_id", "family", "category", "text"],
    )
    probes["status"] = "confirmed"
    return figures, conditions, probes


def test_rule_judge_setups_leave_out_real_descriptions_and_keep_their_other_units() -> None:
    figures, conditions, probes = _tables()
    figures["reference_description"] = None  # ``real`` with neither a spec nor a reference
    full = setups.build_setups(figures, conditions, probes, setups.SetupsConfig())
    kept, left = setups.leave_out_unjudgeable(full, figures, "rule")
    # real: base, noise described for nothing but the description -> not sent; admb and capbias keep
    # their passive-blur / caption-claim units; the active blur request has no description at all
    assert set(full["setup_id"]) - set(kept["setup_id"]) == {"real/base/describe", "real/noise/describe"}
    assert {"real/admb/describe", "real/capbias/describe", "real/admb/blur_active"} <= set(kept["setup_id"])
    assert (left["requests"], left["units"], left["figures"]) == (2, 4, 1)  # base, noise, admb, capbias descriptions
    [(reason, entry)] = left["by_reason"].items()
    assert entry == {"family": "description", "figures": 1, "units": 4, "requests": 2}
    assert "rule judge needs a ground-truth spec" in reason
    note = setups.left_out_note(left)
    assert note is not None and note.startswith("2 request(s) and 4 unit(s) left out of setups")


def test_rule_judge_keeps_descriptions_of_figures_with_only_a_reference() -> None:
    """Without a spec the rules read a description against the expert reference: nothing is left out."""
    figures, conditions, probes = _tables()
    full = setups.build_setups(figures, conditions, probes, setups.SetupsConfig())
    kept, left = setups.leave_out_unjudgeable(full, figures, "rule")
    assert set(kept["setup_id"]) == set(full["setup_id"]) and left["requests"] == 0


def test_llm_judge_keeps_descriptions_of_figures_with_a_reference() -> None:
    figures, conditions, probes = _tables()
    full = setups.build_setups(figures, conditions, probes, setups.SetupsConfig())
    kept, left = setups.leave_out_unjudgeable(full, figures, "llm")
    assert set(full["setup_id"]) - set(kept["setup_id"]) == {
        "syn/base/describe",
        "syn/noise/describe",
        "syn/admb/describe",
    }
    assert left["units"] == 3 and "needs a reference description" in next(iter(left["by_reason"]))
    assert (
        setups.left_out_note(setups.leave_out_unjudgeable(full[full.figure_id == "syn"].iloc[:0], figures, "llm")[1])
        is None
    )


def test_report_reasons_count_what_setups_left_out(tmp_path: Path) -> None:
    figures, conditions, probes = _tables()
    figures["reference_description"] = None  # ``real`` with neither a spec nor a reference
    _, left = setups.leave_out_unjudgeable(
        setups.build_setups(figures, conditions, probes, setups.SetupsConfig()), figures, "rule"
    )
    path = tmp_path / "left_out.json"
    path.write_text(json.dumps(left))
    reason = not_measured(tmp_path / "no_coverage.json", path)["description"]
    assert reason.startswith("4 unit(s) on 1 figure(s) left out of setups, 2 request(s) not sent: the rule judge")


def _qa(tmp: Path) -> Path:
    """Questions of our own on the two fixture figures, in SciVQA's record layout."""
    records = []
    for n, (stem, question, answer, kind) in enumerate(
        [
            (FIGURES[0], "How many curves does the plot show?", "2", "closed-ended finite answer set non-binary"),
            (FIGURES[0], "Is the entropy shown on a log scale?", "Yes", "closed-ended finite answer set binary"),
            (
                FIGURES[1],
                "What was the batch size used in training?",
                "It is not possible to answer this question based only on the provided data.",
                "unanswerable",
            ),
        ]
    ):
        records.append(
            {
                "instance_id": f"own{n:04d}abcdefgh",
                "image_file": f"{stem}.png",
                "figure_id": n,
                "qa_pair_type": kind,
                "question": question,
                "answer": answer,
                "answer_options": [],
            }
        )
    path = tmp / "qa.json"
    path.write_text(json.dumps(records))
    return path


def test_real_figure_manifest_run_sends_the_rule_judge_nothing_it_cannot_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Manifest import of the SciVQA fixture figures, conditions (OCR), SciVQA-style questions, setups
    under the default rule judge; then every unit of every request, answered, is judged without error."""
    root = tmp_path / "repo"
    (root / "inputs").mkdir(parents=True)
    for stem in FIGURES:
        shutil.copy(FIXTURES / f"{stem}.png", root / "inputs" / f"{stem}.png")
    pd.DataFrame(
        [{"id": stem, "image": f"{stem}.png", "chart_type": "line", "caption": "Training curves."} for stem in FIGURES]
    ).to_csv(root / "inputs" / "manifest.csv", index=False)
    _qa(root)
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    params["corpus"].update(source="manifest", manifest="inputs/manifest.csv", workers=1)
    params["conditions"]["workers"] = 1
    params["probes"]["scivqa_qa"] = "qa.json"
    assert params.get("judge", {}).get("kind", "rule") == "rule"
    (root / "params.yaml").write_text(yaml.safe_dump(params))
    monkeypatch.chdir(root)
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))

    corpus_stage.run(CorpusConfig(source="manifest", manifest="inputs/manifest.csv", workers=1), 42, root)
    cfg, seed = conditions_config.load(root / "params.yaml")
    conditions_stage.run(cfg, seed, root, progress=False)
    probes_stage.run(root / "params.yaml", root)
    table = setups.run(root / "params.yaml")

    left = json.loads((root / paths.SETUPS_LEFT_OUT).read_text())
    described = read_table(paths.CONDITIONS, "conditions", root=None)
    assert left["requests"] == len(described) and left["figures"] == 2  # every describe request of a real figure
    assert set(table["task"]) == {"capability", "resistance"}
    answers = pd.DataFrame({"setup_id": table["setup_id"], "text": "1. Two.\n2. Yes.", "error": None})
    units = load_units("someone", answers, judge_kind="rule")
    assert {u.setup_id for u in units} == set(table["setup_id"])  # every request holds a judged unit
    rows = judge_units(units, "someone", rule_judge, "rule:test", progress=False)
    assert rows["error"].isna().all(), rows.loc[rows["error"].notna(), "error"].tolist()
    # without the judge's view every describe request of a real figure would have been an error row
    unjudged = [u for u in load_units("someone", answers) if u.family == "description"]
    assert unjudged == []  # they are not in setups at all
