"""The known-answer half of ``layout_probes.py``: layout-read probes of synthetic figures checked
against each figure's spec (the real-figure path never reads the spec).

A probe's fact matches the spec when:
- inexist: the absent name is none of the spec's series, categories, panel titles or texts;
- unanswerable: the asked x lies past every drawn x value, or the asked category is not drawn;
- contra, comparison, computation, caption value and order claims: each named category is a
  category of the spec and its printed value is the spec's value at the printed precision
  (so an order or difference the probe states is the spec's);
- counting: the count equals the spec's legend entries (distinct), categories or panels;
- caption sentence edits: the reality is a sentence of the spec's caption.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pandas as pd
from real_proposals import pct
from tqdm import tqdm

from scifigbench.probes.real.siblings import compact
from scifigbench.spec import FigureSpec


def _names(spec: FigureSpec) -> set[str]:
    out = {compact(t.text) for t in spec.text_elements}
    for p in spec.panels:
        out |= {compact(c) for c in p.categories} | {compact(s.name) for s in p.series}
        if p.title:
            out.add(compact(p.title))
    return out


def _values(spec: FigureSpec, category: str) -> list[float]:
    """Every spec value drawn at ``category`` (any panel, any series)."""
    key = compact(category)
    return [
        float(s.values[i])
        for p in spec.panels
        for s in p.series
        for i, c in enumerate(p.categories)
        if compact(c) == key and i < len(s.values)
    ]


def _printed_ok(spec: FigureSpec, category: str, value: float, decimals: int) -> bool:
    return any(abs(v - value) <= 0.5 * 10.0**-decimals + 1e-9 for v in _values(spec, category))


def _decimals(text: str) -> int:
    m = re.search(r"\d\.(\d+)", text)
    return len(m.group(1)) if m else 0


def fact_matches(probe, spec: FigureSpec) -> bool:
    e, fact = probe.expected, probe.expected.get("fact") or {}
    kind = fact.get("kind")
    if kind in ("absent_sibling", "unlisted_category"):
        name = fact.get("absent") or fact.get("asked")
        return compact(str(name)) not in _names(spec)
    if kind == "beyond_axis":
        xs = [x for p in spec.panels for x in (p.x_values or [])]
        return bool(xs) and fact["asked"] > max(xs)
    if kind == "printed_value":
        return _printed_ok(spec, fact["category"], fact["value"], _decimals(fact["printed"]))
    if kind == "count":
        n = len(fact["items"])
        if fact["of"] == "legend entries":
            return n == len({t.text for t in spec.text_elements if t.role == "legend_entry"})
        if fact["of"] == "categories":
            return any(n == len(p.categories) for p in spec.panels)
        return n == len(spec.panels)
    if kind in ("printed_order", "printed_difference"):
        sides = [fact[k] for k in ("higher", "lower", "from", "minus") if k in fact]
        return all(
            _printed_ok(spec, s["category"], float(s["printed"].rstrip("%")), _decimals(s["printed"])) for s in sides
        )
    if "claims" in e:
        return all(_claim_matches(c, spec) for c in e["claims"])
    return False


def _claim_matches(claim: dict, spec: FigureSpec) -> bool:
    f = claim["fact"]
    if f["kind"] == "value":
        return _printed_ok(spec, f["category"], f["actual"], _decimals(f["printed"]))
    if f["kind"] == "order":
        hi, lo = _values(spec, f["claimed_lower"]), _values(spec, f["claimed_higher"])
        return any(abs(v - f["actual_higher_value"]) < 0.06 for v in hi) and any(
            abs(v - f["actual_lower_value"]) < 0.06 for v in lo
        )
    return claim["reality"].strip() in spec.caption


def synthetic(args, reader, probes_of, report) -> None:
    figures = pd.read_parquet(args.corpus).sort_values("figure_id")
    figures = figures[figures["spec_path"].notna()]
    if args.printed:  # only figures that print their values: the premise and comparison probes' ground
        figures = figures[[any(p.value_labels for p in FigureSpec.load(s).panels) for s in figures["spec_path"]]]
    if args.limit:
        figures = figures.iloc[:: max(1, len(figures) // args.limit)]
    results, tally = {}, Counter()
    for row in tqdm(list(figures.itertuples()), desc="synthetic as real", unit="fig"):
        spec = FigureSpec.load(row.spec_path)
        fp = probes_of(row.figure_id, Path(row.image_path), row.caption, reader)
        results[row.figure_id] = fp
        for p in fp.probes:
            k = f"{p.family}/{p.category}"
            ok = fact_matches(p, spec)
            tally[k, "n"] += 1
            tally[k, "ok"] += ok
            tally["all", "n"] += 1
            tally["all", "ok"] += ok
            if args.list and not ok:
                print(f"MISMATCH {p.probe_id}: {p.text}\n    {p.expected.get('fact') or p.expected.get('claims')}")
    report("synthetic read as real", results)
    print("  facts matching the spec:")
    for k in sorted({k for k, _ in tally}):
        print(f"    {k}: {pct(tally[k, 'ok'], tally[k, 'n'])}")
