"""The API key as read and as masked: a seeded property test over hundreds of awkward keys.

Every key is checked against the leak detector of ``helpers.key_leaks``, which decodes a text every
way a key may have been encoded instead of reusing the client's own list of forms.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest

from helpers.key_leaks import ESCAPED, awkward_keys, leaks, usable
from scifigbench.llm.apikey import MASK, ConfigError, masker, read_key

ENV = "SCIFIGBENCH_PROPERTY_KEY"
KEYS = awkward_keys(600, seed=27)


def carriers(key: str) -> list[str]:
    """Texts that quote ``key`` the way servers, the SDK and HTTP libraries do."""
    body = {"error": {"message": f"Incorrect API key provided: {key}", "type": "invalid_request_error"}}
    return [
        f"Incorrect API key provided: {key}.",
        f"Error code: 401 - {body!r}",  # the SDK's message: a repr of the parsed JSON body
        json.dumps(body),
        json.dumps(body, ensure_ascii=False),
        f"Illegal header value {('Bearer ' + key).encode('utf-8')!r}",  # the HTTP library on a bad header
        f"see https://example.org/keys?{urllib.parse.urlencode({'key': key})}",
        f"/keys/{urllib.parse.quote(key, safe='')}",
        f"Error code: 400 - {{'error': {{'message': {json.dumps(body)!r}}}}}",  # JSON inside a repr
        json.dumps({"row": {"error": f"Error code: 401 - {body!r}"}}),  # a repr inside JSON
    ]


def test_the_generator_covers_every_kind_of_awkward_key():
    stripped = [k.strip() for k in KEYS]
    assert sum(k != k.strip() for k in KEYS) > 200  # surrounding whitespace, CR/LF, tab
    assert sum(any(c in s for c in ESCAPED) for s in stripped) > 350  # quotes, backslash, %, +, space, /, &
    assert sum(not s.isascii() for s in stripped) > 100
    assert sum(any(ord(c) < 0x20 or ord(c) == 0x7F for c in s) for s in stripped) > 60
    assert 250 < sum(map(usable, KEYS)) < 450


@pytest.mark.parametrize("chunk", range(6))
def test_a_key_is_stripped_or_refused_naming_the_variable_never_the_value(monkeypatch, chunk):
    for raw in KEYS[chunk::6]:
        monkeypatch.setenv(ENV, raw)
        if usable(raw):
            key = read_key(ENV)
            assert key.value == raw.strip() and not leaks(repr(key), raw)
            continue
        with pytest.raises(ConfigError) as err:
            read_key(ENV)
        assert ENV in str(err.value) and not leaks(str(err.value), raw), repr(raw)


@pytest.mark.parametrize("chunk", range(6))
def test_every_escaped_form_of_a_usable_key_is_masked(monkeypatch, chunk):
    checked = 0
    for raw in KEYS[chunk::6]:
        if not usable(raw):
            continue
        monkeypatch.setenv(ENV, raw)
        scrub = read_key(ENV).scrub
        for text in carriers(raw) + carriers(raw.strip()):
            masked = scrub(text)
            assert not leaks(masked, raw) and MASK in masked, (raw, text, masked)
        checked += 1
    assert checked > 30


def test_unset_blank_and_padded_keys(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    with pytest.raises(ConfigError, match=f"{ENV} .*is not set"):
        read_key(ENV)
    monkeypatch.setenv(ENV, " \r\n\t")
    with pytest.raises(ConfigError, match=f"{ENV} .*only whitespace"):
        read_key(ENV)
    monkeypatch.setenv(ENV, "sk-abc123\r\n")  # an .env saved with Windows line endings
    assert read_key(ENV).value == "sk-abc123"
    monkeypatch.setenv(ENV, "sk-abc\r123")
    with pytest.raises(ConfigError, match=r"U\+000D, carriage return\) inside the key") as err:
        read_key(ENV)
    assert "abc" not in str(err.value)


def test_masking_leaves_other_text_alone():
    scrub = masker("sk-secret-1234", "sk-secret-1234\r\n")
    assert scrub("nothing to hide here: sk-other") == "nothing to hide here: sk-other"
    assert scrub("key=sk-secret-1234&x=1") == f"key={MASK}&x=1"
    assert masker("", " \n")("sk-secret-1234") == "sk-secret-1234"  # a blank secret masks nothing


def test_the_detector_finds_what_an_exact_match_scrub_leaves():
    """The oracle is sensitive: replacing only the raw key leaves escaped forms it must find."""
    raw = "sk-a\"b'c\\d%e+f g/h\r\n"
    for text in carriers(raw.strip())[1:5]:
        assert leaks(text.replace(raw.strip(), MASK), raw), text
