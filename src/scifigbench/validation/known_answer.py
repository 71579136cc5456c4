"""Compare a judge's verdicts with what the simulated respondents actually did.

The simulated respondents record their drawn behaviour (``sim_trace``, documented in
:mod:`scifigbench.families.respondent`); a judge that works recovers it. This is the known-answer test
of the instrument, used by the tests and by ``benchmarks/known_answer*.py``, at two levels:

- per unit (:class:`FamilyTally`): a verdict is compared with the trace only when the judge decided
  the unit and the respondent wrote it to be decidable. Units the judge left undecided are counted
  apart, split by what the respondent wrote: an abstention on an answer written undecidable is the
  judge knowing it does not know; one on an answer written decidable costs decided share, unless
  it was worded indirectly (a side the rules are expected not to settle: counted apart too). An
  answer written undecidable that the judge decided anyway is counted, not compared: no verdict
  on it is right or wrong.
- per metric cell (:func:`check_cells`): the A-R-I tables computed on decided units must hold each
  profile's declared rate (``simulated.profiles.expected_metrics``, a rate over decided units) in
  their 95 % CI, and the bounds (the value if every undecided unit of the cell took the verdict
  worst for the metric, and the best one) must contain it too, up to sampling error: the bounds
  say how far abstentions could move the measured value, and the declared rate is a population
  rate, so they are widened by the cell's CI margins (strict containment is reported apart; near
  a rate of 0 or 1 it fails by chance half the time). Units written undecidable that the
  judge decided are left out of the cells (and counted), so the check holds whether or not the
  rules abstain on them yet. Each cell also carries the test of :mod:`scifigbench.validation.family_wise`
  (its p-value under the declared rate, figures as clusters, and that of its bounds), and
  :func:`kind_check` decides a chart kind's cells as one family (Holm, family-wise 5 %).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from scifigbench.concepts.families import UNIT_FAMILIES
from scifigbench.families.caption_claim.metric import claim_units
from scifigbench.families.registry import registered
from scifigbench.families.respondent import respond
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.families.unit_scores import Units, blur_rows, family, flag_units, inductance_units, score_units
from scifigbench.judges.stage import is_undecided, judge_units, rule_judge
from scifigbench.judges.units import units_for
from scifigbench.metrics.tables import StatConfig, behaviour
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import Profile, expected_metrics
from scifigbench.validation.family_wise import ALPHA, CellTest, bounds_p_value, cell_test, holm

# conditions whose descriptions hold neither caption claims nor a blurred element: their checklist
# items and errors are fully recorded in the trace
MQM_CONDITIONS = frozenset({"base", "nocap", "noise", "lowc", "rot", "inpaper"})


#: Where each family's drawn behaviour sits in a respondent's trace, as verdict fields.
_TRACED: dict[str, Callable[[dict, str | None, str], dict]] = {
    "capability": lambda trace, probe_id, unit_id: trace[probe_id],
    "resistance": lambda trace, probe_id, unit_id: trace[probe_id],
    "caption_claim": lambda trace, probe_id, unit_id: {"verdict": trace["claims"][unit_id.rsplit("#claim", 1)[1]]},
    "blur_active": lambda trace, probe_id, unit_id: trace,
    "blur_passive": lambda trace, probe_id, unit_id: trace["blur"],
}


def _mqm_agreement(judged: dict, trace: dict) -> tuple[int, int]:
    """Every checklist item's coverage, and the multiset of accuracy errors by (item, sub-type)."""
    details = json.loads(judged["details_json"])
    agree = sum(i["coverage"] == trace["items"][i["key"]] for i in details["items"])
    total = len(details["items"])
    got = Counter(
        (f["item"] or "global", f["subtype"])
        for f in details["findings"] + details["merged"]
        if f["dimension"] == "accuracy"
    )
    want = Counter((e["item"], e["type"]) for e in trace["errors"])
    return agree + sum((want & got).values()), total + sum((want | got).values())


def _written(flag: str, family: str, probe_id: str | None, unit_id: str, trace: dict) -> bool:
    """Whether the respondent's trace of this unit carries ``flag`` (a score-only family's never does)."""
    if registered(family).score_only:
        return False
    return bool(_TRACED[family](trace, probe_id, unit_id).get(flag))


def written_undecidable(family: str, probe_id: str | None, unit_id: str, trace: dict) -> bool:
    """Whether the respondent wrote this unit so that no careful reader could score it."""
    return _written("undecidable", family, probe_id, unit_id, trace)


def written_indirect(family: str, probe_id: str | None, unit_id: str, trace: dict) -> bool:
    """Whether the respondent took its side in a wording the rules are expected to leave undecided."""
    return _written("indirect", family, probe_id, unit_id, trace)


