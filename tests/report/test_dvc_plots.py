"""dvc.yaml's ``plots:`` render with a model dimension: real ``dvc plots show``, rendered offline.

The project's own plot definitions and templates are copied into a tiny dvc repository next to the
CSVs the report writes; ``dvc plots show --json`` gives the filled Vega-Lite specs, which vl-convert
renders to PNG without a browser or network. Each plot must carry data on both axes, colour by
model, and draw one distinct colour per model.
"""

from __future__ import annotations

import configparser
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"


ENV = {**os.environ, "DVC_NO_ANALYTICS": "1"}


def _plots_repo(built: Path, repo: Path) -> list[dict]:
    """A git+dvc repository holding the project's plot definitions, templates and the report's CSVs."""
    plots = yaml.safe_load((REPO / "dvc.yaml").read_text())["plots"]
    (repo / "dvc.yaml").write_text(yaml.safe_dump({"plots": plots}, sort_keys=False))
    shutil.copytree(built / "reports" / "plots", repo / "reports" / "plots")
    for entry in plots:
        (spec,) = entry.values()
        dest = repo / spec["template"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / spec["template"], dest)
    for args in (["git", "init", "-q"], [str(DVC), "init", "-q"]):
        subprocess.run(args, cwd=repo, check=True, capture_output=True, env=ENV)
    return plots


def _show(repo: Path) -> dict:
    res = subprocess.run(
        [str(DVC), "plots", "show", "--json"], cwd=repo, capture_output=True, text=True, env=ENV, timeout=120
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_plots_render_with_one_colour_per_model(built: Path, tmp_path: Path):
    import vl_convert

    plots = _plots_repo(built, tmp_path)
    shown = _show(tmp_path)
    assert not shown.get("errors"), shown.get("errors")
    data = shown["data"]
    assert len(data) == len(plots) == 3
    for entry in plots:
        ((path, spec),) = entry.items()
        content = data[path][0]["content"]
        rows = content["data"]["values"]
        assert rows, f"{path}: no data"
        assert all(r[spec["x"]] not in ("", None) and float(r[spec["y"]]) >= 0 for r in rows)
        if content["encoding"]["x"]["type"] == "quantitative":
            assert all(float(r[spec["x"]]) >= 0 for r in rows)
        assert content["encoding"]["color"]["field"] == "model"
        models = {r["model"] for r in rows}
        assert models == {"m-strong", "m-mid", "m-weak"}
        png = Image.open(io.BytesIO(vl_convert.vegalite_to_png(json.dumps(content)))).convert("RGB")
        px = np.asarray(png).reshape(-1, 3).astype(int)
        saturated = px[(px.max(axis=1) - px.min(axis=1)) > 60]  # coloured marks, not grey axes or text
        hues = {tuple(c) for c in (saturated // 32)}
        assert len(saturated) > 200 and len(hues) >= len(models), f"{path}: marks not drawn per model"


def test_dvc_plots_show_draws_every_plot_in_chromium_with_the_network_off(built: Path, tmp_path: Path):
    """DVC's own page loads vega from a CDN (blank offline); the project's .dvc/config names a template
    with vega inlined. Chromium is sent to a dead proxy, so any fetch from the network would fail."""
    from helpers.browser import screenshot_script

    plots = _plots_repo(built, tmp_path)
    config = configparser.ConfigParser()
    config.read(REPO / ".dvc" / "config")
    template = (REPO / ".dvc" / config["plots"]["html_template"]).resolve()
    assert template.is_file() and template.is_relative_to(REPO / "src")
    subprocess.run([str(DVC), "config", "plots.html_template", str(template)], cwd=tmp_path, check=True, env=ENV)
    res = subprocess.run(
        [str(DVC), "plots", "show", "-o", "out"], cwd=tmp_path, capture_output=True, text=True, env=ENV, timeout=120
    )
    assert res.returncode == 0, res.stderr
    page = tmp_path / "out" / "index.html"
    assert "cdn.jsdelivr" not in page.read_text() and "<script src=" not in page.read_text()
    mod = screenshot_script()
    if mod.find_chromium() is None:
        pytest.fail("chromium not installed: apt-get install -y chromium (.ci/run does this)")
    offline = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
    original = mod.FLAGS
    mod.FLAGS = [*offline, *original]
    try:
        with mod.Chromium(width=1280, height=900) as browser:
            browser.open(page.as_uri())
            n = len(plots)
            browser.wait_for(f"document.querySelectorAll('.vega-embed canvas, .vega-embed svg.marks').length >= {n}")
            drawn = browser.eval(
                "[...document.querySelectorAll('.vega-embed')].map(e => {"
                " const c = e.querySelector('canvas, svg.marks'); if (!c) return [0, 0];"
                " const r = c.getBoundingClientRect(); return [r.width, r.height]; })"
            )
    finally:
        mod.FLAGS = original
    assert len(drawn) == n and all(w > 200 and h > 150 for w, h in drawn), drawn
