"""The report's tables as data for the templates: formatted cells with CI, rank mark and explorer link.

Input is the content of the metrics JSON files. Each table has one scale, named in its header
(MQM points 0-100, percent, or mean penalty points); each cell prints its 95 % CI under the value
(visible in print, not only on hover) and links to the explorer filtered to the units behind it.
A cell with no value says "not measured" and why, from ``run.json: not_measured`` (family -> reason)
when the metrics stage recorded one. Higher is better unless a table says otherwise. A value with
units the judge left undecided says how many under its CI, with the range the value would span had
the judge decided them all one way or the other ("12 undecided; if all decided 61.0–70.1"); with the hybrid judge
a table of its own says which kind of judge decided what share of each family's units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlencode

from scifigbench.contracts.metrics import dig, judge_shares
from scifigbench.families import blur_tables
from scifigbench.families.capability.tables import LABELS as CAPABILITY_LABELS
from scifigbench.families.capability.tables import MEANINGS as CAPABILITY_MEANINGS
from scifigbench.families.caption_claim.tables import HEADER as CAPTION_BIAS_HEADER
from scifigbench.families.caption_claim.tables import MEANING as CAPTION_BIAS_MEANING
from scifigbench.families.description.tables import CONDITION_LABELS, CONDITION_MEANINGS, PENALTY_MEANINGS
from scifigbench.families.registry import REGISTRY
from scifigbench.families.report_layout import UNIFIED, Column, ReportTable
from scifigbench.families.resistance.tables import LABELS as RESISTANCE_LABELS
from scifigbench.families.resistance.tables import MEANINGS as RESISTANCE_MEANINGS
from scifigbench.report.judge_card import FamilyCard

BLUR_HEADERS = blur_tables.HEADERS

MIN_MODELS_FOR_P = 6  # the metrics stage leaves a correlation's p null below this many models
EXPLORER = "explorer.html"
COUNTED = "counted"  # the explorer's status of a unit a value counts in its n (report/units.py: status)
TERMS = (
    (
        "A-R-I",
        "Admittance (says an unreadable element is unreadable), Resistance (rejects false premises), "
        "Inductance (infers a hidden element the context gives away)",
    ),
    ("MQM", "Multidimensional Quality Metrics: 100 minus the weighted penalties of the errors in a description"),
    (
        "CI",
        "95 % confidence interval: 2.5th and 97.5th percentiles of the bootstrap distribution; it resamples "
        "figures, so the units of one figure (its questions, its caption's claims) are drawn together",
    ),
    ("n", "units the value is computed over (undecided units and judge errors left out)"),
    ("figs", "figures those n units come from: the clusters the bootstrap resamples"),
    ("B", "bootstrap resamples"),
    ("act / pas", "active: the model is asked about the blurred element; passive: it describes the figure unprompted"),
    ("Adm", "admittance: share of answers saying the blurred element cannot be read"),
    ("Ind", "inductance: share correct among answers that give a value for the blurred element"),
    (CAPTION_BIAS_HEADER, CAPTION_BIAS_MEANING),
    ("p", "two-sided paired-bootstrap p-value; '< x' when no resample fell on one side (x = 2/B, the resolution)"),
    ("p (Holm)", "p corrected with Holm's method over all the comparisons of the table"),
    ("δ", "Cliff's delta: P(best > other) − P(best < other) over pairs of figures"),
    ("ρ", "Spearman rank correlation"),
    ("pp", "percentage points: a difference of two percentages"),
)


def glossary() -> list[tuple[str, str]]:
    """Every abbreviation the report prints, with its meaning, in page order of first use."""
    out = [(CONDITION_LABELS[c], m) for c, m in CONDITION_MEANINGS.items()]
    out += [(CAPABILITY_LABELS[c], m) for c, m in CAPABILITY_MEANINGS.items()]
    out += [(RESISTANCE_LABELS[c], m) for c, m in RESISTANCE_MEANINGS.items()]
    out += [(h, f"{mode}, {proto} protocol") for (mode, proto), h in BLUR_HEADERS.items()]
    out += list(PENALTY_MEANINGS.items())
    return [*out, *TERMS]


@dataclass(frozen=True)
class Cell:
    text: str
    ci: str = ""
    title: str = ""
    mark: str = ""  # best | second | na | text (wrapping prose)
    link: str = ""
    undecided: str = ""  # "12 undecided; if all decided 61.0–70.1" when the judge abstained on some units
    n: int | None = None  # what the value counts: the link opens exactly this many units (figures, per=figure)
    n_text: str = ""  # "n=994 · 250 figs": printed under the value
    printed: str = ""  # "paper 71": the value the paper prints for this cell, under it (release_beside)


@dataclass(frozen=True)
class Table:
    title: str
    scale: str
    columns: list[str]
    rows: list[tuple[str, list[Cell]]]
    note: str = ""
    row_header: str = "Model"
    cards: tuple[FamilyCard, ...] = ()  # the judge cards of the families feeding it


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
    if low is None or high is None:
        return f"{count} undecided", f"{count} undecided units left out of n"
    # labelled and without brackets: right under the CI a bare "[lo–hi]" read as a second interval
    why = f"{count} undecided units left out of n; all decided one way or the other, the value would be {low} to {high}"
    return f"{count} undecided; if all decided {low}–{high}", why


def _n_text(cell: dict[str, Any]) -> str:
    """'n=994 · 250 figs' (figures only when they are fewer than the units: else each unit is a figure)."""
    if "n" not in cell:
        return ""
    figs = cell.get("figures")
    return f"n={cell['n']}" + (f" · {figs} figs" if figs is not None and figs < cell["n"] else "")


def _format(cell: Any, col: Col, link: str) -> Cell:
    v = _value(cell)
    text = "–" if v is None else f"{v * col.scale:.{col.digits}f}"
    ci, n_text, parts = "", "", []
    if isinstance(cell, dict):
        if cell.get("ci_low") is not None and cell.get("ci_high") is not None:
            ci = f"[{cell['ci_low'] * col.scale:.{col.digits}f}, {cell['ci_high'] * col.scale:.{col.digits}f}]"
        n_text = _n_text(cell)
        if cell.get("errors"):
            parts.append(f"judge errors excluded={cell['errors']}")
    undecided, why = _undecided(cell, col)
    n = cell.get("n") if isinstance(cell, dict) else None
    return Cell(
        text, ci, ", ".join([*parts, why] if why else parts), link=link, undecided=undecided, n=n, n_text=n_text
    )


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
            cells.append(
                Cell(cell.text, cell.ci, cell.title, marks[j][i], cell.link, cell.undecided, cell.n, cell.n_text)
            )
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


def _col(family: str, section: dict[str, Any], c: Column) -> Col:
    """A declared column as the report's: a model's cell under its entry, its units' explorer filters."""
    filters = {k: v for k, v in {"family": c.family or family, **c.filters}.items() if v is not None}
    return Col(c.header, partial(_cell, section, c.path), filters, c.scale, c.digits, c.higher_better)


