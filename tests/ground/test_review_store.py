"""The shared decision-file rules: checked rows naming file/line/field, sorted rewrites, old headers read."""

from __future__ import annotations

import pytest

from scifigbench.decisions.store import DecisionFile, ReviewFileError

STORE = DecisionFile("item_id", ("item_id", "decision", "proposed_text", "text", "note"), "the new wording")


def test_record_keeps_one_row_per_id_sorted(tmp_path):
    path = tmp_path / "d.csv"
    STORE.record(path, {"item_id": "b", "decision": "reject", "note": "unclear"})
    STORE.record(path, {"item_id": "a", "decision": "confirm", "proposed_text": "Q?"})
    STORE.record(path, {"item_id": "b", "decision": "replace", "text": "Better?"})
    assert path.read_text().splitlines() == ["item_id,decision,proposed_text,text,note", "a,confirm,Q?,,",
                                             "b,replace,,Better?,"]
    rows = STORE.read(path)
    assert rows["b"]["text"] == "Better?" and rows["a"]["where"] == f"{path}, line 2 (item_id='a')"


def test_missing_optional_columns_read_as_empty(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("item_id,decision\nx,confirm\n")
    assert STORE.read(path)["x"]["note"] == ""
    assert STORE.read(tmp_path / "absent.csv") == {}


@pytest.mark.parametrize("body, message", [
    ("item_id,note\nx,\n", r"missing column\(s\) \['decision'\]"),
    ("item_id,decision\n,confirm\n", r"line 2 \(item_id=''\): field 'item_id' is empty"),
    ("item_id,decision\nx,maybe\n", r"line 2 \(item_id='x'\): field 'decision' is 'maybe'"),
    ("item_id,decision,text\nx,replace,\n", r"field 'text' is empty; 'replace' needs the new wording"),
    ("item_id,decision\nx,confirm\nx,reject\n", r"line 3 \(item_id='x'\): item_id decided twice"),
])
def test_bad_rows_name_file_line_and_field(tmp_path, body, message):
    path = tmp_path / "d.csv"
    path.write_text(body)
    with pytest.raises(ReviewFileError, match=message):
        STORE.read(path)
