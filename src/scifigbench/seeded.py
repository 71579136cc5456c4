"""Seeded, hash-based picks of items by id: stable across reruns, machines and added items.

Why hashes and not a random generator: a pick made by ``rng.choice`` changes entirely when one item
is added or the order changes, so a reviewed sample or an audited share would move under people's
feet. Ranking each id by ``sha256(seed, id)`` keeps every item's place: adding items only inserts
new ranks, and the same seed and ids always give the same pick.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable


def rank(seed: int, item: str) -> str:
    """The sort key of ``item`` under ``seed`` (a hex digest: uniform, comparable as text)."""
    return hashlib.sha256(f"{seed}\x00{item}".encode()).hexdigest()


def first(items: Iterable[str], k: int, seed: int) -> list[str]:
    """The ``k`` items of lowest rank (all of them when fewer), in rank order."""
    return sorted(set(items), key=lambda item: rank(seed, item))[: max(0, k)]


def share(items: Iterable[str], fraction: float, seed: int) -> list[str]:
    """``round(fraction * n)`` of the ``n`` distinct items, the lowest-ranked ones: an exact share."""
    distinct = set(items)
    return first(distinct, round(fraction * len(distinct)), seed)


def figure_seed(seed: int, figure_id: str, salt: str) -> int:
    """A per-figure seed that does not depend on processing order or worker count."""
    digest = hashlib.sha256(f"{seed}:{salt}:{figure_id}".encode()).digest()
    return int.from_bytes(digest[:8], "little")
