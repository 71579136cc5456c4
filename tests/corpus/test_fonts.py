"""Figures are drawn only with the project's own font files; a missing font is an error."""

from __future__ import annotations

import hashlib
from pathlib import Path

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from scifigbench import fonts
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from scifigbench.corpus.scaffold import FONTS

PACKAGE_FONTS = Path(fonts.__file__).resolve().parent
MPL_FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@pytest.mark.parametrize("family", sorted(set(FONTS)))
@pytest.mark.parametrize("weight", ["normal", "bold"])
def test_every_generated_family_resolves_to_a_shipped_file(family: str, weight: str) -> None:
    fonts.register()
    found = fonts.resolve(family, weight)
    assert found.parent in (PACKAGE_FONTS, MPL_FONTS)  # never a system font
    assert family.split()[0].lower() in found.name.lower()
    assert ("Bold" in found.name) == (weight == "bold")


def test_spec_records_the_file_it_was_drawn_with() -> None:
    spec = next(s for i in range(40) if (s := generate(42, "bar", i, 100)).font_family == "Liberation Sans")
    png = render(spec)
    expected = hashlib.sha256((PACKAGE_FONTS / "LiberationSans-Regular.ttf").read_bytes()).hexdigest()[:16]
    assert spec.font_file == f"LiberationSans-Regular.ttf@{expected}"
    spec.font_family = "DejaVu Sans"
    assert render(spec) != png  # the family is really applied, not silently replaced
    assert spec.font_file.startswith("DejaVuSans.ttf@")


def test_unknown_family_is_an_error_not_a_substitution() -> None:
    spec = generate(42, "pie", 0, 100)
    spec.font_family = "Helvetica Neue"
    with pytest.raises(fonts.FontError, match="Helvetica Neue"):
        render(spec)


def test_strict_detects_matplotlib_fallback() -> None:
    fig = Figure(figsize=(2, 1))
    FigureCanvasAgg(fig)
    fig.text(0.1, 0.5, "hello", family="No Such Family Anywhere")
    with pytest.raises(fonts.FontError, match="fig-x.*No Such Family"):
        with fonts.strict("fig-x"):
            fig.canvas.draw()


def test_missing_font_file_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(fonts.FILES, ("Liberation Sans", "normal"), tmp_path / "gone.ttf")
    with pytest.raises(fonts.FontError, match="gone.ttf"):
        fonts.font_file("Liberation Sans")


def test_fonts_reached_through_a_symlink_pass_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone whose .venv is a symlink: the expected paths pass through the link, matplotlib
    answers with the real path; the check compares the files, not the spellings."""
    linked = tmp_path / "venv-link"
    linked.symlink_to(fonts._MPL)
    through = {key: (linked / p.name if p.parent == fonts._MPL else p) for key, p in fonts.FILES.items()}
    assert any(p.parent == linked for p in through.values())
    monkeypatch.setattr(fonts, "FILES", through)
    try:
        fonts.register.__wrapped__()  # the cached register of this process ran with the real paths
    finally:
        monkeypatch.undo()
        fonts.register.__wrapped__()  # leave matplotlib's font list as every other test expects it
