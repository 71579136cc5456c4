"""Seeded awkward API keys, and a leak detector that does not share the client's list of escaped forms.

The detector decodes a whole text every way a key can have been encoded on its way there (Python
string and bytes escapes, JSON escapes, URL quoting, one level inside another) and looks for the
key in each decoding, so a form the client forgot to mask shows up here as a plain key.
"""

from __future__ import annotations

import codecs
import random
import re
import sqlite3
import string
import urllib.parse
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pandas as pd

SAFE = string.ascii_letters + string.digits + "-_"
ESCAPED = "\"'\\%+ /&"  # characters that some encoding escapes
SPECIAL = ESCAPED + "=?#:;,<>{}[]$@!`~^*()|."
NON_ASCII = "éüßøñ中文キー€\u00a0😀"
CONTROL = "\r\n\t\x01\x1b\x7f\x0b\x0c\u200b\u2028\x85"  # no NUL: an environment variable cannot hold one
AROUND = ("", " ", "\t", "\r", "\n", "\r\n", " \r\n\t ", "\u00a0", "\n\n")


def awkward_keys(n: int, seed: int) -> list[str]:
    """``n`` distinct raw variable values: mostly key-like, with specials, non-ASCII, control chars, padding."""
    rng = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < n:
        body = [rng.choice(SAFE) for _ in range(rng.randint(14, 36))]
        for pool, chance in ((ESCAPED, 0.75), (SPECIAL, 0.5), (NON_ASCII, 0.25), (CONTROL, 0.25)):
            if rng.random() < chance:
                body.insert(rng.randint(1, len(body) - 1), rng.choice(pool))
        key = rng.choice(("sk-", "sk-or-v1-", "")) + "".join(body)
        out[rng.choice(AROUND) + key + rng.choice(AROUND)] = None
    return list(out)


def usable(raw: str) -> bool:
    """What the client must accept: after stripping, non-empty printable ASCII only."""
    key = raw.strip()
    return bool(key) and all(0x20 <= ord(c) < 0x7F for c in key)


def _py_unescape(text: str) -> str:
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape")


def _bytes_unescape(text: str) -> str:
    return codecs.escape_decode(text.encode("utf-8", "surrogateescape"))[0].decode("utf-8", "replace")


def _json_unescape(text: str) -> str:
    joined = re.sub(
        r"\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})",
        lambda m: chr(0x10000 + ((int(m[1], 16) - 0xD800) << 10) + int(m[2], 16) - 0xDC00),
        text,
        flags=re.I,
    )
    return _py_unescape(joined.replace("\\/", "/"))


def _latin1_as_utf8(text: str) -> str:
    return text.encode("latin-1", "ignore").decode("utf-8", "replace")


DECODERS: tuple[Callable[[str], str], ...] = (
    lambda t: t,
    _py_unescape,
    _bytes_unescape,
    _json_unescape,
    urllib.parse.unquote,
    urllib.parse.unquote_plus,
    _latin1_as_utf8,
)


def decodings(text: str) -> Iterator[str]:
    """``text`` decoded by each decoder, and by each pair of them (an escape inside an escape)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # "invalid escape sequence": text is not a literal
        for first in DECODERS:
            try:
                once = first(text)
            except (UnicodeError, ValueError):
                continue
            yield once
            for second in DECODERS[1:]:
                try:
                    yield second(once)
                except (UnicodeError, ValueError):
                    continue


def leaks(text: str, raw: str) -> bool:
    """Whether ``text`` holds the key (as read or stripped) in any decodable form."""
    needles = {n for n in (raw, raw.strip()) if n.strip()}
    return any(n in decoded for decoded in decodings(text) for n in needles)


def texts_of_file(path: Path) -> Iterator[str]:
    """A file as text: its bytes, and for tables and SQLite databases their decoded cells too."""
    data = path.read_bytes()
    yield data.decode("utf-8", "surrogateescape")
    if path.suffix == ".parquet":
        yield pd.read_parquet(path).to_json(orient="records", force_ascii=False)
    elif data.startswith(b"SQLite format 3"):
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                for row in con.execute(f'SELECT * FROM "{table}"'):
                    yield " ".join(str(cell) for cell in row)
        finally:
            con.close()


def leaking_files(root: Path, raw: str) -> list[Path]:
    """Files under ``root`` that hold the key in any form."""
    return [p for p in sorted(root.rglob("*")) if p.is_file() and any(leaks(t, raw) for t in texts_of_file(p))]
