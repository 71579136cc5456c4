"""Request building and content addressing: what must and must not change a request's key."""

from __future__ import annotations

import base64
import hashlib

import pytest

from helpers.runner_helpers import draw_chart
from scifigbench.llm.request import SetupError, build_request, request_key, template_messages, user_prompt

IDENTITY = {"backend": "openai", "base_url": "http://x/v1"}
GEN = {"temperature": 0.0, "max_tokens": 2048, "seed": 42}


def _row(tmp_path, **over):
    img = tmp_path / "a.png"
    if not img.exists():
        draw_chart(img, seed=1)
    row = {"setup_id": "f/base/describe", "system_text": None, "user_text": "Describe it.", "caption": "A caption.",
           "image_path": "a.png", "image_sha256": hashlib.sha256(img.read_bytes()).hexdigest()}
    row.update(over)
    return row


def _key(tmp_path, identity=IDENTITY, gen=GEN, model="m", **over):
    return build_request(_row(tmp_path, **over), identity, model, gen, tmp_path).key


def test_key_is_stable_and_ignores_dict_order(tmp_path):
    a = _key(tmp_path)
    b = _key(tmp_path, gen=dict(reversed(list(GEN.items()))), identity=dict(reversed(list(IDENTITY.items()))))
    assert a == b and len(a) == 64


@pytest.mark.parametrize("change", [
    {"user_text": "Describe it!"}, {"caption": "Another caption."}, {"caption": None}, {"system_text": "Be brief."},
    {"image_sha256": "0" * 64}, {"model": "other"}, {"gen": {**GEN, "max_tokens": 100}},
    {"identity": {"backend": "openai", "base_url": "http://y/v1"}},
])
def test_every_answer_relevant_change_changes_the_key(tmp_path, change):
    assert _key(tmp_path, **change) != _key(tmp_path)


def test_setup_id_does_not_change_the_key(tmp_path):
    # the same request content under another name is the same request: it may be served from cache
    assert _key(tmp_path, setup_id="g/base/describe") == _key(tmp_path)


def test_key_equals_hash_of_messages_with_image_hash(tmp_path):
    row = _row(tmp_path)
    expected_messages = [{"role": "user", "content": [
        {"type": "text", "text": 'The figure comes with this caption:\n"A caption."\n\nDescribe it.'},
        {"type": "image_url", "image_url": {"url": "sha256:" + row["image_sha256"]}}]}]
    assert template_messages(row) == expected_messages
    assert _key(tmp_path) == request_key(IDENTITY, "m", GEN, expected_messages)


def test_materialize_inlines_the_png_as_data_url(tmp_path):
    req = build_request(_row(tmp_path, system_text="Sys."), IDENTITY, "m", GEN, tmp_path)
    msgs = req.materialize()
    assert msgs[0] == {"role": "system", "content": "Sys."}
    url = msgs[1]["content"][1]["image_url"]["url"]
    prefix = "data:image/png;base64,"
    assert url.startswith(prefix)
    assert base64.b64decode(url[len(prefix):]) == (tmp_path / "a.png").read_bytes()
    assert req.messages[1]["content"][1]["image_url"]["url"].startswith("sha256:")  # the template is untouched


def test_materialize_refuses_an_image_changed_after_the_table(tmp_path):
    req = build_request(_row(tmp_path), IDENTITY, "m", GEN, tmp_path)
    draw_chart(tmp_path / "a.png", seed=2)
    with pytest.raises(SetupError, match="f/base/describe"):
        req.materialize()


def test_no_caption_means_the_task_text_alone():
    assert user_prompt("Q?", None) == "Q?"
    assert user_prompt("Q?", "  ") == "Q?"
