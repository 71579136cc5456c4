"""``paper/params.yaml``: where the paper's release comes from and how its tables are labelled.

The paper pipeline (``paper/dvc.yaml``) is a DVC project of its own; its params file has the
``release`` section (the git repository, pinned commit and folder that ``release.dvc`` imports),
the usual ``metrics`` section, and ``compare`` (the paper's row label of each model).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ReleaseSource:
    """params ``release``: the authors' repository, a full commit hash, and the folder to import."""

    url: str
    rev: str
    path: str = "anonymous-submission"


@dataclass(frozen=True)
class CompareConfig:
    """params ``compare``: row labels of the printed tables, and the release's own Table 4 file."""

    labels: dict[str, str] = field(default_factory=dict)  # model id -> row label ("gpt-5.2": "GPT-5.2")
    release_table: str = "paper/tables/table4_behavioral.tex"  # inside the imported folder
