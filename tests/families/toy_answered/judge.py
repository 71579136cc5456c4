"""The toy family's whole behaviour: it rides on the capability task (so the simulated respondent
and the probes already serve it), cuts one unit per numbered question, and its rule asks only
whether the reply has a line for that question."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.families.capability.judge import FAMILY as CAPABILITY
from scifigbench.families.family import Checked, Family
from scifigbench.families.numbered import split_numbered
from scifigbench.families.paper_tables import OWN_ROWS, Cell, PaperTable
from scifigbench.families.reply_units import Cut, Unit, expected_of
from scifigbench.families.report_layout import CellColumn, Column, Layout, ReportExample, ReportTable
from scifigbench.families.unit_scores import score_units

FACTS = unit_family("toy_answered")
ANSWERED, SKIPPED = FACTS.verdicts


def _cut(c: Cut) -> list[Unit]:
    parts = split_numbered(c.answer, len(c.probe_ids)) if c.base["error"] is None else [None] * len(c.probe_ids)
    units = []
    for pid, part in zip(c.probe_ids, parts, strict=True):
        probe = c.probes[pid]
        f = {
            "id": f"{c.sid}#{probe['category']}#answered",
            "question": probe["text"],
            "answer": part or "",
            "expected": expected_of(probe),
        }
        units.append(Unit(f["id"], family=FACTS.name, category=probe["category"], probe_id=pid, fields=f, **c.base))
    return units


def _rule(f: dict) -> dict:
    answered = bool(f["answer"].strip())
    return {"answered": answered, "evidence": "a line for this question" if answered else "no line for this question"}


def _columns(verdict: dict) -> dict:
    answered = bool(verdict["answered"])
    return {"score": 1.0 if answered else 0.0, "verdict": ANSWERED if answered else SKIPPED}


def _expected(checked: Checked) -> list[str]:
    return [f"Expected: a numbered line answering '{checked.probe_text}'"]


def _answered_table(rows, cell: Cell) -> dict:
    return {"overall": cell(score_units(rows))}


def _report_columns(section: dict) -> list[Column]:
    return [Column("Answered", ("overall",))]


# its own table in capability.json (the share of questions answered, per model), shown in the
# report as a table of its own
SHOWN = ReportTable("Questions answered", "% of numbered questions with a line")
TABLES = (
    PaperTable(
        "capability",
        "answered",
        OWN_ROWS,
        _answered_table,
        shown=(Layout(SHOWN, _report_columns),),
    ),
)


# The LLM judge is not part of this toy: it is asked what the capability judge is asked.
FAMILY = Family(
    FACTS,
    CAPABILITY.render,
    _columns,
    compared=("score",),
    headline="score",
    rule=_rule,
    cut=_cut,
    cells=(("toy_answered", score_units),),
    cell_columns=(CellColumn("toy_answered", "Answered %"),),
    tables=TABLES,
    examples=(ReportExample("Leaves a question without a line", lambda r: r["verdict"] == SKIPPED),),
    expected=_expected,
)
