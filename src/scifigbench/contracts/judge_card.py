"""The judge card: how often a judge agrees with the paper's GPT-4o verdicts on real answers.

What a reader of a report needs before anyone reviews a verdict of their own run: each judge id's
agreement with the reference judge, per family, measured on real model answers. Two files have
this one shape and the report reads both:

- ``benchmarks/judge_card.json`` (:data:`scifigbench.paths.JUDGE_CARD`, committed): the release
  sample (``shared/data/scifig_release_dev``) split by figure into a ``dev`` half the rules were
  developed on and a ``held`` half that was only measured. One command writes it:
  ``python benchmarks/judge_agreement.py --write``.
- ``metrics/release_agreement.json`` (optional, :data:`FULL_SCALE_FILE`): the rule judge on every
  answer of the full imported release, written by ``scifigbench release-agreement`` in its own shape
  (:mod:`scifigbench.validation.release_agreement`) and read here as sample ``full``, naming the
  release folder it measured. Which of the two a report shows for each (judge id, family) is the
  report's choice (:func:`scifigbench.report.judge_card.shown_measurements`); this module only reads
  and checks both shapes.

Shape of the committed card (every key required unless said otherwise)::

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
              "kappa": 0.99,         # Cohen's kappa over the decided units (null when undefined)
              # optional: 95 % intervals, so a reader sees how far n lets the number be trusted
              "exact_ci95": [0.96, 1.0],  # Wilson interval of exact (agreeing / decided); it takes
                                          # answers as independent, which answers to one figure are
                                          # not quite: read it as the narrowest honest interval
              # optional, for a family scored on a scale (description MQM) and measured against
              # people rather than the card's reference:
              "against": "...",      # what this cell compares with (else the card's "reference")
              "spearman": 0.64,      # instance Spearman rho of the judge's score with it
              "mae": 12.7,           # mean absolute difference, in score points
              "spearman_ci95": [0.3, 0.8],  # percentile interval of spearman, resampling whole
                                            # figures (pairs of one figure are not independent)
              # optional: the date this cell was measured, when it is older than the card's own
              # (an entry the writer kept because its inputs were absent, e.g. the human MQM study)
              "measured": "2026-11-30"
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

FULL_SCALE_FILE = "release_agreement.json"  # inside the metrics folder, once `scifigbench release-agreement` ran
FULL_REFERENCE = "GPT-4o verdicts of the paper's release"  # what release_agreement.json compares with
FULL_SOURCE = "the published models' answers in {release} (metrics/" + FULL_SCALE_FILE + ")"
FULL_MEASURED = "by scifigbench release-agreement"  # the file carries no date: it stays byte-reproducible
RELEASE_CELL_KEYS = ("n", "decided", "decided_share", "exact_agreement", "kappa")
SAMPLES = ("dev", "held", "full")  # the order a card lists its samples in
CELL_KEYS = ("field", "n", "decided", "decided_share", "exact", "kappa")
SCALE_KEYS = ("spearman", "mae")  # optional: agreement of a score on a scale
CI_KEYS = ("exact_ci95", "spearman_ci95")  # optional: the 95 % interval of exact and of spearman
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
    exact_ci95: tuple[float, float] | None = None
    spearman_ci95: tuple[float, float] | None = None


def _check_cell(path: str, cell: Any) -> None:
    if not isinstance(cell, dict) or set(CELL_KEYS) - set(cell):
        raise JudgeCardError(f"{path}: expected an object with {', '.join(CELL_KEYS)}, got {cell!r}")
    if not isinstance(cell["n"], int) or not isinstance(cell["decided"], int) or not 0 <= cell["decided"] <= cell["n"]:
        raise JudgeCardError(f"{path}: n and decided must be counts with decided <= n, got {cell!r}")
    for key in SCALE_KEYS:
        if cell.get(key) is not None and not isinstance(cell[key], int | float):
            raise JudgeCardError(f"{path}: {key} must be a number or null, got {cell[key]!r}")
    for key in ("against", "measured"):
        if key in cell and not isinstance(cell[key], str):
            raise JudgeCardError(f"{path}: {key} must be a text, got {cell[key]!r}")
    for key in CI_KEYS:
        got = cell.get(key)
        if got is not None and not (
            isinstance(got, list)
            and len(got) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in got)
            and got[0] <= got[1]
        ):
            raise JudgeCardError(f"{path}: {key} must be [low, high] with low <= high, or null, got {got!r}")


def _interval(cell: dict, key: str) -> tuple[float, float] | None:
    got = cell.get(key)
    return None if got is None else (float(got[0]), float(got[1]))


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
                        str(cell.get("measured") or content["measured"]),
                        _number(cell, "spearman"),
                        _number(cell, "mae"),
                        _interval(cell, "exact_ci95"),
                        _interval(cell, "spearman_ci95"),
                    )
                )
    return out


def read(path: Path) -> list[Measurement]:
    """The measurements of a card file; [] when the file does not exist (a run without a card)."""
    return parse(_content(path), str(path)) if path.is_file() else []


def _release_cell(where: str, cell: Any) -> dict[str, Any]:
    """One release-agreement cell in the card's cell shape (exact_agreement -> exact)."""
    if not isinstance(cell, dict) or set(RELEASE_CELL_KEYS) - set(cell):
        raise JudgeCardError(f"{where}: expected an object with {', '.join(RELEASE_CELL_KEYS)}, got {cell!r}")
    return {"n": cell["n"], "decided": cell["decided"], "decided_share": cell["decided_share"],
            "exact": cell["exact_agreement"], "kappa": cell["kappa"],
            "exact_ci95": cell.get("exact_ci95")}  # fmt: skip


def parse_release(content: Any, where: str) -> list[Measurement]:
    """The full-release measurements of a ``release_agreement.json`` content: per family its overall
    cell on the compared field, as sample ``full``; ``where`` names the file in errors."""
    if not isinstance(content, dict) or not isinstance(content.get("judge_id"), str):
        raise JudgeCardError(f"{where}: judge_id: expected the judge id the release was judged with")
    families = content.get("families")
    if not isinstance(families, dict):
        raise JudgeCardError(f"{where}: families: expected an object of families")
    out = []
    for family, got in families.items():
        if not isinstance(got, dict) or not isinstance(got.get("compared"), str):
            raise JudgeCardError(f"{where}: families.{family}.compared: expected the verdict field compared")
        path = f"{where}: families.{family}.overall"
        cell = {"field": got["compared"], **_release_cell(path, got.get("overall"))}
        _check_cell(path, cell)
        out.append(
            Measurement(
                content["judge_id"],
                str(family),
                "full",
                cell["field"],
                cell["n"],
                cell["decided"],
                float(cell["decided_share"]),
                _number(cell, "exact"),
                _number(cell, "kappa"),
                FULL_REFERENCE,
                FULL_SOURCE.format(release=content.get("release") or "the imported release"),
                FULL_MEASURED,
                exact_ci95=_interval(cell, "exact_ci95"),
            )
        )
    return out


def _content(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise JudgeCardError(f"{path}: not valid JSON: {exc}") from None


def read_release(path: Path) -> list[Measurement]:
    """The full-release measurements of ``path`` (metrics/release_agreement.json); [] when absent."""
    return parse_release(_content(path), str(path)) if path.is_file() else []


def sample_order(m: Measurement) -> tuple[int, str]:
    return (SAMPLES.index(m.sample) if m.sample in SAMPLES else len(SAMPLES), m.sample)
