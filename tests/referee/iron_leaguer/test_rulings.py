"""Every worked ruling of ../shared/cases/iron_leaguer_rulings.json (copied to cases/) through the engine's
rule
functions. A case whose ``what`` is unknown fails, so a new case cannot be skipped silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games.iron_leaguer import rules

CASES = json.loads((Path(__file__).parent / "cases" / "iron_leaguer_rulings.json").read_text())["cases"]


def _split_allowed(case: dict) -> None:
    assert tuple(case["split"]) in rules.growth_splits(case["total"])
    assert sum(case["split"]) == case["total"]


def _growth_never(case: dict) -> None:
    assert rules.can_grow(case["growth_value"]) is False


def _rough_play(case: dict) -> None:
    """IL 9.4/9.5: the success value, and for every 2d6 sum whether the rough play succeeds:
    ``succeeds_on_dice_sum_at_most`` n succeeds on a sum of at most n, ``null`` never succeeds."""
    value = rules.rough_success_value(case["rough_value"], case["target_body"], case["own_penalty"])
    assert value == case["expect"]
    at_most = case["succeeds_on_dice_sum_at_most"]
    for a in range(1, 7):
        for b in range(1, 7):
            expected = at_most is not None and a + b <= at_most
            assert rules.rough_play_succeeds(value, [a, b]) is expected, (a, b)


def _check(case: dict) -> None:
    what = case["what"]
    if what == "technique usable":
        il = case["il"]
        assert rules.meets_values(case["card"], il["heart"], il["skill"], il["body"]) is case["expect"]
    elif what == "penalty modifier":
        assert rules.penalty_modifier(case["penalties"], case["persons"]) == case["expect"]
    elif what == "attack points":
        assert (
            rules.attack_points(case["attack_value"], case["dice"], case["penalty_modifier"])
            == case["expect"]
        )
    elif what == "attack fails":
        ap = rules.attack_points(case["attack_value"], case["dice"], case["penalty_modifier"])
        assert (ap, rules.attack_failed(ap)) == (case["expect_ap"], case["expect_failed"])
    elif what == "score":
        scores = rules.attacker_scores(case["ap"], case["dp"])
        assert ("attacker scores" if scores else "defence succeeds") == case["expect"]
    elif what == "rough play success value":
        _rough_play(case)
    elif what == "incapacitated":
        assert rules.incapacitated(case["il"]["heart"], case["il"]["body"], case["penalty"]) is case["expect"]
    elif what == "interval growth bonus":
        assert rules.interval_growth_bonus(case["won"]) == case["expect"]
    elif what == "growth split":
        _split_allowed(case)
    elif what == "growth check":
        _growth_never(case)
    elif what == "forced retirement checks":
        assert rules.retirement_checks(case["lost_by"]) == case["expect"]
    elif what == "forced retirement roll":
        assert rules.d66_slot(*case["d66"]) == case["expect_slot"]
    elif what == "rescue":
        assert rules.rescue_succeeds(case["rescuer_heart"], case["dice"]) is case["expect"]
    elif what == "Silver scout":
        assert rules.silver_scout_succeeds(case["target"]["heart"], case["die"]) is case["expect"]
    elif what == "Dark scout":
        t = case["target"]
        assert rules.dark_scout_succeeds(t["heart"], t["skill"], t["body"], case["die"]) is case["expect"]
    elif what == "persuasion growth value":
        t = case["target"]
        assert (
            rules.persuasion_growth_value(case["persuader_heart"], t["heart"], t["growth_value"])
            == case["expect"]
        )
    elif what == "departure value":
        assert rules.departure_value(case["rough_plays"], case["heart"], case.get("il", "")) == case["expect"]
    elif what == "hand limit":
        assert rules.hand_limit(case["scene"]) == case["expect"]
    elif what == "interval actions":
        assert rules.interval_actions(case["scene"]) == case["expect"]
    elif what == "points to win a match":
        assert rules.points_to_win(case["scene"]) == case["expect"]
    else:
        pytest.fail(f"no check written for ruling kind {what!r} (clause {case['clause']})")


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}-{c['what']}" for i, c in enumerate(CASES)])
def test_worked_ruling_gives_the_expected_answer(case: dict) -> None:
    _check(case)


def test_the_copied_rulings_file_is_the_shared_one_when_it_is_present() -> None:
    shared = Path(__file__).parents[4] / "shared" / "cases" / "iron_leaguer_rulings.json"
    if not shared.exists():
        pytest.skip("the shared folder is not beside this checkout")
    assert json.loads(shared.read_text())["cases"] == CASES


@pytest.mark.parametrize(
    ("rough_value", "target_body", "own_penalty", "expect"), [(5, 4, 0, 1), (6, 4, 3, -1), (4, 6, 0, -2)]
)
def test_a_rough_play_ruling_that_never_succeeds_is_checked_as_such(
    rough_value: int, target_body: int, own_penalty: int, expect: int
) -> None:
    """IL 9.4/9.5: a success value below 2 (``succeeds_on_dice_sum_at_most: null`` in the rulings file) means
    no 2d6 sum succeeds; the check reads null as "never", not as a number to compare."""
    _check(
        {
            "clause": "9.4/9.5",
            "what": "rough play success value",
            "rough_value": rough_value,
            "target_body": target_body,
            "own_penalty": own_penalty,
            "expect": expect,
            "succeeds_on_dice_sum_at_most": None,
        }
    )


def test_a_rough_play_ruling_whose_bound_disagrees_with_the_dice_fails() -> None:
    """The null/number reading is checked against the rule, not assumed: a bound of 5 for a success value of 1
    (a rough play that never succeeds) is caught."""
    case = {
        "clause": "9.4/9.5",
        "what": "rough play success value",
        "rough_value": 5,
        "target_body": 4,
        "own_penalty": 0,
        "expect": 1,
        "succeeds_on_dice_sum_at_most": 5,
    }
    with pytest.raises(AssertionError):
        _check(case)
