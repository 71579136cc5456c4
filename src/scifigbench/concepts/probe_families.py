"""One declarative record per probe family (a row family of the probes table), and the registry.

"Family" names two sets in this house: the four probe families here (what is *asked*: capability,
resistance, caption bias, blur) and the six unit families of :mod:`.families` (what is *judged*;
one probe family may feed two, as blur feeds active and passive units). A stage that must treat
probe families differently reads a trait of the record, never the family's name, so a new probe
family is a new record here plus its generators.
"""

from __future__ import annotations

from dataclasses import dataclass

from scifigbench.concepts import names

#: How a probe reaches a respondent (``ProbeFamily.delivery``).
NUMBERED = "numbered"  # asked at base, all of a figure's probes of the family numbered in one request
CAPTION = "caption"  # shown as the figure's caption (a false claim planted in it) with a describe request
BLURRED = "blurred"  # asked of the image that has the probe's target blurred (its mode's condition)

#: What can write probes of a family for a figure without a spec (``ProbeFamily.writers``), in the
#: order the coverage plan names them.
GENERATOR, SCIVQA, LAYOUT, TARGETS = "generator", "scivqa", "layout", "targets"


@dataclass(frozen=True)
class ProbeFamily:
    """What the pipeline knows of one probe family."""

    name: str
    categories: tuple[str, ...]  # the values of its probes' ``category``, in table order
    delivery: str  # NUMBERED, CAPTION or BLURRED
    task: str  # the setup task that asks it (also the prompt id of a numbered or blurred request)
    writers: tuple[str, ...]  # what writes it for real figures: GENERATOR, SCIVQA, LAYOUT, TARGETS
    # a figure with a spec that lacks one of its categories is a gap the review queue lists
    gaps_listed: bool = False

    def __post_init__(self) -> None:
        if self.delivery not in (NUMBERED, CAPTION, BLURRED):
            raise ValueError(f"probe family {self.name}: unknown delivery {self.delivery!r}")
        unknown = set(self.writers) - {GENERATOR, SCIVQA, LAYOUT, TARGETS}
        if unknown:
            raise ValueError(f"probe family {self.name}: unknown writers {sorted(unknown)}")

    @property
    def in_caption(self) -> bool:
        """Whether its probe is a claim planted in the caption (its expected answer lists claims)."""
        return self.delivery == CAPTION

    @property
    def typed(self) -> bool:
        """Whether its categories tell probes apart (one category named like the family does not)."""
        return len(self.categories) > 1


PROBE_FAMILY_RECORDS: tuple[ProbeFamily, ...] = (
    ProbeFamily(
        "capability",
        names.CAPABILITY_CATEGORIES,
        NUMBERED,
        "capability",
        (GENERATOR, SCIVQA, LAYOUT),
        gaps_listed=True,
    ),
    ProbeFamily("resistance", names.RESISTANCE_TYPES, NUMBERED, "resistance", (GENERATOR, SCIVQA, LAYOUT)),
    ProbeFamily("caption_bias", ("caption_bias",), CAPTION, "describe", (GENERATOR, LAYOUT)),
    ProbeFamily("blur", names.BLUR_MODES, BLURRED, "blur_active", (TARGETS,)),
)

PROBE_FAMILY: dict[str, ProbeFamily] = {f.name: f for f in PROBE_FAMILY_RECORDS}


def probe_family(name: str) -> ProbeFamily:
    """The record of probe family ``name``; an unknown name is an error that lists the known ones."""
    try:
        return PROBE_FAMILY[name]
    except KeyError:
        raise ValueError(f"unknown probe family {name!r} (known: {', '.join(PROBE_FAMILY)})") from None


def with_delivery(delivery: str) -> tuple[ProbeFamily, ...]:
    """The probe families delivered as ``delivery``, in registry order."""
    return tuple(f for f in PROBE_FAMILY_RECORDS if f.delivery == delivery)
