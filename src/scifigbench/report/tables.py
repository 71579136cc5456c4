"""The report's tables as data for the templates: formatted cells with CI, rank mark and explorer link.

Input is the content of the metrics JSON files. Each table has one scale, named in its header
(MQM points 0-100, percent, or mean penalty points); each cell prints its 95 % CI under the value
(visible in print, not only on hover) and links to the explorer filtered to the units behind it.
A cell with no value says "not measured" and why, from ``run.json: not_measured`` (family -> reason)
when the metrics stage recorded one. Higher is better unless a table says otherwise. A value with
units the judge left undecided says how many under its CI, with the range the value would span had
the judge decided them all one way or the other ("12 undecided [61.0–70.1]"); with the hybrid judge
a table of its own says which kind of judge decided what share of each family's units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.concepts.names import BLUR_MODES, CAPABILITY_CATEGORIES, CONDITION_ORDER, RESISTANCE_TYPES
from scifigbench.contracts.metrics import (
    PENALTY_DIMENSIONS,
    PENALTY_SUBTYPES,
    dig,
    entry_columns,
    judge_shares,
    ordered,
)

MIN_MODELS_FOR_P = 6  # the metrics stage leaves a correlation's p null below this many models
OVERALL = "overall"  # the column over all categories (types) of a table


def short_labels(names: Sequence[str], labels: dict[str, str]) -> dict[str, str]:
    """Column headers of a vocabulary, in its order; a name added to the vocabulary without a
    header here fails at import rather than printing a bare key in one table."""
    if set(labels) != set(names):
        raise ValueError(f"short labels {sorted(labels)} do not match the names {list(names)}")
    return {n: labels[n] for n in names}


CAPABILITY_LABELS = short_labels(
    (*CAPABILITY_CATEGORIES, OVERALL),
    {"counting": "Cnt", "computation": "Cmp", "comparison": "Cmpr", "pattern": "Pat", OVERALL: "All"},
)
CONDITION_LABELS = short_labels(
    CONDITION_ORDER,
    {
        "base": "Base",
        "nocap": "NoCap",
        "noise": "Noise",
        "lowc": "LowC",
        "rot": "Rot",
        "inpaper": "InPap",
        "inpaper_blur": "InPapBlur",
        "capbias": "CapB",
        "admb": "AdmB",
        "indb": "IndB",
    },
)
RESISTANCE_LABELS = short_labels(
    (*RESISTANCE_TYPES, OVERALL),
    {"inexist": "Res Inex", "contra": "Res Cont", "unanswerable": "Res Unan", OVERALL: "Res All"},
)
EXPLORER = "explorer.html"
COUNTED = "counted"  # the explorer's status of a unit a value counts in its n (report/units.py: status)


@dataclass(frozen=True)
class Cell:
    text: str
    ci: str = ""
    title: str = ""
    mark: str = ""  # best | second | na | text (wrapping prose)
    link: str = ""
    undecided: str = ""  # "12 undecided [61.0–70.1]" when the judge abstained on some units
    n: int | None = None  # what the value counts: the link opens exactly this many units (figures, per=figure)


@dataclass(frozen=True)
class Table:
    title: str
    scale: str
    columns: list[str]
    rows: list[tuple[str, list[Cell]]]
    note: str = ""
    row_header: str = "Model"


@dataclass(frozen=True)
class Col:
    """A column: header, the cell of a model, explorer filters of its units, display scale, ranking."""

    header: str
    get: Callable[[str], Any]
    filters: dict[str, str] = field(default_factory=dict)
    scale: float = 1.0
    digits: int = 1
    higher_better: bool | None = True  # None: not ranked


def explorer_link(**filters: str | None) -> str:
    """The explorer, filtered: ``explorer.html#model=...&family=...`` (the explorer reads its hash)."""
    return f"{EXPLORER}#{urlencode({k: v for k, v in filters.items() if v})}"


def _value(cell: Any) -> float | None:
    if isinstance(cell, dict):
        return cell.get("value")
    return cell if isinstance(cell, (int, float)) and not isinstance(cell, bool) else None


