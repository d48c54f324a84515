"""The two seed cards whose text needed new vocabulary: 運命の糸車 (``arrange_deck``: look at the top 3 cards of
your deck, put them back in any order, then draw 1) and 樹上の狙撃手『アセロラ』 (the trigger ``ミニオン配置時``:
when a minion of yours is placed, 1 damage to an opposing minion), each played through the engine."""

from __future__ import annotations

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.abilities import render, validate
from referee.games.legions.actions import Choose, Deploy, Unlock

from .conftest import CARDS, act, main_phase, put, to_hand, wide_decks

ITOGURUMA = "運命の糸車"  # blue/white skill, WT 2, cost 2
ACEROLA = "樹上の狙撃手『アセロラ』"  # green lord


@pytest.fixture
def st() -> dict:
    """p1 (master 天野ツムギ, blue/white: the class of 運命の糸車) in an awakened main phase on turn 5."""
    chosen = wide_decks()
    chosen["p1"]["master"] = CARDS["天野ツムギ"]
    state = ENGINE.new_game({"first": "p1"}, chosen, RngSeed(seed_from_int(3)))[0]
    state = main_phase(state, "p1", active=9, awakened=True)
    state["turn"] = 5
    return state


def _whens(events: list) -> list[str]:
    return [e.data["when"] for e in events if e.kind == "trigger"]


def _damage(events: list) -> list[tuple[str, int]]:
    return [(e.data["target"], e.data["amount"]) for e in events if e.kind == "damage"]


# --- 運命の糸車: arrange_deck ------------------------------------------------------------------------------


def test_itoguruma_text_is_the_vocabularys_arrange_deck_then_draw() -> None:
    abilities = CARDS[ITOGURUMA]["abilities"]
    assert validate(abilities) == [] and "not_refereed" not in abilities
    assert render(abilities, "ja") == ["自分のデッキの上から3枚を見て、好きな順番で戻す。カードを1枚引く。"]
    assert render(abilities, "en") == ["Look at the top 3 cards of your deck and put them back in any order. "
                                       "Draw 1 card(s)."]


def test_itoguruma_lets_its_user_order_the_top_three_cards_and_then_draws_the_one_put_on_top(st) -> None:
    # Legions: arrange_deck (our reading): the cards picked go back on top in the order picked
    (skill,) = to_hand(st, "p1", ITOGURUMA)
    deck = st["players"]["p1"]["deck"]
    first, second, third = deck[-1], deck[-2], deck[-3]
    st, _ = act(st, Unlock(seat="p1", card=skill, then="use"))
    assert st["pending"]["kind"] == "choose" and st["pending"]["effect"] == "arrange_deck"
    assert st["pending"]["options"] == [first, second, third]  # the top card first
    st, _ = act(st, Choose(seat="p1", option=third))
    assert st["pending"]["options"] == [first, second]  # all but the last card are picked
    st, events = act(st, Choose(seat="p1", option=first))
    p1 = st["players"]["p1"]
    assert third in p1["hand"]  # put on top, then drawn (カードを1枚引く)
    assert p1["deck"][-2:] == [second, first] and len(p1["deck"]) == len(deck) - 1
    assert [e.data for e in events if e.kind == "arrange_deck"] == [{"seat": "p1", "count": 3}]
    assert skill in p1["wz"][1]  # used skill -> WZ(WT 2), M4


def test_itoguruma_shows_the_looked_at_cards_to_its_user_alone(st) -> None:
    # Legions: hidden information (the deck is hidden; its top cards are shown to the chooser only)
    (skill,) = to_hand(st, "p1", ITOGURUMA)
    top = st["players"]["p1"]["deck"][-3:]
    st, events = act(st, Unlock(seat="p1", card=skill, then="use"))
    mine, theirs, spectator = (ENGINE.view(st, s) for s in ("p1", "p2", None))
    assert set(top) <= set(mine["cards"]) and mine["pending"]["options"] == top[::-1]
    for other in (theirs, spectator):
        assert other["pending"]["options"] == 3
        assert not set(top) & set(other["cards"])
    st, events = act(st, Choose(seat="p1", option=top[0]))
    st, events = act(st, Choose(seat="p1", option=top[1]))
    public = [e for e in events if not e.to]
    assert not any(c in str(e.data) for e in public for c in top)


def test_itoguruma_with_one_card_left_asks_nothing_and_draws_it(st) -> None:
    (skill,) = to_hand(st, "p1", ITOGURUMA)
    p1 = st["players"]["p1"]
    last = p1["deck"][-1]
    p1["deck"] = [last]
    st, events = act(st, Unlock(seat="p1", card=skill, then="use"))
    assert st["pending"]["kind"] == "main" and last in st["players"]["p1"]["hand"]
    assert [e.data for e in events if e.kind == "arrange_deck"] == [{"seat": "p1", "count": 1}]


def test_itoguruma_is_usable_with_an_empty_deck_as_looking_at_it_is_no_target(st) -> None:
    # Legions: use_needs_target (reading) concerns targets; the draw from the empty deck then loses (A8.2)
    (skill,) = to_hand(st, "p1", ITOGURUMA)
    st["players"]["p1"]["deck"] = []
    assert Unlock(seat="p1", card=skill, then="use") in ENGINE.legal_actions(st, "p1")
    st, _ = act(st, Unlock(seat="p1", card=skill, then="use"))
    assert ENGINE.outcome(st).winner == "p2"


