"""Which measurement families real figures get with the current params, and what each missing one needs.

Synthetic figures get every family from their ground-truth spec. Figures without a spec (imported
real charts) get only what something else supplies: SciVQA's own questions, probes written by a
generator model or, without one, probes from their layout reading (``probes.layout_probes``:
what each figure got and why not the rest is listed under ``per_figure``), blur questions on
reviewer-confirmed targets, an LLM judge for descriptions and a real (non-simulated) model to
answer at all. Proposed probes count once a reviewer confirms them. Running the offline default on real figures would
otherwise end in empty tables that look like failures; this module says so up front
(:func:`plan_text`, printed by the probes stage and callable by a ``scifigbench plan`` command)
and afterwards in a machine-readable ``data/probes/coverage.json`` the report can show as
"not measured: needs …" (:func:`coverage`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench import params
from scifigbench.concepts.probe_families import (
    GENERATOR,
    LAYOUT,
    PROBE_FAMILY,
    PROBE_FAMILY_RECORDS,
    SCIVQA,
    TARGETS,
    probe_family,
)

NEEDS_GENERATOR = "a generator model (probes.llm_generator: a key of `services` with role probe_writer) and a reviewer"
NEEDS_REAL_MODEL = (
    "a real model in `models` (backend openai or azure): simulated respondents read the ground-truth spec"
)
NEEDS_LLM_JUDGE = "an LLM judge (judge.kind: llm with judge.llm_model) and reference descriptions in the manifest"
NEEDS_REVIEW = "reviewer-confirmed blur targets (scifigbench review blur confirm / page)"
NEEDS_PROBE_REVIEW = "a reviewer to confirm the proposed probes (scifigbench review probes page / confirm)"
NEEDS_READING = "a layout reading that settles one (no real figure's did; see per_figure), or a generator model"
LAYOUT_ON = "probes.layout_probes: true"
# what the layout reading may write (the probe-family records that list it as a writer)
READ_FAMILIES = tuple(f.name for f in PROBE_FAMILY_RECORDS if LAYOUT in f.writers)
TARGET_FAMILIES = tuple(f.name for f in PROBE_FAMILY_RECORDS if TARGETS in f.writers)  # from confirmed blur targets
DESCRIPTION = "description"  # the coverage entry of described figures (a unit family fed by no probe)


@dataclass(frozen=True)
class Setting:
    """The params that decide what real figures get."""

    generator: str | None
    scivqa_qa: str | None
    judge_kind: str
    judge_model: str | None
    real_models: tuple[str, ...]
    simulated_models: tuple[str, ...]
    layout_probes: bool = True

    @classmethod
    def load(cls, params_path: Path | str = params.DEFAULT_PARAMS) -> Setting:
        raw = params.load_raw(params_path)
        probes, judge = raw.get("probes") or {}, raw.get("judge") or {}
        models = raw.get("models") or {}
        real = tuple(sorted(k for k, m in models.items() if (m or {}).get("backend") != "simulated"))
        sim = tuple(sorted(k for k, m in models.items() if (m or {}).get("backend") == "simulated"))
        return cls(
            probes.get("llm_generator"),
            probes.get("scivqa_qa"),
            str(judge.get("kind", "rule")),
            judge.get("llm_model"),
            real,
            sim,
            bool(probes.get("layout_probes", True)),
        )


def _writer_on(s: Setting, writer: str) -> tuple[bool, str]:
    """Whether ``writer`` writes probes for real figures with these params, and what it needs if not."""
    return {
        GENERATOR: (bool(s.generator), NEEDS_GENERATOR),
        SCIVQA: (bool(s.scivqa_qa), "SciVQA questions (probes.scivqa_qa)"),
        LAYOUT: (s.layout_probes, LAYOUT_ON),
        TARGETS: (True, NEEDS_REVIEW),  # made without a model from confirmed targets; counted below
    }[writer]


def _real_families(s: Setting) -> dict[str, str | None]:
    """Per family: None if real figures get it with these params, else what it needs (any of its writers)."""
    out: dict[str, str | None] = {}
    for pf in PROBE_FAMILY_RECORDS:
        writers = [_writer_on(s, w) for w in pf.writers]
        out[pf.name] = None if any(on for on, _ in writers) else ", or ".join(need for _, need in writers)
    out[DESCRIPTION] = None if s.judge_kind == "llm" and s.judge_model else NEEDS_LLM_JUDGE
    return out


def coverage(
    figures: pd.DataFrame,
    probes: pd.DataFrame | None,
    setting: Setting,
    layout_missing: dict[str, dict[str, str]] | None = None,
) -> dict[str, Any]:
    """Families per kind of figure with the current params; ``probes`` (if built) gives actual counts,
    ``layout_missing`` (figure -> family/category -> reason) why a real figure's reading gave none."""
    real_ids = set(figures.loc[figures["spec_path"].isna(), "figure_id"])
    n_real, n_synth = len(real_ids), len(figures) - len(real_ids)
    needs = _real_families(setting)
    families: dict[str, Any] = {}
    for fam, need in needs.items():
        entry: dict[str, Any] = {"real_figures_get_it": need is None, "needs": need}
        if probes is not None and fam in PROBE_FAMILY:
            mine = probes[probes["family"] == fam]
            real = mine[mine["figure_id"].isin(real_ids)]
            entry["probes_real"] = int(len(real))
            entry["probes_real_confirmed"] = int((real["status"] == "confirmed").sum())
            entry["probes_synthetic"] = int(len(mine) - len(real))
            if TARGETS in PROBE_FAMILY[fam].writers and n_real and entry["probes_real_confirmed"] == 0:
                entry["real_figures_get_it"], entry["needs"] = False, NEEDS_REVIEW
            elif fam in READ_FAMILIES and n_real and need is None:
                if entry["probes_real"] == 0 and setting.layout_probes and not _writers(setting, fam):
                    entry["real_figures_get_it"], entry["needs"] = False, NEEDS_READING
                elif entry["probes_real"] and entry["probes_real_confirmed"] == 0:
                    entry["real_figures_get_it"], entry["needs"] = False, NEEDS_PROBE_REVIEW
        families[fam] = entry
    not_measured = []
    if n_real:
        for fam, entry in families.items():
            if not entry["real_figures_get_it"]:
                not_measured.append({"family": fam, "figures": "real", "needs": entry["needs"]})
        if not setting.real_models:
            not_measured.append({"family": "all", "figures": "real", "needs": NEEDS_REAL_MODEL})
    out: dict[str, Any] = {
        "figures": {"synthetic": n_synth, "real": n_real},
        "families": families,
        "respondents": {"real": list(setting.real_models), "simulated": list(setting.simulated_models)},
        "not_measured": not_measured,
        "plan": plan_paragraph(n_synth, n_real, families, setting),
    }
    if probes is not None and layout_missing:
        out["per_figure"] = per_figure(probes, layout_missing)
        out["plan"] += " " + layout_paragraph(out["per_figure"])
    return out


