"""dvc.yaml's ``plots:`` render with a model dimension: real ``dvc plots show``, rendered offline.

The project's own plot definitions and templates are copied into a tiny dvc repository next to the
CSVs the report writes; ``dvc plots show --json`` gives the filled Vega-Lite specs, which vl-convert
renders to PNG without a browser or network. Each plot must carry data on both axes, colour by
model, and draw one distinct colour per model.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import yaml
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"


def _show(repo: Path) -> dict:
    env = {**os.environ, "DVC_NO_ANALYTICS": "1"}
    for args in (["git", "init", "-q"], [str(DVC), "init", "-q"]):
        subprocess.run(args, cwd=repo, check=True, capture_output=True, env=env)
    res = subprocess.run([str(DVC), "plots", "show", "--json"], cwd=repo, capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_plots_render_with_one_colour_per_model(built: Path, tmp_path: Path):
    import vl_convert

    plots = yaml.safe_load((REPO / "dvc.yaml").read_text())["plots"]
    (tmp_path / "dvc.yaml").write_text(yaml.safe_dump({"plots": plots}, sort_keys=False))
    shutil.copytree(built / "reports" / "plots", tmp_path / "reports" / "plots")
    for entry in plots:
        (spec,) = entry.values()
        dest = tmp_path / spec["template"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / spec["template"], dest)
    shown = _show(tmp_path)
    assert not shown.get("errors"), shown.get("errors")
    data = shown["data"]
    assert len(data) == len(plots) == 3
    for entry in plots:
        (path, spec), = entry.items()
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
