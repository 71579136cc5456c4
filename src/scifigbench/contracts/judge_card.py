"""The judge card: how often a judge agrees with the paper's GPT-4o verdicts on real answers.

What a reader of a report needs before anyone reviews a verdict of their own run: each judge id's
agreement with the reference judge, per family, measured on real model answers. Two files have
this one shape and the report reads both:

- ``benchmarks/judge_card.json`` (:data:`scifigbench.paths.JUDGE_CARD`, committed): the release
  sample (``shared/data/scifig_release_dev``) split by figure into a ``dev`` half the rules were
  developed on and a ``held`` half that was only measured. One command writes it:
  ``python benchmarks/judge_agreement.py --write``.
- ``metrics/judge_agreement.json`` (optional): the same measurement on the full imported release,
  sample ``full``, written by ``scifigbench release-agreement`` (the ``release_agreement`` stage of a
  run with ``corpus.source: release``) from its per-model file ``metrics/release_agreement.json``.

Shape (every key required unless said otherwise)::

    {
      "reference": "GPT-4o verdicts of the paper's release",   # what the judge is compared with
      "source": "scifig_release_dev",                          # the answers compared on
      "measured": "2026-12-04",                                # date of the measurement (ISO)
      "command": "python benchmarks/judge_agreement.py --write",
      "judges": {
        "<judge id>": {                                        # e.g. "rule:19" (judgments' judge_id)
          "<family>": {                                        # a judge family (concepts.families)
            "<sample>": {                                      # "dev", "held" or "full"
              "field": "score",      # the verdict field compared (the family's first)
              "n": 216,              # units compared
              "decided": 191,        # of them, decided by the judge (not "undecided")
              "decided_share": 0.884,
              "exact": 0.995,        # exact agreement over the decided units (null when none)
              "kappa": 0.99          # Cohen's kappa over the decided units (null when undefined)
              # optional, for a family scored on a scale (description MQM) and measured against
              # people rather than the card's reference:
              "against": "...",      # what this cell compares with (else the card's "reference")
              "spearman": 0.64,      # instance Spearman rho of the judge's score with it
              "mae": 12.7            # mean absolute difference, in score points
            }
          }
        }
      }
    }

Bad content is an error naming the file and the key, never a silently empty card.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FULL_SCALE_FILE = "judge_agreement.json"  # inside the metrics folder, when the release is imported
SAMPLES = ("dev", "held", "full")  # the order a card lists its samples in
CELL_KEYS = ("field", "n", "decided", "decided_share", "exact", "kappa")
SCALE_KEYS = ("spearman", "mae")  # optional: agreement of a score on a scale
HEAD_KEYS = ("reference", "source", "measured", "command", "judges")


class JudgeCardError(ValueError):
    """A judge card file whose content does not have the documented shape."""


@dataclass(frozen=True)
class Measurement:
    """One judge's agreement on one family and one sample, with where and when it was measured."""

    judge_id: str
    family: str
    sample: str
    field: str
    n: int
    decided: int
    decided_share: float
    exact: float | None
    kappa: float | None
    reference: str
    source: str
    measured: str
    spearman: float | None = None
    mae: float | None = None


def _check_cell(path: str, cell: Any) -> None:
    if not isinstance(cell, dict) or set(CELL_KEYS) - set(cell):
        raise JudgeCardError(f"{path}: expected an object with {', '.join(CELL_KEYS)}, got {cell!r}")
    if not isinstance(cell["n"], int) or not isinstance(cell["decided"], int) or not 0 <= cell["decided"] <= cell["n"]:
        raise JudgeCardError(f"{path}: n and decided must be counts with decided <= n, got {cell!r}")
    for key in SCALE_KEYS:
        if cell.get(key) is not None and not isinstance(cell[key], int | float):
            raise JudgeCardError(f"{path}: {key} must be a number or null, got {cell[key]!r}")
    if "against" in cell and not isinstance(cell["against"], str):
        raise JudgeCardError(f"{path}: against must be a text, got {cell['against']!r}")


def _number(cell: dict, key: str) -> float | None:
    return None if cell.get(key) is None else float(cell[key])


def parse(content: Any, where: str) -> list[Measurement]:
    """Every measurement of one card's content; ``where`` names the file in errors."""
    if not isinstance(content, dict) or set(HEAD_KEYS) - set(content):
        raise JudgeCardError(f"{where}: expected an object with {', '.join(HEAD_KEYS)}")
    out = []
    judges = content["judges"]
    if not isinstance(judges, dict):
        raise JudgeCardError(f"{where}: judges: expected an object of judge ids")
    for jid, families in judges.items():
        if not isinstance(families, dict):
            raise JudgeCardError(f"{where}: judges.{jid}: expected an object of families")
        for family, samples in families.items():
            if not isinstance(samples, dict):
                raise JudgeCardError(f"{where}: judges.{jid}.{family}: expected an object of samples")
            for sample, cell in samples.items():
                _check_cell(f"{where}: judges.{jid}.{family}.{sample}", cell)
                out.append(
                    Measurement(
                        str(jid),
                        str(family),
                        str(sample),
                        str(cell["field"]),
                        cell["n"],
                        cell["decided"],
                        float(cell["decided_share"]),
                        _number(cell, "exact"),
                        _number(cell, "kappa"),
                        str(cell.get("against") or content["reference"]),
                        str(content["source"]),
                        str(content["measured"]),
                        _number(cell, "spearman"),
                        _number(cell, "mae"),
                    )
                )
    return out


def read(path: Path) -> list[Measurement]:
    """The measurements of a card file; [] when the file does not exist (a run without a card)."""
    if not path.is_file():
        return []
    try:
        content = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise JudgeCardError(f"{path}: not valid JSON: {exc}") from None
    return parse(content, str(path))


def sample_order(m: Measurement) -> tuple[int, str]:
    return (SAMPLES.index(m.sample) if m.sample in SAMPLES else len(SAMPLES), m.sample)
