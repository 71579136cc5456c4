"""The order xdist hands the modules out: long ones first, a long module sharing another's build
after the long ones that share none (:mod:`helpers.module_order`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from helpers.module_order import module_of, sort_modules


@dataclass
class Marker:
    kwargs: dict = field(default_factory=dict)


@dataclass
class Item:
    nodeid: str
    long: Marker | None = None

    def get_closest_marker(self, name: str) -> Marker | None:
        return self.long if name == "long" else None


def _modules(items: list[Item]) -> list[str]:
    return list(dict.fromkeys(module_of(i) for i in items))


def test_long_modules_first_and_a_second_user_of_a_build_after_the_others():
    build = Marker({"shares": "pair"})
    items = [
        Item("a.py::t1"),
        Item("b.py::t1", build),
        Item("b.py::t2", build),
        Item("c.py::t1", build),
        Item("d.py::t1"),
        Item("d.py::t2", Marker()),  # one long test makes its whole module long
        Item("e.py::t1", build),
        Item("f.py::t1", Marker()),
        Item("g.py::t1"),
    ]
    sort_modules(items)
    assert _modules(items) == ["b.py", "d.py", "f.py", "c.py", "e.py", "a.py", "g.py"]
    assert [i.nodeid for i in items[:2]] == ["b.py::t1", "b.py::t2"]  # tests keep their order


def test_without_shared_builds_the_long_modules_keep_collection_order():
    items = [Item("a.py::t"), Item("b.py::t", Marker()), Item("c.py::t"), Item("d.py::t", Marker())]
    sort_modules(items)
    assert _modules(items) == ["b.py", "d.py", "a.py", "c.py"]


def test_two_builds_each_keep_their_first_user_first():
    one, two = Marker({"shares": "one"}), Marker({"shares": "two"})
    items = [Item("a.py::t", one), Item("b.py::t", two), Item("c.py::t", one), Item("d.py::t", two)]
    sort_modules(items)
    assert _modules(items) == ["a.py", "b.py", "c.py", "d.py"]
