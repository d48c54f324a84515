"""Legions! (レギオンズ!) in the game registry (``referee.registry``): where each part of the game lives."""

from __future__ import annotations

from referee.registry import DeckSpec, GameSpec, OpeningHand, Section, Seeds

SPEC = GameSpec(
    code="legions",
    name=("Legions!", "レギオンズ!"),
    title=("Legions!", "レギオンズ!"),
    aliases=("レギオンズ",),
    engine="referee.games.legions.engine:ENGINE",
    card_schema="cards.games.legions:GAME",
    abilities="referee.games.legions.abilities:VOCABULARY",
    legality="decks.legality.legions",
    decklist="referee.games.legions.decklist",
    board="matches.boards.legions:LegionsPresenter",
    face="cards.games.legions:face",
    face_template="components/faces/legions.html",
    deck=DeckSpec(
        # Legions: 事前準備 — one master card beside the 40-card deck
        sections=(
            Section("master", ("Master", "マスター"), "the master slot", ("master", "マスター", "マスターカード")),
            Section("deck", ("Deck", "デッキ"), "the deck",
                    ("deck", "maindeck", "main", "デッキ", "メインデッキ", "山札"), names_game=False),
        ),
        default_section="deck",
        default_format="legions_standard",
        opening_hand=OpeningHand(source=("From the deck", "デッキから"), sections=("deck",)),  # 5 cards, no mulligan
        curve=("unlock_cost", "Unlock cost", "アンロックコスト"),
        group=("colours", "Colours", "カラーシンボル"),
    ),
    seeds=Seeds(
        catalogue=("seeds/catalogue/legions.json",),
        formats=("seeds/formats/legions_standard.json",),
        decks=("seeds/decks/legions_mao_nyan_2017.txt", "seeds/decks/legions_olivier_2018.txt"),
    ),
)
