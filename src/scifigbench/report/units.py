"""The explorer's data: every judged unit of every model, with what it takes to check its verdict.

Per unit: the request as sent and the image (through its setup, stored once per setup), the judged
answer, the verdict, the judge id and evidence, what was expected (:mod:`scifigbench.report.expected`),
a description's findings and checklist, and whether the report's values count it (:func:`status`).

Written as a JavaScript file (``explorer/units.js``) rather than JSON fetched at run time, because
browsers refuse ``fetch`` on ``file://`` pages and the explorer must open from the file system.
Repeated strings (questions asked of every model, descriptions shared by a description's MQM,
caption-claim and passive-blur units) are stored once in ``texts`` and referenced by index, and the
JSON is gzip-compressed and base64-encoded (the page inflates it with the browser's own
``DecompressionStream``): the default run's four models are ~1.3 MB compressed, which keeps the
report folder under 10 MB.
"""

from __future__ import annotations

import base64
import gzip
import json
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from scifigbench.concepts.blur_rates import BLUR_RATES
from scifigbench.concepts.families import BOOLEAN_VERDICTS, unit_family
from scifigbench.concepts.verdict_labels import verdict_label  # defined once: the review and audit compare it too
from scifigbench.contracts.figures import style_group
from scifigbench.families.family import Checked
from scifigbench.families.registry import registered
from scifigbench.llm.request import user_prompt
from scifigbench.report import expected as ex
from scifigbench.report.expected import loads as details

# the columns of one unit record, in order (the explorer's JavaScript reads them by these names);
# question .. judge are indexes into ``texts``, setup into ``setups``, expected/checklist lists of
# text indexes, findings a list of [text index, span start, span end] (null span: a checklist item),
# penalty how the findings make a description's score, flags a blur verdict's yes/no answers,
# response the model's whole reply to the setup when the judged answer is only a part of it
COLUMNS = (
    "unit_id",
    "model",
    "family",
    "category",
    "condition",
    "chart_type",
    "style",
    "figure_id",
    "verdict",
    "status",
    "score",
    "judge",
    "setup",
    "question",
    "answer",
    "evidence",
    "expected",
    "findings",
    "penalty",
    "checklist",
    "flags",
    "response",
)
# the columns of one setup record: what the model was sent (system text, user text as sent with the
# caption, the caption alone) and the image it saw (index into ``images``)
SETUP_COLUMNS = ("system", "request", "caption", "image")
COUNTED = "counted"  # the status of a unit that a table value counts in its n


def plain(v: Any) -> Any:
    """A pandas cell as a plain Python value (NA/NaN -> None)."""
    if v is pd.NA or v is None or (isinstance(v, float) and v != v):
        return None
    return v


def judge_evidence(d: dict[str, Any]) -> str | None:
    """The judge's stated reason: rule evidence in a reader's words where the rule gives them (else in its
    own terms), or LLM/release reasoning."""
    return d.get("explained") or d.get("evidence") or d.get("reasoning") or d.get("reason")


def evidence_text(d: dict[str, Any]) -> str | None:
    """The judge's reason plus the true fact behind a claim (for a card that shows nothing else of it;
    a reader's-words explanation already says it)."""
    ev = judge_evidence(d)
    if d.get("reality") and not d.get("explained"):
        ev = f"{ev} (in the figure: {d['reality']})" if ev else f"in the figure: {d['reality']}"
    return ev


def flags(rec: dict[str, Any]) -> str | None:
    """A blur verdict spelled out ("admits: no · fabricates: yes · correct: no"); None for other families."""
    if "admits" not in unit_family(rec["family"]).booleans:
        return None
    said = [f"{k}: {'yes' if rec[k] else 'no'}" for k in BOOLEAN_VERDICTS if rec.get(k) is not None]
    return " · ".join(said) or None


def status(rec: dict[str, Any]) -> str:
    """Whether a table value counts this unit in its n, and if not, why.

    The metrics leave out of n a unit the judge failed on or left undecided, a caption claim the
    description never addressed, and, for inductance (correct among fabricated answers), a blur
    answer that fabricated nothing (each blur mode's record says what its rate counts:
    :mod:`scifigbench.concepts.blur_rates`); every other judged unit with a verdict is ``counted``. A value
    link asks the explorer for ``status=counted``, so it opens exactly the n units of the value.
    """
    if rec.get("error"):
        return "judge error"
    if rec.get("verdict") == "undecided":
        return "undecided"
    fam = unit_family(rec["family"])
    if "admits" in fam.booleans:  # blur: its mode's rate says which answers it counts
        rate = BLUR_RATES.get(str(rec.get("category")))
        if rate is None:  # no blur mode: the metrics count it in neither rate
            return "no blur mode"
        if any(rec.get(k) is None for k in rate.needed):
            return "no verdict"
        return rate.left_out if rate.among is not None and not rec[rate.among] else COUNTED
    if rec.get("score") is None:
        return fam.unscored
    return COUNTED


@dataclass(frozen=True)
class Context:
    """The tables a unit's request and expectation come from, keyed by the ids judgment rows carry.

    ``setups``: setup id -> setups row; ``probes``: probe id -> probes row; ``targets``: blur
    target id -> blur_targets row; ``references``: figure id -> MQM reference description;
    ``images``: setup id -> (thumbnail href or None, full-size href); ``responses``: (model, setup
    id) -> the model's whole reply. Any may be empty: the unit is then shown without that part.
    """

    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    probes: dict[str, dict[str, Any]] = field(default_factory=dict)
    targets: dict[str, dict[str, Any]] = field(default_factory=dict)
    references: dict[str, str] = field(default_factory=dict)
    images: dict[str, tuple[str | None, str]] = field(default_factory=dict)
    responses: dict[tuple[str, str], str] = field(default_factory=dict)  # (model, setup id) -> reply text
    styles: dict[str, str] = field(default_factory=dict)  # figure id -> corpus style (the breakdown's links)


