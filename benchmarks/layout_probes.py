"""Probes of real figures from the layout reading (no model, no key), measured three ways.

Runs the real-figure path (rapidocr upright and turned, the layout reader, ``probes.real``) and
prints, per split, the share of figures that get each family and category and the commonest
reasons a figure got none:

- ``scivqa``: the SciVQA validation figures, split by sha256("scifig-dev:" + figure id) into
  ``dev`` (read while the rules were written) and ``held`` (measured only); with the hand labels
  in ``layout_probes_labels.csv`` (probe_id, family, category, fact_right, well_posed, note,
  labelled_by; made by looking at each figure with its probe and recorded fact) the share of
  labelled probes whose fact is right and whose question is well posed, per family and split;
- ``webcharts``: the web-chart style sets of ``webcharts/generate.py`` (every ``--every``-th seed
  from ``--start``; ``--held17``: the frozen held-out set instead), each chart with the caption its
  truth file records (its title), per half and both halves together; no rule was written from
  these charts, so their labels are one sample;
- ``synthetic``: the spec'd synthetic corpus read as real (as ``synthetic_as_real.py`` does), each
  probe's fact checked against the spec: the share of probes whose fact matches it.

Hand labels (session 10; each figure viewed beside its probes; fact right / well posed / both):

=============  ===========================  ===========================  ===========================
family         SciVQA dev                   SciVQA held                  web charts (all 378 seeds)
=============  ===========================  ===========================  ===========================
resistance     29: 100 % / 93 % / 93 %      37: 97 % / 86 % / 86 %       116: 99 % / 98 % / 98 %
capability     27: 85 % / 89 % / 85 %       24: 88 % / 96 % / 88 %       234: 94 % / 97 % / 91 %
caption bias   9: 100 % / 78 % / 78 %       12: 100 % / 58 % / 58 %      134: 99 % / 94 % / 93 %
=============  ===========================  ===========================  ===========================

Every SciVQA probe is labelled; 182 resistance, 285 capability and 155 caption-bias labels in all.
Web charts: every probe of seeds 0, 3 ... 162, then every chart with a caption-bias probe (with all
its probes) and a few with an absent-sibling probe. Caption bias (session 11): a figure gets one
probe per kind of false claim (ids end in swap, flip, value, order), so the 67 web charts with
printed values give 134 (value and order; web dev 68: 97 % / 96 % / 94 %, web held 66: 100 % /
92 % / 92 %), each labelled anew beside its chart; SciVQA gives the same 21 (its captions give one
flip or swap each and its figures print no values at named categories), 19 of them the text
session 10 labelled. The academic, library and annotated sets print no value at a named category
and their titles turn no word. Caption-bias failures (16 of 155): "change" for the two-line
"Climate change" (5 web), a claimed share over 100 % (2 web; refutable without looking), the
thousands comma (2 web: one reading, a nonsense value and a true "false" order), a SciVQA sentence
the figure cannot refute (a definition or setting: 7 of 21, one of them the swap). Commonest
failures (48 of 555 before the caption split): group headers of grouped bar rows ("Region", "Education") counted as
categories (11 of 100 web counting probes); panels, legend entries or tick categories missed or
mis-sourced in SciVQA counts (7 of 51); OCR-garbled names in a question or claim ("Ar", "Brzail",
"change" for a two-line "Climate change": 11 web probes); flipped SciVQA caption sentences the
figure cannot refute (a definition, a reading convention, a setting: 7 of 21); SciVQA unanswerable
probes naming a garbled axis or losing its x10^k multiplier, or asked of a histogram (7 of 62); one
thousands comma read as a decimal point ("7,480" as 7.48: three probes of one chart).

Session 12 (issue 41): unanswerable probes no longer invite an estimate and choose among four
kinds (beyond the axis, unlisted category, p-value, sample size). SciVQA labelled, fact right and
well posed: dev 31/36 (86 %; 36 of 90 figures), held 34/40 (85 %; 40 of 83); the 25 new p-value and
sample-size questions 20/25. Caption flips dev 7/7, held 6/8 (one unlabelled). Web charts (every
5th seed, 76): unanswerable on 46 (26 before), counting fixes the two group-header miscounts.

Session 17 (issue 41 item 2): two more unanswerable kinds (a cause the figure does not state; a
breakdown of people's shares by gender, age or region it does not show), a year past a time axis
asked as a record the chart does not hold; caption flips that stay English and turn only what the
reading can refute; counting only of category runs at an even pitch across the drawing, and no
panels on a chart without axes. Web charts are now also checked against the generator's truth:
counting probes against the texts it drew per role (``true_count``), unanswerable probes against
every text it drew (``refusal_right``: x-axis row, groups, causes, tests, sample sizes).
Unanswerable kinds on the dev halves: web 118 probes (beyond 39, p-value 54, sample 10, unlisted
15) -> 126 (beyond 36, cause 33, p-value 30, unlisted 10, sample 10, breakdown 7); SciVQA 34 (beyond
22, p-value 10, sample 2) -> 35 (beyond 20, cause 9, p-value 4, sample 2).

=============================  ====================  ====================
measure (before -> after)       dev                   held
=============================  ====================  ====================
web unanswerable, truth        117/118 -> 126/126    116/116 -> 124/124
web counts = truth             121/126 -> 120/125    117/123 -> 117/122
SciVQA unanswerable, labels    30/33 -> 33/35        34/39 -> 34/41
SciVQA counting, labels        23/27 -> 22/24        21/24 -> 21/24
SciVQA caption flips, labels   7/7 -> 5/5            6/8 -> 3/4
=============================  ====================  ====================

(SciVQA: fact right and well posed, by the hand labels; the held half was read once, at the end,
and its 14 new probes labelled then. Three of its eight cause questions were disputed: the
caption gave the reason in words no cause mark catches ("Added Words improve ...", "Without
exposure bias ... stays stable", "before and after filtering ..."). Paper captions explain; web
titles do not: web held 38/38 cause questions agreed.)

``--list`` prints every probe with its fact (for labelling); ``--ocr-cache DIR`` keeps OCR lines
per image content so reruns repeat no OCR.

    PYTHONPATH=src python benchmarks/layout_probes.py scivqa [--split dev|held|all] [--list] [--ocr-cache DIR]
    PYTHONPATH=src python benchmarks/layout_probes.py webcharts [--every 6] [--start 0] [--charts DIR] [--ocr-cache DIR]
    PYTHONPATH=src python benchmarks/layout_probes.py synthetic [--limit N] [--printed] [--ocr-cache DIR]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

from real_proposals import ocr_reader, pct
from splits import split_of
from tqdm import tqdm

from scifigbench.conditions.images import read_bgr
from scifigbench.layout import read_layout
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.from_layout import FigureProbes, figure_probes
from scifigbench.probes.real import read_facts

HERE = Path(__file__).resolve().parent
LABELS = HERE / "layout_probes_labels.csv"
FAMILIES = (
    "resistance/inexist",
    "resistance/unanswerable",
    "resistance/contra",
    "caption_bias/caption_bias",
    "capability/counting",
    "capability/comparison",
    "capability/computation",
)
SETTINGS = ProbesConfig()  # params.yaml probes defaults (contra and caption anchor offsets)


def probes_of(figure_id: str, image: Path, caption: str | None, reader) -> FigureProbes:
    img = read_bgr(image)
    lines = reader.read(img)
    facts = read_facts(figure_id, read_layout(img, lines), lines, caption, img)
    return figure_probes(facts, 42, True, SETTINGS)


def key(p) -> str:
    return f"{p.family}/{p.category}"


def kind(p) -> str:
    """The family/category and, for one of several probes of it (the caption-bias kinds), its kind."""
    return f"{key(p)}/{p.suffix}" if p.suffix else key(p)


def show(p) -> str:
    exp = p.expected
    fact = exp.get("fact") or [c.get("fact") for c in exp.get("claims", [])]
    extra = f" answer={exp['answer']!r}" if "answer" in exp else ""
    return f"{p.probe_id}\n    {p.text}\n    fact: {json.dumps(fact, ensure_ascii=False)}{extra}"


def report(name: str, results: dict[str, FigureProbes], labels: dict[str, dict] | None = None) -> None:
    n = len(results)
    print(f"\n[{name}] figures: {n}")
    got: Counter = Counter()
    why: Counter = Counter()
    fams: Counter = Counter()
    for fp in results.values():
        mine = {key(p) for p in fp.probes}
        got.update(mine | {kind(p) for p in fp.probes})
        fams.update({k.split("/")[0] for k in mine})
        why.update(f"{k}: {v}" for k, v in fp.missing.items())
    for fam in ("resistance", "caption_bias", "capability"):
        print(f"  any {fam}: {pct(fams[fam], n)}")
    for k in FAMILIES:
        print(f"    {k}: {pct(got[k], n)}")
        for sub in sorted(g for g in got if g.startswith(f"{k}/")):
            print(f"      {sub}: {pct(got[sub], n)}")
    print("  commonest reasons for none:")
    for w, c in why.most_common(8):
        print(f"    {c} x {w}")
    if labels is None:
        return
    tally: Counter = Counter()
    for fp in results.values():
        for p in fp.probes:
            lab = labels.get(p.probe_id)
            if lab is None or lab.get("text") not in (None, "", p.text):
                continue
            for f in {p.family, key(p), kind(p), "all"}:
                tally[f, "n"] += 1
                tally[f, "fact"] += lab["fact_right"] == "yes"
                tally[f, "posed"] += lab["well_posed"] == "yes"
                tally[f, "both"] += lab["fact_right"] == "yes" and lab["well_posed"] == "yes"
    print("  hand labels (fact right / well posed / both):")
    for f in sorted({f for f, _ in tally}):
        k = tally[f, "n"]
        print(
            f"    {f}: {k} labelled; {pct(tally[f, 'fact'], k)} / {pct(tally[f, 'posed'], k)} / "
            f"{pct(tally[f, 'both'], k)}"
        )


def read_labels(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as fh:
        return {r["probe_id"]: r for r in csv.DictReader(fh)}


def scivqa(args, reader) -> None:
    from scifigbench.contracts.figures import safe_id

    captions: dict[str, str] = {}
    for r in json.loads((args.data / "qa.json").read_text()):
        captions.setdefault(Path(r["image_file"]).stem, r["caption"])
    labels = read_labels(args.labels)
    for split in ("dev", "held") if args.split == "all" else (args.split,):
        stems = sorted(s for s in captions if split_of(safe_id(s)) == split)
        results = {}
        for stem in tqdm(stems, desc=split, unit="fig", file=sys.stderr):
            fid = safe_id(stem)
            results[fid] = probes_of(fid, args.data / "images" / f"{stem}.png", captions[stem], reader)
            if args.list:
                for p in results[fid].probes:
                    print(show(p))
        report(f"scivqa {split}", results, labels)


# The generator's roles a count of each kind counts; a section header is drawn as a category
# but names the rows under it (generate.py says so in its 'why').
TRUTH_ROLES = {"legend entries": ("legend", "series_label"), "categories": ("category",), "panels": ("panel_title",)}
HEADER_WHY = "section header"


def true_count(record: dict, of: str) -> int:
    """How many distinct ``of`` (legend entries, categories, panels) the generator drew, by the roles
    it recorded; wedges of a pie are its legend's names, a header over rows is no category."""
    return len(
        {
            " ".join(t["text"].split()).casefold()
            for t in record["texts"]
            if t["role"] in TRUTH_ROLES.get(of, ()) and not t["why"].startswith(HEADER_WHY)
        }
    )