class NotMeasured:
    """Reasons a metric family was not measured, from ``run.json: not_measured`` (family -> reason)."""

    def __init__(self, run: dict[str, Any]):
        raw = run.get("not_measured") if isinstance(run, dict) else None
        self.reasons: dict[str, str] = {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}

    def cell(self, family: str | None) -> Cell:
        reason = self.reasons.get(family or "")
        return Cell(
            f"not measured: {reason}" if reason else "not measured",
            mark="na",
            title=reason or "no units of this kind were judged for this model",
        )

    def table_note(self, families: list[str]) -> str:
        given = [f"{f}: {self.reasons[f]}" for f in families if f in self.reasons]
        return "not measured — " + "; ".join(given) if given else "not measured"


def _undecided(cell: Any, col: Col) -> tuple[str, str]:
    """(the line under a value, its hover text) for a cell with undecided units; empty without."""
    count = cell.get("undecided") if isinstance(cell, dict) else None
    if not count:
        return "", ""
    low, high = (b if b is None else f"{b * col.scale:.{col.digits}f}" for b in cell.get("bounds") or (None, None))
    span = f" [{low}–{high}]" if low is not None and high is not None else ""
    why = f"{count} undecided units left out of n; all decided one way or the other, the value would be{span}"
    return f"{count} undecided{span}", why


def _format(cell: Any, col: Col, link: str) -> Cell:
    v = _value(cell)
    text = "–" if v is None else f"{v * col.scale:.{col.digits}f}"
    ci, parts = "", []
    if isinstance(cell, dict):
        if cell.get("ci_low") is not None and cell.get("ci_high") is not None:
            ci = f"[{cell['ci_low'] * col.scale:.{col.digits}f}, {cell['ci_high'] * col.scale:.{col.digits}f}]"
        if "n" in cell:
            parts.append(f"n={cell['n']}")
        if cell.get("errors"):
            parts.append(f"judge errors excluded={cell['errors']}")
    undecided, why = _undecided(cell, col)
    n = cell.get("n") if isinstance(cell, dict) else None
    return Cell(text, ci, ", ".join([*parts, why] if why else parts), link=link, undecided=undecided, n=n)


def _ranks(values: list[float | None], higher_better: bool | None) -> list[str]:
    """'best' / 'second' per row (ties share the mark)."""
    if higher_better is None:
        return [""] * len(values)
    distinct = sorted({v for v in values if v is not None}, reverse=higher_better)
    best = distinct[0] if distinct else None
    second = distinct[1] if len(distinct) > 1 else None
    return [
        "best" if v is not None and v == best else "second" if v is not None and v == second else "" for v in values
    ]


def model_table(title: str, scale: str, models: list[str], cols: list[Col], nm: NotMeasured, note: str = "") -> Table:
    raw = [[c.get(m) for c in cols] for m in models]
    marks = [_ranks([_value(row[j]) for row in raw], c.higher_better) for j, c in enumerate(cols)]
    rows = []
    for i, m in enumerate(models):
        cells = []
        for j, c in enumerate(cols):
            if _value(raw[i][j]) is None and not _undecided(raw[i][j], c)[0]:
                cells.append(nm.cell(c.filters.get("family")))
                continue
            cell = _format(raw[i][j], c, explorer_link(model=m, status=COUNTED, **c.filters))
            cells.append(Cell(cell.text, cell.ci, cell.title, marks[j][i], cell.link, cell.undecided, cell.n))
        rows.append((m, cells))
    if not models:
        note = nm.table_note(sorted({c.filters.get("family", "") for c in cols} - {""}))
    return Table(title, scale, [c.header for c in cols], rows, note)


def _models(*sections: Any) -> list[str]:
    names: set[str] = set()
    for s in sections:
        if isinstance(s, dict):
            names |= set(s)
    return sorted(names)


