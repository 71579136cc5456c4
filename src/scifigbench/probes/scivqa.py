"""SciVQA's own human-validated question/answer pairs as probes for the imported SciVQA figures.

Answerable pairs become capability-style questions (category guessed from the wording, since
SciVQA types questions by answer set rather than by skill); the "unanswerable" pair of each
figure becomes an unanswerable resistance probe. Multiple-choice answers are resolved to the text
of the chosen options, so a free-form answer can be judged against them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from scifigbench.contracts.figures import safe_id
from scifigbench.probes.probe import Probe

GENERATOR = "scivqa"
GENERATOR_VERSION = "1"
REQUIRED_KEYS = ("instance_id", "image_file", "figure_id", "qa_pair_type", "question", "answer")

_CATEGORY_CUES = (
    ("counting", r"\bhow many\b|\bnumber of (lines|bars|curves|series|points|colou?rs|models|methods)\b"),
    ("computation", r"\bdifference\b|\bsum\b|\btotal\b|\bratio\b|\baverage\b|\bmean\b|\bpercent|\bhow much\b"),
    ("pattern", r"\btrend|\bincreas|\bdecreas|\bconsistent|\bpattern\b|\bpeak|\bconverg|\bfluctuat|\bover time\b"),
    ("comparison", r"\bhigher\b|\blower\b|\blarger\b|\bsmaller\b|\bhighest\b|\blowest\b|\bmost\b|\bleast\b|"
                   r"\bbetter\b|\bworse\b|\bcompared?\b|\bthan\b|\boutperform"),
)


def category_of(question: str) -> str:
    low = question.lower()
    for cat, pattern in _CATEGORY_CUES:
        if re.search(pattern, low):
            return cat
    return "comparison"


def _number(text: str) -> float | None:
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*%?\s*", text.replace(",", ""))
    return float(m.group(1)) if m else None


def _resolve_options(answer: str, options: list[dict[str, Any]]) -> list[str]:
    chosen = [c.strip() for c in re.split(r"[,\s]+", answer) if c.strip()]
    texts = {}
    for opt in options:
        for k, v in opt.items():
            if v is not None:
                texts[k] = v
    return [texts.get(c, c) for c in chosen]


def load_qa(path: Path) -> list[dict[str, Any]]:
    try:
        records = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot read SciVQA questions: {exc}") from None
    if not isinstance(records, list):
        raise ValueError(f"{path}: expected a JSON list of question records")
    for i, r in enumerate(records):
        missing = [k for k in REQUIRED_KEYS if k not in r]
        if missing:
            raise ValueError(f"{path}: record {i} (instance_id={r.get('instance_id')!r}) lacks {missing}")
    return records


def corpus_ids(record: dict[str, Any]) -> list[str]:
    """Ids a record's figure may have in the corpus: the SciVQA importer's, its image stem, SciVQA's own."""
    stem = Path(record["image_file"]).stem
    return [f"scivqa_{safe_id(stem)}", stem, str(record["figure_id"])]


def scivqa_probes(records: list[dict[str, Any]], figure_of: dict[str, str]) -> list[Probe]:
    """Probes for the records whose figure is in the corpus; ``figure_of`` maps a known id -> figure_id."""
    out = []
    for r in records:
        fid = next((figure_of[k] for k in corpus_ids(r) if k in figure_of), None)
        if fid is None:
            continue
        q, a, qtype = r["question"], str(r["answer"]), r["qa_pair_type"]
        suffix = r["instance_id"][:12]
        if qtype == "unanswerable":
            expected = {"expected_behavior": "State that the figure does not contain the information needed.",
                        "principle": "domain convention with refusal cost", "missing_info": "not shown in the figure",
                        "reference_answer": a}
            out.append(Probe(fid, "resistance", "unanswerable", q, expected, "confirmed", GENERATOR,
                             GENERATOR_VERSION, suffix=suffix))
            continue
        options = r.get("answer_options") or []
        if "binary" in qtype:
            answer, atype = a.strip().lower() in ("yes", "true"), "yes_no"
            answer = "yes" if answer else "no"
        elif options:
            resolved = _resolve_options(a, options)
            answer, atype = (resolved[0], "label") if len(resolved) == 1 else (resolved, "list")
        elif (num := _number(a)) is not None:
            answer, atype = num, "number"
        else:
            answer, atype = a, "label"
        tol = round(max(abs(answer) * 0.05, 0.0), 4) if atype == "number" else None
        expected = {"answer": answer, "answer_type": atype, "tolerance": tol,
                    "reasoning": "SciVQA reference answer (human-validated).", "elements": [],
                    "scivqa_type": qtype}
        out.append(Probe(fid, "capability", category_of(q), q, expected, "confirmed", GENERATOR, GENERATOR_VERSION,
                         suffix=suffix))
    return out