def count_report(name: str, results: dict[str, FigureProbes], records: dict[str, dict]) -> None:
    """The counting probes whose answer is the generator's count of what they ask about."""
    n = ok = 0
    wrong = []
    for fid, fp in results.items():
        record = records[fid]
        for p in fp.probes:
            if p.category != "counting":
                continue
            truth = true_count(record, p.expected["fact"]["of"])
            n += 1
            ok += p.expected["answer"] == truth
            if p.expected["answer"] != truth:
                wrong.append(
                    f"{fid} ({record['kind']}): {p.expected['answer']} {p.expected['fact']['of']}, truth {truth}"
                )
    print(f"  [{name}] counts matching the generator's truth: {pct(ok, n)}")
    for w in wrong:
        print(f"    {w}")


# What a chart's own texts would need to hold for a refusal to be wrong, by the kind of question:
# written from the generator's vocabulary (its notes, credits and groups), not from the probe code.
GIVES = {
    "no_cause": re.compile(r"because|due to|since|driven|reason|caus|as a result", re.IGNORECASE),
    "no_significance": re.compile(r"signific|p\s*[<=]|±|interval|margin of error", re.IGNORECASE),
    "no_sample_size": re.compile(r"\bn\s*=|\d,\d{3} adults|sample|respondents|based on", re.IGNORECASE),
}
BREAKDOWN_GROUPS = {
    "gender": ("men", "women"),
    "age group": ("ages", "18-29", "65+", "years", "gen z", "millennial", "boomer"),
    "region": ("northeast", "midwest", "south", "west", "urban", "rural", "suburban"),
}


