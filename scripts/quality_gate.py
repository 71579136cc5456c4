"""Quality gate: import rules must hold; ruff, ruff format and mypy findings may only shrink.

The code base was not reformatted or retyped in one go (many branches were in flight), so each
tool's findings today are recorded in ``quality-baseline.json``. This gate fails when

- an import contract in pyproject (``[tool.importlinter]``) is broken;
- a tool's total rises, or the count of one ruff rule / one mypy error code rises;
- a file that is not in the baseline's list of unformatted files would be reformatted (new and
  already-formatted files stay formatted).

Counts per file are in the baseline too: a rise there is reported (code may have moved) but does
not fail. When counts fall, the gate says so and how to lower the baseline (``--update``), which
keeps the improvement from being lost. ``--update`` refuses to raise any count; ``--reset`` writes
today's counts regardless, for adopting the gate on work merged without it or bumping a pinned tool.

Usage: ``python scripts/quality_gate.py [--update | --reset] [--skip mypy]`` from the repository root
(``make quality``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "quality-baseline.json"
TOOLS = ("ruff", "ruff-format", "mypy")


@dataclass
class Findings:
    """One tool's findings as counts: in total, per category (rule or code) and per file."""

    by_category: Counter[str] = field(default_factory=Counter)
    by_file: Counter[str] = field(default_factory=Counter)

    @property
    def total(self) -> int:
        return sum(self.by_file.values())

    def add(self, category: str, path: str) -> None:
        self.by_category[category] += 1
        self.by_file[path] += 1

    def to_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "by_category": dict(sorted(self.by_category.items())),
            "by_file": dict(sorted(self.by_file.items())),
        }

    @classmethod
    def from_json(cls, data: dict[str, dict[str, int]]) -> Findings:
        return cls(Counter(data.get("by_category", {})), Counter(data.get("by_file", {})))


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def _relative(path: str) -> str:
    p = Path(path)
    return (p.relative_to(ROOT) if p.is_absolute() else p).as_posix()


def ruff_findings() -> Findings:
    """ruff lint findings per rule code (config: ``[tool.ruff]`` in pyproject)."""
    proc = _run([sys.executable, "-m", "ruff", "check", ".", "--output-format", "json", "--exit-zero", "--quiet"])
    if proc.returncode != 0:
        raise SystemExit(f"ruff check failed to run:\n{proc.stderr}")
    found = Findings()
    for item in json.loads(proc.stdout or "[]"):
        found.add(item.get("code") or "syntax-error", _relative(item["filename"]))
    return found


def format_findings() -> Findings:
    """Files ``ruff format`` would change (one finding per file, however many hunks)."""
    proc = _run([sys.executable, "-m", "ruff", "format", "--check", ".", "--output-format", "json"])
    if proc.returncode not in (0, 1):
        raise SystemExit(f"ruff format failed to run:\n{proc.stderr}")
    found = Findings()
    for path in sorted({_relative(item["filename"]) for item in json.loads(proc.stdout or "[]")}):
        found.add("unformatted", path)
    return found


def mypy_findings() -> Findings:
    """mypy errors per error code (config: ``[tool.mypy]``; notes are not counted)."""
    proc = _run([sys.executable, "-m", "mypy", "--output", "json"])
    if proc.returncode not in (0, 1):
        raise SystemExit(f"mypy failed to run:\n{proc.stdout}{proc.stderr}")
    found = Findings()
    for line in proc.stdout.splitlines():
        if not line.startswith("{"):
            continue
        item = json.loads(line)
        if item.get("severity") == "error":
            found.add(item.get("code") or "error", _relative(item["file"]))
    return found


COLLECT = {"ruff": ruff_findings, "ruff-format": format_findings, "mypy": mypy_findings}


def import_contracts_hold() -> bool:
    """Run import-linter on the contracts in pyproject; print its report when one is broken."""
    exe = Path(sys.executable).parent / "lint-imports"
    command = str(exe) if exe.exists() else shutil.which("lint-imports")
    if command is None:
        raise SystemExit("lint-imports not found: install the test extra (pip install -e '.[test]')")
    proc = _run([command, "--no-logo"])
    summary = [ln for ln in proc.stdout.splitlines() if ln.startswith("Contracts:")]
    print(f"import-linter: {summary[-1] if summary else 'no summary'}")
    if proc.returncode != 0:
        print(proc.stdout, proc.stderr, sep="\n")
    return proc.returncode == 0


def compare(tool: str, now: Findings, base: Findings) -> tuple[list[str], list[str], list[str]]:
    """(failures, per-file rises reported only, improvements) of one tool against its baseline."""
    failures: list[str] = []
    notes: list[str] = []
    better: list[str] = []
    if now.total > base.total:
        failures.append(f"{tool}: {now.total} findings, baseline {base.total}")
    elif now.total < base.total:
        better.append(f"{tool}: {now.total} findings, baseline {base.total}")
    for cat in sorted(set(now.by_category) | set(base.by_category)):
        if now.by_category[cat] > base.by_category[cat]:
            failures.append(f"{tool} {cat}: {now.by_category[cat]} (baseline {base.by_category[cat]})")
    for path in sorted(set(now.by_file) | set(base.by_file)):
        if now.by_file[path] > base.by_file[path]:
            line = f"{tool} {path}: {now.by_file[path]} (baseline {base.by_file[path]})"
            # A file that was formatted (or is new) must stay formatted: no budget to move around.
            (failures if tool == "ruff-format" else notes).append(line)
    return failures, notes, better


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write today's counts (only if none rose)")
    parser.add_argument(
        "--reset",
        action="store_true",
        help="write today's counts even if some rose: only when adopting the gate on merged work or bumping a "
        "pinned tool; say why in the commit",
    )
    parser.add_argument("--skip", action="append", default=[], choices=[*TOOLS, "imports"], help="skip a check")
    args = parser.parse_args(argv)

    failures: list[str] = []
    notes: list[str] = []
    better: list[str] = []
    if "imports" not in args.skip and not import_contracts_hold():
        failures.append("import-linter: a contract in pyproject [tool.importlinter] is broken (report above)")
    stored = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    current: dict[str, Findings] = {}
    for tool in TOOLS:
        if tool in args.skip:
            continue
        current[tool] = COLLECT[tool]()
        base = Findings.from_json(stored.get(tool, {}))
        print(f"{tool}: {current[tool].total} (baseline {base.total})")
        if args.reset or (tool not in stored and args.update):
            continue  # a new baseline is written below whatever the counts
        f, n, b = compare(tool, current[tool], base)
        failures += f
        notes += n
        better += b

    for line in notes:
        print(f"note (per file, not failing): {line}")
    if failures:
        print("\nQUALITY GATE FAILED:", *failures, sep="\n  ")
        print("Fix the new findings (ruff check --fix FILE, ruff format FILE, mypy).")
        return 1
    if args.update or args.reset:
        stored.update({tool: found.to_json() for tool, found in current.items()})
        BASELINE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
        print(f"wrote {BASELINE.name}")
    elif better:
        print("\nBetter than the baseline:", *better, sep="\n  ")
        print("Lower it so the gain is kept: python scripts/quality_gate.py --update && git add quality-baseline.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
