"""Rules a mutation run once found no test for (issue 26, point 5; docs/testing.md "Mutation testing"): the
lord's core cost at exactly the cost, 跳躍 (Leap) against the facing blocker, and an attack submitted directly
by a unit that may not attack this turn. Each asserts both ``apply`` and the listing."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.legions import ENGINE, cores
from referee.games.legions.actions import Attack, Unlock

from .conftest import act, main_phase, new_state, put, to_hand

LORD = "吸血姫『アコニー』"  # unlock cost 6, core cost 2


def _lord_unlocks(state: dict, card: str) -> list:
    return [a for a in ENGINE.legal_actions(state, "p1") if a.type == "unlock" and a.card == card]


def test_core_cost_payable_at_exactly_the_cost() -> None:  # ロードカード / M1
    assert cores.core_cost_payable(2, 2)
    assert cores.core_cost_payable(3, 2)
    assert not cores.core_cost_payable(1, 2)


@pytest.mark.parametrize(("fatigued", "accepted"), [(2, True), (1, False)])
def test_a_lord_is_unlocked_with_exactly_its_core_cost_in_the_fatigue_area(fatigued: int, accepted: bool) -> None:
    """ロードカード / M1: the MP paid from MP already made fatigues no core; the fatigue area holds the core
    cost (2) exactly, or one fewer."""
    st = main_phase(new_state(), "p1", active=0, awakened=True)
    p1 = st["players"]["p1"]
    p1["mp"], p1["fatigued"] = 6, fatigued
    (card,) = to_hand(st, "p1", LORD)
    action = Unlock(seat="p1", card=card, then="place")
    assert (_lord_unlocks(st, card) == [action]) is accepted
    if accepted:
        st, _ = act(st, action)
        assert st["players"]["p1"]["lord"]["cores"] == 2 and st["players"]["p1"]["fatigued"] == 0
    else:
        with pytest.raises(IllegalAction) as refused:
            act(st, action)
        assert refused.value.code == "core_cost"


@pytest.mark.parametrize("leap", [False, True])
def test_leap_is_not_blocked_by_the_facing_minion(leap: bool) -> None:
    """A7 跳躍 (combat.blockers): an attack on the master by a unit with 跳躍 cannot be blocked by the minion
    facing it; without it, that minion may block."""
    st = main_phase(new_state(), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right", grants=["跳躍"] if leap else [])
    facing = put(st, "p2", "リトルゴレム", "left")
    st, events = act(st, Attack(seat="p1", card=me, target="p2m"))
    if leap:
        assert st["pending"]["kind"] == "main" and "block" not in [e.kind for e in events]
        assert st["players"]["p2"]["life"] < 20
    else:
        assert st["pending"] == {"kind": "block", "seat": "p2", "options": [facing]}


def test_a_unit_that_may_not_attack_this_turn_is_refused_when_its_attack_is_sent_directly() -> None:
    """A6.2: a unit under "cannot attack this turn" (no_attack) is neither offered an attack nor may one be
    submitted for it."""
    st = main_phase(new_state(), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right", no_attack=True)
    assert not [a for a in ENGINE.legal_actions(st, "p1") if a.type == "attack" and a.card == me]
    with pytest.raises(IllegalAction) as refused:
        act(st, Attack(seat="p1", card=me, target="p2m"))
    assert refused.value.code == "cannot_attack"


def test_a_unit_on_the_field_is_shown_with_every_public_value() -> None:
    """The view of a unit (what a board draws): its card, damage, fatigue, summoning sickness, ATK/HP, cores,
    live keywords and effects on it, and whether it is face down."""
    st = main_phase(new_state(), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right", placed=3, damage=1, fatigued=True, grants=["跳躍"])
    unit = ENGINE.view(st, "p2")["players"]["p1"]["lanes"]["right"]
    assert unit == {"card": me, "damage": 1, "fatigued": True, "sick": True, "atk": unit["atk"], "hp": unit["hp"],
                    "cores": 0, "keywords": ["跳躍"], "no_attack": False, "hold": False,
                    "reversed": False}
    assert (unit["atk"], unit["hp"]) == (st["cards"][me]["attributes"]["atk"], st["cards"][me]["attributes"]["hp"])


def test_a_new_game_starts_at_version_0_with_the_first_player_to_turn() -> None:
    st = new_state()
    assert st["version"] == 0 and st["turn_seat"] == st["first"] == "p1"


def test_a_unit_with_assault_read_as_rush_attacks_only_minions_on_the_turn_it_is_placed() -> None:
    """A6.2 (reading kyoushuu "rush"): 強襲 lets a unit attack on the turn it is placed, minions only."""
    st = main_phase(new_state(config={"readings": {"kyoushuu": "rush"}}), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right", placed=3, grants=["強襲"])
    foe = put(st, "p2", "リトルゴレム", "left")
    assert {a.target for a in ENGINE.legal_actions(st, "p1") if a.type == "attack" and a.card == me} == {foe}
    with pytest.raises(IllegalAction) as refused:
        act(st, Attack(seat="p1", card=me, target="p2m"))
    assert refused.value.code == "bad_target"


@pytest.mark.parametrize(("teishin", "blockers"), [("guard", 2), ("none", 1)])
def test_devotion_lets_a_minion_block_from_any_lane_unless_read_as_nothing(teishin: str, blockers: int) -> None:
    """A6.5/A6.6 (reading teishin): a minion with 挺身 may block an attack on the master from any lane."""
    st = main_phase(new_state(config={"readings": {"teishin": teishin}}), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right")
    put(st, "p2", "リトルゴレム", "left")  # facing
    put(st, "p2", "闇精シェイド", "centre", grants=["挺身"])
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert len(st["pending"]["options"]) == blockers


def test_an_attack_hurts_a_unit_immune_to_effect_damage() -> None:
    """A7 効果ダメージ無効 stops damage from effects, not from an attack (A6.7)."""
    st = main_phase(new_state(), "p1", active=5)
    st["turn"] = 3
    me = put(st, "p1", "下忍カスミ", "right")
    foe = put(st, "p2", "エーテル・オニキス", "left", grants=["効果ダメージ無効"])
    st, events = act(st, Attack(seat="p1", card=me, target=foe))
    assert "no_damage" not in [e.kind for e in events]
    assert st["players"]["p2"]["lanes"]["left"]["damage"] > 0


def test_a_player_is_shown_every_public_zone() -> None:
    st = main_phase(new_state(), "p1")
    shown = ENGINE.view(st, "p2")["players"]["p1"]
    assert set(shown) == {"active", "added", "arriving", "awakened", "deck", "exile", "fatigued", "hand", "lanes",
                          "life", "lord", "master", "master_cores", "mp", "standby", "using", "wz", "wz_cores"}
    assert shown["wz"] == st["players"]["p1"]["wz"] and shown["wz_cores"] == st["players"]["p1"]["wz_cores"]
    own = ENGINE.view(st, "p1")
    assert set(st["players"]["p1"]["hand"]) <= set(own["cards"])
    assert not set(st["players"]["p2"]["hand"]) & set(own["cards"])


def test_a_card_change_of_a_card_not_in_hand_names_the_draw_phase() -> None:
    from referee.games.legions.actions import CardChange

    st = new_state()
    assert st["pending"]["kind"] == "card_change"
    seat = st["pending"]["seat"]
    other_card = next(c for c, v in st["cards"].items() if v["owner"] != seat)
    with pytest.raises(IllegalAction) as refused:
        act(st, CardChange(seat=seat, card=other_card))
    assert (refused.value.code, refused.value.clause) == ("not_in_hand", "ドローフェイズ/D2")


def test_effect_damage_on_an_immune_unit_is_an_event_citing_the_keyword() -> None:
    """A7 効果ダメージ無効: the damage an effect would deal is stopped, and the log says so."""
    from referee.games.legions.actions import Choose

    st = main_phase(new_state(), "p1", active=5)
    st["turn"] = 3
    foe = put(st, "p2", "エーテル・オニキス", "left", grants=["効果ダメージ無効"])
    (missile,) = to_hand(st, "p1", "マジックミサイル")
    st, events = act(st, Unlock(seat="p1", card=missile, then="use"))
    while st["pending"]["kind"] == "choose":
        st, more = act(st, Choose(seat="p1", option=foe if foe in st["pending"]["options"] else
                                  st["pending"]["options"][0]))
        events += more
    stopped = [e for e in events if e.kind == "no_damage"]
    assert [(e.clause, e.data["target"]) for e in stopped] == [("A7 効果ダメージ無効", foe)]
    assert st["players"]["p2"]["lanes"]["left"]["damage"] == 0


def _with_trigger(st: dict, card: str, effects: list[dict]) -> None:
    """Give ``card`` (in this test's state only) a 配置時 trigger of ``effects``: the vocabulary's terms no seed
    card uses yet (community card data will)."""
    entry = st["cards"][card]
    st["cards"] = {**st["cards"], card: {**entry, "abilities": {"triggers": [{"when": "配置時", "effects": effects}]}}}


def test_an_effect_on_itself_and_cores_moved_from_the_master_to_a_wait_zone() -> None:
    """A7 (the ability vocabulary): ``pick: self`` is the unit whose ability it is; ``move_cores`` takes from the
    master and puts in a wait zone."""
    st = main_phase(new_state(), "p1", active=5)
    (card,) = to_hand(st, "p1", "下忍カスミ")
    _with_trigger(st, card, [{"effect": "modify", "atk": 2, "target": {"pick": "self"}},
                             {"effect": "move_cores", "n": 1, "source": "master", "dest": "wz3"}])
    p1 = st["players"]["p1"]
    master, wz3 = p1["master_cores"], p1["wz_cores"][2]
    st, events = act(st, Unlock(seat="p1", card=card, then="place", lane="left"))
    assert [e.data["card"] for e in events if e.kind == "modify"] == [card]
    assert st["players"]["p1"]["lanes"]["left"]["eot_atk"] == 2
    assert (st["players"]["p1"]["master_cores"], st["players"]["p1"]["wz_cores"][2]) == (master - 1, wz3 + 1)


def test_the_clock_plays_no_card_change_the_end_of_the_main_phase_and_nothing_for_a_seat_not_to_act() -> None:
    """docs/rules/legions.md, "Time": what a timed-out seat is deemed to play."""
    from referee.games.legions.actions import EndTurn, NoCardChange

    st = new_state()
    seat = st["pending"]["seat"]
    other = "p2" if seat == "p1" else "p1"
    assert ENGINE.default_action(st, seat) == NoCardChange(seat=seat) == ENGINE.legal_actions(st, seat)[0]
    assert ENGINE.default_action(st, other) is None
    st = main_phase(st, "p1")
    assert ENGINE.default_action(st, "p1") == EndTurn(seat="p1")


def test_every_core_of_a_player_is_counted_where_it_lies() -> None:
    """A8.3's count and the conservation checks: master, core zone, lord and wait zones."""
    from referee.games.legions.state import cores_in_play

    st = main_phase(new_state(), "p1", active=3)
    p1 = st["players"]["p1"]
    p1["master_cores"], p1["fatigued"], p1["wz_cores"] = 2, 1, [1, 0, 2, 0]
    assert cores_in_play(p1) == 2 + 3 + 1 + 3
    put(st, "p1", "吸血姫『アコニー』", "leader", cores=2)
    assert cores_in_play(p1) == 2 + 3 + 1 + 3 + 2


def test_an_effect_on_itself_finds_no_target_once_its_source_has_left_the_field() -> None:
    """A7: ``pick: self`` names the unit whose ability it is while it is on the field; broken by the effect
    before, it is not there to be modified."""
    st = main_phase(new_state(), "p1", active=5)
    (card,) = to_hand(st, "p1", "下忍カスミ")
    _with_trigger(st, card, [{"effect": "break", "target": {"pick": "self"}},
                             {"effect": "modify", "atk": 2, "target": {"pick": "self"}}])
    st, events = act(st, Unlock(seat="p1", card=card, then="place", lane="left"))
    assert st["players"]["p1"]["lanes"]["left"] is None
    assert "modify" not in [e.kind for e in events]
    assert st["pending"]["kind"] == "main"


@pytest.mark.parametrize(
    ("source", "dest", "n", "after"),
    [
        ("wz2", "active", 3, {"wz_cores": [0, 0, 0, 0], "active": 7, "added": 0}),
        ("active", "wz4", 9, {"active": 0, "wz_cores": [0, 2, 0, 5], "added": 0}),
        ("outside", "active", 2, {"active": 7, "added": 2}),
        ("fatigued", "outside", 1, {"fatigued": 0, "added": -1}),
        ("master", "fatigued", 2, {"master_cores": 0, "fatigued": 3}),
    ],
)
def test_cores_move_between_any_two_places_and_no_more_than_the_source_holds(source, dest, n, after) -> None:
    """A7 ``move_cores``: between a wait zone, the core zone's active or fatigue area, the master and outside
    the game; no more than the source holds is taken, ``added`` counts the cores from outside (A8.3)."""
    from referee.games.legions.effects import _move_cores

    st = main_phase(new_state(), "p1", active=5)
    p1 = st["players"]["p1"]
    p1["wz_cores"], p1["fatigued"], p1["master_cores"] = [0, 2, 0, 0], 1, 2
    events: list = []
    frame = {"seat": "p1", "source": "p1m", "previous": [], "broken": 0, "clause": "A7"}
    _move_cores(st, frame, {"effect": "move_cores", "n": n, "source": source, "dest": dest}, [], events)
    assert {key: p1[key] for key in after} == after
    assert events[0].data["n"] == {"wz2": 2, "active": 5}.get(source, n)