def trace_agreement(family: str, probe_id: str | None, unit_id: str, judged: dict, trace: dict) -> tuple[int, int]:
    """(agreeing, compared) sub-verdicts of one judged unit against the respondent's trace.

    Descriptions (judged by a score alone) compare checklist coverage and accuracy errors; a family
    with booleans compares each of them, any other its verdict word.
    """
    family_record = registered(family)
    if family_record.score_only:
        return _mqm_agreement(judged, trace)
    want = _TRACED[family](trace, probe_id, unit_id)
    keys = family_record.facts.booleans or ("verdict",)
    return sum(judged[k] == want[k] for k in keys), len(keys)


@dataclass
class FamilyTally:
    """One family's units against the traces: agreement on decided units, abstentions counted apart."""

    agree: int = 0
    compared: int = 0
    written_decidable: int = 0  # worded directly
    abstained: int = 0  # worded directly, left undecided by the judge
    written_indirect: int = 0  # a side taken in a wording the rules are expected not to settle
    indirect_abstained: int = 0  # ... left undecided by the judge
    written_undecidable: int = 0
    caught: int = 0  # written undecidable, left undecided by the judge

    def add(self, family: str, probe_id: str | None, unit_id: str, judged: dict, trace: dict) -> None:
        undecided = is_undecided(judged)
        if written_undecidable(family, probe_id, unit_id, trace):
            self.written_undecidable += 1
            self.caught += undecided
            return
        if written_indirect(family, probe_id, unit_id, trace):
            self.written_indirect += 1
            self.indirect_abstained += undecided
        else:
            self.written_decidable += 1
            self.abstained += undecided
        if undecided:
            return
        a, t = trace_agreement(family, probe_id, unit_id, judged, trace)
        self.agree += a
        self.compared += t

    @property
    def agreement(self) -> float:
        """Share of compared sub-verdicts equal to the trace (units decided and written decidable)."""
        return self.agree / self.compared if self.compared else math.nan

    @property
    def decided_share(self) -> float:
        """Share of the units worded directly that the judge decided."""
        return 1 - self.abstained / self.written_decidable if self.written_decidable else math.nan

    def line(self, family: str) -> str:
        return (
            f"{family:14s} agreement {self.agreement:.4f} (n={self.compared}) on decided units; "
            f"decided {self.decided_share:.3f} of {self.written_decidable} worded directly; worded indirectly "
            f"{self.written_indirect}: {self.indirect_abstained} left undecided; "
            f"written undecidable {self.written_undecidable}: {self.caught} left undecided, "
            f"{self.written_undecidable - self.caught} decided by the judge (not compared)"
        )


# --- metric cells ------------------------------------------------------------------------------------

#: Per table group of ``expected_metrics``, how a cell's decided units become (num, den) units.
_UNITS: dict[str, Callable[[pd.DataFrame], Units]] = {
    "resistance": score_units,
    "admittance": lambda rows: flag_units(rows, "admits"),
    "inductance": inductance_units,
    "caption_bias": claim_units,
}
# behaviour groups whose cells are a mean of graded scores (0, 0.5, 1), not a rate of 0/1 units
_GRADED: frozenset[str] = frozenset({"resistance"})


def _undecided(rows: pd.DataFrame) -> pd.Series:
    """Per row, whether the judge left it undecided (a null verdict, as blur rows have, is not)."""
    return rows["verdict"].astype(object).eq("undecided")


# ``expected_metrics`` key groups other than the blur modes -> how their rows are found
_GROUP_ROWS: dict[str, Callable[[pd.DataFrame, str], pd.DataFrame]] = {
    "resistance": lambda j, probe_type: family(j, "resistance").pipe(lambda r: r[r["category"] == probe_type]),
    "caption_bias": lambda j, _: family(j, "caption_claim"),
}


def _cell_rows(j: pd.DataFrame, key: str) -> pd.DataFrame:
    """The judgment rows behind one ``expected_metrics`` key (one model's rows in ``j``)."""
    group, metric = key.split(".")
    if group in _GROUP_ROWS:
        return _GROUP_ROWS[group](j, metric)
    return blur_rows(j, metric, group)  # admittance / inductance: metric is the protocol


def bounds(rows: pd.DataFrame, key: str) -> tuple[float, float]:
    """The cell's value if every undecided unit took the worst verdict, and if every one the best.

    Every metric here is a ratio of sums whose units add 0..1 to the numerator and 0 or 1 to the
    denominator; an undecided unit at worst adds 1 to the denominator only (a premise accepted, an
    element not admitted, a fabricated wrong guess, a claim following the caption), at best 1 to both.
    """
    f = _UNITS[key.split(".")[0]](rows).frame
    num, den, u = float(f["num"].sum()), float(f["den"].sum()), int(_undecided(rows).sum())
    return (num / (den + u), (num + u) / (den + u)) if den + u else (math.nan, math.nan)


