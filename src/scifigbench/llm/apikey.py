"""The API key: read once from the variable named in params, checked, and masked in every text that leaves.

Why checked: a key copied from an ``.env`` saved with Windows line endings ends in a CR, which the
HTTP library refuses as an illegal header value *for every request*, and its error (a connection
error, so retried for a long time) quotes the key escaped. Surrounding whitespace is therefore
stripped, and a key that still holds a control character, or a character an HTTP header cannot
carry, is refused at once, naming the variable and never the value.

Why every form: the key reaches messages escaped by whoever quotes it — the HTTP library
(``b'Bearer sk-\\r'``), the SDK (a ``repr`` of the server's JSON body), a server echoing it
(JSON-escaped, URL-quoted). An exact-match scrub misses all of these, so :meth:`ApiKey.scrub`
masks each form of both the value as read and the value as used.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
import urllib.parse
from collections.abc import Callable

MASK = "***"


class ConfigError(RuntimeError):
    """The model cannot be called at all (e.g. its key variable is not set or holds no usable key)."""


def _py_escaped(text: str) -> set[str]:
    """``text`` as Python's ``repr`` shows it inside a longer string, under either choice of quotes."""
    both = repr(text + "'\"")[1:-1]  # a string holding both quotes is quoted with ' and escapes it
    return {repr(text)[1:-1], both[: -len("\\'\"")], text.encode("unicode_escape").decode("ascii")}


def _bytes_escaped(text: str) -> set[str]:
    """The UTF-8 bytes of ``text`` as Python shows a ``bytes`` value (how HTTP libraries quote headers)."""
    data = _utf8(text)
    both = repr(data + b"'\"")[2:-1]
    return {repr(data)[2:-1], both[: -len("\\'\"")], data.decode("latin-1")}


def _utf8(text: str) -> bytes:
    """The bytes behind ``text``, also when it came from the environment undecodable (lone surrogates)."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def _json_escaped(text: str) -> set[str]:
    forms = {json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}
    return forms | {f.replace("/", "\\/") for f in forms}


def _url_quoted(text: str) -> set[str]:
    data = _utf8(text)
    return {urllib.parse.quote(data, safe=""), urllib.parse.quote(data), urllib.parse.quote_plus(data)}


def _escaped_once(text: str) -> set[str]:
    return {text} | _py_escaped(text) | _bytes_escaped(text) | _json_escaped(text) | _url_quoted(text)


def escaped_forms(secret: str) -> set[str]:
    """Every form in which ``secret`` may appear in a message: raw, repr/bytes, JSON and URL escaped,
    once or twice (a JSON body quoted by ``repr``, a URL-quoted key in a JSON string)."""
    return {twice for once in _escaped_once(secret) for twice in _escaped_once(once)}


def masker(*secrets: str) -> Callable[[str], str]:
    """A function masking every escaped form of each non-blank ``secret`` (case-insensitively: hex digits)."""
    forms = {form for s in secrets if s and s.strip() for form in escaped_forms(s)}
    if not forms:
        return lambda text: text
    pattern = re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)), re.IGNORECASE)
    return lambda text: pattern.sub(MASK, text)


_CONTROL_NAMES = {"\r": "carriage return", "\n": "line feed", "\t": "tab", "\x1b": "escape", "\x7f": "delete"}


def _refusal(text: str) -> str | None:
    """Why ``text`` (already stripped) cannot be sent as a key, without quoting any of it; None if it can."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            name = _CONTROL_NAMES.get(ch) or unicodedata.name(ch, "")
            return f"holds a control character (U+{ord(ch):04X}{', ' + name if name else ''}) inside the key"
        if not ch.isascii():
            return "holds a non-ASCII character, which an HTTP header cannot carry"
    return None


class ApiKey:
    """A key read from the environment: :attr:`value` to send, :meth:`scrub` for any text that leaves."""

    def __init__(self, value: str, raw: str | None = None) -> None:
        self.value = value
        self.scrub = masker(value, raw if raw is not None else value)

    def __repr__(self) -> str:
        return f"ApiKey({MASK})"


def read_key(env: str) -> ApiKey:
    """The key in environment variable ``env``, stripped of surrounding whitespace; refused naming ``env``."""
    raw = os.environ.get(env)
    where = f"environment variable {env} (models.*.api_key_env)"
    if raw is None or not raw.strip():
        state = "is not set" if raw is None else "holds only whitespace"
        raise ConfigError(f"{where} {state}: it must hold the API key")
    reason = _refusal(raw.strip())
    if reason is not None:
        raise ConfigError(f"{where} {reason}; fix the value (the key itself is not shown)")
    return ApiKey(raw.strip(), raw)
