"""Rule judge vs the paper's GPT-4o verdicts on real VLM answers (../shared/data/scifig_release_dev).

Runs `scifigbench judge-file --judge rule` on each family's records (the judge never reads the
gold_ fields), then compares with the gold verdicts: exact agreement and Cohen's kappa per verdict
field, and Spearman of the per-model rates.

Split by figure (every family, the same rule): a figure is "dev" when the first byte of
sha256("scifig-dev:" + figure_id) is even, else "held". Rules are developed and their disagreements
studied on "dev" only (--show prints dev rows only unless --held is given); "held" is measured, not
read. The salt was picked among a few by the balance of the counts alone (caption claims 72 dev /
80 held, resistance 216 / 144, blur 36 / 44). The second caption sample (caption_claim_more.jsonl,
20 figures nobody had read) is split by the same rule, fixed before any of its texts was read:
9 figures / 104 claims dev, 11 / 128 held (counts from its figure ids alone). Caption claims where the rule
judge abstains ("undecided") are counted apart in every family (a record with an ``undecided`` reason, or a caption
claim followed by "undecided"): agreement is over the decided records, with the share decided.

``--write`` also writes the judge card the report shows beside its tables
(``benchmarks/judge_card.json``, shape in :mod:`scifigbench.contracts.judge_card`): per judge id,
family and half, n, the decided share, exact agreement and kappa of the family's first verdict
field, with today's date, and the description entry: the reference MQM rule's Spearman rho and MAE
against the human MQM study's mean scores (``--mqm-data``, the records of
benchmarks/mqm_human_agreement.py; the same dev/held split). Those records live outside the repo:
without them the card file's description entry is kept as it was (and said so), not dropped. This is
the one command that regenerates the card: rerun it whenever a rule changes (the rule version in the
judge id changes with it).


Each line ends with the Wilson 95 % intervals of the decided share and of each field's agreement on the
decided records ("wilson95: ..."), after the fields earlier rounds printed, which keep their form.

usage: python benchmarks/judge_agreement.py [--data DIR] [--show SAMPLE [--held]] [--write [PATH]]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import mqm_human_agreement
from splits import split_of

from scifigbench import paths
from scifigbench.families.resistance import rule as resistance
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.metrics.validity import wilson, wilson_ci95
from scifigbench.validation.judge_agreement import PERFECT, decided, exact_agreement, ranking_spearman

REPO = Path(__file__).resolve().parents[1]
FIELDS = {
    "resistance": [("score", "gold_score")],
    "blur_active": [("admits", "gold_admits"), ("fabricates", "gold_fabricates"), ("correct", "gold_correct")],
    "caption_claim": [("follows", "gold_follows")],
}
# Each sample file of the release extract and the family judge-file reads it as.
SAMPLES = {
    "resistance": "resistance",
    "blur_active": "blur_active",
    "caption_claim": "caption_claim",
    "caption_claim_more": "caption_claim",
}
RATE = {
    "resistance": lambda v: v,
    "blur_active": float,
    "caption_claim": lambda v: {"image": 1.0, "caption": 0.0}.get(v),
}


def run_judge(data: Path, sample: str, out_dir: Path) -> dict[str, dict]:
    out = out_dir / f"{sample}.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "scifigbench",
            "judge-file",
            "--family",
            SAMPLES[sample],
            "--judge",
            "rule",
            str(data / f"{sample}.jsonl"),
            str(out),
        ],
        check=True,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    return {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}


def decided_verdict(verdict: dict, family: str) -> bool:
    """Whether the rule judge decided this record (validation.judge_agreement.decided, on the family's
    first field): the release-agreement command counts the same way."""
    return decided(verdict, FIELDS[family][0][0])


GROUP = {"resistance": "probe_type", "caption_claim": "type"}


def interval(k: int, n: int) -> str:
    """The 95 % Wilson interval of k in n, as "[lo–hi]" in percent."""
    lo, hi = wilson(k, n)
    return f"[{lo:.1%}–{hi:.1%}]" if lo is not None and hi is not None else "[–]"


def agreement_line(family: str, rows: list[dict], verdicts: dict[str, dict], label: str, ranking: bool) -> str:
    """Exact agreement and kappa per verdict field over the rows the rule judge decided."""
    decided = [g for g in rows if decided_verdict(verdicts[g["id"]], family)]
    line = f"  {label:26s} n={len(rows):3d}"
    if len(decided) < len(rows):
        line += f"  decided={len(decided):3d} ({len(decided) / len(rows):6.1%})"
    wilson_part = f"  wilson95: decided={interval(len(decided), len(rows))}"
    for field, gold_field in FIELDS[family]:
        a = [verdicts[g["id"]][field] for g in decided]
        b = [g[gold_field] for g in decided]
        if a:
            line += f"  {field}: exact={exact_agreement(a, b):6.1%} kappa={cohen_kappa(a, b, one_label=PERFECT):5.2f}"
            wilson_part += f" {field}={interval(sum(x == y for x, y in zip(a, b, strict=True)), len(a))}"
    if ranking:
        rule_rate: dict[str, list] = {}
        gold_rate: dict[str, list] = {}
        field, gold_field = FIELDS[family][0]
        for g in decided:
            for store, v in ((rule_rate, verdicts[g["id"]][field]), (gold_rate, g[gold_field])):
                rate = RATE[family](v)
                if rate is not None:
                    store.setdefault(g["model"], []).append(rate)
        rho, _, n = ranking_spearman(
            {m: sum(v) / len(v) for m, v in rule_rate.items()}, {m: sum(v) / len(v) for m, v in gold_rate.items()}
        )
        line += f"  model-ranking spearman={rho:5.2f} ({n} models)"
    return line + wilson_part


def card_cell(family: str, rows: list[dict], verdicts: dict[str, dict]) -> dict:
    """One card entry (contracts.judge_card): the family's first verdict field over the decided rows."""
    decided = [g for g in rows if decided_verdict(verdicts[g["id"]], family)]
    field, gold_field = FIELDS[family][0]
    a = [verdicts[g["id"]][field] for g in decided]
    b = [g[gold_field] for g in decided]
    kappa = cohen_kappa(a, b, one_label=PERFECT)
    return {
        "field": field,
        "n": len(rows),
        "decided": len(decided),
        "decided_share": round(len(decided) / len(rows), 4),
        "exact": round(exact_agreement(a, b), 4) if a else None,
        "exact_ci95": wilson_ci95(sum(x == y for x, y in zip(a, b, strict=True)), len(a), 4),
        "kappa": None if math.isnan(kappa) else round(kappa, 4),  # NaN: no decided rows
    }


