"""Issue 27, point 2: a card option shows what it chooses — its numbers (Legions cost/ATK/HP/WT, Riders' Legend
ATK/DEF/OP, Iron Leaguer heart/skill/body and the AP/DP range of a technique half), its printed text on hover or
a long press, identical cards as one option with a count — and a choice that loses the game on the spot asks first.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from cards.models import Card
from matches.boards import build_board
from matches.boards.choices import build_groups
from matches.boards.iron_leaguer import IronLeaguerPresenter
from matches.boards.iron_leaguer.choices import half_stats
from matches.boards.legions import LegionsPresenter
from matches.boards.presenter import BoardInput
from matches.boards.riders_legend import RidersLegendPresenter
from matches.services import match_challenge
from referee.engine import encode
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.rng import seed_from_int
from tests.referee.iron_leaguer.pool import pool


def _groups(game: str, presenter, state: dict, seat: str):
    engine = get_engine(game)
    view = engine.view(state, seat)
    legal = [encode(a) for a in engine.legal_actions(state, seat)]
    data = BoardInput(match=None, view={"to_act": seat, "legal_actions": legal}, state=view, seat=seat,
                      names=presenter.names(view))
    return {g.key: g for g in build_groups(legal, lambda a: presenter.choice(a, data))}


def test_a_legions_card_option_shows_its_cost_and_numbers_and_a_unit_its_numbers_now():
    from tests.referee.legions.conftest import main_phase, new_state, put, to_hand

    state = main_phase(new_state(), "p1", active=9)
    state["turn"] = 4  # a later turn: the unit placed on turn 0 may attack
    attacker = put(state, "p1", "森の小人", "left", placed=0, damage=0)
    to_hand(state, "p1", "下忍カスミ")
    with translation.override("en"):
        groups = _groups("legions", LegionsPresenter(), state, "p1")
    unlock = {o.label.split(" ×")[0]: o for o in groups["unlock"].options["card"]}
    assert unlock["下忍カスミ"].stats == "cost 1 · ATK 2 / HP 1 · WT 1"  # the card as printed (sample values)
    attackers = {o.value: o for o in groups["attack"].options["card"]}
    assert attackers[attacker].stats.startswith("ATK 2 / HP 1")  # a unit on the field: its numbers now
    assert "left" in attackers[attacker].detail


def test_an_iron_leaguer_technique_half_shows_the_ap_range_and_what_its_users_need():
    engine = get_engine("iron_leaguer")
    state, _ = engine.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(1)))
    while (seat := engine.to_act(state)) is not None:
        if state["pending"]["kind"] == "attack":
            break
        state, _ = engine.apply(state, engine.legal_actions(state, seat)[0])
    presenter = IronLeaguerPresenter()
    with translation.override("en"):
        groups = _groups("iron_leaguer", presenter, state, seat)
    halves = groups["declare-attack"].options["half"]
    assert halves and all(o.stats.startswith("AP ") for o in halves)
    card, side = halves[0].value.split(":")
    value = state["cards"][card]["attributes"][side]["attack"]
    assert halves[0].stats.startswith(f"AP {value - 12} to {value - 2}")  # IL 6.2: minus two dice, 2–12
    with translation.override("en"):
        assert half_stats({"attack": 16, "skill": 2, "kind": "arm", "persons": 1}, "attack") == (
            "AP 4 to 14 · needs heart 0 / skill 2 / body 0 · arm technique · 1 IL")
        assert half_stats({"attack": 3, "defence": 3, "kind": "any"}) == "AP +3 · DP +3"


def test_an_iron_leaguer_il_option_shows_heart_skill_body_and_penalty():
    engine = get_engine("iron_leaguer")
    state, _ = engine.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(2)))
    seat = engine.to_act(state)
    while state["pending"]["kind"] != "assign":
        actions = engine.legal_actions(state, seat)
        declare = [a for a in actions if a.type == "declare"]
        state, _ = engine.apply(state, declare[0] if declare else actions[0])
        seat = engine.to_act(state)
    il = next(iter(state["ils"]))
    state["ils"][il]["penalty"] = 2
    with translation.override("en"):
        groups = _groups("iron_leaguer", IronLeaguerPresenter(), state, seat)
    options = groups["assign"].options["ils"]
    assert all(o.stats.startswith("heart ") and " · skill " in o.stats and " · body " in o.stats for o in options)
    printed = state["cards"][options[0].value]["attributes"]
    assert f"skill {printed['skill']} · body {printed['body']}" in options[0].stats


def _riders_placement_with_two_copies():
    from tests.referee.riders_legend.conftest import new_state, phase, to_hand

    state = phase(new_state(), "placement", "p1")
    state["players"]["p1"]["hand"] = []
    return state, to_hand(state, "p1", "本郷猛", "本郷猛")


def test_two_copies_of_a_riders_legend_card_in_hand_are_one_option_with_their_count():
    state, (first, second) = _riders_placement_with_two_copies()
    assert state["cards"][first] == state["cards"][second]
    with translation.override("en"):
        groups = _groups("riders_legend", RidersLegendPresenter(), state, "p1")
    cards = groups["place_character"].options["card"]
    assert [(o.value, o.label) for o in cards] == [(first, "本郷猛 ×2")]
    assert "ATK" in cards[0].detail  # its type and numbers
    assert not any(c.action["card"] == second for c in groups["place_character"].choices)
    assert all("×2" not in c.label for c in groups["place_character"].choices)  # a sentence names one card


@pytest.mark.parametrize(("deck", "asked"), [(1, True), (2, False)])
def test_an_action_card_that_would_empty_its_users_deck_asks_first(deck, asked):
    """Riders' Legend 勝利条件/B4.8: the deck emptied loses at that instant; the action card here draws one (the
    effect of 改造手術, given to a card of the sample deck)."""
    from tests.referee.riders_legend.conftest import new_state, phase, to_hand

    state = phase(new_state(), "action", "p1")
    (card,) = to_hand(state, "p1", "ライダーパンチ")
    state["cards"][card] = {**state["cards"][card], "abilities": {"effects": [{"effect": "draw", "n": 1}]}}
    player = state["players"]["p1"]
    player["deck"] = player["deck"][-deck:]
    if player["eyecatch"] in player["deck"]:
        pytest.skip("the eyecatch is among the cards left")
    with translation.override("en"):
        groups = _groups("riders_legend", RidersLegendPresenter(), state, "p1")
    plays = [c for g in groups.values() for c in g.choices if c.action.get("card") == card]
    assert plays, "改造手術 can be played"
    assert all(bool(c.confirm) is asked for c in plays)
    if asked:
        assert "takes 1 card from your deck, which holds 1" in plays[0].confirm  # one card, not "1 cards"
    assert not any(c.confirm for g in groups.values() for c in g.choices if c.action.get("card") != card)


@pytest.mark.parametrize(("deck", "asked"), [(0, True), (1, False)])
def test_a_legions_card_that_draws_from_an_empty_deck_asks_first(deck, asked):
    """Legions 勝利条件/A8.2: a player who must draw from an empty deck loses; 運命の糸車 draws one."""
    from tests.referee.legions.conftest import main_phase, new_state, to_hand

    state = main_phase(new_state(), "p1", active=9)
    (wheel,) = to_hand(state, "p1", "運命の糸車")
    master = state["players"]["p1"]["master"]  # a master of its colours, so that it may be unlocked
    state["cards"][master]["attributes"] = {**state["cards"][master]["attributes"], "colours": ["blue", "white"]}
    player = state["players"]["p1"]
    player["deck"] = player["deck"][:deck]
    with translation.override("en"):
        groups = _groups("legions", LegionsPresenter(), state, "p1")
    uses = [c for g in groups.values() for c in g.choices
            if c.action.get("card") == wheel and c.action.get("then") == "use"]
    assert uses
    assert all(bool(c.confirm) is asked for c in uses)


@pytest.mark.django_db(transaction=True)
def test_an_option_carries_the_catalogues_printed_text_for_hover_and_long_press(seeded, users, client):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="random")
    match.refresh_from_db()
    board = build_board(match, seat="p1")
    options = [o for g in board.groups for _slot, opts in g.slot_rows for o in opts]
    names = {match.state["cards"][o.value]["name"]: o for o in options if o.value in match.state["cards"]}
    printed = dict(Card.objects.filter(game__code="legions", name__in=names).exclude(rules_text="")
                   .values_list("name", "rules_text"))
    assert printed, "some card offered has printed text in the seed catalogue"
    for name, text in printed.items():
        assert names[name].text == text
    client.force_login(users[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-text="' in page and 'class="choice-stats"' in page


def test_two_copies_of_an_iron_leaguer_technique_card_in_hand_are_one_option_with_their_count():
    engine = get_engine("iron_leaguer")
    state, _ = engine.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(1)))
    while (seat := engine.to_act(state)) is not None and state["pending"]["kind"] != "attack":
        state, _ = engine.apply(state, engine.legal_actions(state, seat)[0])
    hand = state["hands"][seat]
    with translation.override("en"):
        before = _groups("iron_leaguer", IronLeaguerPresenter(), state, seat)["declare-attack"]
    first = before.choices[0].action["halves"][0][0]
    other = next(c for c in hand if c != first)
    state["cards"] = {**state["cards"], other: dict(state["cards"][first])}  # the same card twice in hand (a new
    # table: the engine keeps what it derives from a card table by its identity)
    with translation.override("en"):
        after = _groups("iron_leaguer", IronLeaguerPresenter(), state, seat)["declare-attack"]
    counted = [o for o in after.options["half"] if o.value.startswith(f"{first}:")]
    assert counted and all(o.label.endswith(" ×2") for o in counted)
    assert not any(o.value.startswith(f"{other}:") for o in after.options["half"])
    assert not any(c.action["halves"][0][0] == other for c in after.choices)  # the first copy stands for both
    assert all("×" not in c.label for c in after.choices)


def test_a_riders_legend_effect_target_shows_where_the_character_stands_and_its_numbers_now():
    """ライダーキック's target (a character of one's own): each option says its place and ATK/DEF/OP now."""
    from matches.boards.riders_legend.view import characters
    from referee.games.riders_legend.actions import PlayAction
    from tests.referee.riders_legend.conftest import act, new_state, phase, put, to_hand

    state = phase(new_state(), "action")
    first = put(state, "p1", "本郷猛", "battle", 1)
    second = put(state, "p1", "一文字隼人", "battle", 2)
    (card,) = to_hand(state, "p1", "ライダーキック")
    state, _ = act(state, PlayAction(seat="p1", card=card))
    with translation.override("en"):
        groups = _groups("riders_legend", RidersLegendPresenter(), state, "p1")
    options = {o.value: o for o in groups["choose"].options["option"]}
    assert set(options) == {first["id"], second["id"]}
    index = characters(get_engine("riders_legend").view(state, "p1"))
    for ref in (first["id"], second["id"]):
        char, detail = index[ref][3], options[ref].detail
        assert f"ATK {char['attack']} / DEF {char['defence']} / OP {char['operation']}" in detail, detail
        assert "battle" in detail.lower(), detail
