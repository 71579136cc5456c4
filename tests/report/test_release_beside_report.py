"""The release-beside table in the report (corpus.source: release): this run's model beside the
published ones on the same items, in headless Chromium. The fixture's ``metrics/release_beside.json``
is written by metrics.beside from the fixture's judgments (conftest: m-mid as this run's model)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import OURS, PRINTED

SECTION = (
    "[...document.querySelectorAll('section')]"
    ".find(s => s.querySelector('h2').textContent.includes('published models'))"
)


def _table(chromium) -> dict:
    return chromium.eval(
        f"(() => {{ const s = {SECTION}; return {{"
        "heads: [...s.querySelectorAll('thead th')].map(e => e.textContent),"
        "rows: [...s.querySelectorAll('tbody tr')].map(r => [r.querySelector('th').textContent,"
        "  [...r.querySelectorAll('td')].map(td => ({text: td.childNodes[0].textContent,"
        "    link: td.querySelector('a')?.href || '',"
        "    n: td.querySelector('a')?.dataset.n || '', printed: td.querySelector('.printed')?.textContent || '',"
        "    ci: td.querySelector('.ci')?.textContent || ''}))]),"
        "cards: [...s.querySelectorAll('.card-family')].map(e => e.dataset.family) }; })()"
    )


def test_the_new_model_sits_first_beside_the_published_rows_with_ci_n_and_printed_values(chromium, built: Path):
    result = json.loads((built / "metrics" / "release_beside.json").read_text())
    chromium.open((built / "reports" / "index.html").as_uri())
    t = _table(chromium)
    assert t["heads"][1:] == [
        "Res Inex",
        "Res Cont",
        "Res Unan",
        "CapB Res",
        "All",
        "Adm act",
        "Adm pas",
        "Ind act",
        "Ind pas",
    ]
    labels = [r[0] for r in t["rows"]]
    assert labels == [f"{OURS} (this run)", "M-STRONG", "M-WEAK"]
    columns = ["Inex", "Cont", "Unan", "CapB", "Cap", "Adm Act", "Adm Pas", "Ind Act", "Ind Pas"]
    for (label, cells), model in zip(t["rows"], [OURS, "m-strong", "m-weak"], strict=True):
        for cell, column in zip(cells, columns, strict=True):
            row = result[column]["rows"][model]
            digits = 1 if column[:3] in ("Adm", "Ind", "Cap") and column != "CapB" else 2
            assert cell["text"] == f"{row['value']:.{digits}f}", (label, column)
            assert cell["ci"] == f"[{row['ci_low']:.{digits}f}, {row['ci_high']:.{digits}f}]"
            # this run's and the published models' units are in the explorer: their cells link
            assert cell["link"] and f"model={model}&" in cell["link"]
    printed = {(r[0], h): c["printed"] for r in t["rows"] for h, c in zip(columns, r[1], strict=True) if c["printed"]}
    assert printed == {(label, column): f"paper {v}" for (_, label, column), v in PRINTED.items()}
    # the judge card of every family feeding the table, beside it
    assert t["cards"] == ["resistance", "caption_claim", "capability", "blur_active", "blur_passive"]


def test_each_cell_of_the_new_model_opens_exactly_its_shared_items(chromium, built: Path):
    result = json.loads((built / "metrics" / "release_beside.json").read_text())
    chromium.open((built / "reports" / "index.html").as_uri())
    ours = _table(chromium)["rows"][0][1]
    columns = ["Inex", "Cont", "Unan", "CapB", "Cap", "Adm Act", "Adm Pas", "Ind Act", "Ind Pas"]
    narrowed = 0
    for cell, column in zip(ours, columns, strict=True):
        c = result[column]
        shared = {i.split("/")[0] for i in c["item_ids"]}
        chromium.open(cell["link"])
        chromium.wait_for("document.body.dataset.ready === '1'")
        assert (
            int(chromium.eval("document.getElementById('count').dataset.n")) == int(cell["n"]) == c["rows"][OURS]["n"]
        )
        shown = chromium.eval(
            "[...document.querySelectorAll('#units .unit')]"
            ".map(e => [e.dataset.model, e.dataset.family, e.dataset.unit])"
        )
        assert shown and {m for m, _, _ in shown} == {OURS} and {f for _, f, _ in shown} == {c["family"]}
        # every unit shown is of an item in the shared set ...
        assert {u.split(":", 1)[1].split("/")[0] for *_, u in shown} <= shared, column
        # ... and where the model has items outside the shared set, the family's link would count them
        if c["rows"][OURS]["left_out"]:
            narrowed += 1
            chromium.open(cell["link"].split("&figures=")[0])
            chromium.wait_for("document.body.dataset.ready === '1'")
            assert int(chromium.eval("document.getElementById('count').dataset.n")) > int(cell["n"]), column
    assert narrowed >= 3


def _report_of_ours_only(built: Path, out: Path) -> Path:
    """The fixture's report as a release run writes it: data/judgments holds this run's model only,
    the published models' units come from the beside stage's folder (metrics/release_beside_units)."""
    import shutil

    from helpers.report_run import invoke_report

    (out / "judgments").mkdir(parents=True)
    shutil.copy(built / "judgments" / f"{OURS}.parquet", out / "judgments")
    return invoke_report(
        out / "reports",
        params=built / "params.yaml",
        metrics=built / "metrics",
        judgments=out / "judgments",
        setups=out / "none.parquet",
        gallery=out,
    )


def test_the_explorer_lists_the_published_units_only_on_the_tables_figures(built: Path, tmp_path: Path):
    """The stage's units folder holds each published model's units of exactly the figures its cells
    were taken over; the report lists them in the explorer even when data/judgments lacks them."""
    import pandas as pd

    from scifigbench.contracts.metrics import RELEASE_BESIDE_UNITS
    from scifigbench.report.units import read_units_js

    result = json.loads((built / "metrics" / "release_beside.json").read_text())
    index = _report_of_ours_only(built, tmp_path)
    data = read_units_js((index.parent / "explorer" / "units.js").read_text())
    col = {c: i for i, c in enumerate(data["columns"])}
    for model in ("m-strong", "m-weak"):
        j = pd.read_parquet(built / "judgments" / f"{model}.parquet")  # every unit of the fixture's model
        wanted = {(c["family"], i.split("/")[0]) for c in result.values() for i in c["item_ids"] if model in c["rows"]}
        want = {u for u, f, g in zip(j["unit_id"], j["family"], j["figure_id"], strict=True) if (f, g) in wanted}
        listed = {u[col["unit_id"]] for u in data["units"] if u[col["model"]] == model}
        assert want and listed == want and len(want) < len(j), model
    assert {f.stem for f in (built / "metrics" / RELEASE_BESIDE_UNITS).glob("*.parquet")} == {"m-strong", "m-weak"}


def test_each_published_cell_opens_exactly_its_units_from_the_stage_folder(chromium, built: Path, tmp_path: Path):
    result = json.loads((built / "metrics" / "release_beside.json").read_text())
    chromium.open(_report_of_ours_only(built, tmp_path).as_uri())
    columns = ["Inex", "Cont", "Unan", "CapB", "Cap", "Adm Act", "Adm Pas", "Ind Act", "Ind Pas"]
    opened = 0
    for (_, cells), model in zip(_table(chromium)["rows"][1:], ["m-strong", "m-weak"], strict=True):
        for cell, column in zip(cells, columns, strict=True):
            c = result[column]
            chromium.open(cell["link"])
            chromium.wait_for("document.body.dataset.ready === '1'")
            count = int(chromium.eval("document.getElementById('count').dataset.n"))
            assert count == int(cell["n"]) == c["rows"][model]["n"], (model, column)
            shown = chromium.eval(
                "[...document.querySelectorAll('#units .unit')]"
                ".map(e => [e.dataset.model, e.dataset.family, e.dataset.unit])"
            )
            shared = {i.split("/")[0] for i in c["item_ids"]}
            assert shown and {m for m, _, _ in shown} == {model} and {f for _, f, _ in shown} == {c["family"]}
            assert {u.split(":", 1)[1].split("/")[0] for *_, u in shown} <= shared, (model, column)
            opened += 1
    assert opened == 2 * len(columns)
