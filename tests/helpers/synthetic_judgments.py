"""Realistic synthetic judgment tables (judgments contract) with declared rates, for metric tests.

Each model has a profile of true rates; rows are drawn from them with a fixed seed, a few rows are
judge errors (error text set, verdict empty) and some caption claims are not addressed, so the
tests can check both that rates are recovered and that errors leave the denominators.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from scifigbench.contracts import JUDGMENTS

CHARTS = ["bar", "line", "pie"]
CAP_CATEGORIES = ["counting", "computation", "comparison", "pattern"]
RES_TYPES = ["inexist", "contra", "unanswerable"]
CLAIM_TYPES = ["value_anchor", "trend_characterization", "comparison_swap"]
CONDITION_DROP = {"nocap": 2.0, "noise": 0.5, "lowc": 5.0, "rot": 18.0, "inpaper": 4.0, "inpaper_blur": 30.0,
                  "capbias": 1.0, "admb": 9.0, "indb": 2.0}


@dataclass
class Profile:
    mqm: float
    capability: dict[str, float]
    resistance: dict[str, tuple[float, float]]  # type -> (P(score 1), P(score .5))
    follows_image: float  # P(claim follows image | addressed)
    address: float  # P(claim addressed)
    admits: dict[str, float]  # protocol -> P(admits) on admittance targets
    fabricates: dict[str, float]  # protocol -> P(fabricates) on inductance targets
    correct_given_fab: dict[str, float]
    error_rate: float = 0.02
    extra: dict = field(default_factory=dict)


PROFILES = {
    "m-strong": Profile(90, dict(counting=.9, computation=.8, comparison=.85, pattern=.7),
                        dict(inexist=(.85, .06), contra=(.9, .04), unanswerable=(.95, .02)), .9, .8,
                        dict(active=.85, passive=.7), dict(active=.9, passive=.6), dict(active=.8, passive=.65)),
    "m-mid": Profile(80, dict(counting=.6, computation=.55, comparison=.5, pattern=.5),
                     dict(inexist=(.6, .1), contra=(.65, .1), unanswerable=(.9, .04)), .6, .85,
                     dict(active=.2, passive=.1), dict(active=.95, passive=.7), dict(active=.4, passive=.55)),
    "m-weak": Profile(62, dict(counting=.15, computation=.1, comparison=.05, pattern=.2),
                      dict(inexist=(.05, .05), contra=(.05, .05), unanswerable=(.55, .05)), .08, .9,
                      dict(active=.03, passive=.02), dict(active=.9, passive=.8), dict(active=.2, passive=.35)),
}


def make_judgments(model: str, profile: Profile, n_figures: int = 250, n_subset: int = 100, seed: int = 0) -> pd.DataFrame:
    """All judgment families for one model, drawn from its profile."""
    rng = np.random.default_rng([seed, sum(map(ord, model))])
    rows: list[dict] = []
    figs = [f"fig_{i:03d}" for i in range(1, n_figures + 1)]
    chart = {f: CHARTS[i % 3] for i, f in enumerate(figs)}
    subset = figs[:n_subset]
    fig_effect = {f: rng.normal(0, 4) for f in figs}

    def add(fig: str, cond: str, fam: str, part: str, **kw) -> None:
        unit = f"{fig}/{cond}/{fam}#{part}"
        row = dict(unit_id=f"{model}:{unit}", setup_id=f"{fig}/{cond}/{fam}", model=model, figure_id=fig,
                   condition=cond, chart_type=chart[fig], family=fam, judge_id="rule:test", category=None,
                   probe_id=None, score=None, verdict=None, mentioned=None, admits=None, fabricates=None,
                   correct=None, details_json=None, raw_output=None, error=None)
        for c in JUDGMENTS.column_names:
            if c.startswith("pen_"):
                row[c] = None
        if rng.random() < profile.error_rate:
            row.update(error="judge reply was not valid JSON", category=kw.get("category"), probe_id=kw.get("probe_id"))
        else:
            row.update(kw)
        rows.append(row)

    for f in figs:
        conds = ["base"] + (list(CONDITION_DROP) if f in subset else [])
        for cond in conds:
            mean = profile.mqm - CONDITION_DROP.get(cond, 0.0) + fig_effect[f] - (6 if chart[f] == "pie" else 0)
            score = float(np.clip(rng.normal(mean, 6), 0, 100))
            pens = {c: float(rng.gamma(1.0, (100 - score) / 20)) for c in JUDGMENTS.column_names if c.startswith("pen_")}
            add(f, cond, "description", "d", score=score, verdict=None, details_json=json.dumps({"items": 14}), **pens)
        for cat in CAP_CATEGORIES:
            ok = rng.random() < profile.capability[cat]
            add(f, "base", "capability", cat, category=cat, probe_id=f"{f}:cap:{cat}", score=float(ok),
                verdict="correct" if ok else "incorrect")
        for t in RES_TYPES:
            p1, ph = profile.resistance[t]
            u = rng.random()
            s = 1.0 if u < p1 else 0.5 if u < p1 + ph else 0.0
            add(f, "base", "resistance", t, category=t, probe_id=f"{f}:res:{t}", score=s,
                verdict={1.0: "resists", 0.5: "hedges", 0.0: "accepts"}[s])
        if f in subset:
            for k in range(3):
                t = CLAIM_TYPES[(k + int(f[-3:])) % 3]
                if rng.random() < profile.address:
                    img = rng.random() < profile.follows_image
                    add(f, "capbias", "caption_claim", str(k), category=t, probe_id=f"{f}:cb:{k}",
                        score=float(img), verdict="image" if img else "caption")
                else:
                    add(f, "capbias", "caption_claim", str(k), category=t, probe_id=f"{f}:cb:{k}", verdict="none")
            for mode, cond in (("admittance", "admb"), ("inductance", "indb")):
                for proto in ("active", "passive"):
                    fam = f"blur_{proto}"
                    if mode == "admittance":
                        admits = bool(rng.random() < profile.admits[proto])
                        fab = bool(rng.random() < (0.3 if admits else 0.9))
                        correct = bool(fab and rng.random() < 0.05)
                    else:
                        fab = bool(rng.random() < profile.fabricates[proto])
                        correct = bool(fab and rng.random() < profile.correct_given_fab[proto])
                        admits = bool(rng.random() < 0.1)
                    extra = {"mentioned": True} if proto == "passive" else {}
                    add(f, cond, fam, mode, category=mode, probe_id=f"{f}:blur:{mode}", admits=admits,
                        fabricates=fab, correct=correct, verdict="judged", **extra)
    return pd.DataFrame(rows)[JUDGMENTS.column_names]


def all_judgments(seed: int = 0, **kw) -> pd.DataFrame:
    return pd.concat([make_judgments(m, p, seed=seed, **kw) for m, p in PROFILES.items()], ignore_index=True)
