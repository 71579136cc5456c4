"""The order in which xdist hands the test modules out (``tests/conftest.py`` sorts by it).

Why: the Makefile runs ``--dist loadscope --no-loadscope-reorder``, so whole modules go, in
collection order, to whichever worker runs dry, and the run ends when its last worker does.
Modules marked ``long`` go first, so the long ones overlap each other and the many short ones fill
the end evenly. A long module that starts from a build another long module makes too
(``pytest.mark.long(shares="NAME")``, NAME as given to :func:`helpers.built_once.built_once`)
goes after the long modules that make no such build: handed out together, the two modules
started at once on the two workers and one of them sat waiting on the build's lock for the whole
cold build (about 20 s). Later, the build is done by the time the module asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

FIRST, AFTER_BUILD, SHORT = 0, 1, 2


class _Marker(Protocol):
    kwargs: dict


class _Item(Protocol):
    nodeid: str

    def get_closest_marker(self, name: str) -> _Marker | None: ...


def module_of(item: _Item) -> str:
    """The module part of a test's node id (xdist's loadscope unit)."""
    return item.nodeid.split("::", 1)[0]


def module_ranks(items: Iterable[_Item]) -> dict[str, int]:
    """Each module's place: FIRST (long, or the first long module to share its build),
    AFTER_BUILD (long, sharing a build an earlier long module shares) or SHORT."""
    shares: dict[str, str | None] = {}
    for item in items:
        marker = item.get_closest_marker("long")
        if marker is not None:
            module = module_of(item)
            shares[module] = shares.get(module) or marker.kwargs.get("shares")
    ranks, built = {}, set()
    for module, build in shares.items():
        ranks[module] = AFTER_BUILD if build in built else FIRST
        if build is not None:
            built.add(build)
    return ranks


def sort_modules(items: list) -> None:
    """Sort ``items`` in place by :func:`module_ranks`, collection order otherwise (stable)."""
    ranks = module_ranks(items)
    items.sort(key=lambda item: ranks.get(module_of(item), SHORT))
