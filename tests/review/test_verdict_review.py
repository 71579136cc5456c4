"""review/verdicts.csv: the seeded stratified sample, the decision file's checks, and the commands
that record decisions one by one or from a file (the review page's download)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import yaml
from click.testing import CliRunner

from helpers.judgment_rows import judgment_row
from scifigbench import seeded
from scifigbench.cli import main
from scifigbench.concepts.verdict_labels import MQM_BANDS, label_choices
from scifigbench.decisions import verdicts as store
from scifigbench.decisions.store import ReviewFileError
from scifigbench.tableio import write_table


def test_seeded_picks_are_stable_and_exact() -> None:
    items = [f"u{i}" for i in range(200)]
    picked = seeded.share(items, 0.1, seed=7)
    assert len(picked) == 20 and picked == seeded.share(reversed(items), 0.1, seed=7)
    assert seeded.share(items, 0.1, seed=8) != picked
    grown = seeded.first([*items, *(f"v{i}" for i in range(50))], 30, seed=7)
    assert set(seeded.first(items, 30, seed=7)) >= {u for u in grown if u.startswith("u")}  # adding items moves none


def test_label_choices_cover_every_family() -> None:
    assert label_choices("capability") == ("correct", "incorrect")
    assert label_choices("caption_claim") == ("image", "caption", "none")
    assert label_choices("description") == MQM_BANDS
    assert label_choices("blur_active")[:4] == ("none", "admits", "fabricates", "correct")
    assert "admits+fabricates+correct" in label_choices("blur_active")


def test_draw_is_stratified_by_family_and_model_and_skips_undecided() -> None:
    units = [
        store.Judged(m, f"{fam}-{i}", fam, "undecided" if i % 5 == 0 else "x")
        for m in ("a", "b")
        for fam in ("capability", "resistance")
        for i in range(20)
    ]
    picked = store.draw(units, 3, seed=1)
    assert len(picked) == 12
    assert {(u.family, u.model) for u in picked} == {(f, m) for f in ("capability", "resistance") for m in "ab"}
    assert all(u.label != "undecided" for u in picked)
    assert store.draw(reversed(units), 3, seed=1) == picked


def _row(**kw: str) -> dict[str, str]:
    base = {
        "unit_key": "m/u1",
        "decision": "confirm",
        "model": "m",
        "unit_id": "u1",
        "family": "capability",
        "judge_verdict": "correct",
        "verdict": "",
        "note": "",
        "reviewer": "",
    }
    return base | kw


def test_the_decision_file_checks_the_right_verdict(tmp_path: Path) -> None:
    path = tmp_path / "verdicts.csv"
    store.record(path, _row(), _row(unit_key="m/u2", unit_id="u2", decision="replace", verdict="incorrect"))
    assert sorted(store.read_decisions(path)) == ["m/u1", "m/u2"]
    store.STORE.write(path, {"m/u3": _row(unit_key="m/u3", unit_id="u3", decision="replace", verdict="hedges")})
    with pytest.raises(ReviewFileError, match=r"line 2 .*'verdict' is 'hedges'"):
        store.read_decisions(path)
    store.STORE.write(path, {"m/u3": _row(unit_key="m/u3", unit_id="u3", decision="replace")})
    with pytest.raises(ReviewFileError, match="field 'verdict' is empty"):
        store.read_decisions(path)
    store.STORE.write(path, {"x": _row(unit_key="x")})
    with pytest.raises(ReviewFileError, match="unit_key"):
        store.read_decisions(path)


@pytest.fixture
def run_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Judgments of one model: six capability units (one undecided) and one resistance unit."""
    monkeypatch.chdir(tmp_path)
    rows = [
        judgment_row(
            unit_id=f"f/base/capability#{i}",
            setup_id="f/base/capability",
            model="m",
            figure_id="f",
            condition="base",
            chart_type="bar",
            family="capability",
            judge_id="rule:1",
            verdict="undecided" if i == 0 else "correct",
            correct=None if i == 0 else True,
        )
        for i in range(6)
    ]
    rows.append(
        judgment_row(
            unit_id="f/base/resistance#1",
            setup_id="f/base/resistance",
            model="m",
            figure_id="f",
            condition="base",
            chart_type="bar",
            family="resistance",
            judge_id="rule:1",
            verdict="resists",
            score=1.0,
        )
    )
    write_table(pd.DataFrame(rows), "data/judgments/m.parquet", "judgments", root=None)
    params = {
        "seed": 3,
        "models": {"m": {"backend": "simulated", "profile": "careful"}},
        "judge": {"review": {"per_stratum": 2}},
    }
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(params))
    (tmp_path / "review").mkdir()
    return tmp_path


