"""``benchmarks/judge_agreement.py --write`` without the human MQM records (they live outside the
repo): the rule families' entries are measured again, the card's description entry is kept as it was
with the date it was measured, and with no entry to keep it stops with a line naming the missing records."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scifigbench import paths
from scifigbench.contracts import judge_card

REPO = Path(__file__).resolve().parents[2]
SAMPLES = ("resistance", "blur_active", "caption_claim", "caption_claim_more")
FAMILY = {"caption_claim_more": "caption_claim"}


pytestmark = pytest.mark.long


def _half(figure_id: str) -> str:
    """The benchmark's documented split: dev when sha256("scifig-dev:" + id)'s first byte is even."""
    return "held" if hashlib.sha256(f"scifig-dev:{figure_id}".encode()).digest()[0] % 2 else "dev"


def _small_sample(shared: Path, out: Path, rows: int = 12) -> dict[tuple[str, str], int]:
    """The first rows of each released sample file; (family, half) -> rows written."""
    out.mkdir()
    counts: dict[tuple[str, str], int] = {}
    for sample in SAMPLES:
        lines = (shared / f"{sample}.jsonl").read_text().splitlines()[:rows]
        (out / f"{sample}.jsonl").write_text("\n".join(lines) + "\n")
        for line in lines:
            key = (FAMILY.get(sample, sample), _half(json.loads(line)["figure_id"]))
            counts[key] = counts.get(key, 0) + 1
    return counts


def _write(data: Path, mqm: Path, card: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(REPO / "benchmarks" / "judge_agreement.py"), "--data", str(data), "--mqm-data",
           str(mqm), "--write", str(card)]  # fmt: skip
    return subprocess.run(cmd, capture_output=True, text=True, cwd=REPO / "benchmarks", check=False)


def test_write_keeps_the_description_entry_when_the_mqm_records_are_absent(tmp_path: Path, shared_data: Path):
    counts = _small_sample(shared_data / "scifig_release_dev", tmp_path / "data")
    committed = {**json.loads((REPO / paths.JUDGE_CARD).read_text()), "measured": "2000-01-02"}
    card = tmp_path / "card.json"
    card.write_text(json.dumps(committed))
    res = _write(tmp_path / "data", tmp_path / "no-mqm", card)
    assert res.returncode == 0, res.stderr
    assert "not found; kept" in res.stdout
    got = json.loads(card.read_text())
    # kept as it was, each cell stamped with the old card's date (the new card's date is today's)
    want_description = {
        jid: {half: {**cell, "measured": "2000-01-02"} for half, cell in f["description"].items()}
        for jid, f in committed["judges"].items()
        if "description" in f
    }
    assert (
        want_description
        and {jid: f["description"] for jid, f in got["judges"].items() if "description" in f} == want_description
    )
    # the rule families were measured again, on the small sample's rows (not the committed n)
    measured = {(fam, half): cell["n"] for f in got["judges"].values() for fam, halves in f.items()
                if fam != "description" for half, cell in halves.items()}  # fmt: skip
    assert measured == counts
    dates = {(m.family == "description", m.measured) for m in judge_card.read(card)}
    assert dates == {(True, "2000-01-02"), (False, got["measured"])} and got["measured"] != "2000-01-02"


def test_write_without_records_or_an_entry_to_keep_stops_naming_the_records(tmp_path: Path, shared_data: Path):
    _small_sample(shared_data / "scifig_release_dev", tmp_path / "data", rows=2)
    card = tmp_path / "card.json"
    res = _write(tmp_path / "data", tmp_path / "no-mqm", card)
    assert res.returncode != 0 and "no-mqm/mqm_dev.jsonl: not found" in res.stderr
    assert not card.exists()
