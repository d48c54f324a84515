"""Riders' Legend (仮面ライダーTCG, advanced rules) in the game registry (``referee.registry``): where each part of
the game lives."""

from __future__ import annotations

from referee.registry import DeckSpec, GameSpec, OpeningHand, Section, Seeds

SPEC = GameSpec(
    code="riders_legend",
    name=("Riders' Legend", "仮面ライダーTCG"),
    title=("Riders' Legend", "仮面ライダー トレーディングカードゲーム"),
    aliases=("riders legend", "仮面ライダー"),
    engine="referee.games.riders_legend.engine:ENGINE",
    card_schema="cards.games.riders_legend:GAME",
    abilities="referee.games.riders_legend.abilities:VOCABULARY",
    legality="decks.legality.riders_legend",
    decklist="referee.games.riders_legend.decklist",
    board="matches.boards.riders_legend:RidersLegendPresenter",
    face="cards.games.riders_legend:face",
    face_template="components/faces/riders_legend.html",
    deck=DeckSpec(
        # Riders' Legend: デッキ — 30 first half, 30 second half, one eyecatch
        sections=(
            Section("first_half", ("First half", "前半デッキ"), "the first half",
                    ("first half", "first", "前半", "前半デッキ")),
            Section("second_half", ("Second half", "後半デッキ"), "the second half",
                    ("second half", "second", "後半", "後半デッキ")),
            Section("eyecatch", ("Eyecatch", "アイキャッチ"), "the eyecatch slot",
                    ("eyecatch", "アイキャッチ", "アイキャッチカード")),
        ),
        default_format="riders_legend_advanced",
        # 開始手札 7枚 from the first half, on top of the stacked deck; マリガン 任意で1回 (the format's rules)
        opening_hand=OpeningHand(source=("From the first half", "前半デッキから"), sections=("first_half",)),
        curve=("operation", "Operation power", "作戦力"),
        group=("faction", "Factions", "勢力"),
    ),
    seeds=Seeds(
        catalogue=("seeds/catalogue/riders_legend.json",),
        formats=("seeds/formats/riders_legend_advanced.json",),
        decks=("seeds/decks/riders_legend_shocker.txt", "seeds/decks/riders_legend_showa_riders.txt"),
    ),
)
