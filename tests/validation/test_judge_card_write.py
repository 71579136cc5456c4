"""``benchmarks/judge_agreement.py --write`` keeps the card's description entry when the human MQM
study's records (outside the repository) are not at hand, rather than stopping or dropping it."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

from scifigbench import paths

REPO = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("judge_agreement_bench", REPO / "benchmarks" / "judge_agreement.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_description_entry_is_kept_as_the_committed_card_has_it(tmp_path: Path) -> None:
    card = tmp_path / "judge_card.json"
    shutil.copy(REPO / paths.JUDGE_CARD, card)
    committed = json.loads(card.read_text())["judges"]
    want = {jid: fam["description"] for jid, fam in committed.items() if "description" in fam}
    assert want, "the committed card has a description entry"
    assert _bench().kept_entries(card, "description") == want


def test_no_card_yet_keeps_nothing(tmp_path: Path) -> None:
    assert _bench().kept_entries(tmp_path / "absent.json", "description") == {}
