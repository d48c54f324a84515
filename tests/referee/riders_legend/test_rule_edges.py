"""Riders' Legend rules a mutation run found untested (docs/testing.md, "Mutation testing"): both players losing
at once, the action phase's listing computed from the state alone, and where a justice or an evil character may
stand."""

from __future__ import annotations

import pytest

from referee.engine.actions import Event
from referee.games.riders_legend import action_phase, field, wins

from .conftest import lay, new_state, phase, put


@pytest.mark.parametrize(("draw", "winner", "clause"), [
    (True, None, "勝利条件/B8 (reading both_lose_draw)"),
    (False, "p1", "勝利条件/B4.8 デッキが尽きる（その瞬間）"),
])
def test_both_decks_running_out_at_once(draw: bool, winner: str | None, clause: str) -> None:
    """勝利条件/B8 (reading both_lose_draw): a draw; else the turn player wins (the other lost first)."""
    state = phase(new_state(config={"readings": {"both_lose_draw": draw}}), "action")
    state["turn_seat"] = "p1"
    for seat in ("p1", "p2"):
        state["players"][seat]["deck_out"] = True
    events: list[Event] = []
    assert wins.check(state, events)
    assert (state["outcome"]["winner"], state["outcome"]["clause"]) == (winner, clause)
    assert state["pending"] is None and [e.kind for e in events] == ["game_end"]


def test_the_action_phase_listing_reads_the_field_itself_when_not_given_it() -> None:
    state = phase(new_state(), "action")
    put(state, "p1", "本郷猛", "battle", 1)
    from referee.games.riders_legend.state import characters

    assert action_phase.legal(state, "p1") == action_phase.legal(state, "p1", on_field=characters(state, "p1"))
    assert action_phase.legal(state, "p1")


@pytest.mark.parametrize(("name", "justice_ok"), [("本郷猛", True), ("ショッカー戦闘員", False)])
def test_only_a_justice_character_stands_in_the_justice_field(name: str, justice_ok: bool) -> None:
    """B2 (reading movement_follows_placement off): the justice field is for justice characters; the others
    stand anywhere else."""
    state = new_state(config={"readings": {"movement_follows_placement": False}})
    card = next(k for k, v in state["cards"].items() if v["name"] == name)
    assert field.may_stand(state, "p1", card, ("justice", 0)) is justice_ok
    assert field.may_stand(state, "p1", card, ("operation", 2))


def _refusal(state: dict, action) -> tuple[str, str]:
    from referee.engine.errors import IllegalAction
    from referee.games.riders_legend import ENGINE

    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, action)
    return refused.value.code, refused.value.clause


def test_a_mission_achieved_this_turn_is_not_carried_out_again() -> None:
    """B5.8 (reading achieve_again_same_turn off)."""
    from referee.games.riders_legend.actions import Execute

    from .conftest import lay

    state = phase(new_state(config={"readings": {"achieve_again_same_turn": False}}), "action")
    lay(state, "p1", "アジトの捜索", 2, achieved=True, achieved_turn=state["turn"])
    helper = put(state, "p1", "本郷猛", "operation", 2)
    assert _refusal(state, Execute(seat="p1", character=helper["id"])) == ("achieved_this_turn", "B5.8 (reading)")


def test_a_transformation_needs_the_turns_placement_unless_it_is_free() -> None:
    """B3.3c (reading transform_is_free off): once a character is placed, no transformation this turn."""
    from referee.games.riders_legend.actions import Transform

    from .conftest import to_hand

    state = phase(new_state(config={"readings": {"transform_is_free": False}}))
    base = put(state, "p1", "本郷猛", "battle", 2)
    (card,) = to_hand(state, "p1", "仮面ライダー1号")
    state["players"]["p1"]["placed"] = {**state["players"]["p1"]["placed"], "character": 1}
    assert _refusal(state, Transform(seat="p1", card=card, character=base["id"])) == ("character_placed", "B3.3c")


def test_an_attack_on_a_character_out_of_reach_names_the_rule() -> None:
    from referee.games.riders_legend.actions import Attack

    state = phase(new_state(), "action")
    me = put(state, "p1", "本郷猛", "battle", 1)
    far = put(state, "p2", "さそり男", "battle", 4)
    assert _refusal(state, Attack(seat="p1", attackers=(me["id"],), target=far["id"])) == \
        ("bad_target", "キャラクターの攻撃/B4.1-B4.2")


def _with_abilities(state: dict, card: str, abilities: dict) -> None:
    """Give ``card`` (in this test's state only) ``abilities``: vocabulary the seed cards use rarely or not yet."""
    state["cards"] = {**state["cards"], card: {**state["cards"][card], "abilities": abilities}}


