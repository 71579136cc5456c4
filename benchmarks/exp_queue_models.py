"""Two models as queued DVC experiments: two queue workers at once against one, in one run.

Why: a user comparing models queues one experiment per model (``dvc exp run --queue -S
models.<key>.model=...``) and starts several workers. The workers' copies share the workspace's
call cache (:func:`scifigbench.paths.cache_root`); this prints what two workers buy over one, and
checks the server saw every request once. The project is ``tests/helpers/queued_models.py``'s: one
`scifigbench respond` stage over ``--figures`` × 2 setups, a local test server answering each
request after ``--latency`` seconds, ``run.concurrency`` 2. Each round queues two models no
earlier round asked (so nothing comes from the cache) and runs them with ``--jobs 1`` and then
``--jobs 2`` (or the reverse, alternating), and prints each wall time, the most requests in
flight at once (4: the two workers' models overlapped) and the ratio jobs 2 / jobs 1.

    .venv/bin/python benchmarks/exp_queue_models.py [--figures 12] [--latency 0.5] [--rounds 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from helpers import queued_models as Q  # noqa: E402  (tests/ is put on the path above)
from scifigbench.devserver import DevServer  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--figures", type=int, default=12, help="figures; 2 requests each per model")
    ap.add_argument("--latency", type=float, default=0.5, help="seconds the server takes per request")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="scifigbench-queue-") as tmp,
        DevServer(api_key=Q.KEY, latency_s=args.latency, lifetime_s=3600) as srv,
    ):
        root = Q.build(Path(tmp) / "repo", srv.base_url, args.figures, concurrency=2)
        ratios = []
        for r in range(args.rounds):
            walls = {}
            for jobs in (1, 2) if r % 2 == 0 else (2, 1):
                models = [f"vlm-{r}-{jobs}-a", f"vlm-{r}-{jobs}-b"]
                srv.peak_in_flight = 0
                walls[jobs] = Q.run_queued(root, models, jobs)
                got = Q.per_model(srv.records)
                assert all(got[m] == 2 * args.figures for m in models), got
                # each model keeps at most 2 requests in flight: 4 at once means the workers overlapped
                print(
                    f"round {r + 1}: --jobs {jobs}: {walls[jobs]:6.1f} s, at most {srv.peak_in_flight} requests "
                    "in flight",
                    flush=True,
                )
            ratios.append(walls[2] / walls[1])
            print(f"round {r + 1}: jobs 2 / jobs 1 = {ratios[-1]:.2f}")
        assert max(srv.requests.values()) == 1, "a request reached the server twice"
        print(
            f"every one of {len(srv.requests)} requests reached the server once; "
            f"ratio jobs 2 / jobs 1 per round: {', '.join(f'{x:.2f}' for x in ratios)}"
        )


if __name__ == "__main__":
    main()