def test_list_confirm_replace_reject_and_import(run_dir: Path) -> None:
    cli = CliRunner()
    listed = cli.invoke(main, ["review", "verdicts", "list"])
    assert listed.exit_code == 0, listed.output
    assert "3 sampled, 0 decided" in listed.output  # 2 capability + 1 resistance (the only one)
    res = cli.invoke(main, ["review", "verdicts", "replace", "m/f/base/capability#1", "incorrect", "--note", "n1"])
    assert res.exit_code == 0, res.output
    assert cli.invoke(main, ["review", "verdicts", "confirm", "m/f/base/resistance#1"]).exit_code == 0
    bad = cli.invoke(main, ["review", "verdicts", "replace", "m/f/base/capability#2", "hedges"])
    assert bad.exit_code != 0 and "not one of" in bad.output
    unknown = cli.invoke(main, ["review", "verdicts", "reject", "m/nope"])
    assert unknown.exit_code != 0 and "no judged unit" in unknown.output
    got = store.read_decisions(store.REVIEW_FILE)
    assert got["m/f/base/capability#1"]["verdict"] == "incorrect"
    assert got["m/f/base/capability#1"]["judge_verdict"] == "correct"
    assert got["m/f/base/resistance#1"]["decision"] == "confirm"

    upload = run_dir / "download.csv"
    store.record(upload, _row(unit_key="m/f/base/capability#3", unit_id="f/base/capability#3", reviewer="ann"))
    res = cli.invoke(main, ["review", "verdicts", "import", str(upload)])
    assert res.exit_code == 0, res.output
    assert store.read_decisions(store.REVIEW_FILE)["m/f/base/capability#3"]["reviewer"] == "ann"
    store.record(upload, _row(unit_key="m/f/base/capability#4", unit_id="f/base/capability#4", family="resistance"))
    res = cli.invoke(main, ["review", "verdicts", "import", str(upload)])
    assert res.exit_code != 0 and "no judged unit of model 'm', family 'resistance'" in res.output
    assert "m/f/base/capability#4" not in store.read_decisions(store.REVIEW_FILE)  # nothing recorded


def test_the_page_inlines_each_sampled_unit_with_its_image_request_and_decision(run_dir: Path) -> None:
    import json
    import re

    from PIL import Image

    from scifigbench.review.verdicts.page import judged_units, page_units, render
    from scifigbench.tableio import read_table

    Image.new("RGB", (40, 30), "white").save(run_dir / "f.png")
    setups = pd.DataFrame(
        [
            {
                "setup_id": sid,
                "image_path": str(run_dir / "f.png"),
                "system_text": None,
                "caption": "A caption",
                "user_text": f"Request of {sid} </script><b>",
            }
            for sid in ("f/base/capability", "f/base/resistance")
        ]
    )
    j = read_table(run_dir / "data/judgments/m.parquet", "judgments", root=None)
    picked = store.draw(judged_units(j), 2, seed=3)
    decided = {picked[0].key: {"decision": "replace", "verdict": "incorrect", "note": "n"}}
    page = render(page_units(picked, j, setups, decided))
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert [u["key"] for u in data["units"]] == [u.key for u in picked]
    first = data["units"][0]
    assert first["image"].startswith("data:image/webp;base64,")  # one file: opens from file://, can be mailed
    assert first["user"].endswith("</script><b>") and first["caption"] == "A caption"
    assert first["choices"] == ["correct", "incorrect"] and first["decision"]["verdict"] == "incorrect"
    assert first["row"]["judge_verdict"] == picked[0].label and data["columns"] == list(store.COLUMNS)


CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium")
def test_keys_on_the_page_from_file_give_a_csv_that_import_records(run_dir: Path) -> None:
    """Headless Chromium opens the page from file://, a person presses a (agree), 2 (second verdict)
    and x (no verdict applies) with a note and a name; the page's CSV goes through ``import``."""
    import html
    import re
    import subprocess

    from PIL import Image

    Image.new("RGB", (40, 30), "white").save(run_dir / "f.png")
    setups = pd.DataFrame(
        [
            {
                "setup_id": f"f/base/{task}",
                "figure_id": "f",
                "condition": "base",
                "task": task,
                "chart_type": "bar",
                "prompt_id": task,
                "prompt_version": "0" * 12,
                "system_text": None,
                "user_text": "q",
                "image_path": str(run_dir / "f.png"),
                "image_sha256": "0" * 64,
                "caption": None,
                "probe_ids": "[]",
                "blur_target_id": None,
            }
            for task in ("capability", "resistance")
        ]
    )
    write_table(setups, run_dir / "setups.parquet", "setups", root=None)
    cli = CliRunner()
    res = cli.invoke(
        main, ["review", "verdicts", "page", "--setups", str(run_dir / "setups.parquet"), "--out", "page.html"]
    )
    assert res.exit_code == 0, res.output
    keys = """
      const press = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
      document.getElementById("reviewer").value = "ann";
      press("a"); press("2");
      document.querySelector("#u2 textarea").value = "axis cut off";
      document.querySelector("#u2 textarea").dispatchEvent(new Event("input"));
      press("x");
      document.body.setAttribute("data-csv", decisionsCsv());
    """
    page = (run_dir / "page.html").read_text()
    (run_dir / "page.html").write_text(page.replace("</body>", f"<script>{keys}</script></body>"))
    dom = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", (run_dir / "page.html").as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    csv_text = html.unescape(re.search(r'data-csv="([^"]*)"', dom).group(1))
    (run_dir / "download.csv").write_text(csv_text)
    picked = [line.split()[0] for line in cli.invoke(main, ["review", "verdicts", "list"]).output.splitlines()[:-1]]
    res = cli.invoke(main, ["review", "verdicts", "import", str(run_dir / "download.csv")])
    assert res.exit_code == 0, res.output
    got = store.read_decisions(store.REVIEW_FILE)
    assert [got[k]["decision"] for k in picked] == ["confirm", "replace", "reject"]
    assert got[picked[1]]["verdict"] == "incorrect"  # the second choice of a capability unit
    assert got[picked[2]]["note"] == "axis cut off" and {d["reviewer"] for d in got.values()} == {"ann"}
