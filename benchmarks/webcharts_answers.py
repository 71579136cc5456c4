"""Expected answers on the web charts, against the text the generator drew (issue 41, item 1 and 4).

A blur question is judged against the text OCR read under the blur; when that reading is
garbled ('Cumu lative', 'Citroēn', 'Business17.6%'), a model that reads the chart right is
judged wrong. This benchmark runs the conditions stage's real-figure path on the charts of
``webcharts/generate.py`` (rapidocr upright and turned, the layout reader, the ranked candidates
with the stage's re-read of doubtful labels) and compares, for every candidate lying on exactly one
drawn text, its expected answer with that text:

- exact: the same string (outer spaces aside);
- tolerant: the same after folding what a human reader lets pass (``tolerant`` below: case,
  accents, spaces, hyphens and line breaks, thousands separators), defined here apart from the
  blur judge so that a judge change cannot move this number.

It prints, per split and mode, the stage's targets (rank 1 kept) and every usable candidate
(top k), the candidates dropped as doubtful with how many of their first readings were right
anyway, and the layout's reading of every drawn label (one label over it, reading it exactly or
tolerantly). Splits are ``generate.split_of``'s: rules were written on ``dev`` only.

    PYTHONPATH=src python benchmarks/webcharts_answers.py --split dev [--charts /tmp/webcharts] \\
        [--ocr-cache /tmp/ocr-webcharts] [--list]
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from real_proposals import as_the_stage, ocr_reader, pct

from scifigbench.blurtargets.selection import select
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr
from scifigbench.layout import read_layout
from scifigbench.ocr.cache import CachedOcr
from scifigbench.ocr.engine import RapidOcr
from scifigbench.ocr.geometry import area, shared_area
from scifigbench.ocr.reread import crop_rereader

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "webcharts"))
from generate import N_SEEDS, draw, split_of  # noqa: E402

SPLITS = sorted({split_of(s) for s in range(N_SEEDS)})


def tolerant(text: str) -> str:
    """``text`` as a reader compares two spellings of one label: accents, case, spacing, hyphens,
    line breaks and the separators inside a number ('1,234', '1 234') do not count."""
    t = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()
    t = re.sub(r"(?<=\d)[,\u00a0\u202f' ](?=\d{3}\b)", "", t)
    return re.sub(r"[\s\-\u2010-\u2015]+", "", t)


def drawn_under(box, texts: list[dict]) -> dict | None:
    """The one drawn text a box is about (it covers most of it and most of the box), else None."""
    hits = [t for t in texts if shared_area(box, t["box"]) > 0.2 * max(min(area(box), area(t["box"])), 1e-6)]
    if len(hits) != 1 or shared_area(box, hits[0]["box"]) < 0.5 * max(area(hits[0]["box"]), 1e-6):
        return None
    return hits[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--charts", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--split", nargs="+", choices=(*SPLITS, "all"), default=["dev"])
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--list", action="store_true", help="print every answer that is not the drawn text")
    args = ap.parse_args()
    cfg = ConditionsConfig()
    splits = SPLITS if "all" in args.split else args.split
    reader, ocr = ocr_reader(args.ocr_cache)
    engine = CachedOcr(RapidOcr(), args.ocr_cache) if args.ocr_cache else RapidOcr()
    for split in splits:
        n: Counter = Counter()
        seeds = [s for s in range(N_SEEDS) if split_of(s) == split]
        for seed in seeds:
            rec = draw(seed, args.charts)
            fid, texts = rec["figure_id"], rec["texts"]
            img = read_bgr(args.charts / f"{fid}.png")
            boxes = reader.read(img)
            layout = read_layout(img, boxes)
            chosen = select(
                fid,
                None,
                rec["caption"],
                boxes,
                "rapidocr",
                img,
                layout=layout,
                k=cfg.candidates_k,
                rereader=crop_rereader(img, [engine], cfg.reread_scale),
                reread_below=cfg.reread_below,
                **as_the_stage(cfg),
            )
            targets = {(t.mode, t.text) for t in chosen.targets}
            for r in chosen.candidates:
                c = r.candidate
                t = drawn_under(c.box, texts) if c.box is not None and c.accept is None else None
                if t is None or t["role"] == "furniture":
                    continue
                exact = c.expected_answer.strip() == t["text"].strip()
                near = tolerant(c.expected_answer) == tolerant(t["text"])
                if r.doubt:
                    n[f"{c.mode}:dropped"] += 1
                    n[f"{c.mode}:dropped_right"] += near
                    if args.list:
                        print(f"  {fid}\t{c.mode}\tdropped\t{'~' if near else 'x'}\tdrawn {t['text']!r}\t{r.doubt}")
                    continue
                for scope in ("candidates", "targets") if (c.mode, c.text) in targets else ("candidates",):
                    n[f"{c.mode}:{scope}"] += 1
                    n[f"{c.mode}:{scope}:exact"] += exact
                    n[f"{c.mode}:{scope}:near"] += near
                if args.list and not exact:
                    print(f"  {fid}\t{c.mode}\t{'~' if near else 'x'}\t{c.expected_answer!r}\tdrawn {t['text']!r}")
            for t in texts:
                if t["role"] == "furniture":
                    continue
                over = [lb for lb in layout.labels if shared_area(lb.box, t["box"]) > 0.3 * max(area(t["box"]), 1e-6)]
                n["drawn"] += 1
                if args.list and not (len(over) == 1 and drawn_under(over[0].box, texts) is t):
                    print(f"  {fid}\tlabel\tnot one\t{[lb.text for lb in over]!r}\tdrawn {t['text']!r} ({t['role']})")
                if len(over) == 1 and drawn_under(over[0].box, texts) is t:
                    n["drawn:one"] += 1
                    n["drawn:exact"] += over[0].text.strip() == t["text"].strip()
                    n["drawn:near"] += tolerant(over[0].text) == tolerant(t["text"])
                    if args.list and tolerant(over[0].text) != tolerant(t["text"]):
                        print(f"  {fid}\tlabel\tx\t{over[0].text!r}\tdrawn {t['text']!r}")
        print(f"\n[{split}] {len(seeds)} web charts")
        for mode in ("admittance", "inductance"):
            for scope in ("targets", "candidates"):
                k = n[f"{mode}:{scope}"]
                print(
                    f"  {mode} {scope} on one drawn text: {k}; expected answer = drawn text: exact "
                    f"{pct(n[f'{mode}:{scope}:exact'], k)}, tolerant {pct(n[f'{mode}:{scope}:near'], k)}"
                )
            print(
                f"  {mode} dropped as doubtful: {n[f'{mode}:dropped']}, "
                f"of which the first reading was right: {n[f'{mode}:dropped_right']}"
            )
        print(
            f"  drawn labels read as one layout label: {pct(n['drawn:one'], n['drawn'])}; of those reading "
            f"the drawn text exactly {pct(n['drawn:exact'], n['drawn:one'])}, "
            f"tolerantly {pct(n['drawn:near'], n['drawn:one'])}"
        )
    print(f"\nOCR calls: {ocr.calls}, {ocr.seconds / max(ocr.calls, 1):.2f} s each")


if __name__ == "__main__":
    main()
