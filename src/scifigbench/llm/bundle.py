"""The model-call cache as files DVC can push and pull: one JSON answer per request key.

Why: the SQLite cache (``.scifigbench-cache/``) lives on one machine, so a collaborator who
pulled the results paid again for every request after any edit. Each ``respond@<model>`` stage
therefore also writes the answers its current setups use to ``data/calls/<model>/`` (a dvc
output kept between runs), and loads that folder into the local cache before calling. After
``dvc pull`` a one-prompt edit costs only that prompt's requests.

Files hold content only (text, finish reason, token counts — no timings), are named by the
request key and written only for the current setups, so the folder is a function of the
inputs and its hash reproduces.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from scifigbench.llm.cache import Answer, ResponseCache

FIELDS = ("text", "finish_reason", "prompt_tokens", "completion_tokens")


def _file(folder: Path, key: str) -> Path:
    return folder / key[:2] / f"{key}.json"


def load(folder: Path, cache: ResponseCache) -> int:
    """Put every answer of ``folder`` into ``cache`` (existing entries win); returns how many files."""
    n = 0
    for path in sorted(folder.glob("*/*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            answer = Answer(**{f: data.get(f) for f in FIELDS}, latency_s=None)
        except (json.JSONDecodeError, TypeError) as exc:
            raise ValueError(f"{path}: not a cached answer ({exc}); delete it or `dvc checkout` its folder") from None
        if not isinstance(answer.text, str):
            raise ValueError(f"{path}: field 'text' must be a string")
        cache.put(path.stem, answer)
        n += 1
    return n


def save(folder: Path, cache: ResponseCache, keys: Iterable[str]) -> int:
    """Write the cached answers of ``keys`` to ``folder`` and remove the files of other keys."""
    wanted: dict[Path, str] = {}
    for key in sorted(set(keys)):
        answer = cache.get(key)
        if answer is not None:
            wanted[_file(folder, key)] = (
                json.dumps({f: getattr(answer, f) for f in FIELDS}, sort_keys=True, ensure_ascii=False, indent=1) + "\n"
            )
    folder.mkdir(parents=True, exist_ok=True)
    for path, text in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
    for path in folder.glob("*/*"):
        if path not in wanted:
            path.unlink()
    for sub in folder.iterdir():
        if sub.is_dir() and not any(sub.iterdir()):
            sub.rmdir()
    return len(wanted)
