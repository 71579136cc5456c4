"""The only fonts the project draws text with, registered explicitly with matplotlib.

Why: matplotlib silently draws DejaVu when a requested family is not installed, so the pixels of
a figure (and every hash downstream of it) depended on which fonts the machine happened to have,
while the spec still named the font it asked for. Here every family a drawing may ask for maps
to one file that the project ships (Liberation, SIL OFL 1.1, in this folder) or that the pinned
matplotlib wheel ships (DejaVu, STIX); other files with the same family name (e.g. the system's
DejaVu) are removed from matplotlib's font list, and a lookup that would fall back is an error.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import warnings
from collections.abc import Iterator
from pathlib import Path

import matplotlib
from matplotlib import font_manager

SHIPPED = Path(__file__).resolve().parent
_MPL = Path(matplotlib.get_data_path()) / "fonts" / "ttf"

# (family, weight) -> file. The figure generator picks its families from these keys.
FILES: dict[tuple[str, str], Path] = {
    ("Liberation Sans", "normal"): SHIPPED / "LiberationSans-Regular.ttf",
    ("Liberation Sans", "bold"): SHIPPED / "LiberationSans-Bold.ttf",
    ("Liberation Serif", "normal"): SHIPPED / "LiberationSerif-Regular.ttf",
    ("Liberation Serif", "bold"): SHIPPED / "LiberationSerif-Bold.ttf",
    ("DejaVu Sans", "normal"): _MPL / "DejaVuSans.ttf",
    ("DejaVu Sans", "bold"): _MPL / "DejaVuSans-Bold.ttf",
    ("DejaVu Serif", "normal"): _MPL / "DejaVuSerif.ttf",
    ("DejaVu Serif", "bold"): _MPL / "DejaVuSerif-Bold.ttf",
}
FAMILIES = tuple(dict.fromkeys(family for family, _ in FILES))

# The Times-like faces of the rendered paper page (drawn with Pillow, not matplotlib).
PAGE_FILES: dict[str, Path] = {
    "regular": _MPL / "STIXGeneral.ttf",
    "bold": _MPL / "STIXGeneralBol.ttf",
    "italic": _MPL / "STIXGeneralItalic.ttf",
}


class FontError(RuntimeError):
    """A font the drawing needs is missing, or matplotlib would have substituted another one."""


def _existing(path: Path, what: str) -> Path:
    if not path.is_file():
        raise FontError(f"font file for {what} not found: {path} (reinstall the package from requirements.lock)")
    return path


def font_file(family: str, weight: str = "normal") -> Path:
    """The one file that draws ``family`` at ``weight``; an unknown family is an error, not a fallback."""
    try:
        path = FILES[(family, weight)]
    except KeyError:
        raise FontError(
            f"font family {family!r} ({weight}) is not one the project ships; use one of {list(FAMILIES)}"
        ) from None
    return _existing(path, f"{family} ({weight})")


def page_font_file(style: str) -> Path:
    """The STIX file of the paper page's ``style`` (regular, bold, italic)."""
    return _existing(PAGE_FILES[style], f"page font {style}")


@functools.cache
def fingerprint(path: Path) -> str:
    """``<file name>@<sha256 prefix>``: what a spec records as the font actually drawn with."""
    return f"{path.name}@{hashlib.sha256(path.read_bytes()).hexdigest()[:16]}"


@functools.cache
def register() -> None:
    """Make matplotlib resolve each family of :data:`FILES` to exactly our file (once per process)."""
    ours = {str(font_file(family, weight)) for family, weight in FILES}
    manager = font_manager.fontManager
    manager.ttflist = [e for e in manager.ttflist if e.name not in FAMILIES]
    for name in sorted(ours):
        manager.addfont(name)
    manager._findfont_cached.cache_clear()  # type: ignore[attr-defined]  # lookups made before the pruning
    for (family, weight), expected in FILES.items():
        found = resolve(family, weight)
        # matplotlib answers with the real path; ours may pass through a symlink (a linked .venv)
        if found.resolve() != expected.resolve():
            raise FontError(f"matplotlib resolves {family!r} ({weight}) to {found}, not {expected}")


def resolve(family: str, weight: str = "normal") -> Path:
    """The file matplotlib draws ``family`` with; raises instead of falling back to a default."""
    props = font_manager.FontProperties(family=family, weight=weight)
    try:
        found = font_manager.fontManager.findfont(props, fallback_to_default=False, rebuild_if_missing=False)
    except ValueError as exc:
        raise FontError(f"matplotlib has no font for {family!r} ({weight}): {exc}") from None
    return Path(found)


class _Substitutions(logging.Handler):
    """Collects matplotlib's "findfont: Font family ... not found" notices (it logs, then substitutes)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "not found" in message:
            self.messages.append(message)


@contextlib.contextmanager
def strict(what: str) -> Iterator[None]:
    """Draw inside this block; a family substitution or a glyph missing from the font raises.

    ``what`` names the drawing (e.g. the figure id) in the error.
    """
    register()
    handler = _Substitutions()
    logger = logging.getLogger("matplotlib.font_manager")
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
    finally:
        logger.removeHandler(handler)
    glyphs = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    for w in caught:
        if "missing from font" not in str(w.message):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    problems = handler.messages + glyphs
    if problems:
        raise FontError(
            f"{what}: matplotlib would substitute a font: {problems[0]}"
            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
        )
