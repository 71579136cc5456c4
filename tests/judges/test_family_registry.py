"""The judges' registry of family behaviour and the concepts' family records name the same families."""

import pytest

from scifigbench.concepts.families import UNIT_FAMILIES
from scifigbench.families import registry as rules
from scifigbench.families.description.mqm import JUDGMENT_COLUMNS, score
from scifigbench.families.registry import FILE_FAMILIES, REGISTRY, feeding, registered


def test_registry_rules_and_concepts_name_the_same_families():
    assert list(REGISTRY) == list(UNIT_FAMILIES)
    assert list(rules.RULES) == list(UNIT_FAMILIES)
    assert all(REGISTRY[name].facts is UNIT_FAMILIES[name] for name in REGISTRY)


def test_judge_file_reads_the_answer_claim_and_description_families():
    """Descriptions are read as records that carry the expert reference instead of a spec."""
    assert set(FILE_FAMILIES) == {"description", "capability", "resistance", "caption_claim", "blur_active"}


@pytest.mark.parametrize("name", list(REGISTRY))
def test_compared_and_headline_columns_are_the_familys_own(name):
    family = registered(name)
    own = set(family.facts.booleans) | ({"verdict"} if family.facts.verdicts else set()) | {"score"}
    assert set(family.compared) <= own and family.headline in own


def test_each_headline_cell_is_fed_by_the_family_the_paper_scores_it_on():
    # the paper: MQM scores descriptions, R the resistance answers, caption-bias resistance the
    # caption claims, A and I the active and passive blur answers
    assert feeding("mqm") == "description" and feeding("capability") == "capability"
    assert feeding("resistance") == "resistance" and feeding("caption_bias") == "caption_claim"
    assert feeding("admittance_active") == feeding("inductance_active") == "blur_active"
    assert feeding("admittance_passive") == feeding("inductance_passive") == "blur_passive"
    with pytest.raises(ValueError, match="no family declares cell 'ari'.*mqm"):
        feeding("ari")


def test_description_columns_are_what_the_mqm_result_writes():
    assert tuple(score([], 10, []).judgment_fields()) == JUDGMENT_COLUMNS


def test_an_unknown_family_lists_the_known_ones():
    with pytest.raises(ValueError, match="blur_passive"):
        registered("vibes")


def test_every_familys_task_has_a_cutter():
    from scifigbench.concepts.families import UNIT_FAMILIES
    from scifigbench.judges.units import CUTTERS

    assert {f.task for f in UNIT_FAMILIES.values()} == set(CUTTERS)
