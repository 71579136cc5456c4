"""Render the report and the explorer from Jinja2 templates (``report/templates/``, autoescaped).

The page structure lives in the templates; this module only prepares what they show: the tables
(:mod:`scifigbench.report.tables`), the plots as inline PNG, gallery thumbnails and examples.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from scifigbench.contracts.judge_card import Measurement
from scifigbench.contracts.metrics import RELEASE_BESIDE
from scifigbench.report import plots, tables
from scifigbench.report.breakdown import breakdown_tables
from scifigbench.report.examples import Example
from scifigbench.report.headline import headline
from scifigbench.report.judge_card import run_judge_ids
from scifigbench.report.release_beside import families, release_beside_table
from scifigbench.report.run_header import run_header
from scifigbench.report.validity import Trust, beside, card_table, validity_table

BEHAVIOUR_FILES = ("capability", "behaviour")  # the metrics files of the behaviour section's tables


@dataclass(frozen=True)
class GalleryItem:
    name: str
    thumb: str | None
    full: str


def environment() -> Environment:
    return Environment(
        loader=PackageLoader("scifigbench.report", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def render_report(
    metrics: dict[str, dict[str, Any]],
    gallery: list[GalleryItem],
    examples: list[Example],
    n_units: int,
    title: str = "scifigbench report",
    card: list[Measurement] | None = None,
) -> str:
    """The report page; ``metrics`` maps a metrics file stem (perception, behaviour, ...) to its content;
    ``card``: the judge card's measurements (contracts.judge_card), shown beside every table."""
    perception, behaviour = metrics.get("perception", {}), metrics.get("behaviour", {})
    valid = Trust(metrics.get("validity", {}), run_judge_ids(metrics.get("header", {})), card or [])
    nm = tables.NotMeasured(metrics.get("run", {}))
    figs = [
        plots.mqm_conditions_png(plots.mqm_condition_rows(perception)),
        plots.ari_png(plots.ari_rows(behaviour)),
        plots.quality_behaviour_png(plots.quality_behaviour_rows(perception, behaviour)),
    ]
    by_title: dict[str, list[Example]] = {}
    for e in examples:
        by_title.setdefault(e.title, []).append(e)
    return (
        environment()
        .get_template("report.html.j2")
        .render(
            title=title,
            headline=headline(metrics, nm),
            breakdown=breakdown_tables(metrics.get("breakdown", {}), nm),
            perception=[beside(t, valid, fed) for t, fed in tables.family_tables(metrics, nm, ("perception",))],
            plots=[_data_uri(p) for p in figs if p],
            behaviour=[
                t
                for t in (
                    *(beside(t, valid, fed) for t, fed in tables.family_tables(metrics, nm, BEHAVIOUR_FILES)),
                    _release_beside(metrics.get(RELEASE_BESIDE, {}), valid),
                    tables.judges_table(metrics),
                )
                if t
            ],
            statistics=[
                t
                for t in (
                    tables.significance_table(metrics.get("significance", {})),
                    tables.correlation_table(metrics.get("correlations", {})),
                    tables.reliability_table(metrics.get("reliability", {})),
                    tables.scale_validation_table(metrics.get("reliability", {})),
                    card_table(valid),
                    tables.agreement_table(metrics.get("agreement", {})),
                    validity_table(valid.validity),
                )
                if t
            ],
            not_measured=tables.not_measured_table(nm),
            run=tables.run_table(metrics.get("run", {})),
            gallery=gallery,
            examples=by_title,
            n_units=n_units,
            explorer=tables.EXPLORER,
            header=run_header(metrics.get("header", {})),
            glossary=tables.glossary(),
        )
    )


def _release_beside(result: dict[str, Any], valid: Trust) -> tables.Table | None:
    """The new model beside the published ones (corpus.source: release), with its families' judge cards."""
    table = release_beside_table(result)
    return beside(table, valid, families(result)) if table else None


def render_explorer(header: dict[str, Any] | None = None, title: str = "scifigbench explorer") -> str:
    """The explorer page; its data is the sibling ``explorer/units.js`` (see :mod:`scifigbench.report.units`).
    ``header``: ``metrics/header.json``'s content, shown as the run header."""
    return environment().get_template("explorer.html.j2").render(title=title, header=run_header(header or {}))
