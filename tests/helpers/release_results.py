"""A release results layout (results/generation and results/evaluation) whose rule verdicts are
plain and whose GPT-4o verdicts disagree on a known set, so agreement is known without the judge."""

from __future__ import annotations

import json
from pathlib import Path

ADMIT = "The label at that position is blurred and unreadable, so I cannot tell which method it is."
LABEL = "It is the method called zeta."


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def write_results(root: Path) -> tuple[dict[str, list[bool]], dict[str, list[bool]]]:
    """Two models x 10 admittance answers; (rule-plain admits, gold admits) per model."""
    ours, gold = {}, {}
    for m, model in enumerate(("model-a", "model-b")):
        ours[model], gold[model] = [], []
        for k in range(1, 11):
            fid = f"fig_{k:03d}"
            admits = (k + m) % 2 == 0
            flipped = k in (3, 7) and m == 0  # GPT-4o read these two the other way
            common = {
                "figure_id": fid,
                "model_name": model,
                "probe_type": "admittance",
                "question": "Which method is shown at position 2?",
                "blurred_element": "alpha",
            }
            _write(
                root / "results/generation/active_probes" / model / "admittance" / f"{fid}.json",
                common | {"expected_answer": "alpha", "reviewer_notes": "", "model_answer": ADMIT if admits else LABEL},
            )
            _write(
                root / "results/evaluation/active_probes" / model / "admittance" / f"{fid}.json",
                common
                | {
                    "judge_model": "gpt-4o",
                    "admits": admits != flipped,
                    "fabricates": not admits,
                    "correct": False,
                    "model_answer": "...",
                },
            )
            ours[model].append(admits)
            gold[model].append(admits != flipped)
    return ours, gold
