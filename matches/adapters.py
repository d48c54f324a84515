"""The per-game wiring of online matches: what each game's engine receives as ``decks`` at ``new_game``, built from
the catalogue, and what a seat keeps of a checked decklist.

This is the one game-aware corner of the matches layer (``GAMES``, one ``GameWiring`` per game): it copies card
data out of the catalogue into plain dicts (so editing the catalogue never changes a running match). A game
without an entry here cannot be played online; services and views never test a game code themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from cards.models import Card


class EmptyCatalogue(KeyError):
    """The catalogue holds no card of the game (or not the cards a sample deck names): run ``loadseeds``."""


def card_dict(card: Card) -> dict:
    """A catalogue card as the engines read it (the seed JSON shape)."""
    return {"set": card.card_set.code, "number": card.collector_number, "name": card.name,
            "card_type": card.card_type, "attributes": card.attributes}


def _game_cards(game: str) -> list[Card]:
    cards = list(Card.objects.filter(game__code=game).select_related("card_set")
                 .order_by("card_set__code", "collector_number"))
    if not cards:
        raise EmptyCatalogue(f"no {game} cards in the catalogue: run manage.py loadseeds first")
    return cards


def _engine_cards(game: str, with_abilities: Callable[[dict], dict]) -> dict[str, dict]:
    """Card name -> the engine's card dict for every catalogue card of ``game`` (the first of a name wins), its
    abilities filled in by the game's ``with_abilities``. The rules text goes along so the engine refuses a card
    whose text has no abilities data yet; the catalogue's own abilities (entered in the admin) win over the
    engine's table of the seed cards."""
    by_name: dict[str, dict] = {}
    for card in _game_cards(game):
        own = getattr(card, "abilities", None)
        data = {**card_dict(card), "rules_text": card.rules_text, **({"abilities": own} if own else {})}
        by_name.setdefault(card.name, with_abilities(data))
    return by_name


# Iron Leaguer ---------------------------------------------------------------------------------------------------

def iron_leaguer_decks(seat_decks: dict[str, dict]) -> dict:
    """IL 2.2–2.4: the whole Iron Leaguer pool (line-ups, IL deck, technique cards), plus each side's roster
    names when a seat brought a custom roster (``{"roster": [names]}``)."""
    cards = [card_dict(c) for c in _game_cards("iron_leaguer")]
    rosters = {seat: deck["roster"] for seat, deck in seat_decks.items() if deck and deck.get("roster")}
    return {"cards": cards, **({"rosters": rosters} if rosters else {})}


def iron_leaguer_keep(result) -> dict:
    """A roster's card names, in order (``{"roster": [names]}``)."""
    names = {key: card["name"] for key, card in result.index.cards.items()}
    return {"roster": [names[e["card"]] for e in result.entries for _ in range(e["count"])]}


# Legions! -------------------------------------------------------------------------------------------------------

def legions_sample(seat: str) -> Path:
    """The seed sample deck a seat without a deck plays (``seeds/decks/legions_*.txt`` in name order: the first
    for p1, the second for p2)."""
    samples = sorted((Path(settings.BASE_DIR) / "seeds" / "decks").glob("legions_*.txt"))
    return samples[("p1", "p2").index(seat) % len(samples)]


def legions_keep(result) -> dict:
    """A checked Legions list as card names: ``{"master": name, "cards": [names]}`` (each repeated by count)."""
    names = {key: card["name"] for key, card in result.index.cards.items()}
    master = [names[e["card"]] for e in result.entries if e["section"] == "master"]
    cards = [names[e["card"]] for e in result.entries if e["section"] != "master" for _ in range(e["count"])]
    return {"master": master[0] if master else "", "cards": cards}


def legions_decks(seat_decks: dict[str, dict]) -> dict:
    """``{"p1": {"master": card, "cards": [card, ...]}, "p2": ...}`` (Legions: 開始準備): each seat's kept
    names, or its sample deck, as the catalogue's cards with their abilities
    (``referee.games.legions.cards.with_abilities``). EmptyCatalogue when a name is not in the catalogue."""
    from referee.games.legions.cards import with_abilities
    from referee.games.legions.decklist import build, parse

    by_name = _engine_cards("legions", with_abilities)
    decks = {}
    for seat in ("p1", "p2"):
        kept = seat_decks.get(seat) or {}
        if kept.get("master"):
            parsed = {"master": kept["master"], "cards": [(1, name) for name in kept["cards"]]}
        else:
            parsed = parse(legions_sample(seat).read_text(encoding="utf-8"))
        try:
            decks[seat] = build(parsed, by_name)
        except KeyError as exc:
            raise EmptyCatalogue(f"{exc.args[0]}: run manage.py loadseeds") from exc
    return decks


