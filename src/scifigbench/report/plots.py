"""The report's figures (matplotlib, Agg) as PNG bytes, and their data as dvc-plots tables.

Each plot has a ``*_rows`` function giving the long-format rows it draws; the same rows are
written to ``reports/plots/*.csv`` so ``dvc plots show/diff`` can draw them across commits.
"""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from scifigbench import fonts  # noqa: E402
from scifigbench.concepts.names import CONDITION_ORDER  # noqa: E402
from scifigbench.contracts.metrics import entry_columns, ordered  # noqa: E402

ARI_METRICS = [
    ("admittance_active", "Admittance (act)"),
    ("admittance_passive", "Admittance (pas)"),
    ("resistance", "Resistance"),
    ("caption_bias", "Caption-bias res."),
    ("inductance_active", "Inductance (act)"),
    ("inductance_passive", "Inductance (pas)"),
]


def _png(fig: plt.Figure) -> bytes:
    buf = io.BytesIO()
    with fonts.strict("report plot"):  # text is laid out here: only the project's fonts, no substitution
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def _v(cell: Any) -> float | None:
    return cell.get("value") if isinstance(cell, dict) else None


def mqm_condition_rows(perception: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for model, conds in sorted(perception.get("mqm", {}).items()):
        for cond in ordered(entry_columns(conds), CONDITION_ORDER):
            cell = conds[cond]
            rows.append(
                {
                    "model": model,
                    "condition": cond,
                    "mqm": _v(cell),
                    "ci_low": cell.get("ci_low"),
                    "ci_high": cell.get("ci_high"),
                    "n": cell.get("n"),
                }
            )
    return rows


def ari_rows(behaviour: dict[str, Any]) -> list[dict[str, Any]]:
    """A-R-I profile: one row per (model, metric), rates on a 0-1 scale."""
    rows = []
    models = sorted(
        set().union(*(behaviour.get(k, {}).keys() for k in ("admittance", "resistance", "caption_bias", "inductance")))
    )
    for m in models:
        cells = {
            "admittance_active": behaviour.get("admittance", {}).get(m, {}).get("active"),
            "admittance_passive": behaviour.get("admittance", {}).get(m, {}).get("passive"),
            "resistance": behaviour.get("resistance", {}).get(m, {}).get("overall"),
            "caption_bias": behaviour.get("caption_bias", {}).get(m, {}).get("overall"),
            "inductance_active": behaviour.get("inductance", {}).get(m, {}).get("active"),
            "inductance_passive": behaviour.get("inductance", {}).get(m, {}).get("passive"),
        }
        for key, _ in ARI_METRICS:
            c = cells[key]
            if isinstance(c, dict) and c.get("value") is not None:
                rows.append(
                    {
                        "model": m,
                        "metric": key,
                        "value": c["value"],
                        "ci_low": c.get("ci_low"),
                        "ci_high": c.get("ci_high"),
                        "n": c.get("n"),
                    }
                )
    return rows


def _ci(cell: Any) -> tuple[float | None, float | None]:
    return (cell.get("ci_low"), cell.get("ci_high")) if isinstance(cell, dict) else (None, None)


def quality_behaviour_rows(perception: dict[str, Any], behaviour: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per model: base MQM, active admittance and overall resistance, each with its CI."""
    rows = []
    for m, conds in sorted(perception.get("mqm", {}).items()):
        cells = {
            "mqm": conds.get("base"),
            "admittance_active": behaviour.get("admittance", {}).get(m, {}).get("active"),
            "resistance": behaviour.get("resistance", {}).get(m, {}).get("overall"),
        }
        if _v(cells["mqm"]) is None or (_v(cells["admittance_active"]) is None and _v(cells["resistance"]) is None):
            continue
        row: dict[str, Any] = {"model": m}
        for key, cell in cells.items():
            row[key] = _v(cell)
            row[f"{key}_ci_low"], row[f"{key}_ci_high"] = _ci(cell)
        rows.append(row)
    return rows


def _err(value: float, low: float | None, high: float | None) -> tuple[float, float]:
    """(below, above) whisker lengths of a CI around its value; 0 where the CI is missing."""
    return (max(0.0, value - (value if low is None else low)), max(0.0, (value if high is None else high) - value))


def mqm_conditions_png(rows: list[dict[str, Any]]) -> bytes | None:
    """Figure 3(a) as PNG (see :func:`mqm_conditions_figure`)."""
    return _png(mqm_conditions_figure(rows)) if rows else None


def mqm_conditions_figure(rows: list[dict[str, Any]]) -> plt.Figure:
    """Figure 3(a): MQM per condition with its 95 % CI, models side by side.

    Conditions are categories without an order, so no line joins them: each model is a column of
    points, dodged within the condition.
    """
    conds = list(dict.fromkeys(r["condition"] for r in rows))
    models = sorted({r["model"] for r in rows})
    width = 0.7 / max(1, len(models))
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for k, m in enumerate(models):
        pts = [r for r in rows if r["model"] == m and r["mqm"] is not None]
        xs = [conds.index(r["condition"]) + (k - (len(models) - 1) / 2) * width for r in pts]
        errs = [_err(r["mqm"], r["ci_low"], r["ci_high"]) for r in pts]
        ax.errorbar(
            xs,
            [r["mqm"] for r in pts],
            yerr=[[e[0] for e in errs], [e[1] for e in errs]],
            fmt="o",
            ms=4,
            capsize=2,
            elinewidth=0.8,
            label=m,
        )
    ax.set_xticks(range(len(conds)), conds, rotation=30)
    ax.set_ylabel("MQM (points, 0-100)")
    ax.set_title("Description quality across conditions (95% CI)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))  # outside: no point hidden
    return fig


def ari_png(rows: list[dict[str, Any]]) -> bytes | None:
    """Figure 3(b): A-R-I profile per model as grouped bars with CI whiskers."""
    if not rows:
        return None
    models = sorted({r["model"] for r in rows})
    metrics = [k for k, _ in ARI_METRICS if any(r["metric"] == k for r in rows)]
    labels = dict(ARI_METRICS)
    width = 0.8 / len(metrics)
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for j, key in enumerate(metrics):
        xs, ys, err = [], [], [[], []]
        for i, m in enumerate(models):
            r = next((r for r in rows if r["model"] == m and r["metric"] == key), None)
            if r is None:
                continue
            xs.append(i + (j - (len(metrics) - 1) / 2) * width)
            ys.append(r["value"])
            err[0].append(max(0.0, r["value"] - (r["ci_low"] if r["ci_low"] is not None else r["value"])))
            err[1].append(max(0.0, (r["ci_high"] if r["ci_high"] is not None else r["value"]) - r["value"]))
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=labels[key], error_kw={"elinewidth": 0.6})
    ax.set_xticks(range(len(models)), models, rotation=20)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("rate / score (0-1)")
    ax.set_title("Admittance - Resistance - Inductance profiles (95% CI)")
    ax.legend(fontsize=7, ncol=3, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def quality_behaviour_png(rows: list[dict[str, Any]]) -> bytes | None:
    """Figure 4: MQM against admittance (left) and resistance (right), one point per model with both CIs."""
    if not rows:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(8, 3.4), sharex=True)
    for ax, key, label in (
        (axes[0], "admittance_active", "Admittance (active, 0-1)"),
        (axes[1], "resistance", "Resistance (0-1)"),
    ):
        pts = [r for r in rows if r[key] is not None]
        for r in pts:
            xe = _err(r["mqm"], r["mqm_ci_low"], r["mqm_ci_high"])
            ye = _err(r[key], r[f"{key}_ci_low"], r[f"{key}_ci_high"])
            ax.errorbar(
                [r["mqm"]],
                [r[key]],
                xerr=[[xe[0]], [xe[1]]],
                yerr=[[ye[0]], [ye[1]]],
                fmt="o",
                ms=5,
                capsize=2,
                elinewidth=0.8,
                color="#1f3a5f",
            )
            ax.annotate(r["model"], (r["mqm"], r[key]), fontsize=7, xytext=(3, 3), textcoords="offset points")
        if len(pts) >= 2:  # where points would lie if behaviour rose linearly with quality
            lo = min(pts, key=lambda r: r["mqm"])
            hi = max(pts, key=lambda r: r["mqm"])
            ax.plot([lo["mqm"], hi["mqm"]], [0, 1], ls="--", color="grey", lw=0.8)
        ax.set_xlabel("MQM (base, points)")
        ax.set_ylabel(label)
        ax.set_ylim(-0.05, 1.05)
        ax.grid(alpha=0.3)
    fig.suptitle("Quality does not determine behaviour (95% CIs on both axes)", fontsize=10)
    return _png(fig)
