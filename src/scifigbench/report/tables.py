"""HTML tables of the report, with the best and second-best value per column marked.

Input is the content of the metrics JSON files; output is escaped HTML strings. Higher is better
unless a column says otherwise (penalties, p-values).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable

from scifigbench.contracts.metrics import CONDITION_ORDER, PENALTY_DIMENSIONS, PENALTY_SUBTYPES, RESISTANCE_TYPES, ordered

CAPABILITY_LABELS = {"counting": "Cnt", "computation": "Cmp", "comparison": "Cmpr", "pattern": "Pat", "overall": "All"}
CONDITION_LABELS = {"base": "Base", "nocap": "NoCap", "noise": "Noise", "lowc": "LowC", "rot": "Rot", "inpaper": "InPap",
                    "inpaper_blur": "InPapBlur", "capbias": "CapB", "admb": "AdmB", "indb": "IndB"}


@dataclass(frozen=True)
class Col:
    """A column: header, how to get the cell from a model's data, display scale, ranking direction."""

    header: str
    get: Callable[[str], Any]
    scale: float = 1.0
    digits: int = 2
    higher_better: bool | None = True  # None: not ranked
    show_ci: bool = True  # wide tables keep the CI in the cell's tooltip only


def _value(cell: Any) -> float | None:
    if isinstance(cell, dict):
        return cell.get("value")
    return cell if isinstance(cell, (int, float)) and not isinstance(cell, bool) else None


def _fmt(cell: Any, col: Col) -> str:
    v = _value(cell)
    if v is None:
        return "<td class='na'>–</td>"
    text = f"{v * col.scale:.{col.digits}f}"
    tip = ""
    if isinstance(cell, dict):
        parts = []
        if cell.get("ci_low") is not None:
            lo, hi = cell["ci_low"] * col.scale, cell["ci_high"] * col.scale
            ci = f"[{lo:.{col.digits}f}, {hi:.{col.digits}f}]"
            if col.show_ci:
                text += f"<span class='ci'>{ci}</span>"
            else:
                parts.append(f"95% CI {ci}")
        if "n" in cell:
            parts.append(f"n={cell['n']}")
        if cell.get("errors"):
            parts.append(f"errors={cell['errors']}")
        tip = f" title='{escape(', '.join(parts))}'" if parts else ""
    return f"<td{tip}>{text}</td>"


def _ranks(values: list[float | None], higher_better: bool | None) -> list[str]:
    """'best' / 'second' class per row (ties share the mark)."""
    if higher_better is None:
        return [""] * len(values)
    distinct = sorted({v for v in values if v is not None}, reverse=higher_better)
    best = distinct[0] if distinct else None
    second = distinct[1] if len(distinct) > 1 else None
    return ["best" if v is not None and v == best else "second" if v is not None and v == second else "" for v in values]


def model_table(title: str, models: list[str], cols: list[Col], note: str = "") -> str:
    if not models:
        return ""
    cells = [[c.get(m) for c in cols] for m in models]
    marks = [_ranks([_value(row[j]) for row in cells], c.higher_better) for j, c in enumerate(cols)]
    head = "".join(f"<th>{escape(c.header)}</th>" for c in cols)
    body = []
    for i, m in enumerate(models):
        tds = []
        for j, c in enumerate(cols):
            td = _fmt(cells[i][j], c)
            if marks[j][i]:
                td = td.replace("<td", f"<td class='{marks[j][i]}'", 1)
            tds.append(td)
        body.append(f"<tr><th class='model'>{escape(m)}</th>{''.join(tds)}</tr>")
    note_html = f"<p class='note'>{escape(note)}</p>" if note else ""
    return (f"<section><h2>{escape(title)}</h2><table><thead><tr><th>Model</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>{note_html}</section>")


def _dig(data: dict[str, Any], *keys: str) -> Any:
    for k in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(k)
    return data


def _models(*sections: Any) -> list[str]:
    names: set[str] = set()
    for s in sections:
        if isinstance(s, dict):
            names |= set(s)
    return sorted(names)


def perception_tables(p: dict[str, Any]) -> list[str]:
    mqm = p.get("mqm", {})
    conds = ordered((c for m in mqm.values() for c in m), CONDITION_ORDER)
    out = [model_table("Description quality (MQM, 0–100) across conditions", _models(mqm),
                       [Col(CONDITION_LABELS.get(c, c), lambda m, c=c: _dig(mqm, m, c), digits=1) for c in conds],
                       "Hover a cell for n and judge errors. Bold = best, underline = second best per column.")]
    by_chart = p.get("mqm_by_chart", {})
    charts = sorted({c for m in by_chart.values() for c in m})
    out.append(model_table("Base MQM by chart type (95 % bootstrap CI)", _models(by_chart),
                           [Col(c, lambda m, c=c: _dig(by_chart, m, c), digits=1) for c in charts]))
    for key, title, order in (("penalty", "Mean penalty per MQM dimension (lower is better)", list(PENALTY_DIMENSIONS)),
                              ("penalty_subtype", "Mean penalty per error sub-type (lower is better)", list(PENALTY_SUBTYPES))):
        sec = p.get(key, {})
        dims = ordered((d for m in sec.values() for d in m), order)
        out.append(model_table(title, _models(sec), [Col(d, lambda m, d=d, s=sec: _dig(s, m, d), higher_better=False) for d in dims]))
    return out


