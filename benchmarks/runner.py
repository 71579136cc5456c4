"""Throughput of the model runner against the local OpenAI-compatible server, and rerun cost.

With a server latency of 250 ms and 16 concurrent requests, Little's law caps throughput at
16 / 0.25 = 64 requests/s; this prints the achieved rate as a fraction of that cap (target >= 0.9)
with realistic payloads (~100-130 KB PNG charts inlined as base64), then the number of calls a
no-change rerun makes (target 0), then the throughput (setups answered per second) against a
server that answers 5 % of attempts with 429 and a 1 s Retry-After, as a fraction of the same run
without 429s (target >= 0.8), then — when the default pipeline's setups and the simulated
respondents exist in the working directory — the wall time of one simulated `respond` stage.

``--compare 16,64`` instead measures the runner against an ideal client at each concurrency, in
the same window (ideal and runner runs alternate, so load on a shared machine hits both): the
ideal is a bare aiohttp loop that holds every image's data URL ready and does nothing but post
and parse. It prints the runner's throughput as a fraction of the ideal's, in process (the
``respond`` call: image checks, request keys, cache, journal, table) and as the ``scifigbench
respond`` command (start-up imports too), and where the runner's extra time goes.

The server runs in its own process so that its JSON parsing does not compete with the client
for the interpreter lock. Run from the repository root:
    PYTHONPATH=src .venv/bin/python benchmarks/runner.py [--setups 640]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import yaml  # noqa: E402

from scifigbench import paths  # noqa: E402
from scifigbench.llm import config  # noqa: E402
from scifigbench.llm.run_stats import RunStats  # noqa: E402
from scifigbench.respond import runner  # noqa: E402
from scifigbench.tableio import read_table, sha256_file, write_table  # noqa: E402

LATENCY_S = 0.25
CONCURRENCY = 16
KEY_ENV = "SCIFIGBENCH_BENCH_KEY"


def chart(path: Path, seed: int, dpi: int = 210) -> None:
    """A two-panel grouped bar chart in the style of an ML paper, about 100 KB as PNG at dpi 210."""
    rng = np.random.default_rng(seed)
    fig, axes = plt.subplots(1, 2, figsize=(8, 4.2), dpi=dpi)
    cats = [f"Model-{i}" for i in range(6)]
    for k, ax in enumerate(axes):
        for j in range(3):
            ax.bar(np.arange(6) + j * 0.27, rng.uniform(20, 90, 6), width=0.27, label=f"Setting {j}")
        ax.set_xticks(np.arange(6) + 0.27, cats, rotation=30)
        ax.set_ylabel("Accuracy (%)")
        ax.set_title(f"Benchmark {seed}.{k}")
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def build_workdir(root: Path, n_setups: int, n_images: int, dpi: int = 210) -> int:
    rows = []
    for i in range(n_images):
        chart(root / "data/conditions/images" / f"f{i:03d}.png", seed=i, dpi=dpi)
    for s in range(n_setups):
        rel = f"data/conditions/images/f{s % n_images:03d}.png"
        rows.append({"setup_id": f"f{s % n_images:03d}/base/q{s}", "figure_id": f"f{s % n_images:03d}", "condition": "base",
                     "task": "describe", "chart_type": "bar", "prompt_id": "describe_bar", "prompt_version": "0" * 12,
                     "system_text": None, "user_text": f"Request {s}: describe this bar chart for a reader who cannot see it.",
                     "image_path": rel, "image_sha256": sha256_file(root / rel), "caption": None, "probe_ids": "[]",
                     "blur_target_id": None})
    write_table(pd.DataFrame(rows), root / paths.SETUPS, "setups", root=root)
    sizes = [(root / "data/conditions/images" / f"f{i:03d}.png").stat().st_size for i in range(n_images)]
    return int(np.mean(sizes))


THROTTLE_RATE = 0.05
THROTTLE_RETRY_AFTER_S = 1.0


def start_server(latency: float, *extra: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "scifigbench.devserver", "--latency", str(latency), "--lifetime", "900",
                             *extra],
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")})
    line = proc.stdout.readline()
    return proc, line.split()[2]


def respond(root: Path, name: str) -> RunStats:
    eff = config.load(name, root / "params.yaml")
    setups = read_table(root / paths.SETUPS, "setups", root=root)
    _, stats = runner.respond(eff, setups, root, root / paths.CACHE_DIR, root / paths.responses(name),
                              root / paths.response_stats(name), progress=True)
    return stats


def simulated_wall_time() -> str:
    """Seconds for each default simulated respondent over the default setups, if they exist here."""
    if not paths.SETUPS.exists() or importlib.util.find_spec("scifigbench.families.respondent") is None:
        return "skipped (needs data/setups/setups.parquet from `dvc repro setups` and scifigbench.families.respondent)"
    setups = read_table(paths.SETUPS, "setups")
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in [k for k, v in (yaml.safe_load(Path("params.yaml").read_text())["models"] or {}).items()
                     if v.get("backend") == "simulated"]:
            eff = config.load(name)
            start = time.monotonic()
            runner.respond(eff, setups, Path("."), Path(tmp), Path(tmp) / f"{name}.parquet", Path(tmp) / f"{name}.json",
                           progress=False)
            out.append(f"{name} {time.monotonic() - start:.1f} s")
    return f"{len(setups)} setups: " + ", ".join(out)


def throughput(base_url: str, n_setups: int, n_images: int, dpi: int) -> tuple[dict, RunStats]:
    """Run the same setups twice against the server: a cold run (all calls) and a no-change rerun."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        mean_size = build_workdir(root, n_setups, n_images, dpi)
        write_params(root, base_url, CONCURRENCY)
        cpu = time.process_time()
        first = respond(root, "bench")
        cpu = time.process_time() - cpu
        again = respond(root, "bench")
    rate = first.calls / first.call_s
    return {"setups": n_setups, "setups_per_s": round(n_setups / first.call_s, 2),
            "lowest_concurrency": first.lowest_concurrency, "mean_png_bytes": mean_size, "calls": first.calls, "call_s": round(first.call_s, 2),
            "errors": first.errors, "failed_attempts": first.failed_attempts, "req_per_s": round(rate, 1), "fraction": round(rate / (CONCURRENCY / LATENCY_S), 3),
            "client_cpu_ms_per_call": round(1000 * cpu / max(first.calls, 1), 2),
            "load_avg_1min": round(os.getloadavg()[0], 2)}, again


