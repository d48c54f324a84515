"""Issue 27, point 5: narration in words. Every log line of whole bot games of each game — its sentence, its
clause, our reading and its inputs — as each seat and a spectator read it during play, and as the replay reads it
after the end, in English and Japanese: no engine code (``snake_case``, ``(reading x)``), no JSON, no "?" for a card
the reader cannot see, and on Japanese pages no English word."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from bench.engine import iron_leaguer_setup, load_pool, sample_setup
from matches.boards import presenter_for
from matches.boards.presenter import BoardInput
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.registry import spec

CODE = re.compile(r"[a-z]+_[a-z_]+|\(readings?\b|[{}\[\]\"]|(?<![A-Za-z])None(?![A-Za-z])")
LONE_QUESTION = re.compile(r"(^|[\s,、(（:：])[?？]([\s,、.。)）]|$)")
ENGLISH_WORD = re.compile(r"\b(?!(?:IL|ATK|HP|MP|AP|DP|WT|D66|OP)\b)[A-Za-z]{3,}\b")


def _game(game: str, seed: int) -> tuple[object, list[tuple[dict, list[dict]]], dict]:
    """One whole game between a greedy and a random bot: ``(engine, [(state before, its events)], end state)``."""
    setup = iron_leaguer_setup(load_pool("seed")) if game == "iron_leaguer" else sample_setup(game)
    engine = spec(game).part("engine")
    bots = {setup.seats[0]: make_bot("greedy", seed), setup.seats[1]: make_bot("random", seed + 1)}
    state, events = engine.new_game({}, setup.decks_for(seed), RngSeed(seed_from_int(seed)))
    steps = [(state, [e.as_dict() for e in events])]
    while (seat := engine.to_act(state)) is not None:
        state, events = engine.apply(state, bots[seat](engine, state, seat, engine.legal_actions(state, seat)))
        steps.append((state, [e.as_dict() for e in events]))
    return engine, steps, state


def _lines(presenter, data: BoardInput, event: dict) -> list[str]:
    clause = event.get("clause") or ""
    said = [presenter.narrate(event, data), presenter.clause(clause), presenter.reading(clause)]
    return said + [f"{label} {value}" for label, value in presenter.inputs(event, data)]


SECOND_PERSON = re.compile(r"\bYou\b|\bYour\b|あなた")


def _check(text: str, language: str, where: str, spectator: bool = False) -> None:
    assert not CODE.search(text), f"{where}: a code or JSON in {text!r}"
    assert not (spectator and SECOND_PERSON.search(text)), f"{where}: a spectator is told {text!r}"
    assert not LONE_QUESTION.search(text), f"{where}: a '?' in {text!r}"
    if language == "ja":
        assert not ENGLISH_WORD.search(text), f"{where}: an English word in {text!r}"


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", ["legions", "riders_legend", "iron_leaguer"])
@pytest.mark.parametrize("seed", [27, 28, 29])
def test_every_line_of_whole_bot_games_is_said_in_words(game: str, language: str, seed: int) -> None:
    engine, steps, end = _game(game, seed)
    presenter = presenter_for(game)
    seats = tuple(spec(game).part("engine").seats)
    match = SimpleNamespace(game=game, pk=1)
    checked = 0
    with translation.override(language):
        for version, (state, events) in enumerate(steps):
            for reader in (*seats, None):  # during play: withheld as matches.selectors.match_log withholds
                view = engine.view(state, reader)
                data = BoardInput(match=match, view={"outcome": None}, state=view, seat=reader,
                                  names=presenter.names(view))
                for event in events:
                    if event.get("to") and reader not in event["to"]:
                        event = {**event, "data": None, "withheld": True}
                    for text in _lines(presenter, data, json.loads(json.dumps(event))):
                        _check(text, language, f"{game} v{version} as {reader}: {event['kind']}", reader is None)
                        checked += 1
        view = engine.view(end, None)
        # after the end every event is shown (match_log): to a spectator's board, with the cards it sees, and in
        # the replay, where every card is named
        seen = BoardInput(match=match, view={"outcome": None}, state=view, seat=None, names=presenter.names(view))
        names = {**presenter.names({"cards": end.get("cards") or {}}), **presenter.names(view)}
        replay = BoardInput(match=match, view={"outcome": None}, state=view, seat=None, names=names)
        for _state, events in steps:
            for event in events:
                for where, data in (("spectator after the end", seen), ("replay", replay)):
                    for text in _lines(presenter, data, event):
                        _check(text, language, f"{game} {where}: {event['kind']}", spectator=True)
    assert checked > 300
