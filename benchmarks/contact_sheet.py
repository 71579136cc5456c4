"""A contact sheet of the synthetic corpus: three figures of every kind, the styles taken in turn.

Draws the figures the corpus stage would draw for ``seed`` (the same jobs, so every kind appears
in three styles and every style in six or seven figures) and tiles them, each under its figure id
and style, into one PNG for a person to look at. Nothing is measured; it is for the eye.

Run:  PYTHONPATH=src python benchmarks/contact_sheet.py OUT.png [--per-kind 3] [--seed 42] [--thumb 360] [--colours N]
(``docs/synthetic-contact-sheet.png``: ``--thumb 300 --colours 128``.)
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
from pathlib import Path

from PIL import Image, ImageDraw

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.styles import STYLES
from scifigbench.corpus.synthetic import build_figure, jobs


def sheet(per_kind: int, seed: int, thumb: int, dpi: int = 100) -> Image.Image:
    """The tiled sheet: one row per kind, ``per_kind`` figures a row, each scaled to ``thumb`` wide."""
    job_list = jobs({k: per_kind for k in CHART_KINDS}, seed, dpi, tuple(STYLES))
    with multiprocessing.get_context("fork").Pool(2) as pool:
        built = pool.map(build_figure, job_list)
    cell_h = int(thumb * 0.8) + 16
    page = Image.new("RGB", (per_kind * thumb, len(CHART_KINDS) * cell_h), "white")
    pen = ImageDraw.Draw(page)
    for n, (spec_json, png) in enumerate(built):
        spec = json.loads(spec_json)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        image.thumbnail((thumb - 6, cell_h - 20))
        x, y = (n % per_kind) * thumb, (n // per_kind) * cell_h
        page.paste(image, (x + 3, y + 16))
        pen.text((x + 3, y + 2), f"{spec['figure_id']} · {spec.get('style', 'paper')}", fill="black")
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-kind", type=int, default=3)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--thumb", type=int, default=360)
    parser.add_argument("--colours", type=int, default=0, help="quantise to this many colours (a small PNG for docs/)")
    args = parser.parse_args()
    page = sheet(args.per_kind, args.seed, args.thumb)
    if args.colours:
        page = page.convert("P", palette=Image.Palette.ADAPTIVE, colors=args.colours)
    page.save(args.out, optimize=True)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
