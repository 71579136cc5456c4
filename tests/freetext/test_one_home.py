"""freetext is the one home of sentence splitting and quotation reading: no module outside it spells
its own sentence regex or quoted-text regex (they drift apart: five quote patterns once disagreed on
whether "models'" opens a quote).

The scan reads every string literal under src/ outside freetext. A sentence splitter is a class of
stops only ("[.!?]", "[.!?;]") followed by a blank ("\\s", "(?=\\s", "(?:\\s") in a literal with no
comma class, so clause splitters, which cut at commas as well, stay where they are. A quoted-text
copy is a required opening-quote class followed by a class that excludes quotes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "scifigbench"
SENTENCE_SPLIT = re.compile(r"\[\.!\?;?\]\)?(?:\\s|\(\?=\\s|\(\?:\\s)")
COMMA_CLASS = re.compile(r"\[[^\]]*,[^\]]*\]")
QUOTED_COPY = re.compile(r"\[(?!\^)[^\]]*['\"][^\]]*\]\(?\[\^[^\]]*['\"][^\]]*\]")


def offences(root: Path) -> list[str]:
    """``file:line literal`` of every sentence splitter or quoted-text regex outside freetext."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "freetext" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            text = node.value
            splits = SENTENCE_SPLIT.search(text) and not COMMA_CLASS.search(text)
            if splits or QUOTED_COPY.search(text):
                found.append(f"{path.relative_to(root)}:{node.lineno} {text[:80]!r}")
    return found


def test_no_sentence_or_quote_regex_outside_freetext() -> None:
    assert offences(SRC) == [], "use freetext.text.sentences / sentence_ends / first_sentence / quoted_pattern"


@pytest.mark.parametrize(
    "literal",
    [
        r"(?<=[.!?])\s+",  # a sentence split
        r"[.!?](?=\s|$)|\n+",  # a sentence end
        r"[.!?](?:\s+(?=[^a-z])|$)|;(?:\s+|$)",  # a sentence end before a capital
        r"""['"\u2018\u201c]([^'"\u2019\u201d]{2,60})['"\u2019\u201d]""",  # a quoted text
    ],
)
def test_the_scan_finds_a_copy(tmp_path: Path, literal: str) -> None:
    (tmp_path / "rule.py").write_text(f"import re\n_X = re.compile({literal!r})\n", encoding="utf-8")
    assert len(offences(tmp_path)) == 1


def test_the_scan_leaves_clause_splitters_and_optional_quotes(tmp_path: Path) -> None:
    code = (
        "import re\n"
        "_CLAUSE = re.compile(r'[,;:()]|[.!?](?=\\s|$)|\\bbut\\b')\n"
        '_NAME = re.compile(r"[\'\\"]?(N_\\w+_)[\'\\"]?")\n'
    )
    (tmp_path / "rule.py").write_text(code, encoding="utf-8")
    assert offences(tmp_path) == []