def perception_tables(p: dict[str, Any], nm: NotMeasured) -> list[Table]:
    mqm = p.get("mqm", {})
    conds = ordered((c for m in mqm.values() for c in entry_columns(m)), CONDITION_ORDER) or ["base"]
    desc = {"family": "description"}
    out = [
        model_table(
            "Description quality (MQM) across conditions",
            "MQM points, 0–100",
            _models(mqm),
            [Col(CONDITION_LABELS.get(c, c), lambda m, c=c: dig(mqm, (m, c)), {**desc, "condition": c}) for c in conds],
            nm,
            "Bold = best, underlined = second best per column. Click a value for the units behind it.",
        )
    ]
    by_chart = p.get("mqm_by_chart", {})
    charts = ordered((c for m in by_chart.values() for c in entry_columns(m)), CHART_KINDS)
    out.append(
        model_table(
            "Base MQM by chart type",
            "MQM points, 0–100",
            _models(by_chart),
            [Col(c, lambda m, c=c: dig(by_chart, (m, c)), {**desc, "condition": "base", "chart": c}) for c in charts],
            nm,
        )
    )
    for key, title, order in (
        ("penalty", "Mean penalty per MQM dimension (base, lower is better)", list(PENALTY_DIMENSIONS)),
        ("penalty_subtype", "Mean penalty per error sub-type (base, lower is better)", list(PENALTY_SUBTYPES)),
    ):
        sec = p.get(key, {})
        dims = ordered((d for m in sec.values() for d in entry_columns(m)), order)
        out.append(
            model_table(
                title,
                "penalty points per description",
                _models(sec),
                [
                    Col(
                        d,
                        lambda m, d=d, s=sec: dig(s, (m, d)),
                        {**desc, "condition": "base"},
                        digits=2,
                        higher_better=False,
                    )
                    for d in dims
                ],
                nm,
            )
        )
    return out


def behaviour_table(cap: dict[str, Any], beh: dict[str, Any], nm: NotMeasured) -> Table:
    """The paper's unified table; every column in percent so the row reads on one scale."""
    acc = cap.get("accuracy", {})
    cats = ordered((c for m in acc.values() for c in entry_columns(m)), list(CAPABILITY_LABELS)) or [OVERALL]
    cols = [
        Col(
            CAPABILITY_LABELS.get(c, c),
            lambda m, c=c: dig(acc, (m, c)),
            {"family": "capability", "category": None if c == OVERALL else c},
            scale=100,
        )
        for c in cats
    ]
    res = beh.get("resistance", {})
    res_types = ordered((t for m in res.values() for t in entry_columns(m)), list(RESISTANCE_LABELS)) or [OVERALL]
    cols += [
        Col(
            RESISTANCE_LABELS.get(t, t),
            lambda m, t=t: dig(beh, ("resistance", m, t)),
            {"family": "resistance", "category": None if t == OVERALL else t},
            scale=100,
        )
        for t in res_types
    ]
    cols.append(
        Col(
            "CapB",
            lambda m: dig(beh, ("caption_bias", m, OVERALL)),
            {"family": "caption_claim", "per": "figure"},  # a value over figures: the explorer counts figures
            scale=100,
        )
    )
    for metric in BLUR_MODES:
        for proto, fam in (("active", "blur_active"), ("passive", "blur_passive")):
            cols.append(
                Col(
                    f"{metric[:3].title()} {proto[:3]}",
                    lambda m, a=metric, b=proto: dig(beh, (a, m, b)),
                    {"family": fam, "category": metric},
                    scale=100,
                )
            )
    models = _models(acc, beh.get("resistance"), beh.get("admittance"), beh.get("caption_bias"), beh.get("inductance"))
    return model_table(
        "Unified behavioural evaluation",
        "all columns in %",
        models,
        cols,
        nm,
        "Capability: share correct. Resistance: mean score (resists 100, hedges 50, accepts 0). "
        "CapB: share of figures whose description follows the image over the false caption. "
        "Admittance: share admitting the unreadable element. Inductance: correct among fabricated answers. "
        "Units the judge left undecided are out of n; the range under such a value is what it would be had the "
        "judge decided all of them against (low) or for (high) the model.",
    )


def caption_type_table(beh: dict[str, Any], nm: NotMeasured) -> Table:
    cb = beh.get("caption_bias", {})
    types = sorted({t for m in cb.values() for t in m.get("by_type", {})})
    return model_table(
        "Caption-bias resistance by modification type",
        "% of claims following the image",
        _models(cb),
        [
            Col(
                t.replace("_", " "),
                lambda m, t=t: dig(cb, (m, "by_type", t)),
                {"family": "caption_claim", "category": t},
                scale=100,
            )
            for t in types
        ],
        nm,
    )


