"""JSON Lines reading shared by the judge-file input and the release import."""

from __future__ import annotations

import pytest

from scifigbench.jsonl import json_objects


class _Bad(ValueError):
    pass


def test_blank_lines_are_skipped_and_lines_keep_their_numbers(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"a": 1}\n\n  \n{"a": 2}\n')
    assert [(n, w, d) for n, w, d in json_objects(path)] == [(1, f"{path}: line 1", {"a": 1}),
                                                             (4, f"{path}: line 4", {"a": 2})]


@pytest.mark.parametrize("body, message", [
    ('{"a": 1}\n{"a": }\n', r"r.jsonl: line 2: not valid JSON \(Expecting value at column 7\)"),
    ('{"a": 1}\n[1, 2]\n', r"r.jsonl: line 2: a record must be a JSON object, got list"),
])
def test_bad_lines_raise_the_callers_error_with_the_line(tmp_path, body, message):
    path = tmp_path / "r.jsonl"
    path.write_text(body)
    with pytest.raises(_Bad, match=message):
        list(json_objects(path, _Bad))
