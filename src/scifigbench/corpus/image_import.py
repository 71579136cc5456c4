"""Any common image format in, an 8-bit RGB PNG out: what every later stage can read the same way.

Real charts arrive as PNG, JPEG, GIF, WebP, TIFF or BMP, with palettes, alpha or 16-bit samples.
Later stages (OpenCV transforms, OCR, the models) expect plain 8-bit RGB, so import converts once:

- palette and alpha images are composited on white, as a viewer shows them;
- 16-bit (and 32-bit integer / float) greyscale is scaled to 8 bits by its bit depth, not
  clipped: Pillow's own ``convert("L")`` clips every value above 255 to white;
- GIF and other multi-frame files keep their first frame.

An 8-bit RGB PNG is kept byte for byte. An image larger than the configured pixel limit is
refused before it is decoded, and Pillow's decompression-bomb check becomes the same clear error.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "TIFF", "BMP")


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


def import_image(path: Path, max_pixels: int) -> ImportedImage:
    """Read ``path`` and return it as 8-bit RGB PNG bytes; raises :class:`ImageImportError`."""
    if not path.is_file():
        raise ImageImportError(f"image not found: {path}")
    data = path.read_bytes()
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
                    return ImportedImage(data, width, height, source)
                rgb = _to_rgb(im)
    except ImageImportError:
        raise
    except Image.DecompressionBombError as exc:
        raise ImageImportError(
            f"{path}: image too large to decode safely ({exc}); the limit is corpus.max_image_pixels = {max_pixels}"
        ) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ImageImportError(f"corrupt or unreadable image {path}: {exc}") from None
    buf = io.BytesIO()
    rgb.save(buf, format="PNG")
    return ImportedImage(buf.getvalue(), width, height, source)


def _too_large(path: Path, width: int, height: int, max_pixels: int) -> str:
    return (
        f"{path} is {width}x{height} = {width * height} pixels, over the limit "
        f"corpus.max_image_pixels = {max_pixels}; downscale it or raise the limit"
    )
