"""The one split of real figures into a development and a held-out half, shared by every benchmark
that measures a judge or a probe writer on real material: rules are written from the ``dev`` half
only and the ``held`` half is measured. One definition, so no two benchmarks can split alike-named
figures differently. (``real_proposals.split_of``, the blur-target benchmarks' older split, hashes
without the prefix and is kept apart on purpose: its hand labels were made by it.)"""

from __future__ import annotations

import hashlib


def split_of(figure_id: str) -> str:
    """'dev' or 'held': the first byte of sha256("scifig-dev:" + figure id), even for dev."""
    return "dev" if hashlib.sha256(f"scifig-dev:{figure_id}".encode()).digest()[0] % 2 == 0 else "held"