def x_axis(record: dict) -> list[float]:
    """The numbers printed in one row under the chart (ticks or year categories): of the rows of
    numeric ticks, the one whose numbers spread widest across the page."""
    rows: dict[int, list[tuple[float, float]]] = {}
    for t in record["texts"]:
        text = " ".join(t["text"].split()).rstrip("*%")
        m = re.fullmatch(r"(-?\d[\d,]*(?:\.\d+)?)([kKM]?)", text)
        power = re.fullmatch(r"10\^(-?\d+)", text)  # a decade axis
        if t["role"] not in ("tick", "category") or not (m or power):
            continue
        if power is not None:
            value = 10.0 ** int(power.group(1))
        elif m is not None:
            value = float(m.group(1).replace(",", "")) * {"": 1, "k": 1e3, "K": 1e3, "M": 1e6}[m.group(2)]
        cy = round((t["box"][1] + t["box"][3]) / 6)  # rows 3 px apart are one row
        rows.setdefault(cy, []).append(((t["box"][0] + t["box"][2]) / 2, value))
    if not rows:
        return []
    widest = max(rows.values(), key=lambda r: max(x for x, _ in r) - min(x for x, _ in r))
    return [v for _, v in widest] if len(widest) >= 2 else []


def refusal_right(record: dict, fact: dict) -> bool:
    """Whether the chart ``record`` describes (every text the generator drew, and its caption) gives
    no answer to the unanswerable question whose recorded fact is ``fact``."""
    texts = [" ".join(t["text"].split()) for t in record["texts"]] + [record.get("caption") or ""]
    joined = "\n".join(texts).casefold()
    kind = fact["kind"]
    if kind == "beyond_axis":  # the x axis (the row of numbers spread widest) stops short of the asked x
        axis = x_axis(record)
        return bool(axis) and max(axis) < fact["asked"]
    if kind == "unlisted_category":
        return fact["asked"].casefold() not in joined
    if kind == "no_breakdown":
        return not any(re.search(rf"\b{re.escape(g)}(?!\w)", joined) for g in BREAKDOWN_GROUPS[fact["by"]])
    return not GIVES[kind].search(joined)