def _cell(section: dict[str, Any], path: tuple[str, ...], model: str) -> Any:
    return dig(section, (model, *path))


@dataclass
class _Joined:
    """The columns the families declare for one report table, and the sections and families they read."""

    cols: list[Col] = field(default_factory=list)
    sections: list[Any] = field(default_factory=list)
    families: list[str] = field(default_factory=list)


def _joined(metrics: dict[str, Any], files: Sequence[str]) -> dict[ReportTable, _Joined]:
    """Every report table the families' paper tables of ``files`` are shown in, in registry order of
    first declaration, with its columns joined in that order."""
    out: dict[ReportTable, _Joined] = {}
    for family in REGISTRY.values():
        for paper in (t for t in family.tables if t.file in files):
            section = (metrics.get(paper.file) or {}).get(paper.key, {})
            for layout in paper.shown:
                joined = out.setdefault(layout.table, _Joined())
                cols = [_col(family.name, section, c) for c in layout.columns(section)]
                joined.cols += cols
                joined.sections.append(section)
                for col in cols:
                    if col.filters["family"] not in joined.families:
                        joined.families.append(col.filters["family"])
    return out


def family_tables(
    metrics: dict[str, Any], nm: NotMeasured, files: Sequence[str]
) -> list[tuple[Table, tuple[str, ...]]]:
    """The tables the families declare for the metrics files ``files`` (file stem -> content), each
    with the families feeding it (whose judge cards go beside it), in registry order."""
    return [
        (model_table(t.title, t.scale, _models(*j.sections), j.cols, nm, t.note), tuple(j.families))
        for t, j in _joined(metrics, files).items()
    ]


def perception_tables(p: dict[str, Any], nm: NotMeasured) -> list[Table]:
    """The perception file's tables (MQM per condition, by chart type, mean penalties)."""
    return [t for t, _ in family_tables({"perception": p}, nm, ("perception",))]


def behaviour_table(cap: dict[str, Any], beh: dict[str, Any], nm: NotMeasured) -> Table:
    """The paper's unified table; every column in percent so the row reads on one scale."""
    j = _joined({"capability": cap, "behaviour": beh}, ("capability", "behaviour"))[UNIFIED]
    return model_table(UNIFIED.title, UNIFIED.scale, _models(*j.sections), j.cols, nm, UNIFIED.note)


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


# metrics already on a 0-100 scale; the others are rates (0-1), shown in percentage points
POINTS_METRICS = frozenset({"mqm"})


def _p_text(p: Any, bound: Any) -> str:
    """A p-value as printed: '< 0.0002' when it is the bootstrap's resolution bound, not a value."""
    if p is None:
        return "–"
    return f"< {p:.4f}" if bound else f"{p:.4f}"


