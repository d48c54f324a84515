"""Duel in the game registry: the one declaration a game adds (docs/adding_a_game.md). Every path is in this
folder; registering it is one line (``referee.registry.REGISTERED``, or ``registry.registered(SPEC)`` in a test)."""

from __future__ import annotations

from pathlib import Path

from referee.registry import DeckSpec, GameSpec, OpeningHand, Section, Seeds

HERE = Path(__file__).resolve().parent

SPEC = GameSpec(
    code="duel",
    name=("Duel", "デュエル"),
    title=("Duel", "デュエル"),
    engine="tests.fourth_game.engine:ENGINE",
    card_schema="tests.fourth_game.cards:GAME",
    legality="tests.fourth_game.legality",
    decklist="tests.fourth_game.decklist",
    board="tests.fourth_game.board:DuelPresenter",
    face="tests.fourth_game.cards:face",
    face_template="fourth_game/face.html",
    templates=str(HERE / "templates"),
    deck=DeckSpec(
        sections=(Section("deck", ("Deck", "デッキ"), "the deck", ("deck", "デッキ"), names_game=False),),
        default_section="deck",
        default_format="duel_standard",
        opening_hand=OpeningHand(source=("From the deck", "デッキから"), sections=("deck",)),
        curve=("power", "Power", "パワー"),
        group=("damage", "Damage", "ダメージ"),
    ),
    seeds=Seeds(
        catalogue=(str(HERE / "seeds" / "catalogue.json"),),
        formats=(str(HERE / "seeds" / "duel_standard.json"),),
        decks=(str(HERE / "seeds" / "knights.txt"), str(HERE / "seeds" / "mages.txt")),
    ),
)
