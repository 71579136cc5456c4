"""Draws from a figure's own random generator, shared by every kind's generator.

Each figure owns a numpy Generator (see :func:`scifigbench.corpus.generate.generate`); these
helpers are the only ways the generators draw choices from it, so a draw means the same thing in
every kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np

T = TypeVar("T")


def pick(rng: np.random.Generator, seq: Sequence[T]) -> T:
    return seq[int(rng.integers(len(seq)))]


def sample(rng: np.random.Generator, seq: Sequence[T], k: int) -> list[T]:
    return [seq[int(i)] for i in rng.permutation(len(seq))[:k]]


def weighted(rng: np.random.Generator, options: Sequence[T], weights: Sequence[float]) -> T:
    p = np.asarray(weights, dtype=float)
    return options[int(rng.choice(len(options), p=p / p.sum()))]
