"""Reading one table again in a process: with the per-process digest memo against without it.

Usage: PYTHONPATH=src python benchmarks/table_reads.py [TABLE.parquet SCHEMA] [--reads N]
(default: data/judgments/<first model>.parquet, schema judgments). Stamps are on, as in every
stage command, so the GX suite runs once; the memo saves hashing every cell on a second read.
Prints the median time per read of each arm, interleaved, and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from scifigbench import tableio
from scifigbench.caching import validated


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("table", nargs="?")
    ap.add_argument("schema", nargs="?", default="judgments")
    ap.add_argument("--reads", type=int, default=15)
    args = ap.parse_args()
    path = Path(args.table) if args.table else sorted(Path("data/judgments").glob("*.parquet"))[0]
    validated.enable(Path(tempfile.mkdtemp()) / "validated")
    tableio.read_table(path, args.schema)  # the first read: GX runs, the stamp is written
    timings: dict[str, list[float]] = {"memo": [], "no memo": []}
    for _ in range(args.reads):
        for arm in timings:
            if arm == "no memo":
                tableio._READ.clear()
            t0 = time.perf_counter()
            tableio.read_table(path, args.schema)
            timings[arm].append(time.perf_counter() - t0)
    med = {arm: statistics.median(ts) for arm, ts in timings.items()}
    for arm, m in med.items():
        print(f"{arm:8s} median {m * 1000:7.1f} ms per read ({args.reads} reads of {path})")
    print(f"ratio memo / no memo: {med['memo'] / med['no memo']:.2f}")


if __name__ == "__main__":
    main()
