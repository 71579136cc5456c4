"""JSON Lines reading shared by the judge-file input and the release import."""

from __future__ import annotations

import pytest

from scifigbench.files.jsonl import json_objects


class _Bad(ValueError):
    pass


def test_blank_lines_are_skipped_and_lines_keep_their_numbers(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"a": 1}\n\n  \n{"a": 2}\n')
    assert list(json_objects(path)) == [(1, f"{path}: line 1", {"a": 1}), (4, f"{path}: line 4", {"a": 2})]


def test_bad_lines_raise_the_callers_error_with_the_line(tmp_path):
    broken, listed = tmp_path / "broken.jsonl", tmp_path / "listed.jsonl"
    broken.write_text('{"a": 1}\n{"a": }\n')
    listed.write_text('{"a": 1}\n[1, 2]\n')
    with pytest.raises(_Bad, match=r"broken.jsonl: line 2: not valid JSON \(Expecting value at column 7\)"):
        list(json_objects(broken, _Bad))
    with pytest.raises(_Bad, match=r"listed.jsonl: line 2: a record must be a JSON object, got list"):
        list(json_objects(listed, _Bad))
