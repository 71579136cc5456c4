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


def quality_behaviour_rows(perception: dict[str, Any], behaviour: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for m, conds in sorted(perception.get("mqm", {}).items()):
        base = _v(conds.get("base"))
        adm = _v(behaviour.get("admittance", {}).get(m, {}).get("active"))
        res = _v(behaviour.get("resistance", {}).get(m, {}).get("overall"))
        if base is not None and (adm is not None or res is not None):
            rows.append({"model": m, "mqm": base, "admittance_active": adm, "resistance": res})
    return rows


def mqm_conditions_png(rows: list[dict[str, Any]]) -> bytes | None:
    """Figure 3(a): MQM per condition, one line per model."""
    if not rows:
        return None
    conds = list(dict.fromkeys(r["condition"] for r in rows))
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for m in sorted({r["model"] for r in rows}):
        pts = {r["condition"]: r["mqm"] for r in rows if r["model"] == m and r["mqm"] is not None}
        xs = [i for i, c in enumerate(conds) if c in pts]
        ax.plot(xs, [pts[conds[i]] for i in xs], marker="o", label=m)
    ax.set_xticks(range(len(conds)), conds, rotation=30)
    ax.set_ylabel("MQM (0-100)")
    ax.set_title("Description quality across conditions")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="lower left")
    return _png(fig)


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
    """Figure 4: MQM against admittance (left) and resistance (right), one point per model."""
    if not rows:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(8, 3.4), sharex=True)
    for ax, key, label in (
        (axes[0], "admittance_active", "Admittance (active)"),
        (axes[1], "resistance", "Resistance"),
    ):
        pts = [r for r in rows if r[key] is not None]
        ax.scatter([r["mqm"] for r in pts], [r[key] for r in pts], s=30)
        for r in pts:
            ax.annotate(r["model"], (r["mqm"], r[key]), fontsize=7, xytext=(3, 3), textcoords="offset points")
        if len(pts) >= 2:  # where points would lie if behaviour rose linearly with quality
            lo = min(pts, key=lambda r: r["mqm"])
            hi = max(pts, key=lambda r: r["mqm"])
            ax.plot([lo["mqm"], hi["mqm"]], [0, 1], ls="--", color="grey", lw=0.8)
        ax.set_xlabel("MQM (base)")
        ax.set_ylabel(label)
        ax.set_ylim(-0.05, 1.05)
        ax.grid(alpha=0.3)
    fig.suptitle("Quality does not determine behaviour", fontsize=10)
    return _png(fig)
