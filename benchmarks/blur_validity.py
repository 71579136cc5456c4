"""Blur validity and target coverage over the stage's output, measured with rapidocr.

For every admb/indb image in data/conditions: does OCR still read the target at its place
(target: 0 %), and what share of the other text OCR reads on the clean image does it still read
on the blurred one (target: >= 95 %)? Also prints how many subset figures have a confirmed
admittance / inductance target (targets: >= 90 % / >= 85 %) and the rules used.

    PYTHONPATH=src python benchmarks/blur_validity.py [--limit N]
"""

from __future__ import annotations

import argparse
from collections import Counter

from tqdm import tqdm

from scifigbench import paths
from scifigbench.blurtargets.validity import check_blur
from scifigbench.conditions import config
from scifigbench.conditions.images import read_bgr
from scifigbench.ocr.engine import backend
from scifigbench.tableio import read_table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="only the first N subset figures")
    args = ap.parse_args()
    cfg, _ = config.load()
    cond = read_table(paths.CONDITIONS, "conditions")
    targets = read_table(paths.BLUR_TARGETS, "blur_targets").set_index("target_id")
    subset = sorted(set(cond.loc[cond.condition == "noise", "figure_id"]))[: args.limit]
    ocr = backend("rapidocr")
    by_id = cond.set_index("condition_id")
    stats = {m: Counter() for m in ("admb", "indb")}
    legible = Counter()
    read_back = []
    for fid in tqdm(subset, desc="validity", unit="fig"):
        clean = None
        for c in ("admb", "indb"):
            cid = f"{fid}/{c}"
            if cid not in by_id.index:
                continue
            clean = clean if clean is not None else ocr.read(read_bgr(by_id.loc[f"{fid}/base", "image_path"]))
            t = targets.loc[by_id.loc[cid, "blur_target_id"]]
            box = (t.x0, t.y0, t.x1, t.y1)
            res = check_blur(clean, ocr.read(read_bgr(by_id.loc[cid, "image_path"])), box, t.text, cfg.blur_pad_px)
            s = stats[c]
            s["images"] += 1
            s["target_read"] += res.target_read
            s["others"] += res.others
            s["kept"] += res.others_kept
            legible[c] += check_blur([], clean, box, t.text, cfg.blur_pad_px).target_read
            if res.target_read:
                read_back.append((cid, t.text))
    n = len(subset)
    print(f"subset figures: {n}")
    for c, mode in (("admb", "admittance"), ("indb", "inductance")):
        s = stats[c]
        confirmed = sum(1 for fid in subset if f"{fid}/{mode}" in targets.index and targets.loc[f"{fid}/{mode}", "status"] == "confirmed")
        rules = Counter(targets.loc[f"{fid}/{mode}", "rule"] for fid in subset if f"{fid}/{mode}" in targets.index)
        print(f"{c}: confirmed {mode} targets {confirmed}/{n} ({100 * confirmed / max(n, 1):.0f} %); rules {dict(rules)}")
        print(f"  target read back by OCR: {s['target_read']}/{s['images']} ({100 * s['target_read'] / max(s['images'], 1):.1f} %);"
              f" target legible to OCR on the clean image: {legible[c]}/{s['images']}")
        print(f"  other text still read: {s['kept']}/{s['others']} ({100 * s['kept'] / max(s['others'], 1):.1f} %)")
    for cid, text in read_back:
        print(f"  READ BACK: {cid} {text!r}")


if __name__ == "__main__":
    main()
