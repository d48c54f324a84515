"""What the deck pages show, in the reader's language: the list grouped by section and type, the legality
report as sentences, the charts and a sample hand. Reads only; the views render these dicts.

Every code (section, card type, colour, affiliation, problem code, format) is turned into words here with
``decks.legality.labels``, so no template prints a stored code.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from cards.models import Card

from . import builder, games, services
from .legality import labels
from .legality.report import Report
from .models import Deck


def format_label(fmt, japanese: bool) -> str:
    """A format's name in the reader's language (``name_ja`` when there is one)."""
    return (fmt.name_ja or fmt.name) if japanese else fmt.name


def kicker(game_label: str, format_label: str) -> str:
    """``Legions! · Legions! standard`` says the game twice: the format's name alone when it starts with the game's."""
    return format_label if format_label.startswith(game_label) else f"{game_label} · {format_label}"


def _entries(deck: Deck) -> list:
    return list(deck.entries.select_related("card__game", "card__card_set").order_by("card__name"))


def problems(report: Report, japanese: bool) -> dict:
    """The report as sentences: ``{"legal", "errors": [...], "warnings": [...]}``, each problem
    ``{"code", "heading", "message", "section", "suggestions"}`` (heading and message in the reader's
    language; ``code`` is for tests and styling only)."""

    def one(p) -> dict:
        heading = labels.problem_heading(p.code, japanese)
        section = ""
        if p.section:
            section = labels.section_ja(p.section) if japanese else labels.section_en(p.section)
        return {
            "code": p.code,
            "heading": heading,
            "message": p.message_ja if japanese else p.message_en,
            "section": section,
            "suggestions": list(p.suggestions),
        }

    return {
        "legal": report.legal,
        "errors": [one(p) for p in report.errors],
        "warnings": [one(p) for p in report.warnings],
    }


def _bar_labels(bars: list[dict], kind: str, game: str, japanese: bool) -> list[dict]:
    """Bars with a ``text`` label: card types and attribute values in words, numbers as they are."""
    out = []
    for bar in bars:
        if kind == "types":
            text = labels.type_ja(bar["label"]) if japanese else labels.type_plural_en(bar["label"])
        elif kind == "groups":
            text = labels.value_label(bar["label"], japanese)
        else:
            text = bar["label"]
        out.append(bar | {"text": text})
    return out


def stats(deck: Deck, entries: list, japanese: bool) -> dict:
    """``builder.deck_stats`` with every bar labelled in the reader's language."""
    cards = {e.card_id: services.card_data(e.card) for e in entries}
    plain = [{"card": e.card_id, "count": e.count, "section": e.section} for e in entries]
    data = builder.deck_stats(deck.game.code, plain, cards)
    game = deck.game.code
    return {
        "total": data["total"],
        "charts": [
            {
                "id": "curve",
                "title": data["curve"]["title_ja"] if japanese else data["curve"]["title"],
                "bars": _bar_labels(data["curve"]["bars"], "curve", game, japanese),
            },
            {
                "id": "types",
                "title": "カードの種類" if japanese else "Card types",
                "bars": _bar_labels(data["types"], "types", game, japanese),
            },
            {
                "id": "groups",
                "title": data["groups"]["title_ja"] if japanese else data["groups"]["title"],
                "bars": _bar_labels(data["groups"]["bars"], "groups", game, japanese),
            },
        ],
    }


def sections(deck: Deck, entries: list, japanese: bool) -> list[dict]:
    """The deck's sections in the format's order, each ``{"code", "title", "count", "size", "complete",
    "groups": [{"type", "title", "count", "entries"}]}`` (Legions: the master apart from the deck; Riders'
    Legend: first half, second half, eyecatch; entries grouped by card type inside each)."""
    game = deck.game.code
    out = []
    for code, rule in deck.format.sections.items():
        rows = [e for e in entries if e.section == code]
        count = sum(e.count for e in rows)
        groups = builder.grouped(game, rows, lambda e: e.card.card_type, lambda e: e.count)
        for group in groups:
            group["title"] = labels.type_ja(group["type"]) if japanese else labels.type_plural_en(group["type"])
            # no "Master" under "Master", no "ILs" under "Roster": a section of one card type needs no group title
            group["titled"] = not (len(groups) == 1 and len(rule.get("types") or ()) == 1)
        size = rule.get("size")
        out.append(
            {
                "code": code,
                "title": labels.section_ja(code) if japanese else labels.section_en(code),
                "count": count,
                "size": size,
                "complete": size is not None and count == size,
                "groups": groups,
            }
        )
    return out


