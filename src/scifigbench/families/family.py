"""What a unit family *does*, as one record per family package (its ``judge.py`` holds it).

The declarative facts of a family (its task, verdict fields and words, booleans, reply field,
judge prompt) are :class:`~scifigbench.concepts.families.UnitFamily`; a :class:`Family`
adds the behaviour around them: its rule, how it cuts its units from a reply, how the LLM judge
is asked about a unit and how its reply is read, which judgments columns a verdict fills, which
fields a ``judge-file`` record must carry, the metric cells and tables it feeds and what the
explorer shows a unit was checked against. :mod:`scifigbench.families.registry` lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from scifigbench.concepts.families import UnitFamily
from scifigbench.families.paper_tables import PaperTable
from scifigbench.families.release_columns import ReleaseColumn
from scifigbench.families.reply_units import Cut, Unit
from scifigbench.families.report_layout import CellColumn, ReportExample
from scifigbench.families.unit_scores import MetricCell
from scifigbench.prompts import Prompt

#: What the LLM judge is sent for one unit: prompt text, reply schema, and the reader that turns a
#: valid reply into the family's verdict fields (it knows what the prompt showed, e.g. A/B order).
Asked = tuple[str, dict, Callable[[dict], dict]]
FieldTypes = Mapping[str, type | tuple[type, ...]]


@dataclass(frozen=True)
class Checked:
    """What one unit was checked against, as the explorer and the verdict review gather it: the
    judgment's details, its probe's expected record and text, the blur target its setup or probe
    names, its category and its figure's reference description (each empty when there is none)."""

    details: dict
    expected: dict
    category: str | None = None
    target: dict = field(default_factory=dict)
    probe_text: str | None = None
    reference: str | None = None


def _nothing_expected(checked: Checked) -> list[str]:
    return []


@dataclass(frozen=True)
class FileRecord:
    """The fields a ``judge-file`` record of a family carries, checked before anything is judged.

    ``check`` returns why a record with the right field types still cannot be judged, or None.
    """

    required: FieldTypes
    optional: FieldTypes
    check: Callable[[dict], str | None] = lambda fields: None


def _as_is(fields: dict) -> dict:
    return fields


@dataclass(frozen=True)
class Family:
    """One unit family's behaviour (judging, metrics, explorer), next to its facts."""

    facts: UnitFamily
    render: Callable[[Prompt, dict, int], Asked]  # (prompt, unit fields, A/B seed) -> what the LLM is asked
    columns: Callable[[dict], dict]  # verdict fields -> the family's judgments columns
    compared: tuple[str, ...]  # judgments columns two judges are compared on
    headline: str  # column whose per-model mean ranks the models
    rule: Callable[[dict], dict]  # the rule judge: a unit's fields -> its verdict fields and evidence
    cut: Callable[[Cut], list[Unit]]  # its units in one reply to a setup of its task
    llm_fields: Callable[[dict], dict] = _as_is  # a unit's fields -> the fields its prompt renders
    llm_verdict: Callable[[dict], dict] = _as_is  # the reader's verdict -> the unit's verdict fields
    file: FileRecord | None = field(default=None)  # judge-file records of it (None: not judged from files)
    cells: tuple[MetricCell, ...] = ()  # the headline metrics its verdicts feed
    tables: tuple[PaperTable, ...] = ()  # its tables in the metrics files (the paper's Tables 3, 4, 13, ...)
    cell_columns: tuple[CellColumn, ...] = ()  # how the report shows its cells (breakdown, headline)
    examples: tuple[ReportExample, ...] = ()  # the behaviours the report shows an answer of, per model
    release_columns: tuple[ReleaseColumn, ...] = ()  # its columns of Table 4 beside the published models
    expected: Callable[[Checked], list[str]] = _nothing_expected  # what a unit was checked against, as lines

    @property
    def name(self) -> str:
        return self.facts.name

    @property
    def score_only(self) -> bool:
        """Judged by a continuous score alone (MQM), with neither verdict words nor booleans."""
        return not self.facts.verdicts and not self.facts.booleans

    @property
    def may_abstain(self) -> bool:
        """Whether the rule judge may leave a unit of this family undecided. A score-only unit
        (a description) always gets its number: an undecided finding of its checklist changes
        what the score counts, not whether there is one."""
        return not self.score_only


def tolerance_note(fields: dict) -> str:
    """What the judge is told about the answers counted as the expected one, if anything."""
    accept = fields.get("accept")
    if accept:
        return f"Any value from {accept[0]} to {accept[1]} counts as the expected answer."
    notes = (fields.get("reviewer_notes") or "").strip()
    return f"Reviewer's note on tolerance: {notes}" if notes else ""


def booleans_of(names: tuple[str, ...]) -> Callable[[dict], dict]:
    """Columns of a family judged by booleans alone: each of ``names`` the verdict holds."""

    def columns(verdict: dict) -> dict:
        return {name: bool(verdict[name]) for name in names if name in verdict}

    return columns


def one_of(fields: dict, name: str, allowed: tuple[str, ...]) -> str | None:
    """Why field ``name`` is not one of ``allowed``, or None when it is."""
    if fields[name] in allowed:
        return None
    return f"field {name!r} must be one of {sorted(allowed)}, got {fields[name]!r}"


def with_reason(verdict: dict, undecided: str | None) -> dict:
    """A verdict record with its ``undecided`` reason, which a decided verdict never carries."""
    return {**verdict, "undecided": undecided} if undecided else verdict
