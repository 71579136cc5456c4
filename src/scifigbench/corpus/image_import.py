"""Any common image format in, an 8-bit RGB PNG out: what every later stage can read the same way.

Real charts arrive as PNG, JPEG, GIF, WebP, TIFF or BMP, with palettes, alpha or 16-bit samples.
Later stages (OpenCV transforms, OCR, the models) expect plain 8-bit RGB, so import converts once:

- palette and alpha images are composited on white, as a viewer shows them;
- 16-bit (and 32-bit integer / float) greyscale is scaled to 8 bits by its bit depth, not
  clipped: Pillow's own ``convert("L")`` clips every value above 255 to white;
- GIF and other multi-frame files keep their first frame.

An 8-bit RGB PNG is kept byte for byte (a 16-bit one, which Pillow opens as mode RGB too, is
written again at 8 bits). An image larger than the configured pixel limit is refused before it is
decoded, and Pillow's decompression-bomb check becomes the same clear error. A file that is no
image at all (empty, a PDF, an SVG drawing, an HTML page saved under an image name) is named as
what it is, because "cannot identify image file" does not tell a person what to do.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "TIFF", "BMP")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# what a non-image file under an image name is, told by its first bytes, and what to do about it
_NOT_IMAGES: tuple[tuple[re.Pattern[bytes], str], ...] = (
    (re.compile(rb"^%PDF-"), "a PDF document, not an image; export the figure as PNG"),
    (
        re.compile(rb"^(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg\b", re.S | re.I),
        "an SVG drawing (vector graphics), not a raster image; export it as PNG",
    ),
    (
        re.compile(rb"^(?:<!--.*?-->\s*)*<(?:!DOCTYPE html|html|head|body)\b", re.S | re.I),
        "an HTML page (a saved web page or an error page served in place of the image), not an image",
    ),
)


class ImageImportError(ValueError):
    """The image cannot be imported; the caller adds the manifest row to the message."""


@dataclass(frozen=True)
class ImportedImage:
    png: bytes
    width: int
    height: int
    converted_from: str  # e.g. "PNG RGB" (kept as is) or "JPEG RGB", "PNG I;16"


def _to_rgb(im: Image.Image) -> Image.Image:
    """An 8-bit RGB copy of ``im`` (first frame already selected)."""
    mode = im.mode
    if mode == "RGB":
        return im
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        arr = np.asarray(im, dtype=np.float64)
        if mode == "F" and arr.max(initial=0.0) <= 1.0:
            scale = 255.0  # float images in [0, 1]
        elif mode.startswith("I;16") or arr.max(initial=0.0) > 255:
            scale = 255.0 / 65535.0  # 16-bit samples, whatever the container mode
        else:
            scale = 1.0  # 32-bit container holding 8-bit values
        grey = np.clip(np.rint(arr * scale), 0, 255).astype(np.uint8)
        return Image.fromarray(grey, "L").convert("RGB")
    if mode in ("P", "PA", "LA", "RGBA", "La", "RGBa") or "transparency" in im.info:
        rgba = im.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    return im.convert("RGB")  # L, 1, CMYK, YCbCr, ...


def not_an_image(data: bytes) -> str | None:
    """What ``data`` is when it is plainly no image (empty, PDF, SVG, HTML), or None."""
    if not data.strip():
        return "an empty file (0 bytes)" if not data else "an empty file (only white space)"
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    return next((what for pattern, what in _NOT_IMAGES if pattern.match(head)), None)


def _is_8bit_rgb_png(data: bytes) -> bool:
    """The PNG header says 8 bits per sample, colour type RGB (Pillow opens 16-bit RGB as "RGB" too)."""
    return data.startswith(_PNG_SIGNATURE) and data[24:26] == b"\x08\x02"


def import_image(path: Path, max_pixels: int) -> ImportedImage:
    """Read ``path`` and return it as 8-bit RGB PNG bytes; raises :class:`ImageImportError`."""
    if not path.is_file():
        raise ImageImportError(f"image not found: {path}")
    data = path.read_bytes()
    if (what := not_an_image(data)) is not None:
        raise ImageImportError(f"{path} is {what}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # our own limit is checked below
            with Image.open(io.BytesIO(data)) as im:
                fmt, width, height = im.format, im.size[0], im.size[1]
                if width * height > max_pixels:
                    raise ImageImportError(_too_large(path, width, height, max_pixels))
                if fmt not in FORMATS:
                    raise ImageImportError(f"{path} is a {fmt} image; accepted formats: {', '.join(FORMATS)}")
                im.seek(0)
                im.load()
                source = f"{fmt} {im.mode}"
                if fmt == "PNG" and im.mode == "RGB":
                    if _is_8bit_rgb_png(data):
                        return ImportedImage(data, width, height, source)
                    source = "PNG RGB 16-bit"
                rgb = _to_rgb(im)
    except ImageImportError:
        raise
    except Image.DecompressionBombError as exc:
        raise ImageImportError(
            f"{path}: image too large to decode safely ({exc}); the limit is corpus.max_image_pixels = {max_pixels}"
        ) from None
    except UnidentifiedImageError:
        raise ImageImportError(
            f"corrupt or unreadable image {path}: no image format Pillow reads starts with {data[:16]!r}"
        ) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageImportError(f"corrupt or unreadable image {path}: {exc}") from None
    buf = io.BytesIO()
    rgb.save(buf, format="PNG")
    return ImportedImage(buf.getvalue(), width, height, source)


def _too_large(path: Path, width: int, height: int, max_pixels: int) -> str:
    return (
        f"{path} is {width}x{height} = {width * height} pixels, over the limit "
        f"corpus.max_image_pixels = {max_pixels}; downscale it or raise the limit"
    )
