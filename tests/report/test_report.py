"""The report stage: examples keyed by model and unit, explorer data, linked tables, scales, size."""

from __future__ import annotations

import csv
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl

import pandas as pd
import pytest
from click.testing import CliRunner
from PIL import Image

from scifigbench.cli import main
from scifigbench.report.units import read_units_js

pytestmark = pytest.mark.long


class _Examples(HTMLParser):
    """Collects each example card's model, unit and the text of its answer block."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, str]] = []
        self._in_answer = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div" and a.get("class") == "example":
            self.cards.append({"model": a["data-model"] or "", "unit": a["data-unit"] or "", "answer": "", "text": ""})
        self._in_answer = tag == "blockquote" and a.get("class") == "answer"

    def handle_endtag(self, tag: str) -> None:
        if tag == "blockquote":
            self._in_answer = False

    def handle_data(self, data: str) -> None:
        if self.cards:
            self.cards[-1]["text"] += data
            if self._in_answer:
                self.cards[-1]["answer"] += data


def test_examples_show_each_models_own_judged_answer(built: Path):
    html = (built / "reports" / "index.html").read_text()
    parser = _Examples()
    parser.feed(html)
    cards = parser.cards
    assert {c["model"] for c in cards} == {"m-strong", "m-mid", "m-weak"}
    assert len(cards) >= 15
    for c in cards:
        assert c["answer"] == f"{c['model']} answered {c['unit'].split(':', 1)[1]}"  # its own model's part
        assert f"evidence for {c['model']}" in c["text"] and f"question of {c['unit'].split(':', 1)[1]}" in c["text"]
    # the bug this replaces: texts keyed by setup id, so the last model's answer stood under every model
    by_title = re.findall(r"<h3>([^<]+)</h3>", html)
    assert "Resists a false premise" in by_title and "Fabricates an unreadable element" in by_title


def test_explorer_lists_every_judged_unit_with_image_and_text(built: Path):
    data = read_units_js((built / "reports" / "explorer" / "units.js").read_text())
    col = {c: i for i, c in enumerate(data["columns"])}
    judged = pd.concat(pd.read_parquet(f) for f in sorted((built / "judgments").glob("*.parquet")))
    assert len(data["units"]) == len(judged)
    assert {u[col["unit_id"]] for u in data["units"]} == set(judged["unit_id"])
    for u in data["units"]:
        assert data["texts"][u[col["answer"]]] == f"{u[col['model']]} answered {u[col['unit_id']].split(':', 1)[1]}"
        setup = dict(zip(data["setup_columns"], data["setups"][u[col["setup"]]], strict=True))
        thumb, full = data["images"][setup["image"]]
        assert (built / "reports" / thumb).is_file() and (built / "reports" / full).resolve().is_file()
        assert u[col["figure_id"]] in full and u[col["condition"]] in full
    errors = judged["error"].notna().sum()
    assert sum(u[col["verdict"]] == "judge error" for u in data["units"]) == errors > 0


def test_report_is_small_offline_and_uses_thumbnails(built: Path):
    out = built / "reports"
    for page in ("index.html", "explorer.html"):
        html = (out / page).read_text()
        assert not re.search(r"(src|href)=['\"](https?:|//)", html), f"{page} must not load anything from the network"
    html = (out / "index.html").read_text()
    assert len(re.findall(r"src=\"data:image/png;base64,", html)) == 3  # the three plots only
    thumbs = re.findall(
        r'<a href="([^"]+)"><img loading="lazy" alt="fig_001__\w+" src="(thumbs/[0-9a-f]+\.webp)"', html
    )
    assert len(thumbs) == 2
    for full, thumb in thumbs:
        with Image.open(out / thumb) as im:
            assert im.format == "WEBP" and im.width == 600
        assert (out / full).resolve() == (built / "gallery" / Path(full).name).resolve()
    assert (out / "thumbs").is_dir() and all(f.stat().st_size < 20_000 for f in (out / "thumbs").iterdir())


def _cells(html: str, title: str) -> dict[str, list[str]]:
    section = html[html.index(title) :]
    section = section[: section.index("</table>")]
    return {
        m: re.findall(r"<td[^>]*>.*?</td>", r, re.S)
        for m, r in re.findall(r'<th class="model">([^<]+)</th>(.*?)</tr>', section, re.S)
    }


def test_table_cells_print_ci_and_link_to_exactly_their_units(built: Path):
    html = (built / "reports" / "index.html").read_text()
    per = json.loads((built / "metrics" / "perception.json").read_text())
    data = read_units_js((built / "reports" / "explorer" / "units.js").read_text())
    col = {c: i for i, c in enumerate(data["columns"])}
    filter_cols = {
        "model": "model",
        "family": "family",
        "condition": "condition",
        "category": "category",
        "chart": "chart_type",
        "verdict": "verdict",
        "status": "status",
    }
    cells = _cells(html, "Description quality (MQM) across conditions")
    rot = cells["m-weak"][4]  # Base NoCap Noise LowC Rot
    cell = per["mqm"]["m-weak"]["rot"]
    assert f"{cell['value']:.1f}" in rot and f"[{cell['ci_low']:.1f}, {cell['ci_high']:.1f}]" in rot
    link = re.search(r'href="explorer.html#([^"]+)"', rot).group(1)
    filters = dict(parse_qsl(unescape(link)))
    assert filters == {"model": "m-weak", "family": "description", "condition": "rot", "status": "counted"}
    units = [u for u in data["units"] if all(u[col[filter_cols[k]]] == v for k, v in filters.items())]
    assert len(units) == cell["n"]
    rest = {k: v for k, v in filters.items() if k != "status"}
    units = [u for u in data["units"] if all(u[col[filter_cols[k]]] == v for k, v in rest.items())]
    assert sum(u[col["verdict"]] == "judge error" for u in units) == cell["errors"]
    # the behavioural table: one scale (%), stated in its header; CIs printed, not only in a tooltip
    beh = json.loads((built / "metrics" / "behaviour.json").read_text())
    assert 'Unified behavioural evaluation <span class="scale">(all columns in %)</span>' in html
    res = beh["resistance"]["m-mid"]["inexist"]
    inex = _cells(html, "Unified behavioural evaluation")["m-mid"][5]  # 4 categories + overall, then Res Inex
    assert f"{res['value'] * 100:.1f}" in inex and f"[{res['ci_low'] * 100:.1f}, {res['ci_high'] * 100:.1f}]" in inex


def test_best_and_second_best_marked_per_column(built: Path):
    html = (built / "reports" / "index.html").read_text()
    beh = json.loads((built / "metrics" / "behaviour.json").read_text())
    res = {m: v["inexist"]["value"] for m, v in beh["resistance"].items()}
    order = sorted(res, key=res.get, reverse=True)
    cells = {
        m: re.match(r"<td[^>]*>", c[5]).group(0) for m, c in _cells(html, "Unified behavioural evaluation").items()
    }
    assert "best" in cells[order[0]] and "second" in cells[order[1]] and "class" not in cells[order[2]]


def test_statistics_one_convention_few_models_and_reliability_rows(built: Path):
    html = (built / "reports" / "index.html").read_text()
    assert "Two-sided paired-bootstrap p" in html and "one-sided" not in html
    sig = json.loads((built / "metrics" / "significance.json").read_text())
    assert f"The {sig['correction']['tests']} comparisons are one family" in html and "Holm" in html
    cor = json.loads((built / "metrics" / "correlations.json").read_text())["spearman"]
    assert all(c["p_value"] is None and c["n"] == 3 for row in cor.values() for c in row.values())
    assert "too few for a p-value" in html and "p=" not in html[html.index("Spearman") : html.index("Reliability")]
    assert "Agreement (judges, humans)" not in html  # no human scores: no stale "not measured" section
    trust = html[html.index("How far to trust the judge <span") :]
    assert "not validated on this run" in trust[: trust.index("</section>")]
    rel = _cells(html, ">Reliability of the model ranking")
    assert {"split-half: mqm", "split-half: resistance", "split-half: capability"} <= set(rel)
    assert all("Spearman–Brown" in cells[2] for name, cells in rel.items() if name.startswith("split-half"))


def test_not_measured_families_say_why(built: Path, tmp_path: Path):
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    for name in ("capability", "behaviour", "run"):
        content = json.loads((built / "metrics" / f"{name}.json").read_text())
        if name == "run":
            content["not_measured"] = {"description": "needs a reference description or a generator model"}
        if name == "behaviour":
            for per_model in content["caption_bias"].values():
                per_model.pop("overall")
        (metrics / f"{name}.json").write_text(json.dumps(content))
    (tmp_path / "params.yaml").write_text("seed: 42\n")  # no models section: whatever tables there are (none)
    res = CliRunner().invoke(
        main,
        [
            "report",
            "--params",
            str(tmp_path / "params.yaml"),
            "--metrics",
            str(metrics),
            "--judgments",
            str(tmp_path / "none"),
            "--setups",
            str(tmp_path / "none.parquet"),
            "--gallery",
            str(tmp_path),
            "--out",
            str(tmp_path / "out"),
        ],
    )
    assert res.exit_code == 0, res.output
    html = (tmp_path / "out" / "index.html").read_text()
    mqm = html[html.index("Description quality (MQM) across conditions") :]
    assert (
        "not measured — description: needs a reference description or a generator model"
        in mqm[: mqm.index("</section>")]
    )
    capb = [
        c[-5] for c in _cells(html, "Unified behavioural evaluation").values()
    ]  # CapB: no value recorded, no reason given
    assert all("not measured" in c and "–" not in c for c in capb)


def test_dvc_plot_data_files(built: Path):
    with open(built / "reports" / "plots" / "mqm_conditions.csv") as fh:
        rows = list(csv.DictReader(fh))
    per = json.loads((built / "metrics" / "perception.json").read_text())
    got = {(r["model"], r["condition"]): float(r["mqm"]) for r in rows}
    assert got[("m-weak", "rot")] == pytest.approx(per["mqm"]["m-weak"]["rot"]["value"])
    assert len(got) == 3 * 10
    ari = pd.read_csv(built / "reports" / "plots" / "ari.csv")
    assert set(ari["metric"]) == {
        "admittance_active",
        "admittance_passive",
        "resistance",
        "caption_bias",
        "inductance_active",
        "inductance_passive",
    }


def test_run_statistics_show_the_content_of_the_answers(built: Path):
    html = (built / "reports" / "index.html").read_text()
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in _cells(html, "Run statistics")["m-mid"]]
    assert cells[:6] == ["480", "479", "1", "9000", "–", "0.2500"]  # setups, answered, errors, tokens, cost


def test_an_unpriced_model_shows_an_unknown_cost_not_a_missing_one():
    from scifigbench.report.tables import run_table

    table = run_table(
        {
            "respond": {"paid": {"setups": 2, "cost_usd": 0.5}, "unpriced": {"setups": 2, "cost_usd": None}},
            "judgments": {"judged-only": {"rows": 4}},
        }
    )
    cost = {model: cells[5].text for model, cells in table.rows}
    assert cost == {"judged-only": "–", "paid": "0.5000", "unpriced": "unknown"}


def test_not_measured_reasons_wrap_as_prose():
    """A reason is a sentence: it wraps in its cell (aligned left) instead of running off the page."""
    from scifigbench.report.page import environment
    from scifigbench.report.tables import NotMeasured, not_measured_table

    reason = (
        "a generator model (probes.llm_generator: a key of `services` with role probe_writer) and a reviewer, "
        "or SciVQA questions"
    )
    table = not_measured_table(NotMeasured({"not_measured": {"capability": reason}}))
    assert table is not None
    macro = environment().from_string('{% from "_table.html.j2" import table %}{{ table(t, "nm") }}')
    html = unescape(macro.render(t=table))
    assert re.search(r'<td class="text"[^>]*>[^<]*generator model', html)
