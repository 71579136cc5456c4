"""Checks every chart kind's end-to-end tests share: its probes as table rows, a setup row, and the
simulated respondents answering a kind's figures with the rule judge agreeing on their descriptions."""

from __future__ import annotations

import json

import numpy as np
import pytest

from helpers.truth import perturbed, spec_points
from probes.test_probes_capability import ORDINAL, recompute
from scifigbench.families.description.rule import read_description
from scifigbench.families.respondent import respond
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.spec import FigureSpec


def probe_rows(spec: FigureSpec) -> dict[str, dict]:
    """The spec's probes as rows of the probes table (what the respondents read)."""
    return {
        p.probe_id: {
            "probe_id": p.probe_id,
            "figure_id": spec.figure_id,
            "family": p.family,
            "category": p.category,
            "text": p.text,
            "expected_json": json.dumps(p.expected),
            "status": "confirmed",
        }
        for p in spec_probes(spec, True, ProbesConfig(), 42)[0]
    }


def setup_row(spec: FigureSpec, task: str, probe_ids: list[str], caption: str = "") -> dict:
    """One setups-table row asking ``task`` about ``spec`` on the base image."""
    return {
        "setup_id": f"{spec.figure_id}/base/{task}",
        "figure_id": spec.figure_id,
        "condition": "base",
        "task": task,
        "chart_type": spec.chart_type,
        "user_text": "...",
        "caption": caption,
        "probe_ids": json.dumps(probe_ids),
        "blur_target_id": None,
    }


def respondents_agree_with_judge(specs: list[FigureSpec]) -> tuple[int, int]:
    """Every built-in profile answers the capability, resistance and describe tasks of each figure
    (no empty answer); returns how many checklist items the rule judge read as the respondent's
    trace declares them, and how many there were."""
    ctx = SimContext({s.figure_id: s for s in specs})
    agree = total = 0
    for spec in specs:
        rows = probe_rows(spec)
        ctx.probes.update(rows)
        by_family = {
            f: [r["probe_id"] for r in rows.values() if r["family"] == f] for f in ("capability", "resistance")
        }
        for name in sorted(BUILTIN):
            prof = resolve_profile(name)
            for task, ids in by_family.items():
                text, _ = respond(setup_row(spec, task, ids), prof, f"sim-{name}", 42, ctx)
                assert text.strip(), (spec.figure_id, task, name)
            text, trace = respond(setup_row(spec, "describe", []), prof, f"sim-{name}", 42, ctx)
            reading = read_description(text, spec)
            for key, cov in trace["items"].items():
                total += 1
                agree += reading.coverage[key] == cov
    return agree, total


def assert_capability_answer(spec: FigureSpec, pts, expected: dict, rng, text: str, perturb=None) -> None:
    """A capability probe's stored answer equals one recomputed from the spec, and a number still
    holds within its tolerance when the points are misread (``perturb``: how a reader misreads them,
    by default ``helpers.truth.perturbed``)."""
    truth = recompute(spec, pts, expected)
    if expected["answer_type"] != "number":
        assert expected["answer"] == truth, text
        return
    assert expected["answer"] == pytest.approx(truth, rel=1e-5, abs=1e-9), text
    misread = (perturb or _perturbed)(spec, pts, rng, expected["template"] in ORDINAL)
    read = recompute(spec, misread, expected)
    assert abs(read - expected["answer"]) <= expected["tolerance"] + 1e-9, (text, read)


def _perturbed(spec: FigureSpec, pts, rng, compare: bool):
    return perturbed(spec, pts, rng, compare=compare)


def assert_probes_answered(specs: list[FigureSpec], check=None, perturb=None) -> dict[str, int]:
    """Every capability probe of ``specs`` has the answer recomputed from its spec (and a number
    holds when the points are misread: :func:`assert_capability_answer`); ``check(spec, probe)``
    asserts what else the kind needs of every probe; ``perturb`` how a reader misreads the points
    (:func:`assert_capability_answer`). Returns probes per family, which include the
    capability, resistance and caption-bias families."""
    families: dict[str, int] = {}
    rng = np.random.default_rng(0)
    for spec in specs:
        pts = spec_points(spec)
        for p in spec_probes(spec, True, ProbesConfig(), 42)[0]:
            families[p.family] = families.get(p.family, 0) + 1
            if check is not None:
                check(spec, p)
            if p.family == "capability":
                assert_capability_answer(spec, pts, json.loads(json.dumps(p.expected)), rng, p.text, perturb)
    assert {"capability", "resistance", "caption_bias"} <= set(families), families
    return families


def several_panels(kind: str, seed: int = 7, want: int = 4, tries: int = 24) -> list[FigureSpec]:
    """The first ``want`` figures of ``kind`` in more than one panel, drawn (so their text boxes are filled)."""
    from scifigbench.corpus.generate import generate
    from scifigbench.corpus.render import render

    specs = [s for s in (generate(seed, kind, i, 100) for i in range(tries)) if len(s.panels) > 1][:want]
    for spec in specs:
        render(spec)
    return specs


def assert_dataset_grid(specs: list[FigureSpec], perturb=None) -> None:
    """Figures whose panels show the same series on different datasets: laid out in a row (four in
    a 2 x 2 grid), each panel titled with its own dataset and drawing the series in the same
    colours, one legend for the figure (each series once) or one per panel, questions that name the panels by
    their titles (later panels too, over the set) and are answered from the spec, and
    respondents the rule judge agrees with."""
    assert specs
    later = 0  # figures with a question naming a panel after the first
    for spec in specs:
        first = spec.panels[0]
        assert spec.layout == ([2, 2] if len(spec.panels) == 4 else [1, len(spec.panels)])
        titles = [p.title for p in spec.panels]
        assert all(titles) and len(set(titles)) == len(titles), titles
        for i, p in enumerate(spec.panels):
            assert p.index == i and p.categories == first.categories and p.stacked == first.stacked
            assert [(s.name, s.color) for s in p.series] == [(s.name, s.color) for s in first.series]
        # an inside legend sits in the first panel only, or in every panel (each a full copy)
        repeated = all(p.legend_loc for p in spec.panels)
        assert repeated or all(p.legend_loc is None for p in spec.panels[1:])
        names = sorted(s.name for s in first.series if len(first.series) > 1)
        entries = [t for t in spec.text_elements if t.role == "legend_entry"]
        for where in {t.panel for t in entries}:
            assert sorted(t.series for t in entries if t.panel == where) == names, (spec.figure_id, where)
        assert len(entries) == len(names) * (len(spec.panels) if repeated else 1), spec.figure_id
        assert set(titles) <= {t.text for t in spec.text_elements if t.role == "panel_title"}
        texts = [r["text"] for r in probe_rows(spec).values() if r["family"] == "capability"]
        assert any(f"'{t}'" in x for x in texts for t in titles), (spec.figure_id, texts)
        later += any(f"'{t}'" in x for x in texts for t in titles[1:])
    # a figure's few questions may all land on its first panel by chance; over the set they do not
    assert later >= len(specs) / 2, (later, len(specs))
    assert_probes_answered(specs, perturb=perturb)
    agree, total = respondents_agree_with_judge(specs)
    assert total > 100 and agree / total >= 0.95, agree / total
