"""The Legions! board (matches.boards.legions): the choices offer exactly the engine's legal actions, every event
of whole games reads as a sentence in both languages, and the board shows each side's zones with hidden ones
as counts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from matches.boards import build_board
from matches.boards.choices import build_groups, flatten, resolve
from matches.boards.legions import LegionsPresenter
from matches.boards.legions.copies import _copies, copies_of
from matches.boards.legions.narration import SENTENCES
from matches.boards.presenter import BoardInput
from matches.services import match_challenge
from referee.engine import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.rng import seed_from_int
from referee.games.legions.decklist import build, catalogue_cards, parse

ROOT = Path(__file__).resolve().parents[2]
ENGINE = get_engine("legions")
PRESENTER = LegionsPresenter()
NEUTRAL = "The referee records an event."


def _decks() -> dict:
    cards = catalogue_cards(json.loads((ROOT / "seeds/catalogue/legions.json").read_text(encoding="utf-8")))
    p1, p2 = sorted((ROOT / "seeds/decks").glob("legions_*.txt"))
    return {seat: build(parse(path.read_text(encoding="utf-8")), cards) for seat, path in (("p1", p1), ("p2", p2))}


def _data(state: dict, seat: str | None) -> BoardInput:
    view = ENGINE.view(state, seat)
    to_act = ENGINE.to_act(state)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)] if seat and seat == to_act else []
    return BoardInput(match=None, view={"to_act": to_act, "legal_actions": legal}, state=view, seat=seat,
                      names=PRESENTER.names(view))


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _as_copies(action: dict, copies) -> str:
    """``action`` with every card named by the copy standing for it (the same choice for the player)."""
    out = dict(action)
    for name in ("card", "target"):
        if name in out:
            out[name] = copies.value(out[name])
    if "option" in out:
        out["option"] = copies.option(out["option"])
    if "cards" in out:
        out["cards"] = sorted(copies.value(c) for c in out["cards"])
    return _key(out)


def _outcomes(group, slot, value) -> frozenset[str]:
    """What picking ``value`` in ``slot`` can lead to: the sentences of the choices that use it."""
    def uses(choice) -> bool:
        picked = choice.picks.get(slot.key)
        return value in picked if slot.kind == "count" else picked == value

    return frozenset(c.label for c in group.choices if uses(c))


def _check_choices(state: dict, seen: set[str]) -> int:
    """Checks the choices of one decision; returns how many legal actions an identical copy stands for."""
    seat = ENGINE.to_act(state)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)]
    data = _data(state, seat)
    groups = build_groups(legal, lambda a: PRESENTER.choice(a, data))
    copies = copies_of(data)
    offered = flatten(groups)
    assert len(set(map(_key, offered))) == len(offered) and set(map(_key, offered)) <= set(map(_key, legal))
    # every legal action is offered, or one that differs only by an identical copy is, under the same picks
    stands = {_as_copies(a, copies): a for a in offered}
    assert {_as_copies(a, copies) for a in legal} == set(stands)
    by_group = {g.key: g for g in groups}
    for action in legal:
        spec = PRESENTER.choice(action, data)
        if spec.slots:
            assert resolve(by_group[spec.group], spec.picks).action == stands[_as_copies(action, copies)]
    for group in groups:
        for choice in group.choices:
            seen.add(choice.action["type"])
            assert resolve(group, choice.picks) is choice, (group.key, choice.picks)
            assert "?" not in choice.label, choice.label  # every card the reader picks is named
        for slot, options in group.slot_rows:  # no option shows the same card with the same outcomes twice
            shown = [((o.label, o.detail), _outcomes(group, slot, o.value)) for o in options]
            assert len(set(shown)) == len(shown), (group.key, slot.key, shown)
    return len(legal) - len(offered)


def _games(seeds):
    for seed in seeds:
        bots = {"p1": make_bot("greedy", seed), "p2": make_bot("random", seed + 100)}
        state, events = ENGINE.new_game({}, _decks(), RngSeed(seed_from_int(seed)))
        yield state, events
        while ENGINE.to_act(state) is not None:
            seat = ENGINE.to_act(state)
            action = bots[seat](ENGINE, state, seat, ENGINE.legal_actions(state, seat))
            state, events = ENGINE.apply(state, action)
            yield state, events


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_grouped_choices_map_back_to_the_legal_actions_over_whole_games(seed):
    seen: set[str] = set()
    merged = 0
    for state, _events in _games([seed]):
        if ENGINE.to_act(state) is not None:
            merged += _check_choices(state, seen)
    assert {"unlock", "attack", "end_turn", "no_card_change"} <= seen
    assert merged  # identical copies met in every game


def _main_phase_with_two_copies_in_hand():
    for state, _events in _games([1, 2, 3]):
        seat = ENGINE.to_act(state)
        if seat is None or state["pending"]["kind"] != "main":
            continue
        hand = state["players"][seat]["hand"]
        names = [state["cards"][c]["name"] for c in hand]
        unlockable = {a.card for a in ENGINE.legal_actions(state, seat) if a.type == "unlock"}
        twice = [c for c in hand if names.count(state["cards"][c]["name"]) == 2 and c in unlockable]
        if len(twice) == 2 and state["cards"][twice[0]] == state["cards"][twice[1]]:
            return state, seat, twice
    pytest.fail("no main phase with two unlockable copies of a card in hand")


def test_identical_cards_in_hand_are_one_option_with_their_count_and_pick_the_first_copy():
    state, seat, (first, second) = _main_phase_with_two_copies_in_hand()
    data = _data(state, seat)
    legal = data.view["legal_actions"]
    groups = build_groups(legal, lambda a: PRESENTER.choice(a, data))
    unlock = next(g for g in groups if g.key == "unlock")
    name = state["cards"][first]["name"]
    options = [o for o in unlock.options["card"] if o.label.startswith(name)]
    assert [(o.value, o.label) for o in options] == [(first, f"{name} ×2")]
    picked = [c.action for c in unlock.choices if c.picks["card"] == first]
    assert picked == [a for a in legal if a["type"] == "unlock" and a["card"] == first]  # the first copy's
    assert not any(c.action["card"] == second for c in unlock.choices)
    hand = PRESENTER.zones(data)["bottom_hand"]
    assert [c.id for c in hand.cards] == state["players"][seat]["hand"]  # the hand still shows every card


def test_copies_with_different_legal_actions_stay_apart():
    card = {"name": "下忍カスミ", "card_type": "minion", "attributes": {}, "owner": "p1"}
    player = {"master": "p1m", "lanes": {}, "lord": None, "hand": ["p1c01", "p1c02", "p1c03"], "standby": [],
              "arriving": [], "exile": [], "wz": [[], [], [], []]}
    state = {"players": {"p1": player}, "cards": {"p1c01": card, "p1c02": card, "p1c03": card}}
    legal = [{"type": "unlock", "seat": "p1", "card": c, "then": then, "lane": lane}
             for c, then, lane in (("p1c01", "place", "left"), ("p1c01", "standby", ""),
                                   ("p1c02", "standby", ""), ("p1c03", "place", "left"), ("p1c03", "standby", ""))]
    copies = _copies(state, legal)
    assert copies.stands_for == {"p1c01": "p1c01", "p1c03": "p1c01"} and copies.count == {"p1c01": 2}


def test_every_event_of_whole_games_is_a_sentence_in_english_and_japanese():
    kinds: set[str] = set()
    for state, events in _games([4, 5]):
        for seat in ("p1", "p2", None):
            data = _data(state, seat)
            for event in events:
                raw = event.as_dict()
                if raw["to"] and seat not in raw["to"]:
                    raw = {**raw, "data": None, "withheld": True}
                kinds.add(raw["kind"])
                for lang in ("en", "ja"):
                    with translation.override(lang):
                        text = PRESENTER.narrate(raw, data)
                    assert text and text != NEUTRAL and "%(" not in text, (raw, text)
    assert kinds <= set(SENTENCES) and {"attack", "life", "unlock", "turn"} <= kinds


LATIN = re.compile(r"[A-Za-z_]{2,}")
ALLOWED = {"ATK", "HP", "MP", "WT"}


@pytest.mark.django_db(transaction=True)
def test_the_board_shows_both_sides_with_hidden_zones_as_counts(seeded, users):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    match.refresh_from_db()
    with translation.override("en"):
        board = build_board(match, seat="p1")
        zones = board.zones
        top_hand = zones["top_hand"].text
        master = zones["bottom_master"].units[0]
    for place in ("top", "bottom"):
        for name in ("field", "master", "wz1", "wz2", "wz3", "wz4", "standby", "hand", "exile", "deck"):
            assert f"{place}_{name}" in zones
        field = zones[f"{place}_field"]
        assert len(field.units) == 4  # three lanes and the leader zone
    assert zones["bottom_hand"].cards and not zones["bottom_hand"].hidden
    assert zones["top_hand"].hidden and not zones["top_hand"].cards  # the other hand as a count
    assert "face-down" in top_hand
    assert dict(master.stats)["Life"] == 20 and master.flags == ["normal mode"]
    spectator = build_board(match, seat=None)
    assert spectator.zones["bottom_hand"].hidden and spectator.zones["top_hand"].hidden

    with translation.override("ja"):
        board = build_board(match, seat="p1")
        names = set(PRESENTER.names(match.state))
        words = [board.prompt, *board.text_zones, *(g.label for g in board.groups),
                 *(c.label for g in board.groups for c in g.choices), *(line.text for line in board.log)]
        text = re.sub(r"[0-9a-f]{12}", "", " ".join(words))  # the commitment
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        assert set(LATIN.findall(text)) <= ALLOWED, text


@pytest.mark.django_db(transaction=True)
def test_the_match_page_renders_the_legions_board(seeded, users, client):
    match = match_challenge(user=users[0], game="legions", seat="p2", opponent="random")
    client.force_login(users[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    for key in ("field-p1", "field-p2", "master-p2", "wz4-p1", "standby-p1", "hand-p2", "exile-p1", "deck-p2"):
        assert f'data-zone="{key}"' in page
    assert "card-face--legions" in page and "Text board" in page


@pytest.mark.django_db(transaction=True)
def test_a_finished_legions_match_replays_in_sentences(seeded, users, client):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy", autoplay="random")
    match.refresh_from_db()
    assert match.status == "finished"
    page = client.get(f"/matches/{match.pk}/replay/").content.decode()
    assert NEUTRAL not in page and "wins:" in page and "attacks" in page


@pytest.mark.django_db(transaction=True)
def test_standby_cards_are_hidden_from_the_opponent_and_spectators(seeded, users):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    match.refresh_from_db()
    state = json.loads(json.dumps(match.state))
    hand = state["players"]["p2"]["hand"]
    state["players"]["p2"]["standby"] = hand[:1]  # as after an unlock to standby
    state["players"]["p2"]["hand"] = hand[1:]
    match.state = state
    for seat in ("p1", None):
        zone = build_board(match, seat=seat).zones["top_standby"]  # p2 is on top for p1 and for a spectator
        assert zone.hidden == 1 and not zone.cards
    mine = build_board(match, seat="p2").zones["bottom_standby"]
    assert [c.id for c in mine.cards] == hand[:1]


def test_the_outcome_reason_is_words_in_the_readers_language_without_the_english_clause():
    from django.utils import translation

    from matches.boards.legions import labels

    with translation.override("ja"):
        text = labels.reason("life 0 (Legions 勝利条件/A8.1)")
        assert "Legions" not in text and text != "life 0"
        assert "Legions" not in labels.reason("abandoned")
    with translation.override("en"):
        assert labels.reason("life 0 (Legions 勝利条件/A8.1)") == "the loser's life fell to 0"


def test_a_rule_clause_names_the_game_in_the_readers_language():
    from django.utils import translation

    from matches.boards.legions import LegionsPresenter

    with translation.override("ja"):
        assert LegionsPresenter().clause("A5") == "レギオンズ A5"
    with translation.override("en"):
        assert LegionsPresenter().clause("A5") == "Legions A5"


def test_putting_the_top_of_the_deck_back_in_order_is_asked_and_told_in_words():
    # found by the engine's author: 運命の糸車's arrange_deck was narrated as "The referee records an event." and
    # asked as "Choose a target for the effect"
    from referee.games.legions.actions import Unlock
    from tests.referee.legions.conftest import CARDS, act, main_phase, to_hand, wide_decks

    decks = wide_decks()
    decks["p1"]["master"] = CARDS["天野ツムギ"]
    state = main_phase(ENGINE.new_game({"first": "p1"}, decks, RngSeed(seed_from_int(3)))[0], "p1", active=9,
                       awakened=True)
    state["turn"] = 5
    (skill,) = to_hand(state, "p1", "運命の糸車")
    state, _events = act(state, Unlock(seat="p1", card=skill, then="use"))
    assert state["pending"]["effect"] == "arrange_deck"
    for lang, prompt, group in (("en", "Put the top cards of your deck back", "Next card from the top of your deck"),
                                ("ja", "好きな順番で戻します", "デッキの上から次に置くカード")):
        with translation.override(lang):
            data = _data(state, "p1")
            assert prompt in PRESENTER.prompt(data)
            groups = build_groups(data.view["legal_actions"], lambda a, d=data: PRESENTER.choice(a, d))
            assert [g.label for g in groups if g.key == "choose"] == [group]
            sentence = PRESENTER.narrate({"kind": "arrange_deck", "data": {"seat": "p1", "count": 3}}, data)
            assert sentence != NEUTRAL and "3" in sentence
        with translation.override(lang):
            assert "%(" not in PRESENTER.prompt(_data(state, "p2"))


def test_an_attack_from_the_leader_zone_and_a_draw_read_by_a_spectator_are_said_in_words():
    """Issue 27, point 5: "attacks … from the ?" when the attacker stands in the leader zone; "You draw ?, ?"
    read by someone the draw was not addressed to (a spectator, the replay)."""
    names = {"p1c01": "吸血姫『アコニー』", "p2m": "深海リラ"}
    data = BoardInput(match=None, view={}, state={}, seat=None, names=names)
    attack = {"kind": "attack", "clause": "A6.1", "to": [],
              "data": {"seat": "p1", "attacker": "p1c01", "position": "leader", "target": "p2m", "atk": None}}
    drawn = {"kind": "drawn", "clause": "A1.3", "to": ["p1"], "data": {"seat": "p1", "cards": ["p1c07", "p1c08"]}}
    for lang, leader, spectator in (("en", "from the leader zone", "Player 1 draws 2 cards."),
                                    ("ja", "リーダーゾーン", "プレイヤー1")):
        with translation.override(lang):
            assert leader in PRESENTER.narrate(attack, data) and "?" not in PRESENTER.narrate(attack, data)
            said = PRESENTER.narrate(drawn, data)
            assert spectator in said and "?" not in said and "You" not in said and "あなた" not in said
            mine = BoardInput(match=None, view={}, state={}, seat="p1",
                              names={"p1c07": "下忍カスミ", "p1c08": "火竜の仔"})
            assert "下忍カスミ" in PRESENTER.narrate(drawn, mine)


@pytest.mark.parametrize(("life", "asked"), [(3, True), (4, True), (5, False)])
def test_a_card_that_would_take_its_users_life_to_0_asks_before_it_is_used(life, asked):
    """Issue 27, point 2: デスクラウド deals 4 to every master, its user's too; at 4 life or less its use asks."""
    from tests.referee.legions.conftest import main_phase, new_state, to_hand

    state = main_phase(new_state(), "p1", active=9, awakened=True)
    (cloud,) = to_hand(state, "p1", "デスクラウド")
    state["players"]["p1"]["life"] = life
    data = _data(state, "p1")
    groups = build_groups(data.view["legal_actions"], lambda a: PRESENTER.choice(a, data))
    uses = [c for g in groups for c in g.choices if c.action.get("card") == cloud and c.action["then"] == "use"]
    assert uses, "デスクラウド can be used"
    for choice in uses:
        assert bool(choice.confirm) is asked
        if asked:
            assert f"your life is {life}" in choice.confirm
    others = [c for g in groups for c in g.choices if c.action.get("card") != cloud]
    assert not any(c.confirm for c in others)
    if asked:
        group = next(g for g in groups if any(c in uses for c in g.choices))
        assert '"confirm":"デスクラウド deals 4' in group.choices_json  # board.js asks it before sending


