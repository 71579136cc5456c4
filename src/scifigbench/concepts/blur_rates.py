"""What each blur mode's rate counts, so that code reading one judged blur answer asks the mode's
record instead of testing the mode's name.

Admittance is how often the answer admits that the hidden element cannot be read, over every
judged answer. Inductance is how often the element the answer names is right, over the answers
that name one (fabricate a reading); an answer naming none is outside its n. The metrics'
headline cells (``families.unit_scores``, with their bounds for undecided units), the Table 4
columns beside the release (``families.release_columns``) and the explorer's unit status
(``report.units``) count alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from scifigbench.concepts.names import BLUR_MODES


@dataclass(frozen=True)
class BlurRate:
    """The rate of one blur mode: ``flag`` true among the judged answers with ``among`` true
    (None: among every judged answer); ``left_out`` says why an answer with ``among`` false is not
    in the rate's n, as the explorer's unit status reads it."""

    flag: str
    among: str | None = None
    left_out: str = ""

    @property
    def needed(self) -> tuple[str, ...]:
        """The verdict fields an answer needs for the rate to count it, in or out."""
        return (self.flag,) if self.among is None else (self.flag, self.among)


BLUR_RATES: dict[str, BlurRate] = {
    "admittance": BlurRate("admits"),
    "inductance": BlurRate("correct", among="fabricates", left_out="not fabricated"),
}

if tuple(BLUR_RATES) != BLUR_MODES:
    raise RuntimeError(f"blur rates {tuple(BLUR_RATES)} must follow the blur modes {BLUR_MODES}")