# --- 樹上の狙撃手『アセロラ』: ミニオン配置時 ----------------------------------------------------------------


def test_acerola_text_is_the_vocabularys_minion_placed_trigger() -> None:
    abilities = CARDS[ACEROLA]["abilities"]
    assert validate(abilities) == [] and "not_refereed" not in abilities
    assert render(abilities, "ja") == ["自分のミニオンが配置された時：相手のミニオン1体に1ダメージを与える。"]
    assert render(abilities, "en") == ["When a minion of yours is placed: Deal 1 damage to an opposing minion."]


def test_the_minion_placed_trigger_names_whose_minions_it_watches() -> None:
    def trigger(**side) -> dict:
        return {"triggers": [{"when": "ミニオン配置時", **side, "effects": [{"effect": "draw", "n": 1}]}]}

    assert render(trigger(side="opponent"), "ja") == ["相手のミニオンが配置された時：カードを1枚引く。"]
    assert render(trigger(side="any"), "en") == ["When a minion is placed: Draw 1 card(s)."]
    assert render(trigger(), "en") == render(trigger(side="own"), "en")
    assert [p.field for p in validate(trigger(side="mine"))] == ["triggers.0.side"]


def test_acerola_deals_1_damage_to_an_opposing_minion_when_a_minion_of_yours_is_placed_from_hand(st) -> None:
    # Legions: ミニオン配置時 (our reading): a unit on the field watches the placement
    put(st, "p1", ACEROLA, "leader")
    foe = put(st, "p2", "大樹の守り手", "centre")  # 2/6: the only opposing minion, chosen by the engine
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, events = act(st, Unlock(seat="p1", card=minion, then="place", lane="left"))
    assert _whens(events) == ["ミニオン配置時"] and _damage(events) == [(foe, 1)]
    assert st["players"]["p2"]["lanes"]["centre"]["damage"] == 1


def test_acerola_triggers_when_a_minion_of_yours_is_placed_from_standby(st) -> None:
    put(st, "p1", ACEROLA, "leader")
    foe = put(st, "p2", "大樹の守り手", "centre")
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, events = act(st, Unlock(seat="p1", card=minion, then="standby"))
    assert _whens(events) == []  # standing by is no placement
    st, events = act(st, Deploy(seat="p1", card=minion, lane="right"))
    assert _whens(events) == ["ミニオン配置時"] and _damage(events) == [(foe, 1)]


def test_acerola_triggers_after_the_placed_minions_own_haichi_ji(st) -> None:
    # Legions: A4/A7 《配置時》 first, then the watchers (field order)
    acerola = put(st, "p1", ACEROLA, "leader")
    put(st, "p2", "大樹の守り手", "centre")
    (witch,) = to_hand(st, "p1", "デスウィッチ")  # 配置時: 1 damage to an opposing minion
    st, events = act(st, Unlock(seat="p1", card=witch, then="place", lane="left"))
    fired = [(e.data["card"], e.data["when"]) for e in events if e.kind == "trigger"]
    assert fired == [(witch, "配置時"), (acerola, "ミニオン配置時")]
    assert st["players"]["p2"]["lanes"]["centre"]["damage"] == 2


def test_two_minions_placed_at_once_trigger_acerola_once(st) -> None:
    # Legions: ミニオン配置時, v1.3.0 §38-4 (一回性の原則): one effect placing two minions is one placement
    put(st, "p1", ACEROLA, "leader")
    foe = put(st, "p2", "大樹の守り手", "centre")
    (order,) = to_hand(st, "p1", "将軍の号令")  # 2 minions of your timeline into empty lanes
    a, b = to_hand(st, "p1", "下忍カスミ", "闇精シェイド")
    p1 = st["players"]["p1"]
    p1["hand"] = [order]
    p1["wz"][1] += [a, b]
    st, _ = act(st, Unlock(seat="p1", card=order, then="use"))
    st, _ = act(st, Choose(seat="p1", option=f"{a}@right"))
    st, events = act(st, Choose(seat="p1", option=f"{b}@left"))
    assert [e.data["card"] for e in events if e.kind == "place"] == [a, b]
    assert _whens(events) == ["ミニオン配置時"] and _damage(events) == [(foe, 1)]


def test_an_opposing_minion_placed_does_not_trigger_acerola(st) -> None:
    put(st, "p2", ACEROLA, "leader")
    put(st, "p2", "大樹の守り手", "centre")
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, events = act(st, Unlock(seat="p1", card=minion, then="place", lane="left"))
    assert _whens(events) == [] and _damage(events) == []


def test_placing_acerola_itself_a_lord_does_not_trigger_it(st) -> None:
    put(st, "p2", "大樹の守り手", "centre")
    (lord,) = to_hand(st, "p1", ACEROLA)
    st["players"]["p1"]["fatigued"] = 1  # its core cost
    st, events = act(st, Unlock(seat="p1", card=lord, then="place"))
    assert st["players"]["p1"]["lord"]["card"] == lord
    assert _whens(events) == [] and _damage(events) == []


def test_with_no_opposing_minion_acerolas_trigger_does_nothing(st) -> None:
    put(st, "p1", ACEROLA, "leader")
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, events = act(st, Unlock(seat="p1", card=minion, then="place", lane="left"))
    assert _whens(events) == ["ミニオン配置時"] and _damage(events) == [] and st["pending"]["kind"] == "main"
