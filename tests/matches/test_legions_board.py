"""The Legions! board (matches.boards.legions): the choices offer exactly the engine's legal actions, every event
of whole games reads as a sentence in both languages, and the board shows each side's zones with hidden ones
as counts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from matches.boards import LegionsPresenter, build_board
from matches.boards.choices import build_groups, flatten, resolve
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
    return BoardInput(match=None, view={"to_act": ENGINE.to_act(state)}, state=view, seat=seat,
                      names=PRESENTER.names(view))


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _check_choices(state: dict, seen: set[str]) -> None:
    seat = ENGINE.to_act(state)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)]
    data = _data(state, seat)
    groups = build_groups(legal, lambda a: PRESENTER.choice(a, data))
    assert sorted(map(_key, flatten(groups))) == sorted(map(_key, legal))
    for group in groups:
        for choice in group.choices:
            seen.add(choice.action["type"])
            assert resolve(group, choice.picks) is choice, (group.key, choice.picks)
            assert "?" not in choice.label, choice.label  # every card the reader picks is named


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
    for state, _events in _games([seed]):
        if ENGINE.to_act(state) is not None:
            _check_choices(state, seen)
    assert {"unlock", "attack", "end_turn", "no_card_change"} <= seen


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