@pytest.mark.parametrize(("what", "reach"), [("character", True), ("mission", True), ("character", False)])
def test_an_attack_reach_static_reaches_areas_1_to_5(what: str, reach: bool) -> None:
    """B4.1-B4.2 and the ``attack_reach`` static (仮面ライダークウガ ペガサスフォーム, カメバズーカ): from battle area 3
    a character reaches every area's target of that kind, areas 1 and 5 included; without it, its own area."""
    from referee.games.riders_legend import combat

    state = phase(new_state(), "action")
    me = put(state, "p1", "本郷猛", "battle", 3)
    if reach:
        _with_abilities(state, me["stack"][0], {"statics": [{"static": "attack_reach", "what": what}]})
    foes = [put(state, "p2", foe, "battle", i)["id"] for foe, i in (("蜘蛛男", 1), ("蝙蝠男", 3), ("さそり男", 5))]
    for i in (1, 3, 5):
        state["players"]["p2"]["missions"][i - 1] = None
        lay(state, "p2", "ショッカー基地の建設", i, face_up=True)
    reached = combat.targets(state, "p1", 3, me)
    characters_reached = [t for t in reached if not t.startswith("mission:")]
    missions_reached = [t for t in reached if t.startswith("mission:")]
    assert characters_reached == (foes if reach and what == "character" else [foes[1]])
    assert missions_reached == (["mission:1", "mission:3", "mission:5"] if reach and what == "mission"
                                else ["mission:3"])


def test_attack_against_adds_only_against_a_character_carrying_the_name() -> None:
    """The ``attack_against`` static (シャドームーン: 「仮面ライダーBLACK」への攻撃時、攻撃力+2)."""
    from referee.games.riders_legend import characters

    state = phase(new_state(), "action")
    me = put(state, "p2", "イカデビル", "battle", 1)
    _with_abilities(state, me["stack"][0], {"statics": [{"static": "attack_against", "name": "本郷猛", "attack": 2}]})
    named, other = put(state, "p1", "本郷猛", "battle", 1), put(state, "p1", "一文字隼人", "battle", 1)
    plain = characters.attack(state, "p2", me)
    assert characters.attack(state, "p2", me, against=named) == plain + 2
    assert characters.attack(state, "p2", me, against=other) == plain == characters.attack(state, "p2", me, None)


@pytest.mark.parametrize(("count", "at_least", "met"), [(1, None, True), (0, None, False), (1, 2, False),
                                                         (2, 2, True), (3, 2, True)])
def test_a_condition_counts_at_least_its_number_of_cards(count: int, at_least: int | None, met: bool) -> None:
    """A placement or use condition (ン・ダグバ・ゼバ: グロンギ characters, at least 2): without ``at_least``, one."""
    from referee.games.riders_legend import characters

    state = phase(new_state(), "action", "p2")
    for i in range(count):
        put(state, "p2", ("蜘蛛男", "蝙蝠男", "さそり男")[i], "battle", i + 1)
    put(state, "p2", "死神博士", "operation", 1)  # another name: not counted
    cond = {"count": "character", "name_contains": "男", **({"at_least": at_least} if at_least else {})}
    assert characters.condition_met(state, "p2", cond) is met


def test_a_target_with_no_side_is_the_opponents() -> None:
    """The ability vocabulary: a target's ``side`` is the opponent's unless it says ``own`` or ``any``."""
    from referee.games.riders_legend import effects

    state = phase(new_state(), "action")
    mine, theirs = put(state, "p1", "本郷猛", "battle", 1), put(state, "p2", "イカデビル", "battle", 1)
    assert effects.candidates(state, "p1", {"pick": "choose"}) == [theirs["id"]]
    assert effects.candidates(state, "p1", {"pick": "choose", "side": "own"}) == [mine["id"]]


def test_a_previous_target_is_what_the_step_before_chose() -> None:
    """The ability vocabulary: ``pick: previous`` acts on the step before's targets (one's own characters
    strengthened, then the same struck), never on others (the opponent's, a target's default side)."""
    from referee.games.riders_legend import effects, triggers

    state = phase(new_state(), "action")
    foe = put(state, "p2", "蜘蛛男", "battle", 1)
    a, b = put(state, "p1", "本郷猛", "battle", 1), put(state, "p1", "一文字隼人", "battle", 2)
    triggers.push(state, "p1", a["stack"][0], [
        {"effect": "modify", "defence": 1, "target": {"pick": "all", "side": "own"}},
        {"effect": "modify", "attack": 1, "target": {"pick": "previous"}},
    ], "test")
    state["pending"] = None
    events: list = []
    effects.run(state, events)
    modified = [(e.data["character"], e.data["attack"], e.data["defence"]) for e in events if e.kind == "modify"]
    assert modified == [(a["id"], 0, 1), (b["id"], 0, 1), (a["id"], 1, 0), (b["id"], 1, 0)]
    assert foe["eot_attack"] == 0


@pytest.mark.parametrize("needs_faction", [True, False])
def test_operation_power_counts_for_a_mission_of_another_faction_only_without_the_faction_reading(
        needs_faction: bool) -> None:
    """B5.6 (reading ``operation_needs_faction``, docs/rules/riders_legend.md): a Shocker character's 作戦力
    counts toward a mission of another faction only when the reading is off."""
    from referee.games.riders_legend import missions

    state = phase(new_state(config={"readings": {"operation_needs_faction": needs_faction}}), "action", "p2")
    helper = put(state, "p2", "死神博士", "operation", 1)
    own = lay(state, "p2", "浄水場毒物作戦", 1)
    foreign = lay(state, "p1", "人質の救出", 2)  # 正義
    assert missions.faction_fits(state, helper["stack"][0], own["card"])
    assert missions.faction_fits(state, helper["stack"][0], foreign["card"]) is not needs_faction
