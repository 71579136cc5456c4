"""The shared JSON-reply reader: fences and surrounding prose tolerated, everything else a located error."""

from __future__ import annotations

import pytest

from scifigbench.llm.json_reply import ReplyFormatError, parse_json_reply

SCHEMA = {"type": "object", "required": ["items"],
          "properties": {"items": {"type": "array", "items": {"type": "object", "required": ["n"],
                                                              "properties": {"n": {"type": "integer"}}}}}}


@pytest.mark.parametrize("text", ['{"items": [{"n": 1}]}', '```json\n{"items": [{"n": 1}]}\n```',
                                  'Here you go: {"items": [{"n": 1}]} Hope that helps.'])
def test_one_object_is_read_from_common_wrappings(text):
    assert parse_json_reply(text, SCHEMA) == {"items": [{"n": 1}]}


def test_no_object_is_an_error_without_a_path():
    with pytest.raises(ReplyFormatError, match=r"reply is not valid JSON \(Expecting value at line 1 column 1\)") as e:
        parse_json_reply("no json here", SCHEMA)
    assert e.value.path is None


def test_schema_violation_carries_the_json_path():
    with pytest.raises(ReplyFormatError, match=r"at items/1/n: 'x' is not of type 'integer'") as e:
        parse_json_reply('{"items": [{"n": 1}, {"n": "x"}]}', SCHEMA)
    assert e.value.path == "items/1/n" and e.value.detail == "'x' is not of type 'integer'"
    with pytest.raises(ReplyFormatError) as e:
        parse_json_reply('{"other": 1}', SCHEMA)
    assert e.value.path == "(top level)"
