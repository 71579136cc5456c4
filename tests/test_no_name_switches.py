"""No stage, judge, metrics or report code switches on a chart kind's, a family's or a kind-named
text role's name: it reads a record's traits (issue 23). Only the record modules spell the names
out in comparisons, so adding a kind or a family never means editing a stage.

Two checks over ``src/**/*.py`` and ``*.js``: the issue's own grep, verbatim, and a wider one
built from the registries (every kind, unit family, probe family and kind-named role, compared
with ``==``/``!=``/``===``/``!==`` either way round or listed in an ``in (...)`` / ``isin([...])``
literal).
"""

from __future__ import annotations

import re
from pathlib import Path

from scifigbench.concepts.families import UNIT_FAMILIES
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.concepts.probe_families import PROBE_FAMILY
from scifigbench.concepts.roles import TEXT_ROLES

SRC = Path(__file__).resolve().parents[1] / "src" / "scifigbench"

#: The record modules: the only places that may compare these names (each defines its own records).
ALLOWED = (
    "concepts/kinds/",  # one record per chart kind
    "corpus/kinds/",  # the corpus side of each chart kind (its own variants and looks)
    "concepts/families.py",
    "concepts/probe_families.py",
    "concepts/roles.py",
)

ISSUE_GREP = re.compile(r"""== ?['"](pie|bar|line|resistance|caption_claim)""")

_KIND_ROLES = [r for r in TEXT_ROLES if r.split("_")[0] in CHART_KINDS]  # pie_label, pie_pct
NAMES = sorted({*CHART_KINDS, *UNIT_FAMILIES, *PROBE_FAMILY, *_KIND_ROLES}, key=len, reverse=True)
_NAME = "|".join(map(re.escape, NAMES))
COMPARED = re.compile(rf"""[=!]==?\s*['"]({_NAME})['"]|['"]({_NAME})['"]\s*[=!]==?""")
LISTED = re.compile(r"""(?:\bin\s*|\.isin\(\s*|\.includes\(\s*)[\(\[\{]([^\)\]\}]*)""")
QUOTED_NAME = re.compile(rf"""['"]({_NAME})['"]""")
LOOP = re.compile(r"\bfor\s+[^:]*?\bin\b")  # iterating over a literal list is no membership test


def _sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in (".py", ".js"))


def _allowed(path: Path) -> bool:
    rel = path.relative_to(SRC).as_posix()
    return any(rel.startswith(a) if a.endswith("/") else rel == a for a in ALLOWED)


def name_switches(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every comparison or literal membership test of a record's name."""
    out = []
    for i, line in enumerate(text.splitlines(), start=1):
        listed = any(QUOTED_NAME.search(m.group(1)) for m in LISTED.finditer(LOOP.sub("for_each", line)))
        if ISSUE_GREP.search(line) or COMPARED.search(line) or listed:
            out.append((i, line.strip()))
    return out


def test_the_check_sees_a_name_switch_and_lets_a_trait_pass():
    assert name_switches('if e.role == "pie_label":')
    assert name_switches("const c = u[col.family] === 'caption_claim';")
    assert name_switches('if "blur" != fam:')
    assert name_switches('x = j[j["family"].isin(["blur_active", "blur_passive"])]')
    assert name_switches('if t.role in ("tick", "pie_label") and t.category:')
    assert name_switches('if kind == "barh":')  # the issue's grep: a name's prefix counts too
    assert not name_switches("if e.role in SHARE_ROLES and fam.in_caption:")
    assert not name_switches('ROLE_CUES = {"pie_pct": r"\\bpercent"}')  # a lexicon keyed by role: no switch
    assert not name_switches('if role == "tick":')  # a role named after no kind
    assert not name_switches('for name in ("mqm", "resistance"):')  # a loop over names, no membership test
    assert name_switches('rows = [r for r in rows if r in ("resistance", "blur")]')


def test_no_module_outside_the_records_switches_on_a_kind_or_family_name():
    hits = [
        f"{p.relative_to(SRC)}:{n}: {line}"
        for p in _sources()
        if not _allowed(p)
        for n, line in name_switches(p.read_text(encoding="utf-8"))
    ]
    assert hits == [], "compare a record's trait instead of its name:\n" + "\n".join(hits)


def test_the_allowed_record_modules_exist():
    for a in ALLOWED:
        assert (SRC / a).exists(), a