def panel(deck: Deck, japanese: bool) -> dict:
    """Everything the deck list, legality panel and charts of a deck need."""
    entries = _entries(deck)
    game = labels.game_ja(deck.game.code) if japanese else labels.game_en(deck.game.code)
    return {
        "deck": deck,
        "game_label": game,
        "format_label": format_label(deck.format, japanese),
        "kicker": kicker(game, format_label(deck.format, japanese)),
        "side_label": games.side_label(deck.side, japanese) if deck.side else "",
        "visibility_label": labels.VISIBILITY[deck.visibility][1 if japanese else 0],
        "sections": sections(deck, entries, japanese),
        "report": problems(services.deck_report(deck), japanese),
        "stats": stats(deck, entries, japanese),
        "card_total": sum(e.count for e in entries),
        "visibility_choices": [(code, pair[1 if japanese else 0]) for code, pair in labels.VISIBILITY.items()],
        "side_choices": [("", "—")] + [(s.code, s.name[1 if japanese else 0]) for s in games.sides(deck.game.code)],
        "section_choices": [
            (code, labels.section_ja(code) if japanese else labels.section_en(code)) for code in deck.format.sections
        ],
    }


def deck_rows(decks, japanese: bool) -> list[Deck]:
    """Decks for a list, each with ``game_label``, ``format_label`` and ``visibility_label`` set."""
    rows = list(decks)
    for deck in rows:
        deck.game_label = labels.game_ja(deck.game.code) if japanese else labels.game_en(deck.game.code)
        deck.format_label = format_label(deck.format, japanese)
        deck.kicker = kicker(deck.game_label, deck.format_label)
        deck.visibility_label = labels.VISIBILITY[deck.visibility][1 if japanese else 0]
    return rows


def _hand_pool(deck: Deck) -> list[int]:
    """The catalogue cards an opening hand is drawn from when the game's spec names them (``opening_hand.pool``:
    Iron Leaguer's period-1 technique cards, the deck both teams draw from, IL 2.4); ``[]`` otherwise."""
    pool = games.deck_spec(deck.game.code).opening_hand.pool
    if pool is None:
        return []
    card_type, wanted = pool
    cards = Card.objects.filter(game=deck.game, card_type=card_type).order_by("id")
    return [c.pk for c in cards if all((c.attributes or {}).get(k) == v for k, v in wanted.items())]


def hand(deck: Deck, *, mulligans: int, japanese: bool, seed: int | None = None) -> dict:
    """A sample opening hand: ``{"cards": [Card], "size", "mulligans", "can_mulligan", "source"}``.

    Riders' Legend's mulligan (任意で1回) returns the whole hand, rebuilds the deck and draws 7 again, so a
    mulligan is a fresh draw with one fewer mulligan left."""
    fmt: Mapping = deck.format.as_data()
    entries = list(deck.entries.select_related("card"))
    plain = [{"card": e.card_id, "count": e.count, "section": e.section} for e in entries]
    game = deck.game.code
    pool = _hand_pool(deck)
    keys = builder.opening_hand(
        game, plain, {}, fmt, seed=secrets.randbits(32) if seed is None else seed, pool=pool
    )
    by_id = Card.objects.select_related("game", "card_set").in_bulk(set(keys))
    source = games.deck_spec(game).opening_hand.source[1 if japanese else 0]
    return {
        "deck": deck,
        "cards": [by_id[k] for k in keys if k in by_id],
        "size": builder.hand_size(game, fmt),
        "mulligans": mulligans,
        "can_mulligan": bool(keys) and builder.can_mulligan(fmt, mulligans_taken=mulligans),
        "source": source,
    }
