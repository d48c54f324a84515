"""The Iron Leaguer card game (疾風！アイアンリーガー) in the game registry (``referee.registry``): where each part
of the game lives."""

from __future__ import annotations

from referee.registry import DeckSpec, GameSpec, OpeningHand, Section, Seeds, Side

SPEC = GameSpec(
    code="iron_leaguer",
    name=("Iron Leaguer", "アイアンリーガー"),
    title=("Iron Leaguer", "疾風！アイアンリーガー カードゲーム"),
    aliases=("iron leaguer",),
    engine="referee.games.iron_leaguer.engine:ENGINE",
    card_schema="cards.games.iron_leaguer:GAME",
    legality="decks.legality.iron_leaguer",
    decklist="referee.games.iron_leaguer.decklist",
    board="matches.boards.iron_leaguer:IronLeaguerPresenter",
    face="cards.games.iron_leaguer:face",
    face_template="components/faces/iron_leaguer.html",
    deck=DeckSpec(
        # IL 2.2: a team is a roster of 11 ILs; technique cards are shared, not part of a deck
        sections=(
            Section("roster", ("Roster", "ロースター"), "the roster",
                    ("roster", "ロースター", "スタメン", "lineup", "starting lineup")),
        ),
        default_section="roster",
        default_format="iron_leaguer_standard",
        # IL 2.4, 5.7: a hand of 5 from the shared period-1 technique deck, no mulligan
        opening_hand=OpeningHand(source=("From the shared period-1 technique deck", "共通の1期技カードデッキから"),
                                 size=5, pool=("technique", {"period": 1})),
        curve=("heart", "Heart", "心値"),
        group=("affiliation", "Affiliations", "所属"),
        sides=(  # IL 2.1
            Side("silver", ("Silver Castle", "シルバーキャッスル"), ("Silver", "シルバー"),
                 ("silver", "シルバー", "シルバーキャッスル")),
            Side("dark", ("Dark Sports", "ダークスポーツ財団"), ("Dark", "ダーク"),
                 ("dark", "ダーク", "ダークスポーツ", "ダークスポーツ財団")),
        ),
    ),
    seeds=Seeds(
        catalogue=("seeds/catalogue/iron_leaguer.json",),
        formats=("seeds/formats/iron_leaguer_standard.json", "seeds/formats/iron_leaguer_custom.json"),
        decks=("seeds/decks/iron_leaguer_dark_gold_fighters.txt", "seeds/decks/iron_leaguer_silver_castle.txt"),
    ),
)