def whole_response(rec: dict[str, Any], answer: str | None, ctx: Context) -> str | None:
    """The model's whole reply to this unit's setup, when the judge read only a part of it (a
    question of several, a claim's sentences): shown beside the judged part. None when it is the same."""
    full = ctx.responses.get((rec["model"], rec["setup_id"]))
    return None if not full or (answer or "").strip() == full.strip() else full


def expected_lines(rec: dict[str, Any], d: dict[str, Any], ctx: Context) -> list[str]:
    """What this unit's verdict was checked against, in its family's words (its ``expected`` view)."""
    probe = ctx.probes.get(rec.get("probe_id") or "", {})
    exp = details(probe.get("expected_json"))
    setup = ctx.setups.get(rec.get("setup_id") or "", {})
    checked = Checked(
        details=d,
        expected=exp,
        category=rec.get("category"),
        target=ctx.targets.get(setup.get("blur_target_id") or exp.get("target_id") or "", {}),
        probe_text=probe.get("text"),
        reference=ctx.references.get(rec["figure_id"]),
    )
    return registered(rec["family"]).expected(checked)


@dataclass
class _Texts:
    """String table: each distinct text stored once."""

    items: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)

    def ref(self, text: str | None) -> int | None:
        if not text:
            return None
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]

    def refs(self, lines: list[str]) -> list[int] | None:
        return [i for i in (self.ref(t) for t in lines) if i is not None] or None


@dataclass
class _Setups:
    """Setup table: each setup a unit came from stored once (request, caption, image)."""

    texts: _Texts
    ctx: Context
    rows: list[list[Any]] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    images: list[list[str | None]] = field(default_factory=list)
    image_index: dict[tuple[str | None, str], int] = field(default_factory=dict)

    def ref(self, setup_id: str) -> int:
        if setup_id not in self.index:
            row = {k: plain(v) for k, v in self.ctx.setups.get(setup_id, {}).items()}
            img = self.ctx.images.get(setup_id)
            if img is not None and img not in self.image_index:
                self.image_index[img] = len(self.images)
                self.images.append(list(img))
            request = user_prompt(str(row["user_text"]), row.get("caption")) if row.get("user_text") else None
            self.index[setup_id] = len(self.rows)
            self.rows.append(
                [
                    self.texts.ref(row.get("system_text")),
                    self.texts.ref(request),
                    self.texts.ref(row.get("caption")),
                    None if img is None else self.image_index[img],
                ]
            )
        return self.index[setup_id]


def family_traits(names: list[str]) -> dict[str, dict[str, bool]]:
    """What the explorer needs of each unit family: ``in_caption``, its probe is a false claim
    planted in the caption (the unit's question is that claim; its verdict names the side taken)."""
    return {n: {"in_caption": unit_family(n).in_caption} for n in names}


def explorer_data(j: pd.DataFrame, ctx: Context) -> dict[str, Any]:
    """``{"columns", "setup_columns", "texts", "setups", "images", "families", "units"}`` for the explorer.

    A unit whose setup the context lacks is listed with an empty request and no image. ``families``
    gives the explorer the traits of each listed unit family (from its record), so the page shows
    a unit by what its family is and never by the family's name.
    """
    texts = _Texts()
    setups = _Setups(texts, ctx)
    units = []
    for rec in (j.sort_values(["model", "unit_id"]) if len(j) else j).to_dict("records"):
        rec = {k: plain(v) for k, v in rec.items()}
        d = details(rec.get("details_json"))
        score = rec.get("score")
        findings = [[texts.ref(f.text), f.start, f.end] for f in ex.finding_lines(d)]
        units.append(
            [
                rec["unit_id"],
                rec["model"],
                rec["family"],
                rec.get("category"),
                rec["condition"],
                rec["chart_type"],
                style_group(ctx.styles.get(rec["figure_id"])),
                rec["figure_id"],
                verdict_label(rec),
                status(rec),
                None if score is None else round(float(score), 2),
                texts.ref(rec.get("judge_id")),
                setups.ref(rec["setup_id"]),
                texts.ref(d.get("question") or d.get("claim")),
                texts.ref(d.get("answer")),
                texts.ref(rec.get("error") or judge_evidence(d)),
                texts.refs(expected_lines(rec, d, ctx)),
                findings or None,
                texts.ref(ex.penalty_summary(d, score)),
                texts.refs(ex.checklist_lines(d)),
                texts.ref(flags(rec)),
                texts.ref(whole_response(rec, d.get("answer"), ctx)),
            ]
        )
    return {
        "columns": list(COLUMNS),
        "setup_columns": list(SETUP_COLUMNS),
        "texts": texts.items,
        "setups": setups.rows,
        "images": setups.images,
        "families": family_traits(sorted(set(j["family"])) if len(j) else []),
        "units": units,
    }


def units_js(data: dict[str, Any]) -> str:
    """The data as a script setting ``window.SCIFIG_UNITS_GZ``: base64 of the gzip-compressed JSON."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")
    return f'window.SCIFIG_UNITS_GZ = "{packed}";\n'


def read_units_js(text: str) -> dict[str, Any]:
    """The inverse of :func:`units_js` (for checks and scripts that read a written explorer)."""
    packed = text.split('"', 2)[1]
    return json.loads(gzip.decompress(base64.b64decode(packed)))