def card_entries(family: str, gold: list[dict], verdicts: dict[str, dict]) -> dict[str, dict[str, dict]]:
    """judge id -> split -> card cell, for one family (every verdict of a run names its judge id)."""
    out: dict[str, dict[str, dict]] = {}
    for jid in sorted({v["judge_id"] for v in verdicts.values()}):
        for split in ("dev", "held"):
            rows = [g for g in gold if split_of(g["figure_id"]) == split and verdicts[g["id"]]["judge_id"] == jid]
            if rows:
                out.setdefault(jid, {})[split] = card_cell(family, rows, verdicts)
    return out


def description_entry(mqm_data: Path, card: Path) -> dict[str, dict[str, dict]]:
    """The card's description entry: measured on the human MQM study's records when ``mqm_data`` holds
    them; else the entry ``card`` already has, kept as it is (those records live outside the repo, and
    a user without them must still be able to regenerate the rule families' entries)."""
    if (mqm_data / "mqm_dev.jsonl").is_file():
        return mqm_human_agreement.card_cells(mqm_data)
    kept = {}
    if card.is_file():
        content = json.loads(card.read_text())
        kept = {
            jid: keep_date(families["description"], content["measured"])
            for jid, families in (content.get("judges") or {}).items()
            if "description" in families
        }
    if not kept:
        sys.exit(
            f"{mqm_data / 'mqm_dev.jsonl'}: not found, and {card} has no description entry to keep; "
            "the entry is measured on the human MQM study's records (--mqm-data DIR)"
        )
    print(
        f"{mqm_data / 'mqm_dev.jsonl'}: not found; kept {card}'s description entry as it was "
        f"(judge ids {', '.join(sorted(kept))}; each cell keeps the date it was measured)"
    )
    return kept


