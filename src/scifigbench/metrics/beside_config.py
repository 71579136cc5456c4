"""params.yaml ``release_beside``: its own module so that ``check-params`` reads it without pandas."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ReleaseBesideConfig:
    """params.yaml ``release_beside`` section.

    ``paper``: the paper/ project whose published verdicts the release_beside stage places this run's
    models beside, as a list so that dvc.yaml can loop over it: ``[paper]`` with ``corpus.source:
    release``, ``[]`` otherwise (then the stage does not exist and the default run is untouched).
    check-params holds the two together.
    """

    paper: list[str] = field(default_factory=list)
