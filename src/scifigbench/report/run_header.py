"""The run header shown atop the report and the explorer: which run these pages show.

Its reproducible part comes from ``metrics/header.json`` (see :mod:`scifigbench.metrics.header`) and
is printed into the page; commit, dirty flag and date come from the untracked ``stamp.js`` beside
the page (see :mod:`scifigbench.report.stamp`) and are filled in by a few lines of script, so the
pages themselves stay byte-identical across honest reruns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scifigbench.report.stamp import STAMP_FILE, STAMP_GLOBAL

SHORT_HASH = 12


@dataclass(frozen=True)
class HeaderItem:
    label: str
    text: str
    title: str = ""  # the full value when the text shortens it


@dataclass(frozen=True)
class RunHeader:
    items: list[HeaderItem]
    params_sha256: str  # the stamp must name the same params to be shown as this run's
    stamp_file: str = STAMP_FILE
    stamp_global: str = STAMP_GLOBAL


def _judges(ids: dict[str, dict[str, int]]) -> list[HeaderItem]:
    """One line per model (several ids when a hybrid judge split its units), or one line for all
    models when they share one judge."""
    described = {m: ", ".join(f"{jid} ({n} units)" for jid, n in per.items()) for m, per in sorted(ids.items())}
    shared = {", ".join(per) for per in ids.values()}
    if len(shared) == 1 and len(ids) > 1:
        total = sum(sum(per.values()) for per in ids.values())
        return [HeaderItem("Judge", f"{next(iter(shared))} for all {len(ids)} models ({total} units)")]
    return [HeaderItem(f"Judge · {m}", text) for m, text in described.items()]


def _corpus(corpus: dict[str, Any]) -> str:
    source = str(corpus.get("source", "?"))
    if "figures" not in corpus:
        return source
    kinds = ", ".join(f"{n} {k}" for k, n in (corpus.get("by_chart_type") or {}).items())
    return f"{source}, {corpus['figures']} figures ({kinds})" if kinds else f"{source}, {corpus['figures']} figures"


def run_header(header: dict[str, Any]) -> RunHeader | None:
    """The header items of ``metrics/header.json``'s content; None when the metrics predate it."""
    if not header:
        return None
    params = str(header.get("params_sha256", ""))
    boot = header.get("bootstrap") or {}
    ci = header.get("ci") or {}
    judge = header.get("judge") or {}
    kind = str(judge.get("kind", "rule")) + (f" (LLM judge: {judge['llm_model']})" if judge.get("llm_model") else "")
    respondents = header.get("respondents") or {}
    backends = sorted(set(respondents.values()))
    who = "; ".join(f"{b}: {', '.join(m for m, x in respondents.items() if x == b)}" for b in backends)
    items = [
        *([HeaderItem("Respondents", who)] if respondents else []),
        HeaderItem("Params hash", f"sha256 {params[:SHORT_HASH]}…", params),
        HeaderItem("Judge kind", kind),
        *_judges(judge.get("ids") or {}),
        HeaderItem("Audit judge", str(judge.get("audit_model") or "none")),
        HeaderItem("Bootstrap", f"B = {boot.get('B')} resamples, seed {boot.get('seed')}"),
        HeaderItem("CI method", f"{100 * float(ci.get('level', 0.95)):.0f} % {ci.get('method', '')}"),
        HeaderItem("Significance", str(header.get("significance", ""))),
        HeaderItem("Corpus", _corpus(header.get("corpus") or {})),
    ]
    return RunHeader(items, params)
