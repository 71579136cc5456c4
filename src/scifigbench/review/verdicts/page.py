"""The verdict review page: a seeded sample of judged units, each shown with what checking it needs.

Per unit: the image the model saw, the request as sent (system text, user text, caption), the
judged answer, the question or claim, and every other field the judge recorded (expected values,
evidence, findings), read with the explorer's own helpers (:mod:`scifigbench.report.units`). The
page is one HTML file with the images inlined, so it opens from ``file://`` and can be mailed; it
keeps decisions in the browser's storage and downloads them as a CSV in the layout of
``review/verdicts.csv``, which ``scifigbench review verdicts import`` records.
"""

from __future__ import annotations

import base64
import json
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench.concepts.verdict_labels import label_choices
from scifigbench.decisions import verdicts as verdict_review
from scifigbench.report.expected import checklist_lines, finding_lines
from scifigbench.report.page import environment
from scifigbench.report.thumbs import thumbnails
from scifigbench.report.units import Context, details, evidence_text, expected_lines, plain, verdict_label

IMAGE_WIDTH = 640  # pixels: tick labels stay readable
# shown in their own place: the asked part, the answer, the evidence (in words when the judge gives them)
# and a claim's reality (under "Expected", as the explorer shows it)
SHOWN_ELSEWHERE = ("answer", "question", "claim", "evidence", "explained", "reasoning", "reason", "reality")
# a description's findings and checklist, stored as lists of records: shown as the explorer lists them
AS_LINES = ("findings", "merged", "undecided", "items")


def recorded(d: dict[str, Any]) -> dict[str, str]:
    """Every field the judge recorded that the page shows nowhere else, as text a reviewer reads:
    a description's findings one per line with their penalty, evidence line or what was omitted."""
    out = {
        k: v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
        for k, v in d.items()
        if k not in SHOWN_ELSEWHERE and not (k in AS_LINES and isinstance(v, list))
    }
    if findings := [f.text for f in finding_lines(d)]:
        out["findings"] = "\n".join(findings)
    if checklist := checklist_lines(d):
        out["checklist"] = "\n".join(checklist)
    return out


def judged_units(j: pd.DataFrame) -> list[verdict_review.Judged]:
    """Every judgments row as a unit the sample may draw (the draw skips undecided and failed ones)."""
    recs = j.astype(object).where(j.notna(), None).to_dict("records")
    return [verdict_review.Judged(r["model"], r["unit_id"], r["family"], verdict_label(r)) for r in recs]


def _inline(paths_: list[Path]) -> dict[Path, str | None]:
    """image -> a data URI of its shrunk WebP (None when unreadable), made by the report's thumbnailer."""
    with tempfile.TemporaryDirectory() as tmp:
        hrefs = thumbnails(paths_, Path(tmp), IMAGE_WIDTH)
        return {
            p: None
            if thumb is None
            else "data:image/webp;base64," + base64.b64encode((Path(tmp) / thumb).read_bytes()).decode()
            for p, (thumb, _) in hrefs.items()
        }


def page_units(
    sample: list[verdict_review.Judged],
    j: pd.DataFrame,
    setups: pd.DataFrame,
    decided: dict[str, dict[str, str]],
    ctx: Context | None = None,
) -> list[dict[str, Any]]:
    """What the page shows of each sampled unit, with the decision already recorded on it, if any;
    ``ctx`` gives what each unit was checked against, read as the explorer reads it."""
    ctx = ctx or Context()
    rows = {verdict_review.unit_key(r["model"], r["unit_id"]): r for r in j.to_dict("records")}
    by_setup = {r["setup_id"]: r for r in setups.to_dict("records")}
    images = _inline(sorted({Path(by_setup[rows[u.key]["setup_id"]]["image_path"]) for u in sample}))
    out = []
    for u in sample:
        rec = {k: plain(v) for k, v in rows[u.key].items()}
        setup = {k: plain(v) for k, v in by_setup[rec["setup_id"]].items()}
        d = details(rec.get("details_json"))
        out.append(
            {
                "key": u.key,
                "row": verdict_review.decision_row(u, ""),
                "model": u.model,
                "family": u.family,
                "condition": rec["condition"],
                "judge_id": rec["judge_id"],
                "label": u.label,
                "choices": list(label_choices(u.family)),
                "image": images[Path(setup["image_path"])],
                "system": setup.get("system_text"),
                "user": setup.get("user_text"),
                "caption": setup.get("caption"),
                "asked": d.get("question") or d.get("claim"),
                "answer": d.get("answer"),
                "evidence": evidence_text(d),
                "expected": expected_lines(rec, d, ctx),
                "recorded": recorded(d),
                "decision": decided.get(u.key),
            }
        )
    return out


def render(units: list[dict[str, Any]], title: str = "scifigbench: review verdicts") -> str:
    """The page (data inlined as JSON; the template's script drives the keyboard and the CSV)."""
    template = resources.files(__package__).joinpath("page.html.j2").read_text(encoding="utf-8")
    return (
        environment()
        .from_string(template)
        .render(
            title=title,
            data=json.dumps({"columns": list(verdict_review.COLUMNS), "units": units}, ensure_ascii=False).replace(
                "</", "<\\/"
            ),
        )
    )
