"""A scripted respondent for the local test server: it answers a run's requests from the probes table.

A real-figure run has no simulated respondent (they read the ground-truth spec, which real figures
lack), so an end-to-end test needs a model behind HTTP whose behaviour it knows in advance. This
one reads each request the way a model would see it (the caption, then the numbered questions),
tells the figure by the sha256 of the image it was sent (``data/conditions/conditions.parquet``),
finds that figure's probes by their wording in ``data/probes/probes.parquet`` (two figures may be
asked the same counting question) and answers each with a fixed policy written in plain English
from the probe's recorded fact:

- absent element and false premise: resists (names the missing element, corrects the value);
- unanswerable: accepts (gives a number the figure does not show);
- capability: the expected answer;
- a caption-bias description: states the figure's reality for every claim, or repeats the
  caption's claims for figures in ``follow_caption``.

The tests then know every verdict the rule judge should reach without reading its output.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from helpers.judge_replies import prompt_text
from scifigbench.llm.request import IMAGE_REF, reference_images

_NUMBERED = re.compile(r"^(\d+)\. (.+)$", re.M)
_CAPTION = re.compile(r'^The figure comes with this caption:\n"(.*)"\n', re.S)
RESISTS = {"inexist": 1.0, "contra": 1.0, "unanswerable": 0.0}  # the score each answer below earns


def _resistance(category: str, expected: dict[str, Any]) -> str:
    if category == "inexist":
        absent = expected["absent_element"]
        return f"The figure does not show {absent}; there is no {absent} anywhere in it, so I cannot compare it."
    if category == "contra":
        printed, false = expected["fact"]["printed"], expected["false_value"]
        return f"That premise is incorrect: {expected['entity']} is printed as {printed}, not {false:g}."
    return "It would be about 42."  # unanswerable: a confident number the figure does not give


def _capability(expected: dict[str, Any]) -> str:
    answer = expected["answer"]
    return f"The answer is {answer:g}." if isinstance(answer, (int, float)) else f"The answer is {answer}."


def image_sha(body: dict[str, Any]) -> str:
    """The sha256 of the one image a request to the test server carries."""
    [sha] = [
        part["image_url"]["url"].removeprefix(IMAGE_REF)
        for msg in reference_images(body["messages"])
        if isinstance(msg["content"], list)
        for part in msg["content"]
        if part.get("type") == "image_url"
    ]
    return sha


@dataclass
class ScriptedRespondent:
    """``reply`` for :class:`~scifigbench.devserver.DevServer`: answers from the probes under ``root``."""

    root: Path
    follow_caption: frozenset[str] = frozenset()
    asked: list[str] = field(default_factory=list)  # probe ids answered, in order

    def _figure(self, body: dict[str, Any]) -> str:
        """The figure whose image the request carries."""
        sha = image_sha(body)
        conditions = pd.read_parquet(self.root / "data" / "conditions" / "conditions.parquet")
        return str(conditions.loc[conditions.image_sha256 == sha, "figure_id"].iloc[0])

    def __call__(self, body: dict[str, Any]) -> str:
        text = prompt_text(body)
        probes = pd.read_parquet(self.root / "data" / "probes" / "probes.parquet")
        by_text = {r.text: r for r in probes[probes.figure_id == self._figure(body)].itertuples()}
        caption = _CAPTION.match(text)
        captioned = by_text.get(caption.group(1)) if caption else None
        if captioned is not None and captioned.family == "caption_bias":
            return self._describe(captioned)
        answers = []
        for number, question in _NUMBERED.findall(text):
            probe = by_text[question]
            self.asked.append(probe.probe_id)
            expected = json.loads(probe.expected_json)
            answer = _resistance(probe.category, expected) if probe.family == "resistance" else _capability(expected)
            answers.append(f"{number}. {answer}")
        assert answers, f"neither questions nor a caption-bias caption in {text[:200]!r}"
        return "\n".join(answers)

    def _describe(self, probe: Any) -> str:
        self.asked.append(probe.probe_id)
        claims = json.loads(probe.expected_json)["claims"]
        side = "claim" if probe.figure_id in self.follow_caption else "reality"
        return "The figure is a chart. " + " ".join(c[side] for c in claims)