# Riders' Legend -------------------------------------------------------------------------------------------------

RIDERS_LEGEND_SECTIONS = ("first_half", "second_half", "eyecatch")


def riders_legend_sample(seat: str) -> Path:
    """The seed sample deck a seat without a deck plays (``seeds/decks/riders_legend_*.txt`` in name order: the
    first for p1, the second for p2)."""
    samples = sorted((Path(settings.BASE_DIR) / "seeds" / "decks").glob("riders_legend_*.txt"))
    return samples[("p1", "p2").index(seat) % len(samples)]


def riders_legend_keep(result) -> dict:
    """A checked 61-card list as card names by section (Riders' Legend: デッキ, 開始準備):
    ``{"first_half": [names], "second_half": [names], "eyecatch": name}`` (each repeated by its count)."""
    names = {key: card["name"] for key, card in result.index.cards.items()}
    kept: dict = {"first_half": [], "second_half": [], "eyecatch": ""}
    for entry in result.entries:
        if entry["section"] == "eyecatch":
            kept["eyecatch"] = names[entry["card"]]
        elif entry["section"] in kept:
            kept[entry["section"]] += [names[entry["card"]]] * entry["count"]
    return kept


def _riders_legend_sample_kept(seat: str) -> dict:
    """The sample deck of ``seat`` read by the decks feature's check (the names as the catalogue spells them).
    EmptyCatalogue when the check cannot read it or finds it illegal (the seeds are not loaded, or not all)."""
    from decks.services import deck_check_text
    from decks.textcheck import Unreadable

    path = riders_legend_sample(seat)
    try:
        result = deck_check_text(text=path.read_text(encoding="utf-8"))
    except Unreadable as exc:
        raise EmptyCatalogue(f"the sample deck {path.name} cannot be read ({exc}): run manage.py loadseeds") from exc
    if result.report.errors:
        problems = "; ".join(p.message_en for p in result.report.errors[:3])
        raise EmptyCatalogue(f"the sample deck {path.name} does not check ({problems}): run manage.py loadseeds")
    return riders_legend_keep(result)


def riders_legend_decks(seat_decks: dict[str, dict]) -> dict:
    """``{"p1": {"first_half": [card], "second_half": [card], "eyecatch": card}, "p2": ...}`` (Riders' Legend:
    開始準備; the engine's ``setup.new_game``): each seat's kept names, or its sample deck, as the catalogue's
    cards with their abilities (``referee.games.riders_legend.cards.with_abilities``; the catalogue's own
    abilities win). EmptyCatalogue when a name is not in the catalogue."""
    from referee.games.riders_legend.cards import with_abilities

    by_name = _engine_cards("riders_legend", with_abilities)
    decks = {}
    for seat in ("p1", "p2"):
        kept = seat_decks.get(seat) or {}
        if not kept.get("eyecatch"):
            kept = _riders_legend_sample_kept(seat)
        try:
            decks[seat] = {"first_half": [by_name[n] for n in kept["first_half"]],
                           "second_half": [by_name[n] for n in kept["second_half"]],
                           "eyecatch": by_name[kept["eyecatch"]]}
        except KeyError as exc:
            raise EmptyCatalogue(f"{exc.args[0]}: run manage.py loadseeds") from exc
    return decks


# The registry ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameWiring:
    """How one game is played online: ``decks(seat_decks) -> new_game's decks`` (``seat_decks``: seat -> what
    ``deck_for_seat`` kept, ``{}`` for a seat without a list) and ``keep(TextResult) -> dict``, the game's part
    of what a seat keeps of its checked list."""

    decks: Callable[[dict[str, dict]], dict]
    keep: Callable[[object], dict] = lambda result: {}


GAMES: dict[str, GameWiring] = {
    "iron_leaguer": GameWiring(decks=iron_leaguer_decks, keep=iron_leaguer_keep),
    "legions": GameWiring(decks=legions_decks, keep=legions_keep),
    "riders_legend": GameWiring(decks=riders_legend_decks, keep=riders_legend_keep),
}
ADAPTERS = GAMES  # the name the first release used


def playable() -> list[str]:
    """The game codes playable online, in the lobby's order."""
    return list(GAMES)


def wiring(game: str) -> GameWiring:
    """The wiring of ``game``; KeyError names the games playable online."""
    if game not in GAMES:
        raise KeyError(f"{game!r} cannot be played online yet; playable: {', '.join(sorted(GAMES))}")
    return GAMES[game]


def engine_decks(game: str, seat_decks: dict[str, dict]) -> dict:
    """``decks`` for ``new_game`` of ``game``; KeyError names the games playable online, EmptyCatalogue (a
    KeyError) says to load the seeds."""
    return wiring(game).decks(seat_decks)