def keep_date(samples: dict[str, dict], measured: str) -> dict[str, dict]:
    """Cells carried into a new card unmeasured: each keeps the date it was measured (its own, or the
    old card's), since the new card's date says when the other entries were measured."""
    return {sample: {**cell, "measured": cell.get("measured") or measured} for sample, cell in samples.items()}


def write_card(path: Path, data: Path, entries: dict[str, dict[str, dict[str, dict]]]) -> None:
    """The judge card file: judge id -> family -> split -> cell, with what, where and when."""
    judges: dict[str, dict] = {}
    for family, per_judge in entries.items():
        for jid, splits in per_judge.items():
            judges.setdefault(jid, {})[family] = splits
    card = {
        "reference": "GPT-4o verdicts of the paper's release",
        "source": f"{data.name} (real answers of the paper's models)",
        "measured": datetime.date.today().isoformat(),
        "command": "python benchmarks/judge_agreement.py --write",
        "judges": judges,
    }
    path.write_text(json.dumps(card, indent=2, sort_keys=True) + "\n")
    print(f"wrote {path}")


def report(family: str, gold: list[dict], verdicts: dict[str, dict], split: str) -> None:
    rows = [g for g in gold if split_of(g["figure_id"]) == split]
    if not rows:
        return
    print(agreement_line(family, rows, verdicts, split, ranking=True))
    if family in GROUP:
        for kind in sorted({g[GROUP[family]] for g in rows}):
            sub = [g for g in rows if g[GROUP[family]] == kind]
            print(agreement_line(family, sub, verdicts, f"{split} {kind}", ranking=False))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    parser.add_argument("--show", choices=list(SAMPLES))
    parser.add_argument("--held", action="store_true", help="with --show: print held-out disagreements too")
    parser.add_argument(
        "--mqm-data",
        type=Path,
        default=REPO.parent / "notes/mqm_dev",
        help="with --write: folder of mqm_dev.jsonl, the human MQM study's records (the card's "
        "description entry; benchmarks/mqm_human_agreement.py)",
    )
    parser.add_argument(
        "--write",
        nargs="?",
        type=Path,
        const=REPO / paths.JUDGE_CARD,
        default=None,
        help=f"write the judge card (default {paths.JUDGE_CARD})",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pooled: dict[str, tuple[list[dict], dict[str, dict]]] = {}
        for sample, family in SAMPLES.items():
            gold = [json.loads(line) for line in (args.data / f"{sample}.jsonl").read_text().splitlines()]
            verdicts = run_judge(args.data, sample, Path(tmp))
            family_gold, family_verdicts = pooled.setdefault(family, ([], {}))
            family_gold.extend(gold)  # the card pools a family's samples (ids are unique across them)
            family_verdicts.update(verdicts)
            print(f"{sample}:")
            if family == "resistance":
                margin = resistance.MIN_MARGIN
                print(f"  (verdicts need a cue margin >= {margin}, fitted on dev: benchmarks/resistance_margin.py)")
            for split in ("dev", "held"):
                report(family, gold, verdicts, split)
            if args.show == sample:
                for g in gold:
                    if split_of(g["figure_id"]) != "dev" and not args.held:
                        continue
                    v = verdicts[g["id"]]
                    if not decided_verdict(v, family):
                        print(f"    {g['id']}: undecided ({v.get('undecided') or v.get('evidence')})")
                    elif any(v[f] != g[gf] for f, gf in FIELDS[family]):
                        print(
                            f"    {g['id']}: rule {[v[f] for f, _ in FIELDS[family]]} gold "
                            f"{[g[gf] for _, gf in FIELDS[family]]} ({v['evidence']})"
                        )
    if args.write:
        entries = {family: card_entries(family, gold, verdicts) for family, (gold, verdicts) in pooled.items()}
        entries["description"] = description_entry(args.mqm_data, args.write)
        write_card(args.write, args.data, entries)


if __name__ == "__main__":
    main()