def write_params(root: Path, base_url: str, concurrency: int) -> None:
    params = {"run": {"timeout_s": 30.0, "max_retries": 2, "concurrency": concurrency, "requests_per_minute": None},
              "models": {"bench": {"backend": "openai", "base_url": base_url, "model": "bench-vlm",
                                   "api_key_env": KEY_ENV}}}
    (root / "params.yaml").write_text(yaml.safe_dump(params))


def ideal_client(base_url: str, root: Path, concurrency: int) -> float:
    """Seconds a bare aiohttp client takes to post every setup (images encoded beforehand) and read the replies."""
    import asyncio
    import base64

    import aiohttp

    setups = read_table(root / paths.SETUPS, "setups", root=root)
    urls = {p: "data:image/png;base64," + base64.b64encode((root / p).read_bytes()).decode()
            for p in setups["image_path"].unique()}
    bodies = [{"model": "bench-vlm", "temperature": 0.0, "max_tokens": 2048, "seed": 42,
               "messages": [{"role": "user", "content": [{"type": "text", "text": text},
                                                         {"type": "image_url", "image_url": {"url": urls[path]}}]}]}
              for text, path in zip(setups["user_text"], setups["image_path"], strict=True)]

    async def run() -> float:
        gate = asyncio.Semaphore(concurrency)
        headers = {"Authorization": f"Bearer {os.environ[KEY_ENV]}"}
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency), headers=headers) as s:

            async def post(body: dict) -> None:
                async with gate, s.post(f"{base_url}/chat/completions", json=body) as resp:
                    data = await resp.json()
                    assert data["choices"][0]["message"]["content"]

            start = time.monotonic()
            await asyncio.gather(*(post(b) for b in bodies))
            return time.monotonic() - start

    return asyncio.run(run())


def forget_answers(root: Path) -> None:
    """Remove the cache and the responses, so the next run sends every setup."""
    for leftover in (root / paths.CACHE_DIR, root / "data/responses"):
        if leftover.exists():
            shutil.rmtree(leftover)


def runner_in_process(root: Path) -> RunStats:
    """One cold ``respond`` call (a fresh cache: every setup is sent)."""
    forget_answers(root)
    eff = config.load("bench", root / "params.yaml")
    setups = read_table(root / paths.SETUPS, "setups", root=root)
    _, stats = runner.respond(eff, setups, root, root / paths.CACHE_DIR, root / paths.responses("bench"),
                              root / paths.response_stats("bench"), progress=False)
    return stats


