"""A control the description judge must pass without any person's score: a description of ANOTHER
figure, judged against this figure's expert reference, should lose points.

For every reference of the human MQM study's records and every description written for a different
figure, the reference-based judge scores the pair as ``judge-file --family description`` would. A
judge that cannot tell a description of the wrong figure from one of the right figure measures
nothing; one that takes points from most foreign descriptions at least reads what the reference
states. Printed per half (the split of ``splits.split_of``; no human score is read, so the held half
is no less clean after it):

- own: the mean score of the figure's own four descriptions; foreign: the mean over the others';
- foreign at 100: foreign descriptions that lost no point (the judge saw nothing to check);
- AUC: the chance that an own description scores above a foreign one (ties count half): 0.5 is a
  judge blind to the figure, 1.0 one that always prefers the right figure.

usage: python benchmarks/mqm_wrong_figure.py DATA_DIR   (DATA_DIR holds mqm_dev.jsonl, as for
mqm_human_agreement.py)
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

from scipy import stats
from splits import split_of

from scifigbench.judges.judge_file import judge_records, read_records

PERFECT = 100.0


def cross_records(records: list[dict]) -> list[dict]:
    """Each figure's reference paired with every description of every other figure (no gold field)."""
    refs = {r["figure_id"]: {k: v for k, v in r.items() if not k.startswith("gold_")} for r in records}
    return [
        {**ref, "id": f"{fig}<-{r['id']}", "description": r["description"], "model": r["model"]}
        for fig, ref in refs.items()
        for r in records
        if r["figure_id"] != fig
    ]


def auc(own: list[float], foreign: list[float]) -> float:
    """P(own > foreign) + P(tie) / 2, from the Mann-Whitney U statistic."""
    return float(stats.mannwhitneyu(own, foreign).statistic) / (len(own) * len(foreign))


def scores(records: list[dict]) -> dict[str, float]:
    """The judge's score of every record, by id, through the judge-file reader."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
        return {v["id"]: v["score"] for v in judge_records(read_records(path, "description"), "description")}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.splitlines()[-2], file=sys.stderr)
        return 2
    records = [json.loads(line) for line in (Path(argv[0]) / "mqm_dev.jsonl").read_text().splitlines()]
    own = scores(records)
    foreign = scores(cross_records(records))
    for half in ("dev", "held"):
        figs = sorted({r["figure_id"] for r in records if split_of(r["figure_id"]) == half})
        mine = [own[r["id"]] for r in records if r["figure_id"] in figs]
        theirs = [s for k, s in foreign.items() if k.split("<-")[0] in figs]
        per_fig = [
            auc(
                [own[r["id"]] for r in records if r["figure_id"] == f],
                [s for k, s in foreign.items() if k.split("<-")[0] == f],
            )
            for f in figs
        ]
        print(
            f"{half}: {len(figs)} references; own mean {statistics.mean(mine):.1f} (n={len(mine)}), "
            f"foreign mean {statistics.mean(theirs):.1f} (n={len(theirs)}), "
            f"foreign at 100: {sum(s >= PERFECT for s in theirs)}/{len(theirs)}; "
            f"AUC {auc(mine, theirs):.3f}, per reference median {statistics.median(per_fig):.3f} "
            f"(min {min(per_fig):.3f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
