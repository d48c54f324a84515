"""The Riders' Legend board (matches.boards.riders_legend): the choices offer exactly the engine's legal actions
over whole random and greedy games (every action reachable by its own picks and by no other), every event of
whole games reads as a sentence in both languages, and the board shows both sides' zones with the hidden ones as
backs and counts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from matches.boards import build_board
from matches.boards.choices import build_groups, flatten, resolve
from matches.boards.copies import copies_of
from matches.boards.presenter import BoardInput
from matches.boards.riders_legend import RidersLegendPresenter
from matches.boards.riders_legend.choices import COPIES
from matches.boards.riders_legend.narration import NEUTRAL, SENTENCES
from matches.services import match_challenge
from referee.engine import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.rng import seed_from_int
from referee.games.riders_legend.decklist import build, catalogue_cards, parse

ROOT = Path(__file__).resolve().parents[2]
ENGINE = get_engine("riders_legend")
PRESENTER = RidersLegendPresenter()


def _decks() -> dict:
    cards = catalogue_cards(json.loads((ROOT / "seeds/catalogue/riders_legend.json").read_text(encoding="utf-8")))
    p1, p2 = sorted((ROOT / "seeds/decks").glob("riders_legend_*.txt"))
    return {"p1": build(parse(p1.read_text(encoding="utf-8")), cards),
            "p2": build(parse(p2.read_text(encoding="utf-8")), cards)}


DECKS = _decks()


def _data(state: dict, seat: str | None) -> BoardInput:
    view = ENGINE.view(state, seat)
    to_act = ENGINE.to_act(state)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)] if seat and seat == to_act else []
    return BoardInput(match=None, view={"to_act": to_act, "legal_actions": legal}, state=view, seat=seat,
                      names=PRESENTER.names(view))


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _as_copies(action: dict, copies) -> str:
    """``action`` with its hand card named by the copy standing for it (the same choice for the player)."""
    return _key({**action, "card": copies.value(action["card"])} if "card" in action else action)


def _check_choices(state: dict, seen: set[str]) -> int:
    """Checks the choices of one decision; returns how many legal actions an identical copy stands for."""
    seat = ENGINE.to_act(state)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)]
    data = _data(state, seat)
    groups = build_groups(legal, lambda a: PRESENTER.choice(a, data))
    copies = copies_of(data, COPIES)
    offered = flatten(groups)
    assert len(set(map(_key, offered))) == len(offered) and set(map(_key, offered)) <= set(map(_key, legal))
    # every legal action is offered, or one that differs only by an identical copy in hand is, under the same picks
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
            assert resolve(group, choice.picks) is choice, (group.key, choice.picks)  # reachable, by no other
            assert "?" not in choice.label, choice.label  # every card and character the reader picks is named
        for slot, options in group.slot_rows:
            assert options and all(o.label and "?" not in o.label for o in options), (group.key, slot.key)
            labels = [(o.label, o.detail) for o in options if slot.key == "card"]  # no card shown twice
            assert len(set(labels)) == len(labels), (group.key, labels)
    return len(legal) - len(offered)


def _games(seeds, kinds=("greedy", "random")):
    for seed in seeds:
        bots = {"p1": make_bot(kinds[0], seed), "p2": make_bot(kinds[1], seed + 100)}
        state, events = ENGINE.new_game({}, DECKS, RngSeed(seed_from_int(seed)))
        yield state, events
        while ENGINE.to_act(state) is not None:
            seat = ENGINE.to_act(state)
            action = bots[seat](ENGINE, state, seat, ENGINE.legal_actions(state, seat))
            state, events = ENGINE.apply(state, action)
            yield state, events


@pytest.mark.parametrize(("seeds", "kinds"), [((1, 2, 3), ("greedy", "random")), ((4, 5, 6), ("random", "random")),
                                              ((7, 8), ("greedy", "greedy"))])
def test_grouped_choices_map_back_to_the_legal_actions_over_whole_games(seeds, kinds):
    seen: set[str] = set()
    merged = 0
    for state, _events in _games(seeds, kinds):
        if ENGINE.to_act(state) is not None:
            merged += _check_choices(state, seen)
    assert {"keep_hand", "place_mission", "place_character", "move", "end_phase"} <= seen
    assert merged  # identical copies in hand met in these games


def test_every_event_of_whole_games_is_a_sentence_in_english_and_japanese():
    kinds: set[str] = set()
    for state, events in _games([11, 12, 13], ("random", "greedy")):
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
                    assert text and text != NEUTRAL and "%(" not in text and "?" not in text, (raw, text)
    assert kinds <= set(SENTENCES)
    assert {"place_mission", "placed_face_down", "turn", "move", "draw"} <= kinds


RARE = [  # events the sample decks never make, with their data as the engine writes it
    {"kind": "look", "data": {"seat": "p1", "mission_seat": "p2", "area": 2}},
    {"kind": "looked", "data": {"seat": "p1", "mission_seat": "p2", "area": 2, "card": "p2c05", "name": "改造人間計画",
                                "bluff": False}, "to": ["p1"]},
    {"kind": "no_move", "data": {"character": "p1c01", "until_turn": 4}},
    {"kind": "extra_mission", "data": {"seat": "p2", "n": 1}},
    {"kind": "declaration", "data": {"seat": "p1", "source": "p1c02", "claim_ja": "眼鏡をかけている",
                                     "claim_en": "You wear glasses"}},
    {"kind": "declaration_declined", "data": {"seat": "p1", "source": "p1c02", "claim_ja": "眼鏡をかけている",
                                              "claim_en": "You wear glasses"}},
    {"kind": "declaration_accepted", "data": {"seat": "p2", "declarer": "p1", "source": "p1c02",
                                              "claim_ja": "眼鏡をかけている", "claim_en": "You wear glasses",
                                              "takes_effect": True}},
    {"kind": "declaration_disputed", "data": {"seat": "p2", "declarer": "p1", "source": "p1c02",
                                              "claim_ja": "眼鏡をかけている", "claim_en": "You wear glasses",
                                              "takes_effect": False}},
    {"kind": "instead_of_destruction", "data": {"seat": "p1", "character": "p1c01", "card": "p1c03",
                                                "name": "仮面ライダー1号", "graveyard": ["p1c01"]}},
]


@pytest.mark.parametrize("event", RARE, ids=[e["kind"] for e in RARE])
def test_the_rarer_events_are_sentences_in_both_languages(event):
    data = BoardInput(match=None, view={}, state={"players": {}, "cards": {}}, seat="p1", names={"p1c01": "本郷猛"})
    for lang in ("en", "ja"):
        with translation.override(lang):
            text = PRESENTER.narrate({"clause": "", "to": [], **event}, data)
        assert text and text != NEUTRAL and "%(" not in text and "?" not in text, text
    with translation.override("ja"):
        assert "You wear" not in PRESENTER.narrate({"clause": "", "to": [], **RARE[4]}, data)


LATIN = re.compile(r"[A-Za-z_]{2,}")


@pytest.mark.django_db(transaction=True)
def test_the_board_shows_both_sides_with_hidden_zones_as_backs_and_counts(seeded, users):
    match = match_challenge(user=users[0], game="riders_legend", seat="p1", opponent="greedy")
    match.refresh_from_db()
    with translation.override("en"):
        board = build_board(match, seat="p1")
        zones = board.zones
        top_hand = zones["top_hand"].text
        deck = zones["bottom_deck"].title
    for place in ("top", "bottom"):
        areas = [f"{f}{n}" for f in ("op", "mission", "battle") for n in range(1, 6)]
        for name in ("justice", "hand", "deck", "graveyard", "discard", *areas):
            assert f"{place}_{name}" in zones, name
    assert len(zones["bottom_hand"].cards) == 7 and not zones["bottom_hand"].hidden
    assert zones["top_hand"].hidden == 7 and not zones["top_hand"].cards and "7 face-down cards" in top_hand
    assert zones["top_deck"].pile and zones["top_deck"].hidden == 54 and not zones["top_deck"].cards
    assert "first half" in deck and "above the eyecatch" in deck
    spectator = build_board(match, seat=None)
    assert spectator.zones["bottom_hand"].hidden and spectator.zones["top_hand"].hidden
    assert {s.key for s in board.stats} >= {"turn", "phase", "missions-p1", "deck-p2"}

    with translation.override("ja"):
        board = build_board(match, seat="p1")
        names = set(PRESENTER.names(match.state))
        words = [board.prompt, *board.text_zones, *(g.label for g in board.groups), *(s.label for s in board.stats),
                 *(str(s.value) for s in board.stats), *(c.label for g in board.groups for c in g.choices),
                 *(line.text for line in board.log)]
        text = re.sub(r"[0-9a-f]{12}", "", " ".join(words))  # the commitment
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        assert not set(LATIN.findall(text)), text


@pytest.mark.django_db(transaction=True)
def test_a_finished_riders_legend_match_replays_in_sentences(seeded, users, client):
    match = match_challenge(user=users[0], game="riders_legend", seat="p1", opponent="greedy", autoplay="random")
    match.refresh_from_db()
    assert match.status == "finished"
    page = client.get(f"/matches/{match.pk}/replay/").content.decode()
    assert NEUTRAL not in page and "wins:" in page and "lays" in page


def test_the_outcome_reason_and_clause_are_in_the_readers_language():
    from matches.boards.riders_legend import labels

    with translation.override("ja"):
        text = labels.reason("no mission left (Riders' Legend 勝利条件/B8 ミッションを0枚にする)")
        assert "Riders" not in text and text != "no mission left"
        assert "Riders" not in PRESENTER.clause("B8")
    with translation.override("en"):
        assert labels.reason("the deck ran out (Riders' Legend 勝利条件/B4.8)") == "the loser's deck ran out"
        assert PRESENTER.clause("B8") == "Riders' Legend B8"


def test_the_japanese_board_has_no_english_word_over_a_whole_game():
    """Every 3rd decision of a whole game, in Japanese: the prompt, the strip, the zones as the text board says
    them, the choices (groups, slots, options and their details) and the log lines carry no Latin word but the
    card names (data, marked lang="ja" on the page)."""
    names = {card["name"] for deck in DECKS.values() for part in deck.values()
             for card in (part if isinstance(part, list) else [part])}
    checked = 0
    for number, (state, events) in enumerate(_games([21], ("greedy", "random"))):
        if number % 3 or ENGINE.to_act(state) is None:
            continue
        seat = ENGINE.to_act(state)
        data = _data(state, seat)
        with translation.override("ja"):
            legal = [encode(a) for a in ENGINE.legal_actions(state, seat)]
            groups = build_groups(legal, lambda a, data=data: PRESENTER.choice(a, data))
            words = [PRESENTER.prompt(data), PRESENTER.declaration(data),
                     *(f"{s.label} {s.value}" for s in PRESENTER.stats(data)),
                     *(z.text for z in PRESENTER.zones(data).values()),
                     *(g.label for g in groups), *(c.label for g in groups for c in g.choices),
                     *(f"{slot.label} {o.label} {o.detail}" for g in groups for slot, options in g.slot_rows
                       for o in options),
                     *(PRESENTER.narrate(e.as_dict(), data) for e in events if not e.to or seat in e.to)]
        text = re.sub(r"[0-9a-f]{12}", "", " ".join(words))
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        assert not set(LATIN.findall(text)), text
        checked += 1
    assert checked > 20