def significance_table(sig: dict[str, Any]) -> Table | None:
    rows = []
    for metric, res in (sig.get("tests") or {}).items():
        best = str(res.get("best"))
        scale = 1.0 if metric in POINTS_METRICS else 100.0
        unit = "MQM points" if metric in POINTS_METRICS else "pp"

        def pts(x: Any, scale: float = scale) -> str:
            return "–" if x is None else f"{x * scale:.1f}"

        for other, t in sorted(res.get("vs_best", {}).items()):
            rows.append(
                (
                    f"{metric}: {best} vs {other}",
                    [
                        Cell(f"{pts(t.get('diff'))} {unit}"),
                        Cell(f"[{pts(t.get('ci_low'))}, {pts(t.get('ci_high'))}]"),
                        Cell(_p_text(t.get("p_value"), t.get("p_is_bound"))),
                        Cell(f"{_p_text(t.get('p_holm'), t.get('p_holm_is_bound'))} {t.get('stars', '')}".strip()),
                        Cell(f"{_num(t.get('cliffs_delta'))} ({t.get('magnitude', '')})"),
                        Cell(str(t.get("n"))),
                    ],
                )
            )
    if not rows:
        return None
    corr = sig.get("correction") or {}
    return Table(
        "Paired bootstrap: each model against the best one",
        "difference in points on a 0–100 scale: percentage points (pp) for rates, MQM points for MQM",
        ["Diff", "95 % CI", "p", "p (Holm)", "Cliff's δ", "n figures"],
        rows,
        f"Two-sided paired-bootstrap p over the figures both models have, with the two-sided 95 % percentile CI of "
        f"the difference (p < .05 exactly when the CI excludes 0). The {corr.get('tests', len(rows))} comparisons are "
        f"one family, corrected for multiple comparisons with Holm's method: {corr.get('significant', '–')} remain "
        "significant at .05. Stars are those of the Holm p: * < .05, ** < .01, *** < .001. '< x' is a bound: no "
        "resample fell on one side, so p is below the bootstrap's resolution 2/B (and Holm's p below m times it). "
        "The Spearman p-values of the next table are not corrected.",
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
    "corrected rank agreement (1 = the ranking does not depend on which figures were drawn). The range under it "
    "is its spread over the splits (2.5th–97.5th percentile), not a confidence interval.",
    "stratified_mqm": "Stratified rank agreement: do two chart types rank the models the same way on base MQM?",
    "scale_validation_resistance": "Scale validation: resistance on the figure subset vs. on all figures "
    "(close values = the subset stands for the whole).",
}


def reliability_table(rel: dict[str, Any]) -> Table | None:
    """How stable the model ranking is: rank agreements only (ρ), so the table has one scale."""
    rows = []
    for name, r in sorted(rel.get("split_half", {}).items()):
        spread = f"spread over splits [{_num(r.get('spread_low'), 2)}, {_num(r.get('spread_high'), 2)}]"
        rows.append(
            (
                f"split-half: {name}",
                [
                    Cell(_num(r.get("rho"), 2), spread),
                    Cell(f"{r.get('n')} figures, {r.get('n_models')} models, {r.get('n_splits')} splits"),
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
    if not rows:
        return None
    return Table(
        "Reliability of the model ranking",
        "rank agreement ρ, −1 to 1",
        ["ρ", "Based on", "What it says"],
        rows,
        row_header="Check",
    )


def scale_validation_table(rel: dict[str, Any]) -> Table | None:
    """Resistance on the figure subset against all figures, in percent."""
    rows = []
    for m, r in sorted(rel.get("scale_validation_resistance", {}).items()):
        sub, full = r.get("subset"), r.get("full")
        rows.append(
            (
                m,
                [
                    Cell("–" if sub is None else f"{100 * sub:.1f}", n_text=f"n={r.get('n_subset')}"),
                    Cell("–" if full is None else f"{100 * full:.1f}", n_text=f"n={r.get('n_full')}"),
                ],
            )
        )
    if not rows:
        return None
    return Table(
        "Scale validation: resistance on the subset vs all figures",
        "resistance in %",
        ["Subset", "All figures"],
        rows,
        RELIABILITY_TEXT["scale_validation_resistance"],
    )


def _flat(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [kv for k, v in data.items() for kv in _flat(v, f"{prefix}.{k}" if prefix else str(k))]
    return [(prefix, data)]


def agreement_table(agree: dict[str, Any]) -> Table | None:
    """Judge-vs-human agreement on MQM (metrics.human_scores), one row per recorded statistic; None
    when none was recorded (the judge card says how far the judge is trusted without it)."""
    rows = [(k, [Cell(f"{v:.3f}" if isinstance(v, float) else str(v))]) for k, v in _flat(agree)]
    if not rows:
        return None
    return Table(
        "Agreement (judges, humans)",
        "as recorded (α, κ, ρ on their own scales)",
        ["Value"],
        rows,
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
