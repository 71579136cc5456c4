"""A rendered paper page in the look of an arXiv preprint, with the figure placed in it.

The page is drawn with Pillow (shipped with matplotlib) using matplotlib's STIX fonts (``scifigbench.fonts``), which are
Times-like as in most LaTeX papers: title, authors, affiliations, the figure across the text
width with its "Figure N:" caption, then a section heading and two justified columns of body
text. A tall figure gets a float page (figure and caption at the top, body text below) rather
than being shrunk until its labels are unreadable. A model given this page has to find the figure on it; :func:`render_page` also returns
the figure's box so that ``inpaper_blur`` can blur exactly that region.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from scifigbench import fonts
from scifigbench.conditions.page_text import PageText


@functools.lru_cache(maxsize=64)
def _font(style: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(fonts.page_font_file(style)), px)


@dataclass(frozen=True)
class PageLayout:
    dpi: int
    width_in: float = 8.5
    height_in: float = 11.0
    margin_in: float = 0.8
    gutter_in: float = 0.3
    max_figure_height: float = 0.45  # fraction of the page height
    min_width_share: float = 0.6     # a figure capped narrower than this share of the text width gets a float page

    def px(self, inches: float) -> int:
        return int(round(inches * self.dpi))

    def pt(self, points: float) -> int:
        return max(6, int(round(points * self.dpi / 72.0)))


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: float, first_indent: float = 0.0) -> list[str]:
    lines, line = [], ""
    avail = width - first_indent
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if font.getlength(trial) <= avail or not line:
            line = trial
        else:
            lines.append(line)
            line, avail = word, width
    if line:
        lines.append(line)
    return lines


def _justify(draw: ImageDraw.ImageDraw, x: float, y: float, line: str, font, width: float, last: bool) -> None:
    words = line.split()
    if last or len(words) < 2:
        draw.text((x, y), line, font=font, fill=0)
        return
    gap = (width - sum(font.getlength(w) for w in words)) / (len(words) - 1)
    for w in words:
        draw.text((x, y), w, font=font, fill=0)
        x += font.getlength(w) + gap


def render_page(figure: np.ndarray, text: PageText, caption: str | None, number: int, dpi: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Return the page (BGR) and the figure's box (x0, y0, x1, y1) on it."""
    lay = PageLayout(dpi=dpi)
    W, H = lay.px(lay.width_in), lay.px(lay.height_in)
    left, top, text_w = lay.px(lay.margin_in), lay.px(lay.margin_in), W - 2 * lay.px(lay.margin_in)
    bottom = H - lay.px(lay.margin_in)
    page = Image.new("L", (W, H), 255)
    draw = ImageDraw.Draw(page)
    y = top

    def centred(s: str, font, y: float, spacing: float) -> float:
        for line in _wrap(s, font, text_w * 0.9):
            draw.text(((W - font.getlength(line)) / 2, y), line, font=font, fill=0)
            y += font.size * spacing
        return y

    # The figure, scaled to the text width, or to the height cap. A tall chart that the cap would
    # shrink below ``min_width_share`` of the text width gets a float page instead: no title block,
    # and the figure may use the whole text height, so its tick labels stay readable.
    fh, fw = figure.shape[:2]
    cap_lines_h = (len(_wrap(caption or "", _font("regular", lay.pt(9)), text_w)) + 1) * lay.pt(9) * 1.2 + lay.pt(30)
    scale = min(text_w / fw, lay.max_figure_height * H / fh)
    if fw * scale < lay.min_width_share * text_w:
        scale = min(text_w / fw, (bottom - top - cap_lines_h) / fh)
    else:
        y = centred(text.title, _font("bold", lay.pt(15)), y, 1.25) + lay.pt(6)
        y = centred(text.authors, _font("regular", lay.pt(11)), y, 1.3)
        y = centred(text.affiliation, _font("italic", lay.pt(9.5)), y, 1.3) + lay.pt(12)
    tw, th = max(1, int(round(fw * scale))), max(1, int(round(fh * scale)))
    fig_img = cv2.resize(figure, (tw, th), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    fx0, fy0 = left + (text_w - tw) // 2, int(y)
    y = fy0 + th + lay.pt(8)

    cap_font, cap_bold = _font("regular", lay.pt(9)), _font("bold", lay.pt(9))
    label = f"Figure {number}:"
    cap_lines = _wrap(caption or "", cap_font, text_w, first_indent=cap_bold.getlength(label + " ")) if caption else []
    draw.text((left, y), label, font=cap_bold, fill=0)
    cx = left + cap_bold.getlength(label + " ")
    for i, line in enumerate(cap_lines or [""]):
        lx = cx if i == 0 else left
        _justify(draw, lx, y, line, cap_font, text_w - (lx - left), last=i == len(cap_lines) - 1)
        y += cap_font.size * 1.2
    y += lay.pt(14)

    # Two columns of body text under a section heading.
    col_w = (text_w - lay.px(lay.gutter_in)) / 2
    body, head = _font("regular", lay.pt(10)), _font("bold", lay.pt(11.5))
    lead = body.size * 1.22
    cols = [left, left + col_w + lay.px(lay.gutter_in)]
    col, cy = 0, y
    paragraphs = text.paragraphs if bottom - y >= head.size * 1.6 + 4 * lead else ()  # a full float page has no body
    if paragraphs:
        draw.text((cols[0], cy), text.section, font=head, fill=0)
        cy += head.size * 1.6
    indent = body.getlength("    ")
    for p_idx, para in enumerate(paragraphs):
        lines = _wrap(para, body, col_w, first_indent=indent if p_idx else 0)
        for i, line in enumerate(lines):
            if cy + lead > bottom:
                if col == 1:
                    break
                col, cy = 1, y
            x = cols[col] + (indent if i == 0 and p_idx else 0)
            _justify(draw, x, cy, line, body, col_w - (x - cols[col]), last=i == len(lines) - 1)
            cy += lead
        else:
            continue
        break
    num_font = _font("regular", lay.pt(10))
    num = str(number + 3)
    draw.text(((W - num_font.getlength(num)) / 2, H - lay.px(0.5)), num, font=num_font, fill=0)

    out = cv2.cvtColor(np.asarray(page), cv2.COLOR_GRAY2BGR)
    out[fy0:fy0 + th, fx0:fx0 + tw] = fig_img
    return out, (fx0, fy0, fx0 + tw, fy0 + th)