def behaviour_table(cap: dict[str, Any], beh: dict[str, Any]) -> str:
    acc = cap.get("accuracy", {})
    cats = ordered((c for m in acc.values() for c in m), list(CAPABILITY_LABELS))
    cols = [Col(CAPABILITY_LABELS.get(c, c), lambda m, c=c: _dig(acc, m, c), scale=100, digits=1, show_ci=False) for c in cats]
    res_types = ordered((t for m in beh.get("resistance", {}).values() for t in m), RESISTANCE_TYPES + ["overall"])
    labels = {"inexist": "Inex", "contra": "Cont", "unanswerable": "Unan", "overall": "Res"}
    cols += [Col(labels.get(t, t), lambda m, t=t: _dig(beh, "resistance", m, t), show_ci=False) for t in res_types]
    cols.append(Col("CapB", lambda m: _dig(beh, "caption_bias", m, "overall"), show_ci=False))
    for metric in ("admittance", "inductance"):
        for proto in ("active", "passive"):
            cols.append(Col(f"{metric[:3].title()} {proto[:3]}", lambda m, a=metric, b=proto: _dig(beh, a, m, b),
                            scale=100, digits=0, show_ci=False))
    models = _models(acc, beh.get("resistance"), beh.get("admittance"), beh.get("caption_bias"))
    return model_table("Unified behavioural evaluation", models, cols,
                       "Capability, admittance and inductance in %; resistance and caption-bias resistance on 0–1. "
                       "Inductance = correct among fabricated answers. Hover a cell for its 95 % CI and n.")


def caption_type_table(beh: dict[str, Any]) -> str:
    cb = beh.get("caption_bias", {})
    types = sorted({t for m in cb.values() for t in m.get("by_type", {})})
    return model_table("Caption-bias resistance by modification type", _models(cb),
                       [Col(t.replace("_", " "), lambda m, t=t: _dig(cb, m, "by_type", t)) for t in types])


def significance_table(sig: dict[str, Any]) -> str:
    rows = []
    for metric, res in sig.items():
        rows.append(f"<tr class='group'><th colspan='6'>{escape(metric)} (best: {escape(str(res.get('best')))})</th></tr>")
        for other, t in sorted(res.get("vs_best", {}).items()):
            def f(x: Any, d: int = 3) -> str:
                return "–" if x is None else f"{x:.{d}f}"
            rows.append(f"<tr><td>{escape(str(res.get('best')))} vs {escape(other)}</td><td>{f(t.get('diff'))}</td>"
                        f"<td>[{f(t.get('ci_low'))}, {f(t.get('ci_high'))}]</td><td>{f(t.get('p_value'), 4)} {escape(t.get('stars', ''))}</td>"
                        f"<td>{f(t.get('cliffs_delta'))} ({escape(t.get('magnitude', ''))})</td><td>{t.get('n')}</td></tr>")
    if not rows:
        return ""
    return ("<section><h2>Paired bootstrap vs the best model</h2><table><thead><tr><th>Comparison</th><th>Diff</th>"
            "<th>95 % CI</th><th>p (one-sided)</th><th>Cliff's δ</th><th>n</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table><p class='note'>* p&lt;.05, ** p&lt;.01, *** p&lt;.001; p = 0 means below 1/B.</p></section>")


def correlation_table(cor: dict[str, Any]) -> str:
    sp = cor.get("spearman", {})
    names = list(dict.fromkeys([a for a in sp] + [b for a in sp.values() for b in a]))
    if not names:
        return ""
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    body = []
    for a in names:
        tds = []
        for b in names:
            cell = _dig(sp, a, b) or _dig(sp, b, a)
            tds.append("<td class='na'>–</td>" if a == b or not cell or cell.get("rho") is None
                       else f"<td title='n={cell['n']}, p={cell['p_value']}'>{cell['rho']:.2f}</td>")
        body.append(f"<tr><th class='model'>{escape(a)}</th>{''.join(tds)}</tr>")
    return (f"<section><h2>Spearman correlations between dimensions (across models)</h2><table><thead><tr><th></th>{head}"
            f"</tr></thead><tbody>{''.join(body)}</tbody></table></section>")


def flat_table(title: str, data: dict[str, Any]) -> str:
    """Any nested numeric dict as (path, value) rows: reliability, agreement, run statistics."""
    rows: list[tuple[str, Any]] = []

    def walk(prefix: str, x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        else:
            rows.append((prefix, x))

    walk("", data)
    if not rows:
        return f"<section><h2>{escape(title)}</h2><p class='note'>nothing recorded</p></section>"
    body = "".join(f"<tr><td class='key'>{escape(k)}</td><td>{escape(f'{v:.4g}' if isinstance(v, float) else str(v))}</td></tr>" for k, v in rows)
    return f"<section><h2>{escape(title)}</h2><table class='flat'><tbody>{body}</tbody></table></section>"