# the sections whose model entries may say which judge kinds decided their units, in page order
JUDGED_SECTIONS = (
    ("MQM", ("perception", "mqm")),
    ("Capability", ("capability", "accuracy")),
    ("Resistance", ("behaviour", "resistance")),
    ("Caption bias", ("behaviour", "caption_bias")),
    ("Admittance", ("behaviour", "admittance")),
    ("Inductance", ("behaviour", "inductance")),
)


def judges_table(metrics: dict[str, Any]) -> Table | None:
    """Which kind of judge decided what share of each family's units; None without a hybrid judge."""
    found = ((label, judge_shares(dig(metrics, path))) for label, path in JUDGED_SECTIONS)
    shares = {label: per_model for label, per_model in found if per_model}
    if not shares:
        return None
    rows = []
    for m in sorted({m for per_model in shares.values() for m in per_model}):
        cells = []
        for per_model in shares.values():
            kinds = per_model.get(m)
            text = " · ".join(f"{k} {100 * v:.0f}" for k, v in kinds.items() if v is not None) if kinds else "–"
            cells.append(Cell(text or "–"))
        rows.append((m, cells))
    return Table(
        "Which judge decided the units",
        "% of the decided units",
        list(shares),
        rows,
        "The hybrid judge takes the rule verdict where the rules decide and asks the LLM judge about the rest.",
    )


def _num(x: Any, d: int = 3) -> str:
    return "–" if x is None else f"{x:.{d}f}"


def significance_table(sig: dict[str, Any]) -> Table | None:
    rows = []
    for metric, res in sig.items():
        best = str(res.get("best"))
        for other, t in sorted(res.get("vs_best", {}).items()):
            p = t.get("p_value")
            p_text = "< 2/B" if p == 0 else _num(p, 4)
            rows.append(
                (
                    f"{metric}: {best} vs {other}",
                    [
                        Cell(_num(t.get("diff"))),
                        Cell(f"[{_num(t.get('ci_low'))}, {_num(t.get('ci_high'))}]"),
                        Cell(f"{p_text} {t.get('stars', '')}".strip()),
                        Cell(f"{_num(t.get('cliffs_delta'))} ({t.get('magnitude', '')})"),
                        Cell(str(t.get("n"))),
                    ],
                )
            )
    if not rows:
        return None
    return Table(
        "Paired bootstrap: each model against the best one",
        "difference in the metric's own units",
        ["Diff", "95 % CI (two-sided)", "p (two-sided)", "Cliff's δ", "n"],
        rows,
        "One convention: two-sided paired-bootstrap p with the two-sided 95 % percentile CI of the difference, so "
        "p < .05 exactly when the CI excludes 0. * p < .05, ** p < .01, *** p < .001.",
        row_header="Comparison",
    )


def correlation_table(cor: dict[str, Any]) -> Table | None:
    sp = cor.get("spearman", {})
    names = list(dict.fromkeys([a for a in sp] + [b for a in sp.values() for b in a]))
    if not names:
        return None
    rows, few = [], False
    for a in names:
        cells = []
        for b in names:
            cell = dig(sp, (a, b)) or dig(sp, (b, a))
            if a == b or not isinstance(cell, dict) or cell.get("rho") is None:
                cells.append(Cell("–", mark="na"))
                continue
            n = cell.get("n", 0)
            if n < MIN_MODELS_FOR_P or cell.get("p_value") is None:
                few = True
                cells.append(Cell(f"{cell['rho']:.2f}†", f"n={n}", f"{n} models: too few for a p-value"))
            else:
                cells.append(Cell(f"{cell['rho']:.2f}", f"p={cell['p_value']:.3f}, n={n}"))
        rows.append((a, cells))
    note = (
        f"† computed over fewer than {MIN_MODELS_FOR_P} models: too few for a p-value, so none is given; "
        "read the sign, not the size."
        if few
        else ""
    )
    return Table(
        "Spearman correlations between dimensions (across models)",
        "rank correlation ρ, −1 to 1",
        names,
        rows,
        note,
        row_header="",
    )


RELIABILITY_TEXT = {
    "split_half": "Split-half reliability: models ranked on two random halves of the figures; Spearman–Brown "
    "corrected rank agreement (1 = the ranking does not depend on which figures were drawn).",
    "stratified_mqm": "Stratified rank agreement: do two chart types rank the models the same way on base MQM?",
    "scale_validation_resistance": "Scale validation: resistance on the figure subset vs. on all figures "
    "(close values = the subset stands for the whole).",
}