def _writers(s: Setting, family: str) -> bool:
    """Whether something besides the layout reading writes ``family`` for real figures."""
    return any(_writer_on(s, w)[0] for w in probe_family(family).writers if w != LAYOUT)


def per_figure(probes: pd.DataFrame, missing: dict[str, dict[str, str]]) -> dict[str, dict[str, Any]]:
    """For each real figure read by the layout rules: the family/category it got, and why not the rest."""
    got: dict[str, list[str]] = {}
    for r in probes[probes["figure_id"].isin(set(missing))].itertuples():
        if r.family in READ_FAMILIES:
            got.setdefault(r.figure_id, []).append(f"{r.family}/{r.category}")
    return {
        fid: {"got": sorted(set(got.get(fid, []))), "missing": dict(sorted(why.items()))}
        for fid, why in sorted(missing.items())
    }


def layout_paragraph(figs: dict[str, dict[str, Any]]) -> str:
    """What the layout reading gave the real figures, family by family, and the commonest reason for none."""
    n = len(figs)
    parts = []
    for fam in READ_FAMILIES:
        have = sum(any(g.startswith(f"{fam}/") for g in f["got"]) for f in figs.values())
        cats = Counter(g.split("/")[1] for f in figs.values() for g in f["got"] if g.startswith(f"{fam}/"))
        reasons = Counter(
            why for f in figs.values() for k, why in f["missing"].items() if k.startswith(f"{fam}/") or k == "all"
        )
        text = f"{fam.replace('_', ' ')} on {have} of {n}"
        if cats and probe_family(fam).typed:
            text += " (" + ", ".join(f"{c} {k}" for c, k in sorted(cats.items())) + ")"
        if reasons:
            why, k = reasons.most_common(1)[0]
            text += f"; commonest reason for none: {why} ({k})"
        parts.append(text)
    return (
        "From their layout reading (no model), real figures got: "
        + "; ".join(parts)
        + ". Each figure's families and the reason for every one it lacks are in coverage.json: per_figure."
    )


def plan_paragraph(n_synth: int, n_real: int, families: dict[str, Any], setting: Setting) -> str:
    """One paragraph a person reads before the run: what real figures get and what the rest needs."""
    if not n_real:
        return (
            f"Plan: {n_synth} synthetic figure(s) with ground truth get every family (capability, resistance, "
            "caption bias, blur, description) from their specs; no real figures."
        )
    got = [f for f, e in families.items() if e["real_figures_get_it"]]
    missing = [f"{f} (needs {e['needs']})" for f, e in families.items() if not e["real_figures_get_it"]]
    text = [f"Plan: {n_real} real figure(s) without a spec" + (f" and {n_synth} synthetic" if n_synth else "") + "."]
    text.append(
        f"With the current params real figures get: {', '.join(got) if got else 'no family'}"
        + (" (blur questions only for targets a reviewer confirmed)" if any(f in got for f in TARGET_FAMILIES) else "")
        + "."
    )
    if missing:
        text.append("Not measured on real figures: " + "; ".join(missing) + ".")
    if not setting.real_models:
        text.append(
            f"Respondents: only simulated models ({', '.join(setting.simulated_models) or 'none'}), which "
            f"skip real figures, so nothing is measured on them until {NEEDS_REAL_MODEL.split(':')[0]} "
            "is added."
        )
    return " ".join(text)


def plan_text(params_path: Path | str = params.DEFAULT_PARAMS, root: Path = Path(".")) -> str:
    """The plan for the corpus under ``root`` with the params at ``params_path`` (before any probes exist)."""
    from scifigbench import paths
    from scifigbench.tableio import read_table

    figures = read_table(root / paths.FIGURES, "figures", root=root)
    return coverage(figures, None, Setting.load(params_path))["plan"]
