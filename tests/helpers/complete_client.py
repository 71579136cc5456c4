"""A process asking one model through :class:`CachedComplete`, as one judge stage of ``dvc repro -j`` does.

Run as ``python complete_client.py PARAMS MODEL FOLDER TAG PREFIX N``: it asks ``PREFIX request i``
for i < N from 8 threads over the cache ``FOLDER/cache``, after touching ``FOLDER/ready-TAG`` and
waiting for ``FOLDER/go`` (so that several processes start sending together), and writes the
replies, in order, to ``FOLDER/replies-TAG.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from scifigbench import params as params_module
from scifigbench.llm.complete import CachedComplete


def main(params: str, model: str, folder: Path, tag: str, prefix: str, n: int) -> None:
    complete = CachedComplete(model, params, folder / "cache")
    (folder / f"ready-{tag}").touch()
    while not (folder / "go").exists():
        time.sleep(0.01)
    try:
        prompts = [[{"role": "user", "content": f"{prefix} request {i}"}] for i in range(n)]
        with ThreadPoolExecutor(8) as pool:
            replies = list(pool.map(complete, prompts))
    finally:
        complete.close()
    (folder / f"replies-{tag}.json").write_text(json.dumps(replies))


def run_together(params: Path, folder: Path, key: str, clients: list[tuple[str, str, str]], n: int) -> None:
    """One process per (model, tag, prompt prefix) with the test key in SCIFIGBENCH_TEST_KEY: they
    start sending at once; returns when every one has succeeded."""
    src = str(Path(params_module.__file__).parents[1])
    env = {"SCIFIGBENCH_TEST_KEY": key, "PATH": "/usr/bin:/bin", "PYTHONPATH": src}
    procs = [
        subprocess.Popen([sys.executable, __file__, str(params), model, str(folder), tag, prefix, str(n)], env=env)
        for model, tag, prefix in clients
    ]
    deadline = time.monotonic() + 120
    while not all((folder / f"ready-{tag}").exists() for _, tag, _ in clients) and time.monotonic() < deadline:
        time.sleep(0.05)
    (folder / "go").touch()
    assert [p.wait(timeout=120) for p in procs] == [0] * len(procs)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