def reliability_table(rel: dict[str, Any]) -> Table | None:
    rows = []
    for name, r in sorted(rel.get("split_half", {}).items()):
        ci = f"[{_num(r.get('ci_low'), 2)}, {_num(r.get('ci_high'), 2)}]"
        rows.append(
            (
                f"split-half: {name}",
                [
                    Cell(_num(r.get("rho"), 2), ci),
                    Cell(f"{r.get('n')} figures, {r.get('n_models')} models"),
                    Cell(RELIABILITY_TEXT["split_half"], mark="text"),
                ],
            )
        )
    for pair, r in sorted(rel.get("stratified_mqm", {}).items()):
        rows.append(
            (
                f"chart types: {pair.replace('_vs_', ' vs ')}",
                [
                    Cell(_num(r.get("rho"), 2)),
                    Cell(f"{r.get('n_models')} models"),
                    Cell(RELIABILITY_TEXT["stratified_mqm"], mark="text"),
                ],
            )
        )
    for m, r in sorted(rel.get("scale_validation_resistance", {}).items()):
        rows.append(
            (
                f"subset vs full: {m}",
                [
                    Cell(f"{_num(r.get('subset'), 2)} vs {_num(r.get('full'), 2)}"),
                    Cell(f"{r.get('n_subset')} / {r.get('n_full')} units"),
                    Cell(RELIABILITY_TEXT["scale_validation_resistance"], mark="text"),
                ],
            )
        )
    if not rows:
        return None
    return Table(
        "Reliability",
        "ρ (rank agreement) or mean score, 0–1",
        ["Value", "Based on", "What it says"],
        rows,
        row_header="Check",
    )


def _flat(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [kv for k, v in data.items() for kv in _flat(v, f"{prefix}.{k}" if prefix else str(k))]
    return [(prefix, data)]


def agreement_table(agree: dict[str, Any]) -> Table:
    """Judge-vs-judge and judge-vs-human agreement, one row per recorded statistic (or why there is none)."""
    rows = [(k, [Cell(f"{v:.3f}" if isinstance(v, float) else str(v))]) for k, v in _flat(agree)]
    note = (
        ""
        if rows
        else (
            "not measured: needs human scores (params.yaml metrics.human_scores) or a second judge's "
            "agreement file from the judge stage"
        )
    )
    return Table(
        "Agreement (judges, humans)",
        "as recorded (α, κ, ρ on their own scales)",
        ["Value"],
        rows,
        note,
        row_header="Statistic",
    )


# what the answers hold and cost (responses/<model>.stats.json); calls and cache hits are in the untracked ledger
RUN_COLUMNS = ("setups", "answered", "errors", "prompt_tokens", "completion_tokens", "cost_usd")


def _run_cell(stats: dict[str, Any], column: str) -> str:
    """One statistic; a model with responses but no price has an unknown cost, not a missing one."""
    value = stats.get(column)
    if value is None:
        return "unknown" if column == "cost_usd" and stats else "–"
    return f"{value:.4f}" if isinstance(value, float) else str(value)


def run_table(run: dict[str, Any]) -> Table | None:
    respond, judged = run.get("respond", {}), run.get("judgments", {})
    models = sorted(set(respond) | set(judged))
    if not models:
        return None
    rows = []
    for m in models:
        r, jd = respond.get(m, {}), judged.get(m, {})
        cells = [Cell(_run_cell(r, c)) for c in RUN_COLUMNS]
        cells += [
            Cell(str(jd.get("rows", "–")), link=explorer_link(model=m), n=jd.get("rows")),
            Cell(str(jd.get("errors", "–")), link=explorer_link(model=m, status="judge error"), n=jd.get("errors")),
        ]
        rows.append((m, cells))
    return Table("Run statistics", "counts; cost in USD", [*RUN_COLUMNS, "judged units", "judge errors"], rows)


def not_measured_table(nm: NotMeasured) -> Table | None:
    if not nm.reasons:
        return None
    return Table(
        "Not measured",
        "",
        ["Why"],
        [(f, [Cell(r, mark="text")]) for f, r in sorted(nm.reasons.items())],
        row_header="Family",
    )