def runner_command(root: Path) -> float:
    """Seconds of one cold ``scifigbench respond`` process (imports included, no warm worker)."""
    forget_answers(root)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src"), "SCIFIGBENCH_WARM": "0"}
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "scifigbench", "respond", "bench", "--no-progress"], cwd=root, env=env,
                   check=True, capture_output=True)
    return time.monotonic() - start


def compare(levels: list[int], n_setups: int, n_images: int, rounds: int) -> None:
    """Runner vs the ideal client at each concurrency, alternating runs in one window (median of ``rounds``)."""
    server, base_url = start_server(LATENCY_S)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            build_workdir(root, n_setups, n_images, dpi=210)
            for c in levels:
                write_params(root, base_url, c)
                ideal, inproc, wall, command = [], [], [], []
                for _ in range(rounds):
                    ideal.append(ideal_client(base_url, root, c))
                    stats = runner_in_process(root)
                    inproc.append(stats.call_s)
                    wall.append(stats.wall_s)
                    ideal.append(ideal_client(base_url, root, c))
                    command.append(runner_command(root))
                i, cs, ws, cmd = (float(np.median(x)) for x in (ideal, inproc, wall, command))
                print(json.dumps({"concurrency": c, "setups": n_setups, "ideal_s": round(i, 3),
                                  "runner_calls_s": round(cs, 3), "runner_wall_s": round(ws, 3),
                                  "command_s": round(cmd, 3), "load_avg_1min": round(os.getloadavg()[0], 2)}))
                print(f"concurrency {c}: ideal {n_setups / i:.1f} req/s (Little's law {c / LATENCY_S:.0f}); runner "
                      f"{i / cs:.3f} of ideal while calling, {i / ws:.3f} for the whole respond call, "
                      f"{i / cmd:.3f} as the command; outside the calls {ws - cs:.2f} s in process, "
                      f"{cmd - ws:.2f} s more as a fresh process")
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--setups", type=int, default=640)
    ap.add_argument("--images", type=int, default=40)
    ap.add_argument("--compare", default=None, help="concurrencies to measure against an ideal client, e.g. 16,64")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    os.environ[KEY_ENV] = "bench-key"
    if args.compare:
        compare([int(c) for c in args.compare.split(",")], args.setups, args.images, args.rounds)
        return
    limit = CONCURRENCY / LATENCY_S
    server, base_url = start_server(LATENCY_S)
    try:
        real, again = throughput(base_url, args.setups, args.images, dpi=210)
        small, _ = throughput(base_url, args.setups, args.images, dpi=30)  # control: same run, tiny images
    finally:
        server.terminate()
        server.wait()
    throttled = {}
    for label, extra in (("no_429", ()), ("with_429", ("--rate-429", str(THROTTLE_RATE), "--retry-after",
                                                          str(THROTTLE_RETRY_AFTER_S)))):
        server, base_url = start_server(LATENCY_S, *extra)
        try:
            throttled[label], _ = throughput(base_url, args.setups, args.images, dpi=30)
        finally:
            server.terminate()
            server.wait()
    print(json.dumps({"realistic": real, "control_small_images": small, **throttled}))
    print(f"throughput: {real['req_per_s']} req/s = {real['fraction']:.3f} of the Little's-law limit {limit:.0f} req/s "
          f"(latency {LATENCY_S} s, concurrency {CONCURRENCY}, ~{real['mean_png_bytes'] // 1000} KB PNGs; target >= 0.9); "
          f"control with ~{small['mean_png_bytes'] // 1000} KB PNGs: {small['fraction']:.3f}; "
          f"1-min load average {real['load_avg_1min']} on {os.cpu_count()} cores")
    print(f"no-change rerun: {again.calls} calls, {again.cache_hits} cache hits, cost ${again.cost_usd:.4f} (target 0 calls)")
    ratio = throttled["with_429"]["setups_per_s"] / throttled["no_429"]["setups_per_s"]
    print(f"with {THROTTLE_RATE:.0%} 429s (Retry-After {THROTTLE_RETRY_AFTER_S:g} s): "
          f"{throttled['with_429']['setups_per_s']} setups/s vs {throttled['no_429']['setups_per_s']} without = {ratio:.3f} "
          f"(target >= 0.8); attempts {throttled['with_429']['calls']} for {args.setups} setups, "
          f"lowest adaptive concurrency {throttled['with_429']['lowest_concurrency']}")
    print(f"simulated respond wall time: {simulated_wall_time()}")


if __name__ == "__main__":
    main()
