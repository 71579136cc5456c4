"""Versioned prompt templates shipped with the package.

A template's version is the sha256 prefix of its text, so editing a prompt changes every setup
that uses it, which changes the cache key of every request built from it: a changed prompt is
never served a stale answer, and an unchanged one is never paid for twice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Prompt:
    prompt_id: str
    template: str

    @property
    def version(self) -> str:
        return hashlib.sha256(self.template.encode("utf-8")).hexdigest()[:12]

    def render(self, **fields: object) -> str:
        return self.template.format(**fields).strip()


@lru_cache(maxsize=None)
def load(prompt_id: str) -> Prompt:
    """Load ``prompts/<prompt_id>.txt``; a missing id names the available ones."""
    path = resources.files(__package__) / f"{prompt_id}.txt"
    if not path.is_file():
        known = sorted(p.name[:-4] for p in resources.files(__package__).iterdir() if p.name.endswith(".txt"))
        raise KeyError(f"unknown prompt '{prompt_id}'; known prompts: {known}")
    return Prompt(prompt_id, path.read_text(encoding="utf-8"))