def test_an_unlock_into_a_full_standby_zone_asks_which_two_to_keep_on_the_board():
    # スタンバイカードについて: 超過分や不要分は任意に選んで破棄される (issue 29): the board offers the keep decision
    from referee.games.legions.actions import Unlock
    from tests.referee.legions.conftest import act, main_phase, new_state, to_hand

    state = main_phase(new_state(), "p1")
    first, second, third = to_hand(state, "p1", "下忍カスミ", "マジックミサイル", "闇精シェイド")
    for card in (first, second, third):
        state, _ = act(state, Unlock(seat="p1", card=card, then="standby"))
    assert state["pending"]["kind"] == "keep"
    assert _check_choices(state, set()) == 0
    data = _data(state, "p1")
    with translation.override("en"):
        groups = build_groups(data.view["legal_actions"], lambda a: PRESENTER.choice(a, data))
        (keep,) = [g for g in groups if g.key == "keep"]
        assert len(keep.choices) == 3 and all("?" not in c.label for c in keep.choices)
    opponent = _data(state, "p2")
    assert third not in json.dumps(opponent.state)  # the card that arrived stays hidden from the other seat


def test_an_activated_ability_is_offered_on_the_board_with_its_costs():
    # M8 起動: the board offers the unit's ability as its own choice, its costs said; the log says it in words
    from tests.referee.legions.conftest import main_phase, new_state, put

    state = main_phase(new_state(), "p1", active=9, awakened=True)
    state["turn"] = 5
    unit = put(state, "p1", "下忍カスミ", "centre", placed=1)
    state["cards"][unit] = {**state["cards"][unit], "abilities": {"triggers": [
        {"when": "起動", "mp": 2, "fatigue": True,
         "effects": [{"effect": "damage", "amount": 1, "target": {"pick": "master", "side": "opponent"}}]}]}}
    with translation.override("en"):
        data = _data(state, "p1")
        action = next(a for a in data.view["legal_actions"] if a["type"] == "activate")
        spec = PRESENTER.choice(action, data)
        assert spec.group == "activate" and spec.label == "Activate 下忍カスミ (2 MP, fatigue it)"
        state, events = ENGINE.apply(state, ENGINE.legal_actions(state, "p1")[[
            encode(a) for a in ENGINE.legal_actions(state, "p1")].index(action)])
        event = next(e for e in events if e.kind == "activate")
        assert SENTENCES["activate"](event.data, {unit: "下忍カスミ"}) == \
            "Player 1 activates 下忍カスミ's ability (2 MP)."