@dataclass(frozen=True)
class CellCheck:
    """One model's metric cell against the rate its profile declares."""

    model: str
    key: str
    declared: float
    var: float
    cell: dict
    undecided: int
    bounds: tuple[float, float]
    decided_though_undecidable: int  # units written undecidable that the judge decided: left out
    test: CellTest  # the cell's units against the declared rate, figures as clusters
    bounds_p: float  # p-value of "the declared rate lies outside the bounds"

    @property
    def inside_ci(self) -> bool:
        return self.cell["ci_low"] <= self.declared <= self.cell["ci_high"]

    @property
    def inside_bounds(self) -> bool:
        """The declared rate within the bounds widened by the cell's CI margins (sampling error)."""
        c = self.cell
        low, high = self.bounds[0] - (c["value"] - c["ci_low"]), self.bounds[1] + (c["ci_high"] - c["value"])
        return low - 1e-9 <= self.declared <= high + 1e-9

    @property
    def inside_bounds_strict(self) -> bool:
        return self.bounds[0] - 1e-9 <= self.declared <= self.bounds[1] + 1e-9

    @property
    def z(self) -> float:
        return (self.cell["value"] - self.declared) / math.sqrt(max(self.var, 1e-4) / self.cell["n"])

    def line(self) -> str:
        c = self.cell
        flag = (
            ""
            if self.inside_ci and self.inside_bounds
            else "  <- " + ("outside CI" if not self.inside_ci else "outside bounds")
        )
        return (
            f"{self.model:16s} {self.key:26s} declared {self.declared:.3f}  measured {c['value']:.3f} "
            f"[{c['ci_low']:.3f}, {c['ci_high']:.3f}] n={c['n']:4d} z={self.z:+.1f}  undecided {self.undecided:3d} "
            f"bounds [{self.bounds[0]:.3f}, {self.bounds[1]:.3f}]  written undecidable but decided "
            f"{self.decided_though_undecidable:3d}{flag}"
        )


def mark_written_undecidable(judgments: pd.DataFrame, traces: dict[tuple[str, str], dict]) -> pd.Series:
    """Per judgment row, whether its respondent wrote it undecidable (``traces`` by (model, setup_id))."""
    return pd.Series(
        [
            written_undecidable(r["family"], r["probe_id"], r["unit_id"], traces[(r["model"], r["setup_id"])])
            for r in judgments[["family", "probe_id", "unit_id", "model", "setup_id"]].to_dict("records")
        ],
        index=judgments.index,
        dtype=bool,
    )


def check_cells(
    judgments: pd.DataFrame, traces: dict[tuple[str, str], dict], profiles: dict[str, Profile], cfg: StatConfig
) -> list[CellCheck]:
    """Every A-R-I cell of every simulated model in ``profiles`` against its declared rate.

    A cell with no decided unit (a small corpus of one kind may have none) measures nothing and is
    left out rather than compared."""
    written = mark_written_undecidable(judgments, traces)
    stray = written & ~_undecided(judgments)
    kept = judgments[~stray]
    table = behaviour(kept, cfg)
    out = []
    for model, profile in sorted(profiles.items()):
        mine, strays = kept[kept["model"] == model], judgments[stray & (judgments["model"] == model)]
        for key, (mean, var) in expected_metrics(profile).items():
            group, metric = key.split(".")
            rows = _cell_rows(mine, key)
            cell = table.get(group, {}).get(model, {}).get(metric)
            if not cell or not cell.get("n"):
                continue
            units = _UNITS[group](rows).map(_one_cluster_per_figure)
            low, high = units.extremes or (units.frame, units.frame)
            bernoulli = group not in _GRADED
            out.append(
                CellCheck(
                    model,
                    key,
                    mean,
                    var,
                    cell,
                    int(_undecided(rows).sum()),
                    bounds(rows, key),
                    len(_cell_rows(strays, key)),
                    cell_test(units.frame, mean, var, bernoulli),
                    bounds_p_value(low, high, mean, var, bernoulli),
                )
            )
    return out


def judge_disagreements(judgments: pd.DataFrame, traces: dict[tuple[str, str], dict], check: CellCheck) -> int:
    """Units of the check's cell, decided and written decidable, whose verdict differs from the drawn behaviour.

    None means a cell's distance from its declared rate comes from the respondents' draws; any, from the judge.
    """
    rows = _cell_rows(judgments[judgments["model"] == check.model], check.key)
    rows = rows[~_undecided(rows) & ~mark_written_undecidable(rows, traces)]
    return sum(
        agree < compared
        for agree, compared in (
            trace_agreement(r["family"], r["probe_id"], r["unit_id"], r, traces[(r["model"], r["setup_id"])])
            for r in rows.to_dict("records")
        )
    )


