"""The report stage: a self-contained HTML page with marked tables, inline plots, examples, run stats."""

from __future__ import annotations

import csv
import importlib.util
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from scifigbench.cli import main
from scifigbench.metrics.stage import MetricsConfig, run
from scifigbench.tableio import write_table
from helpers.synthetic_judgments import all_judgments

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("report")
    j = all_judgments(seed=3, n_figures=60, n_subset=30)
    for m, rows in j.groupby("model"):
        write_table(rows, root / "judgments" / f"{m}.parquet", "judgments", root=None)
    (root / "responses").mkdir()
    (root / "responses" / "m-mid.stats.json").write_text(json.dumps({"setups": 480, "answered": 479, "errors": 1,
                                                                        "prompt_tokens": 9000, "cost_usd": 0.25}))
    gallery = root / "gallery"
    gallery.mkdir()
    import matplotlib.pyplot as plt

    for cond in ("base", "rot"):
        fig, ax = plt.subplots(figsize=(2, 1.5))
        ax.bar([1, 2], [3, 1])
        fig.savefig(gallery / f"fig_001__{cond}.png")
        plt.close(fig)
    run(MetricsConfig(bootstrap=300, split_half_splits=10), judgments_dir=root / "judgments",
        responses_dir=root / "responses", out_dir=root / "metrics")
    res = CliRunner().invoke(main, ["report", "--metrics", str(root / "metrics"), "--judgments", str(root / "judgments"),
                                    "--responses", str(root / "responses"), "--gallery", str(gallery), "--out", str(root / "reports")])
    assert res.exit_code == 0, res.output
    return root


def test_report_is_self_contained_and_complete(built: Path):
    html = (built / "reports" / "index.html").read_text()
    assert not re.search(r"(src|href)=['\"](https?:|//)", html), "report must not load anything from the network"
    assert "<link" not in html and "<script" not in html
    imgs = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", html)
    assert len(imgs) == 3 + 2  # three plots + two gallery images
    for section in ("Description quality", "Unified behavioural evaluation", "Paired bootstrap", "Spearman",
                    "Reliability", "Example responses", "Run statistics", "One figure under every condition"):
        assert section in html
    assert "Resists a false premise" in html and "Fabricates an unreadable element" in html
    assert "<td>480</td>" in html and "<td>479</td>" in html  # content stats from responses/<model>.stats.json


def test_best_and_second_best_marked_per_column(built: Path):
    html = (built / "reports" / "index.html").read_text()
    beh = json.loads((built / "metrics" / "behaviour.json").read_text())
    res = {m: v["inexist"]["value"] for m, v in beh["resistance"].items()}
    order = sorted(res, key=res.get, reverse=True)
    table = html[html.index("Unified behavioural evaluation"):]
    table = table[:table.index("</table>")]
    rows = dict(re.findall(r"<tr><th class='model'>([^<]+)</th>(.*?)</tr>", table))
    inex_col = 5  # 4 capability categories + overall
    cells = {m: re.findall(r"<td[^>]*>", r)[inex_col] for m, r in rows.items()}
    assert "best" in cells[order[0]] and "second" in cells[order[1]] and "class" not in cells[order[2]]


def test_dvc_plot_data_files(built: Path):
    with open(built / "reports" / "plots" / "mqm_conditions.csv") as fh:
        rows = list(csv.DictReader(fh))
    per = json.loads((built / "metrics" / "perception.json").read_text())
    got = {(r["model"], r["condition"]): float(r["mqm"]) for r in rows}
    assert got[("m-weak", "rot")] == pytest.approx(per["mqm"]["m-weak"]["rot"]["value"])
    assert len(got) == 3 * 10
    ari = pd.read_csv(built / "reports" / "plots" / "ari.csv")
    assert set(ari["metric"]) == {"admittance_active", "admittance_passive", "resistance", "caption_bias",
                                  "inductance_active", "inductance_passive"}


def test_screenshot_in_headless_chromium(built: Path, tmp_path: Path):
    spec = importlib.util.spec_from_file_location("screenshot_report", REPO / "scripts" / "screenshot_report.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if mod.find_chromium() is None:
        pytest.skip("chromium not installed (apt-get install -y chromium); the screenshot check needs it")
    png = mod.screenshot(built / "reports" / "index.html", tmp_path / "shot.png", width=1200, height=1600)
    import matplotlib.image as mpimg

    img = mpimg.imread(png)
    assert img.shape[:2] == (1600, 1200)
    header = img[5:40, 5:400, :3].mean(axis=(0, 1))
    assert header[2] > header[0] + 0.1  # the dark-blue header band rendered (CSS applied)
    assert np.std(img[:, :, :3]) > 0.05  # not a blank page
