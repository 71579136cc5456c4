"""The judge card beside each table: how far the verdicts behind its values can be trusted.

Shown by default, before anyone reviews anything: for each family feeding a table and each judge id
of this run, the judge's agreement with the paper's GPT-4o verdicts on real answers (the committed
card, :mod:`scifigbench.contracts.judge_card`, and the full release when imported), with n, the
share it decided and the date it was measured. Below it, what this run's own review and audit say
(:mod:`scifigbench.report.validity`), or "not validated on this run" while neither exists. A judge
id the card has no measurement for says so: a new rule version is not covered by the old one's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scifigbench.contracts.judge_card import Measurement, read, read_release, sample_order

NOT_VALIDATED = "not validated on this run"
HOW_TO_VALIDATE = (
    "review a seeded sample (scifigbench review verdicts) or audit a share with a second judge (judge.audit)"
)
SAMPLE_NAMES = {"dev": "dev half", "held": "held-out half", "full": "release"}  # full: every answer of a release


def shown_measurements(card: Path | None, release: Path) -> list[Measurement]:
    """What the card shows: the release's numbers where it measured a (judge id, family) on at least
    as many answers as the committed halves together (they then replace the halves: the full release
    holds every answer of the dev sample and more, so the halves would only repeat a smaller n); the
    committed halves for every other pair, and all of them when the release is absent. A release
    measured on fewer answers (a partial copy) stands beside the halves instead of hiding them."""
    committed = read(card) if card else []
    halves: dict[tuple[str, str], int] = {}
    for m in committed:
        halves[(m.judge_id, m.family)] = halves.get((m.judge_id, m.family), 0) + m.n
    full = read_release(release)
    covered = {(m.judge_id, m.family) for m in full if m.n >= halves.get((m.judge_id, m.family), 0)}
    return [*(m for m in committed if (m.judge_id, m.family) not in covered), *full]


@dataclass(frozen=True)
class CardSample:
    """One measurement as the card prints it, with its numbers as data for tests and readers."""

    sample: str
    text: str
    n: int
    decided_share: float
    exact: float | None
    kappa: float | None
    spearman: float | None = None  # a score on a scale: its rank agreement and mean error
    mae: float | None = None
    exact_ci95: tuple[float, float] | None = None  # 95 % intervals, where the card holds them
    spearman_ci95: tuple[float, float] | None = None


@dataclass(frozen=True)
class CardEntry:
    """One judge id on one family: its measured samples (none: not measured on real answers)."""

    judge_id: str
    family: str
    samples: list[CardSample]
    source: str  # "GPT-4o verdicts of the paper's release, on ..., measured 2026-12-04" ("" when unmeasured)


@dataclass(frozen=True)
class FamilyCard:
    """What the card says of one family: the measured agreement and this run's own check."""

    family: str
    entries: list[CardEntry]
    run_check: str  # this run's review / audit figure, or NOT_VALIDATED


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f} %"


def _pct_ci(ci: tuple[float, float] | None) -> str:
    """The interval printed after a share, when the card holds one (else nothing)."""
    return "" if ci is None else f" [{100 * ci[0]:.0f}–{100 * ci[1]:.0f} %]"


def _sample(m: Measurement) -> CardSample:
    if m.spearman is not None or m.mae is not None:  # a score on a scale (description MQM) against people
        rho = "–" if m.spearman is None else f"{m.spearman:.2f}"
        if m.spearman_ci95 is not None:  # resampled by figure: a small study's rho is wide
            rho += f" [{m.spearman_ci95[0]:.2f}–{m.spearman_ci95[1]:.2f} by figure]"
        mae = "–" if m.mae is None else f"{m.mae:.1f}"
        text = f"{SAMPLE_NAMES.get(m.sample, m.sample)}: Spearman ρ {rho}, MAE {mae} points; n = {m.n}"
        return CardSample(
            m.sample, text, m.n, m.decided_share, m.exact, m.kappa, m.spearman, m.mae, spearman_ci95=m.spearman_ci95
        )
    kappa = "–" if m.kappa is None else f"{m.kappa:.2f}"
    text = (
        f"{SAMPLE_NAMES.get(m.sample, m.sample)}: agrees on {_pct(m.exact)}{_pct_ci(m.exact_ci95)} of the decided, "
        f"κ {kappa}; "
        f"decides {_pct(m.decided_share)} of n = {m.n}"
    )
    return CardSample(m.sample, text, m.n, m.decided_share, m.exact, m.kappa, exact_ci95=m.exact_ci95)


def run_judge_ids(header: dict[str, Any]) -> list[str]:
    """The judge ids that decided this run's units (``header.json``: judge.ids, model -> id -> rows)."""
    ids = (header.get("judge") or {}).get("ids") or {}
    return sorted({jid for per_model in ids.values() for jid in per_model})


def family_card(family: str, judge_ids: list[str], measured: list[Measurement], run_check: str) -> FamilyCard:
    """The card of one family for this run's judge ids (every measurement of theirs, in sample order)."""
    entries = []
    for jid in judge_ids:
        found = sorted((m for m in measured if m.judge_id == jid and m.family == family), key=sample_order)
        source = "; ".join(dict.fromkeys(f"vs {m.reference}, on {m.source}, measured {m.measured}" for m in found))
        entries.append(CardEntry(jid, family, [_sample(m) for m in found], source))
    return FamilyCard(family, entries, run_check or NOT_VALIDATED)
