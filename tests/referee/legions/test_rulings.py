"""Every worked ruling of ../shared/cases/legions_rulings.json (copied to tests/cases/) through the engine's own
rule functions or a constructed game state. A case whose ``what`` is unknown fails, so a new case cannot be
skipped silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import combat, cores, damage, effects, field, flow, setup, timeline

from .conftest import decks, new_state, put

CASES = json.loads((Path(__file__).parents[2] / "cases" / "legions_rulings.json").read_text())["cases"]


def _pay(case: dict) -> None:
    got = cores.pay(case["active"], case["fatigued"], case["pay"])
    assert got == (None if case["expect"] is None else (case["expect"]["active"], case["expect"]["fatigued"]))


def _wait_turns(case: dict) -> None:
    state = new_state()
    before = case["before"]
    p = state["players"]["p1"]
    names = {}
    for i, label in enumerate(sorted({c for z in range(1, 5) for c in before[f"wz{z}"]["cards"]}
                                     | set(before["standby"]))):
        names[label] = p["deck"][i]
    p["deck"] = p["deck"][len(names):]
    p["active"], p["standby"] = before["active"], [names[c] for c in before["standby"]]
    p["wz"] = [[names[c] for c in before[f"wz{z}"]["cards"]] for z in range(1, 5)]
    p["wz_cores"] = [before[f"wz{z}"]["cores"] for z in range(1, 5)]
    p["exile"] = []
    state["pending"] = None
    done = timeline.wait_turns(state, "p1", [])
    if not done:
        assert state["pending"]["kind"] == "keep"
        timeline.do_keep(state, "p1", tuple(names[c] for c in case["keep"]), [])
    label = {v: k for k, v in names.items()}
    expect = case["expect"]
    assert p["active"] == expect["active"]
    assert [label[c] for c in p["standby"]] == expect["standby"]
    assert [label[c] for c in p["exile"]] == expect["exile"]
    for z in range(1, 5):
        assert [label[c] for c in p["wz"][z - 1]] == expect[f"wz{z}"]["cards"]
        assert p["wz_cores"][z - 1] == expect[f"wz{z}"]["cores"]


def _lord_broken(case: dict) -> None:
    state = new_state()
    p = state["players"]["p2"]
    p["master_cores"] = case["master_cores"]
    lord = put(state, "p2", "冥界の魔導竜『オリヴィエ』", "leader", cores=case["lord_cores"])
    damage.break_unit(state, "p2", "leader", [], "A6.8")
    assert p["master_cores"] == case["expect"]["master_cores"]
    assert p["lord"] is None and lord in p[case["expect"]["lord_to"]]


def _setup(case: dict) -> None:
    state, _ = setup.prepare({"first": "p1"}, decks(), RngSeed(seed_from_int(3)))
    p = state["players"]["p1" if case["seat"] == "first" else "p2"]
    got = {"life": p["life"], "master_cores": p["master_cores"], "wz3_cores": p["wz_cores"][2],
           "hand": len(p["hand"])}
    assert got == case["expect"]


def _end_of_turn(case: dict) -> None:
    state = new_state()
    unit = case["unit"]
    card = put(state, "p2", "闇精シェイド", "centre")
    state["players"]["p2"]["lanes"]["centre"]["damage"] = unit["damage"]
    flow.STEPS["end.cleanup"](state, [])
    assert state["players"]["p2"]["lanes"]["centre"]["damage"] == case["expect"]["damage"], card


def _life(case: dict) -> None:
    assert cores.life_after(case["life"], case["change"]) == case["expect"]
    state = new_state()
    state["players"]["p2"]["life"] = case["life"]
    cores.change_life(state, "p2", case["change"], [], "test")
    assert state["players"]["p2"]["life"] == case["expect"]
    assert ("p2" in flow.losers(state)) is (case["expect"] == 0)


def _empty_deck(case: dict) -> None:
    state = new_state()
    state["players"]["p1"]["deck"] = []
    effects.draw(state, "p1", 1, [], "ドローフェイズ/D1")
    assert flow.losers(state)["p1"][1] == "勝利条件/A8.2"
    assert case["expect"] == "loses"


def _twelve(case: dict) -> None:
    z = case["zones"]
    assert cores.twelve_cores(z["active"], z["fatigued"], z["master"], z["lord"]) is case["expect"]
    state = new_state()
    p = state["players"]["p1"]
    p["active"], p["fatigued"], p["master_cores"] = z["active"], z["fatigued"], z["master"]
    p["wz_cores"] = [z["timeline"], 0, 0, 0]
    if z["lord"]:
        put(state, "p1", "吸血姫『アコニー』", "leader", cores=z["lord"])
    assert ("p2" in flow.losers(state)) is case["expect"]


def _check(case: dict) -> None:
    what = case["what"]
    if what == "unlock cost":
        assert cores.unlock_cost(case["class"], case["card"]["colours"], case["card"]["cost"]) == case["expect"]
    elif what == "pay MP":
        _pay(case)
    elif what == "lord core cost payable":
        assert cores.core_cost_payable(case["fatigued"], case["core_cost"]) is case["expect"]
    elif what == "needs awakening":
        assert cores.awakening_allows(case["card_type"], case["awakened"]) is case["expect"]
    elif what == "may stand by":
        assert timeline.may_stand_by(case["card_type"]) is case["expect"]
    elif what == "wait turn processing":
        _wait_turns(case)
    elif what == "card leaves play":
        assert timeline.leaves_play(case["card_type"], case.get("wt"), case["how"]) == case["expect"]
    elif what == "lord broken":
        _lord_broken(case)
    elif what == "core phase":
        got = cores.core_phase(case["master_cores"], case["awakened"], case["active"])
        e = case["expect"]
        assert got == (e["master_cores"], e["active"], e["awakened"])
    elif what == "twelve cores":
        _twelve(case)
    elif what == "setup":
        _setup(case)
    elif what == "minion move":
        assert field.can_move(case["from"], case["to"], case["occupied"]) is case["expect"]
    elif what == "blocker lane":
        assert combat.blocker_lane(case["attacker_lane"]) == case["expect"]
    elif what == "can be fatigued":
        assert field.can_be_fatigued(case["placed_this_turn"], case["keywords"]) is case["expect"]
    elif what == "end of turn":
        _end_of_turn(case)
    elif what == "life change":
        _life(case)
    elif what == "draw from empty deck":
        _empty_deck(case)
    else:
        pytest.fail(f"no check written for ruling kind {what!r} (clause {case['clause']})")


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}-{c['what']}" for i, c in enumerate(CASES)])
def test_worked_ruling_gives_the_expected_answer(case: dict) -> None:
    _check(case)


def test_a_ruling_of_unknown_kind_fails() -> None:
    with pytest.raises(pytest.fail.Exception):
        _check({"what": "no such ruling", "clause": "?"})


def test_the_copied_rulings_file_is_the_shared_one_when_it_is_present() -> None:
    shared = Path(__file__).parents[4] / "shared" / "cases" / "legions_rulings.json"
    if not shared.exists():
        pytest.skip("the shared folder is not beside this checkout")
    assert json.loads(shared.read_text())["cases"] == CASES
