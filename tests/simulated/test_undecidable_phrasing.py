"""Answers written undecidable: produced at each profile's declared rate, worded from their banks,
never at rate 0, and without changing how the decided answers read."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from scipy.stats import binomtest

from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.families.respondent import respond
from scifigbench.simulated import phrases
from scifigbench.simulated.answers import resistance_wording
from scifigbench.simulated.profiles import BUILTIN, UNDECIDABLE_TASKS, ProfileError, resolve_profile

SPECS = [f() for f in RESPONDENT_FIGURES]
CTX = context(SPECS)
SETUPS = [s for spec in SPECS for s in setups_for(spec, 40) if s["task"] in UNDECIDABLE_TASKS]
NO_UNDECIDABLE = {"undecidable_rate": dict.fromkeys(UNDECIDABLE_TASKS, 0.0)}


def _entries(task: str, trace: dict) -> list[tuple[str | None, dict]]:
    """(probe id, trace entry) of every unit of one answer; the blur answer is one unit."""
    return [(None, trace)] if task == "blur_active" else list(trace.items())


def _answer_lines(text: str) -> list[str]:
    """The numbered answers of a text, numbering and opening line removed."""
    return [
        m.group(2)
        for m in re.finditer(r"^(\d+\. |\d+\) |Answer \d+: |\*\*\d+\.\*\* |\(\d+\) |Q\d+: )(.*)$", text, re.M)
    ]


def _bank_pattern(template: str) -> re.Pattern:
    """A template as a pattern: its placeholders match any text."""
    return re.compile(
        "".join(".+" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{\w\})", template))
    )


def _worded_from_bank(task: str, text: str, pid: str | None, entry: dict, lines: list[str]) -> bool:
    if task == "blur_active":
        return any(
            t.format(g=entry["candidates"][0], h=entry["candidates"][1]) == text for t in phrases.UNDECIDABLE_BLUR
        )
    if task == "resistance":
        expected = CTX.probe(pid)[1]
        return any(
            resistance_wording(t, expected) in lines
            for t in phrases.UNDECIDABLE_RESISTANCE[CTX.probes[pid]["category"]]
        )
    banks = (
        phrases.UNDECIDABLE_NUMBER + phrases.UNDECIDABLE_YES_NO + phrases.UNDECIDABLE_LABEL + phrases.UNDECIDABLE_LIST
    )
    return any(
        _bank_pattern(t).fullmatch(line) and all(str(a) in line for a in entry["answer"] if a not in ("yes", "no"))
        for t in banks
        for line in lines
    )


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_undecidable_answers_at_the_declared_rate(name: str) -> None:
    prof = resolve_profile(name)
    written: dict[str, list[bool]] = defaultdict(list)
    for st in SETUPS:
        text, trace = respond(st, prof, f"sim-{name}", 42, CTX)
        lines = _answer_lines(text)
        for pid, entry in _entries(st["task"], trace):
            undecidable = bool(entry.get("undecidable"))
            written[st["task"]].append(undecidable)
            if undecidable:
                assert _worded_from_bank(st["task"], text, pid, entry, lines), (st["task"], text, entry)
    for task in UNDECIDABLE_TASKS:
        k, n, p = sum(written[task]), len(written[task]), prof.undecidable_rate[task]
        ci = binomtest(k, n, p).proportion_ci(0.999)
        assert n >= 200 and ci.low <= p <= ci.high, (task, k, n, p)


def test_rate_zero_writes_none_and_leaves_decided_answers_as_they_were() -> None:
    base, zero = resolve_profile("weak"), resolve_profile("weak", NO_UNDECIDABLE)
    unchanged = 0
    for st in SETUPS:
        text, trace = respond(st, zero, "sim-weak", 42, CTX)
        assert not any(e.get("undecidable") for _, e in _entries(st["task"], trace)), text
        text_base, trace_base = respond(st, base, "sim-weak", 42, CTX)
        if not any(e.get("undecidable") for _, e in _entries(st["task"], trace_base)):
            assert (text, trace) == (text_base, trace_base)
            unchanged += 1
    assert unchanged > len(SETUPS) // 2


def test_undecidable_capability_answers_give_the_right_and_a_wrong_answer() -> None:
    prof = resolve_profile("weak", {"undecidable_rate": {"capability": 1.0}})
    seen = set()
    for st in [s for s in SETUPS if s["task"] == "capability"][:200]:
        _, trace = respond(st, prof, "sim-weak", 42, CTX)
        for pid, entry in trace.items():
            expected = CTX.probe(pid)[1]
            truth = expected["answer"]
            seen.add(expected.get("answer_type", "label"))
            given = entry["answer"]
            assert len(given) == 2 and given[0] != given[1]
            if expected.get("answer_type") == "list":
                assert ", ".join(map(str, truth)) in given
            elif expected.get("answer_type") == "number":
                assert any(float(g) == float(truth) for g in given)
            elif expected.get("answer_type") != "yes_no":
                assert str(truth) in given
    assert {"number", "label"} <= seen


def test_profile_rejects_an_unknown_task_or_invalid_undecidable_rate() -> None:
    with pytest.raises(ProfileError, match="probability"):
        resolve_profile("careful", {"undecidable_rate": {"resistance": 1.5}})
    with pytest.raises(ProfileError, match="unknown key"):
        resolve_profile("careful", {"undecidable_rate": {"describe": 0.1}})
