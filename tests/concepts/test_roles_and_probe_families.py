"""The text-role and probe-family records: one list each, and traits that say what the stages
branched on by name before (the hard-coded sets below are the ones the stages spelled out)."""

import pytest

from scifigbench.blurtargets.from_spec import ADMITTANCE_RULES
from scifigbench.concepts import names
from scifigbench.concepts.families import FAMILIES, unit_family
from scifigbench.concepts.probe_families import (
    BLURRED,
    CAPTION,
    NUMBERED,
    PROBE_FAMILY,
    PROBE_FAMILY_RECORDS,
    ProbeFamily,
    probe_family,
    with_delivery,
)
from scifigbench.concepts.roles import (
    ADMITTANCE_ROLES,
    CATEGORY_ROLES,
    KEY_ROLES,
    SHARE_ROLES,
    TEXT_ROLES,
    text_role,
)
from scifigbench.contracts import probes as probes_contract
from scifigbench.contracts.text_elements import ROLES
from scifigbench.prompts import load


def test_probe_family_records_are_the_closed_vocabulary_in_its_order():
    families = ("capability", "resistance", "caption_bias", "blur")  # the paper's order
    assert tuple(PROBE_FAMILY) == families
    assert probes_contract.FAMILIES == frozenset(families)
    want = {*names.CAPABILITY_CATEGORIES, *names.RESISTANCE_TYPES, "caption_bias", *names.BLUR_MODES}
    assert probes_contract.CATEGORIES == want


def test_every_unit_family_is_fed_by_a_probe_family_record_or_by_none():
    for f in FAMILIES:
        assert f.probe_family is None or f.probe_family in PROBE_FAMILY


def test_probe_family_traits_are_what_the_stages_branched_on():
    assert [f.name for f in with_delivery(NUMBERED)] == ["capability", "resistance"]
    assert [f.name for f in with_delivery(CAPTION)] == ["caption_bias"]
    assert [f.name for f in with_delivery(BLURRED)] == ["blur"]
    assert [f.name for f in PROBE_FAMILY_RECORDS if f.gaps_listed] == ["capability"]
    assert [f.name for f in PROBE_FAMILY_RECORDS if not f.typed] == ["caption_bias"]
    assert [f.name for f in FAMILIES if f.in_caption] == ["caption_claim"]
    assert [f.name for f in FAMILIES if f.counts_figures] == ["resistance"]
    assert [f.name for f in FAMILIES if f.category_per_unit] == ["caption_claim"]


@pytest.mark.parametrize("pf", PROBE_FAMILY_RECORDS, ids=lambda f: f.name)
def test_numbered_and_blurred_families_ask_with_a_prompt_of_their_task(pf):
    if pf.delivery != CAPTION:
        assert load(pf.task).template.strip()


def test_a_probe_family_with_an_unknown_delivery_or_writer_is_refused():
    with pytest.raises(ValueError, match="delivery"):
        ProbeFamily("x", ("a",), "shouted", "x", ())
    with pytest.raises(ValueError, match="writers"):
        ProbeFamily("x", ("a",), NUMBERED, "x", ("oracle",))
    with pytest.raises(ValueError, match="caption_bias"):
        probe_family("vibes")


def test_text_role_records_are_the_contracts_roles():
    assert ROLES == frozenset(TEXT_ROLES)
    with pytest.raises(ValueError, match="pie_pct"):
        text_role("caption")


def test_role_traits_are_the_sets_the_stages_spelled_out():
    assert SHARE_ROLES == {"pie_pct"}
    assert KEY_ROLES == {"legend_entry", "pie_label"}
    assert CATEGORY_ROLES == {"tick", "pie_label"}
    assert ADMITTANCE_ROLES == {"legend_entry", "pie_label", "panel_title", "title", "point_label"}
    # the admittance reasoning names each as it did
    assert text_role("pie_label").called == "wedge label" and text_role("title").called == "figure title"


def test_every_admittance_role_is_a_ranked_admittance_rule():
    """A role with the admittance trait names a rule of its own; the target ranking must know it."""
    assert ADMITTANCE_ROLES <= set(ADMITTANCE_RULES)


def test_blur_families_declare_the_release_folder_of_their_verdict_files():
    # the paper's release: evaluation/active_probes/<model>/<mode>/ and evaluation/passive_probes/...
    assert unit_family("blur_active").release_folder == "active_probes"
    assert unit_family("blur_passive").release_folder == "passive_probes"
    assert unit_family("resistance").release_folder is None  # read by its own reader