def unanswerable_report(name: str, results: dict[str, FigureProbes], records: dict[str, dict]) -> None:
    """The unanswerable probes the chart's generator truth agrees are unanswerable, per kind."""
    tally: Counter = Counter()
    for fid, fp in results.items():
        record = records[fid]
        for p in fp.probes:
            if p.category != "unanswerable":
                continue
            kind = p.expected["fact"]["kind"]
            ok = refusal_right(record, p.expected["fact"])
            for k in (kind, "all"):
                tally[k, "n"] += 1
                tally[k, "ok"] += ok
            if not ok:
                print(f"    disputed: {fid}: {p.text}")
    print(f"  [{name}] unanswerable probes the generator's texts leave unanswered:")
    for k in sorted({k for k, _ in tally}):
        print(f"    {k}: {pct(tally[k, 'ok'], tally[k, 'n'])}")


def webcharts(args, reader) -> None:
    """The web-chart style sets, each chart with the caption its truth file records (its title, as
    a web page prints it above the chart), so caption-bias probes can be written from it."""
    sys.path.insert(0, str(HERE / "webcharts"))
    from generate import HELD17, N_SEEDS, draw
    from generate import split_of as web_split

    by_split: dict[str, dict[str, FigureProbes]] = {}
    records: dict[str, dict] = {}  # each chart's truth file, read once
    # the frozen 'held17' only when asked for: read once when the work is done
    seeds = HELD17[:: args.every] if args.held17 else range(args.start, N_SEEDS, args.every)
    for seed in tqdm(seeds, desc="webcharts", unit="fig", file=sys.stderr):
        png = args.charts / f"web-{seed:03d}.png"
        if not png.exists():
            draw(seed, args.charts)
        # the style sets' development halves together, and every held-out half together
        half = web_split(seed)
        results = by_split.setdefault("dev" if half.startswith("dev") else half if half == "held17" else "held", {})
        records[png.stem] = json.loads(png.with_suffix(".json").read_text())
        results[png.stem] = probes_of(png.stem, png, records[png.stem].get("caption"), reader)  # caption: its title
        if args.list:
            for p in results[png.stem].probes:
                print(show(p))
    labels = read_labels(args.labels)
    for split in sorted(by_split):
        report(f"webcharts {split}", by_split[split], labels)
        count_report(f"webcharts {split}", by_split[split], records)
        unanswerable_report(f"webcharts {split}", by_split[split], records)
    # the hand labels of the web charts are one sample ('webcharts'): none of them shaped a rule
    report("webcharts (both halves)", {k: v for r in by_split.values() for k, v in r.items()}, labels)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("source", choices=("scivqa", "webcharts", "synthetic"))
    ap.add_argument("--data", type=Path, default=HERE.parents[1] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--split", choices=("dev", "held", "all"), default="all")
    ap.add_argument("--charts", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--every", type=int, default=6, help="webcharts: every k-th seed")
    ap.add_argument("--start", type=int, default=0, help="webcharts: the first seed")
    ap.add_argument("--held17", action="store_true", help="webcharts: the frozen held17 seeds instead")
    ap.add_argument("--corpus", type=Path, default=Path("data/corpus/figures.parquet"))
    ap.add_argument("--limit", type=int, default=60, help="synthetic: about this many figures")
    ap.add_argument("--printed", action="store_true", help="synthetic: only figures that print their values")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--labels", type=Path, default=LABELS)
    args = ap.parse_args()
    reader, _ = ocr_reader(args.ocr_cache)
    if args.source == "scivqa":
        scivqa(args, reader)
    elif args.source == "webcharts":
        webcharts(args, reader)
    else:
        from layout_probes_spec import synthetic

        synthetic(args, reader, probes_of, report)


if __name__ == "__main__":
    main()
