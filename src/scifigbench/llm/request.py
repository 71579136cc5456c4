"""The chat request for one setup row, and its content address.

The key that identifies a request hashes everything that can change the answer — backend identity
(where the request goes, never the key), model id, generation parameters and the messages — with
each image replaced by the sha256 of its bytes. The key is computed without base64-encoding any
image; the bytes are encoded only when the request is actually sent.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

IMAGE_REF = "sha256:"


class SetupError(ValueError):
    """A setup row cannot be turned into a request (missing or changed image)."""


def _present(value: Any) -> str | None:
    """A table cell as text, or None when it is null (None, NaN, pd.NA) or blank."""
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    return str(value) if str(value).strip() else None


def user_prompt(user_text: str, caption: Any) -> str:
    """The text of the user turn: the figure's caption (when the condition shows one), then the task."""
    caption = _present(caption)
    if caption is None:
        return user_text
    return f'The figure comes with this caption:\n"{caption}"\n\n{user_text}'


def template_messages(row: dict[str, Any]) -> list[dict[str, Any]]:
    """Messages for a setup row, with the image given by reference (``sha256:<hex>``)."""
    messages: list[dict[str, Any]] = []
    system = _present(row.get("system_text"))
    if system is not None:
        messages.append({"role": "system", "content": system})
    messages.append({
        "role": "user",
        "content": [
            {"type": "text", "text": user_prompt(str(row["user_text"]), row.get("caption"))},
            {"type": "image_url", "image_url": {"url": IMAGE_REF + str(row["image_sha256"])}},
        ],
    })
    return messages


def reference_images(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with every inlined (base64 data URL) image replaced by ``sha256:<hex>`` of its bytes."""
    out = []
    for msg in messages:
        content = msg.get("content")
        if isinstance(content, list):
            content = [_referenced(part) for part in content]
        out.append({**msg, "content": content})
    return out


def _referenced(part: dict[str, Any]) -> dict[str, Any]:
    url = (part.get("image_url") or {}).get("url", "") if part.get("type") == "image_url" else ""
    if not url.startswith("data:"):
        return part
    data = base64.b64decode(url.split(",", 1)[1])
    return {**part, "image_url": {**part["image_url"], "url": IMAGE_REF + hashlib.sha256(data).hexdigest()}}


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def request_key(identity: dict[str, Any], model_id: str, generation: dict[str, Any], messages: list[dict[str, Any]]) -> str:
    """Content address of a request (sha256 hex)."""
    payload = {"identity": identity, "model": model_id, "generation": generation, "messages": messages}
    return hashlib.sha256(canonical(payload).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Request:
    """One pending call: its key, the messages by reference and where the image bytes live."""

    setup_id: str
    key: str
    messages: list[dict[str, Any]]
    image_path: Path
    image_sha256: str

    def materialize(self) -> list[dict[str, Any]]:
        """The messages with the image inlined as a base64 PNG data URL (checked against its hash)."""
        url = data_url(str(self.image_path), self.image_sha256, self.setup_id)
        out = []
        for msg in self.messages:
            content = msg["content"]
            if isinstance(content, list):
                content = [
                    {"type": "image_url", "image_url": {"url": url}} if part.get("type") == "image_url" else part
                    for part in content
                ]
            out.append({**msg, "content": content})
        return out


@functools.lru_cache(maxsize=32)
def _encoded(path: str, sha256: str) -> str | None:
    data = Path(path).read_bytes()
    if hashlib.sha256(data).hexdigest() != sha256:
        return None
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


def data_url(path: str, sha256: str, setup_id: str) -> str:
    """The image as a data URL, guaranteed to be the bytes whose hash is in the request key.

    Several setups of a figure show the same image one after the other; the last few encodings
    are kept (keyed by path *and* hash, so a changed file is read again and refused).
    """
    url = _encoded(path, sha256)
    if url is None:
        _encoded.cache_clear()
        raise SetupError(f"setup {setup_id}: image {path} changed since the setups table was built "
                         f"(the table says sha256 {sha256[:12]}…); rerun the setups stage")
    return url


def build_request(row: dict[str, Any], identity: dict[str, Any], model_id: str, generation: dict[str, Any],
                  root: Path) -> Request:
    messages = template_messages(row)
    return Request(
        setup_id=str(row["setup_id"]),
        key=request_key(identity, model_id, generation, messages),
        messages=messages,
        image_path=root / str(row["image_path"]),
        image_sha256=str(row["image_sha256"]),
    )
