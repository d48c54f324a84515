"""The decks of online matches: what each game's engine receives as ``decks`` at ``new_game``, built from the
catalogue, and what a seat keeps of a checked decklist.

The game-aware part is each game's decklist wiring (its spec's ``decklist`` part in ``referee.registry``, e.g.
``referee.games.legions.decklist``: ``keep`` and ``engine_decks``, pure Python); this module only reads the
catalogue and the sample decks for it. Card data is copied out of the catalogue into plain dicts, so editing the
catalogue never changes a running match. Services and views never test a game code themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from django.utils.translation import get_language

from cards.models import Card
from referee import registry


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


def engine_cards(game: str) -> list[dict]:
    """Every catalogue card of ``game`` as the game's wiring reads it, in set and number order: the seed JSON shape
    with its rules text and, when the catalogue has them (entered in the admin), its own abilities (a game's wiring
    lets them win over its engine's table of the seed cards). EmptyCatalogue when there is none."""
    return [{**card_dict(card), "rules_text": card.rules_text,
             **({"abilities": card.abilities} if getattr(card, "abilities", None) else {})}
            for card in _game_cards(game)]


def playable() -> list[str]:
    """The game codes playable online, in the lobby's order: every registered game."""
    return list(registry.codes())


def wiring(game: str):
    """The decklist wiring of ``game`` (its spec's ``decklist`` module); KeyError names the games playable
    online."""
    if not registry.is_game(game):
        raise KeyError(f"{game!r} cannot be played online yet; playable: {', '.join(sorted(playable()))}")
    return registry.spec(game).part("decklist")


def kept_entries(result) -> list[dict]:
    """A checked decklist's entries as card names: ``[{"section", "name", "count"}]`` in the list's order
    (``result``: a ``decks.textcheck.TextResult``)."""
    names = {key: card["name"] for key, card in result.index.cards.items()}
    return [{"section": e["section"], "name": names[e["card"]], "count": e["count"]} for e in result.entries]


def keep(game: str, result) -> dict:
    """The game's part of what a seat keeps of its checked list (``wiring(game).keep``)."""
    return wiring(game).keep(kept_entries(result))


def sample_path(game: str, seat: str) -> Path:
    """The sample deck a seat without a deck plays: the game's seed sample decks (its spec's ``seeds.decks``) in
    order, the first for the engine's first seat. EmptyCatalogue when the game has none."""
    spec = registry.spec(game)
    samples = spec.seeds.paths("decks")
    if not samples:
        raise EmptyCatalogue(f"{game} has no sample deck for a seat without a deck")
    seats = spec.part("engine").seats
    return samples[seats.index(seat) % len(samples)]


def sample_kept(game: str, seat: str) -> dict:
    """What a seat keeps of its sample deck, read by the decks feature's check (the names as the catalogue spells
    them). EmptyCatalogue when the check cannot read it or finds it illegal (the seeds are not loaded, or not
    all)."""
    from decks.services import deck_check_text
    from decks.textcheck import Unreadable

    path = sample_path(game, seat)
    try:
        result = deck_check_text(text=path.read_text(encoding="utf-8"))
    except Unreadable as exc:
        raise EmptyCatalogue(f"the sample deck {path.name} cannot be read ({exc}): run manage.py loadseeds") from exc
    if result.report.errors:
        problems = "; ".join(p.message_en for p in result.report.errors[:3])
        raise EmptyCatalogue(f"the sample deck {path.name} does not check ({problems}): run manage.py loadseeds")
    return keep(game, result)


def engine_decks(game: str, seat_decks: Mapping[str, dict]) -> dict:
    """``decks`` for ``new_game`` of ``game`` (``seat_decks``: seat -> what ``deck_for_seat`` kept, ``{}`` for a
    seat without a list): the game's wiring over the catalogue's cards and its sample decks. KeyError names the
    games playable online; EmptyCatalogue (a KeyError) says to load the seeds."""
    game_wiring = wiring(game)
    cards = engine_cards(game)
    try:
        return game_wiring.engine_decks(seat_decks, cards, lambda seat: sample_kept(game, seat))
    except EmptyCatalogue:
        raise
    except KeyError as exc:
        raise EmptyCatalogue(f"{exc.args[0]}: run manage.py loadseeds") from exc


def deckless_choices(game: str) -> list[dict]:
    """The formats of ``game`` played without decklists (its wiring's ``FORMATS``, e.g. Legions' Dantalion Draft)
    as the lobby offers them: ``[{"code", "sets": [(set code, set name)], "default": set code}]``, each with the
    sets of the catalogue it can open boosters of (a format with none is left out)."""
    formats = getattr(wiring(game), "FORMATS", {}) if registry.is_game(game) else {}
    if not formats:
        return []
    try:
        cards = engine_cards(game)
    except EmptyCatalogue:
        return []
    names = set_names(game)
    choices = []
    for code, deckless in formats.items():
        sets = [(set_code, names.get(set_code, set_code)) for set_code in draftable_sets(game, deckless, cards)]
        if sets:
            choices.append({"code": code, "sets": sets, "default": deckless.default_set})
    return choices


def set_names(game: str) -> dict[str, str]:
    """``{set code: its name in the reader's language}`` for the sets of ``game`` (the Japanese name where the
    catalogue has one); the lobby and the board name a set so, never by its code."""
    from cards.models import CardSet

    japanese = (get_language() or "").startswith("ja")
    return {code: (name_ja if japanese and name_ja else name) for code, name, name_ja
            in CardSet.objects.filter(game__code=game).values_list("code", "name", "name_ja")}


def draftable_sets(game: str, deckless, cards: list[dict]) -> list[str]:
    """The set codes ``deckless`` (a ``DecklessFormat``) may open boosters of: those its wiring can make boosters of
    (``deckless.sets``) that are sold as boosters (``CardSet.sold_as`` naming ブースター or booster; a set whose
    product is unknown stays), never a constructed deck or a starter."""
    from cards.models import CardSet

    sold = dict(CardSet.objects.filter(game__code=game).values_list("code", "sold_as"))

    def booster(code: str) -> bool:
        text = (sold.get(code) or "").lower()
        return not text or "ブースター" in text or "booster" in text

    return [code for code in deckless.sets(cards) if booster(code)]