@dataclass(frozen=True)
class KindCheck:
    """One chart kind's cells as one family: pointwise counts, and the Holm decisions at ``ALPHA``."""

    kind: str
    checks: list[CellCheck]
    rejected: list[CellCheck]  # cells whose value Holm rejects under the declared rate
    bounds_rejected: list[CellCheck]  # cells whose bounds Holm says exclude the declared rate

    @property
    def passes(self) -> bool:
        """Whether Holm rejects neither a cell's value nor its bounds: the kind recovers its declared rates."""
        return not self.rejected and not self.bounds_rejected

    def line(self) -> str:
        """One report line: pointwise misses beside what chance gives, then the family-wise decisions."""
        n = len(self.checks)
        return (
            f"{self.kind}: {n} cells; pointwise outside the 95% CI {sum(not c.inside_ci for c in self.checks)} "
            f"(~{0.05 * n:.1f} by chance); family-wise (Holm, {ALPHA:.0%}): "
            f"{'pass' if not self.rejected else 'FAIL ' + ', '.join(f'{c.model}/{c.key}' for c in self.rejected)}; "
            f"bounds contain the declared rate: {n - len(self.bounds_rejected)}/{n} family-wise, "
            f"{sum(c.inside_bounds_strict for c in self.checks)}/{n} bare; smallest p "
            f"{min((c.test.p_value for c in self.checks), default=math.nan):.3g}"
        )


def kind_check(kind: str, checks: list[CellCheck], alpha: float = ALPHA) -> KindCheck:
    """A kind's cells as one family at family-wise error ``alpha`` (see :mod:`scifigbench.validation.family_wise`)."""
    values = holm([c.test.p_value for c in checks], alpha)
    held = holm([c.bounds_p for c in checks], alpha)
    return KindCheck(
        kind,
        checks,
        [c for c, r in zip(checks, values, strict=True) if r],
        [c for c, r in zip(checks, held, strict=True) if r],
    )


# --- repeated draws -----------------------------------------------------------------------------------

#: The setup tasks and description conditions whose units feed the A-R-I cells.
ARI_TASKS = frozenset({"resistance", "blur_active", "describe"})
ARI_DESCRIBE_CONDITIONS = frozenset({"capbias", "admb", "indb"})
_REPEAT = r"(~\d+)$"  # the suffix of a repeated draw's setup and figure ids


def simulate_ari(
    setups: list[dict], ctx: SimContext, profiles: dict[str, Profile], repeats: int, seed: int = 42
) -> tuple[pd.DataFrame, dict[tuple[str, str], dict]]:
    """Rule-judged A-R-I units of ``repeats`` independent answers per setup by every profile, and their traces.

    A run answers each setup once, so a cell of one chart kind holds a unit per figure (13 blur
    answers at 30 figures a kind): its bootstrap CI is zero wide whenever they all agree, and a
    single draw decides the check. Repeat ``r`` answers setup ``s`` as setup ``s~r`` (the respondent's
    stream is keyed by the setup id, so repeats are independent draws) and is its own cluster of the
    figure bootstrap (figure id ``f~r``), so the cells check the instrument, not one sample.
    Figures without a spec (the simulator cannot answer them) are left out.
    """
    frames, traces = [], {}
    for model, profile in sorted(profiles.items()):
        units = []
        for st in setups:
            if st["figure_id"] not in ctx.specs or st["task"] not in ARI_TASKS:
                continue
            if st["task"] == "describe" and st["condition"] not in ARI_DESCRIBE_CONDITIONS:
                continue
            for r in range(repeats):
                one = st | {"setup_id": f"{st['setup_id']}~{r}"}
                text, traces[(model, one["setup_id"])] = respond(one, profile, model, seed, ctx)
                units += [
                    u
                    for u in units_for(
                        one,
                        {"text": text, "error": None},
                        ctx.probes,
                        ctx.specs[st["figure_id"]],
                        ctx.blur_targets,
                        None,
                    )
                    if UNIT_FAMILIES[u.family].behavioural
                ]
        frames.append(judge_units(units, model, rule_judge, JUDGE_ID, progress=False))
    j = pd.concat(frames, ignore_index=True)
    repeat = j["setup_id"].astype(str).str.extract(_REPEAT, expand=False).fillna("")
    return j.assign(figure_id=j["figure_id"].astype(str) + repeat), traces


def _one_cluster_per_figure(frame: pd.DataFrame) -> pd.DataFrame:
    """Units with every draw of a figure in one cluster: a judge error on a probe repeats in each draw."""
    return frame.assign(figure_id=frame["figure_id"].astype(str).str.replace(_REPEAT, "", regex=True))
