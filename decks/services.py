"""Deck use cases: load the seed formats, judge a decklist, and create, change, copy and delete decks.

Writes run inside ``transaction.atomic``; views, the API and the CLI only translate to and from
these functions. The rules themselves live in ``decks.legality`` (pure) and the text format in
``decks.codec`` (pure).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from django.db import transaction

from cards.models import Card, Game
from referee import registry

from . import codec
from .games import all_sides
from .legality import Problem, Report, check
from .models import Deck, DeckEntry, Format, FormatCardLimit, side_choices
from .textcheck import TextResult, Unreadable, check_text


class DeckTextError(ValueError):
    """A decklist that cannot be saved: ``report`` says why, line by line."""

    def __init__(self, report: Report):
        super().__init__("; ".join(p.message_en for p in report.errors[:5]))
        self.report = report


class DeckFieldError(ValueError):
    """A deck field with a value that cannot be saved: ``field`` names it (name, visibility, side), ``code`` the
    rule (``FIELD_ERRORS``); ``str(exc)`` is the English sentence, ``message_ja`` the Japanese one."""

    def __init__(self, field: str, code: str, message: str, message_ja: str):
        super().__init__(message)
        self.field, self.code, self.message_ja = field, code, message_ja


FIELD_ERRORS = ("deck.name_empty", "deck.name_too_long", "deck.bad_visibility", "deck.bad_side")


def _check_fields(fields: dict) -> None:
    """Raise ``DeckFieldError`` for an empty or over-long name, an unknown visibility or side."""
    if "name" in fields and not str(fields["name"]).strip():
        raise DeckFieldError("name", "deck.name_empty", "Give the deck a name.", "デッキ名を入力してください。")
    if "name" in fields and len(fields["name"]) > codec.MAX_NAME:
        length = len(fields["name"])
        raise DeckFieldError(
            "name",
            "deck.name_too_long",
            f"The deck name has {length} characters; at most {codec.MAX_NAME} are allowed.",
            f"デッキ名が{length}文字あります（{codec.MAX_NAME}文字まで）。",
        )
    if "visibility" in fields and fields["visibility"] not in dict(Deck.VISIBILITY):
        raise DeckFieldError(
            "visibility",
            "deck.bad_visibility",
            f"“{fields['visibility']}” is not a visibility: choose public, unlisted or private.",
            f"「{fields['visibility']}」は公開設定にありません。公開・限定公開・非公開から選んでください。",
        )
    if "side" in fields and fields["side"] not in dict(side_choices()):
        sides = all_sides().values()
        raise DeckFieldError(
            "side",
            "deck.bad_side",
            f"“{fields['side']}” is not a side: choose {', '.join(s.name[0] for s in sides)} or none.",
            f"「{fields['side']}」は陣営にありません。{'・'.join(s.name[1] for s in sides)}・なしから選んでください。",
        )


@transaction.atomic
def seed_format_files() -> list[Path]:
    """Every registered game's seed format files (its spec's ``seeds.formats``: ``seeds/formats/*.json``)."""
    return [path for spec in registry.specs() for path in spec.seeds.paths("formats")]


def formats_load_seed(*, folder: Path | None = None, reset: bool = False) -> list[Format]:
    """Create every seed format (``seed_format_files``, or the ``*.json`` of ``folder``) that does not exist yet;
    returns the formats created.

    Formats are edited in the admin (rules, banned and restricted cards), and ``loadseeds`` runs on every
    ``make run``: an existing format is therefore left as it is, admin edits included. With ``reset`` the
    seed overwrites existing formats too (fields and card limits replaced) and those are returned as well.
    A format whose game is not loaded yet is skipped."""
    written = []
    for path in sorted(folder.glob("*.json")) if folder else seed_format_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        game = Game.objects.filter(code=data["game"]).first()
        if game is None or (not reset and Format.objects.filter(code=data["code"]).exists()):
            continue
        fmt, _ = Format.objects.update_or_create(
            code=data["code"],
            defaults={
                "game": game,
                "name": data["name"],
                "name_ja": data.get("name_ja", ""),
                "description": data.get("description", ""),
                "sections": data["sections"],
                "copy_limit": data.get("copy_limit"),
                "copy_sections": data.get("copy_sections"),
                "rules": data.get("rules", {}),
            },
        )
        fmt.limits.all().delete()
        FormatCardLimit.objects.bulk_create(
            FormatCardLimit(
                format=fmt,
                card_name=limit["card"],
                limit=limit.get("limit", 0),
                effective_from=limit.get("from"),
                effective_until=limit.get("until"),
                note=limit.get("note", ""),
            )
            for limit in data.get("limits", ())
        )
        written.append(fmt)
    return written


def card_data(card: Card) -> dict:
    """A card as the plain data ``decks.legality`` and ``decks.codec`` read (key: the card's id)."""
    return {
        "key": card.id,
        "name": card.name,
        "reading": card.reading,
        "card_type": card.card_type,
        "attributes": card.attributes,
        "game": card.game.code,
        "set": card.card_set.code,
        "number": card.collector_number,
    }


_INDEXES: dict[str, tuple[str, codec.CardIndex]] = {}  # game code -> (catalogue version key, index)
_FORMATS: list[tuple[dict[str, str], dict[str, dict]]] = []  # [(every game's version key, formats_data())]


def catalogue_index(game_code: str, version: str | None = None) -> codec.CardIndex:
    """Every card of a game, oldest printing first (so a shared name resolves to its first printing).

    Kept in this process per game and rebuilt when the game's ``decks.catalogue`` version changes (``version``,
    read now when not given): one query by key, whatever the catalogue's size (issue 14.3)."""
    from .catalogue import catalogue_key

    version = catalogue_key(game_code) if version is None else version
    cached = _INDEXES.get(game_code)
    if cached is not None and cached[0] == version:
        return cached[1]
    index = _load_index(game_code)
    _INDEXES[game_code] = (version, index)
    return index


def _load_index(game_code: str) -> codec.CardIndex:
    cards = (
        Card.objects.filter(game__code=game_code)
        .select_related("game", "card_set")
        .order_by("card_set__release_date", "card_set__code", "collector_number")
    )
    return codec.CardIndex(game_code, (card_data(c) for c in cards))


def formats_data(versions: dict[str, str] | None = None) -> dict[str, dict]:
    """``{code: format as data}`` of every format; kept in this process while ``versions`` (every game's
    ``decks.catalogue`` version, which a format's edit changes) stays the same. Read-only: shared by callers."""
    if versions is not None and _FORMATS and _FORMATS[0][0] == versions:
        return _FORMATS[0][1]
    data = {f.code: f.as_data() for f in Format.objects.select_related("game").prefetch_related("limits")}
    if versions is not None:
        _FORMATS[:] = [(versions, data)]
    return data


def deck_check_text(*, text: str, format_code: str | None = None, as_of: date | None = None,
                    game_hint: str | None = None) -> TextResult:
    """Judge a decklist text against the catalogue. Raises ``Unreadable`` (no game, unknown format).
    ``game_hint``: the game to assume when the text and its cards name none (``textcheck.check_text``).

    One query when nothing changed since the last check (every game's catalogue version); the formats and the
    catalogue index are read again only after a change."""
    from .catalogue import catalogue_keys

    versions = catalogue_keys()
    return check_text(
        text,
        formats=formats_data(versions),
        index_for=lambda game: catalogue_index(game, versions.get(game, "none")),
        format_code=format_code,
        as_of=as_of,
        game_hint=game_hint,
    )


def deck_report(deck: Deck, *, as_of: date | None = None) -> Report:
    """The legality report of a saved deck (the same check as for text; no line numbers)."""
    entries = list(deck.entries.select_related("card__game", "card__card_set"))
    cards = {e.card_id: card_data(e.card) for e in entries}
    plain = {
        "game": deck.game.code,
        "side": deck.side or None,
        "entries": [
            {"card": e.card_id, "count": e.count, "section": e.section, "line": None} for e in entries
        ],
    }
    return check(plain, cards, deck.format.as_data(), as_of=as_of)


def deck_to_text(deck: Deck) -> str:
    """The canonical decklist text of a deck (``decks.codec.write``)."""
    entries = [{"card": e.card_id, "count": e.count, "section": e.section} for e in deck.entries.all()]
    meta = {
        "game": deck.game.code,
        "format": deck.format.code,
        "name": deck.name,
        "side": deck.side,
        "description": deck.description,
    }
    return codec.write(meta, entries, catalogue_index(deck.game.code))


def _replace_entries(deck: Deck, entries: list[dict]) -> None:
    merged: dict[tuple[str, int], int] = {}
    for entry in entries:
        key = (entry["section"], entry["card"])
        merged[key] = merged.get(key, 0) + int(entry["count"])
    deck.entries.all().delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, section=s, card_id=c, count=n) for (s, c), n in merged.items()
    )


def _read_for_saving(text: str, format_code: str | None) -> TextResult:
    try:
        result = deck_check_text(text=text, format_code=format_code)
    except Unreadable as exc:
        raise DeckTextError(
            Report(errors=[Problem("codec.unreadable", str(exc), exc.message_ja)])
        ) from exc
    if not result.readable or "deck.unknown_section" in result.report.codes:
        raise DeckTextError(result.report)  # a card in a section the format lacks could not be shown or removed
    return result


@transaction.atomic
def deck_create(
    *,
    owner,
    name: str = "",
    text: str = "",
    format_code: str | None = None,
    description: str = "",
    visibility: str = Deck.PRIVATE,
    side: str = "",
) -> Deck:
    """Create a deck, from decklist text when given (an empty deck of ``format_code`` otherwise).

    Raises ``DeckTextError`` when a line cannot be read or a card is not found: nothing is saved then;
    ``DeckFieldError`` for a bad name, visibility or side. An illegal but readable deck is saved (a deck
    under construction); its report says what is missing."""
    _check_fields({"visibility": visibility, "side": side} | ({"name": name} if name else {}))
    if text.strip():
        result = _read_for_saving(text, format_code)
        fmt = Format.objects.get(code=result.format["code"])
        name = name or result.meta.get("name") or "Untitled deck"
        side = side or result.meta.get("side") or ""
        description = description or result.meta.get("description") or ""
    else:
        fmt = Format.objects.select_related("game").get(code=format_code)
    deck = Deck.objects.create(
        owner=owner,
        game=fmt.game,
        format=fmt,
        name=name or "Untitled deck",
        description=codec.clean_description(description),  # as its decklist text keeps it
        visibility=visibility,
        side=side,
    )
    if text.strip():
        _replace_entries(deck, result.entries)
    return deck


@transaction.atomic
def deck_update(*, deck: Deck, text: str | None = None, **fields) -> Deck:
    """Change a deck's fields (name, description, visibility, side) and, with ``text``, replace its cards.

    The text must be of the deck's format (its ``Format:`` line is overridden). Raises ``DeckTextError``,
    or ``DeckFieldError`` for an empty or over-long name, an unknown visibility or side."""
    _check_fields({k: v for k, v in fields.items() if v is not None})
    for name, value in fields.items():
        if name in ("name", "description", "visibility", "side") and value is not None:
            setattr(deck, name, codec.clean_description(value) if name == "description" else value)
    if text is not None:
        result = _read_for_saving(text, deck.format.code)
        if "side" not in fields and result.meta.get("side"):
            deck.side = result.meta["side"]
        if "description" not in fields and result.meta.get("description"):
            deck.description = codec.clean_description(result.meta["description"])
        _replace_entries(deck, result.entries)
    deck.save()
    return deck


@transaction.atomic
def deck_set_count(*, deck: Deck, card: Card, section: str, delta: int) -> None:
    """Add (``delta`` > 0) or remove copies of ``card`` in ``section``; the row goes at zero.

    Raises ValueError for a card of another game or a section the format does not have.
    Concurrent calls on one deck are serialised by a lock on the deck row (taken first, so two "Add" clicks
    of a new card cannot both insert it, and no increment is lost)."""
    if card.game_id != deck.game_id or section not in deck.format.sections:
        raise ValueError(f"{card.name} cannot go in the {section} section of this deck")
    Deck.objects.select_for_update().filter(pk=deck.pk).values_list("pk", flat=True).first()
    entry = DeckEntry.objects.select_for_update().filter(deck=deck, card=card, section=section).first()
    count = min(max((entry.count if entry else 0) + delta, 0), codec.MAX_COUNT)
    if entry is None and count:
        DeckEntry.objects.create(deck=deck, card=card, section=section, count=count)
    elif entry is not None and count == 0:
        entry.delete()
    elif entry is not None:
        entry.count = count
        entry.save(update_fields=["count"])
    deck.save(update_fields=["updated_at"])


class CardChoiceError(ValueError):
    """The builder cannot add what was typed: ``code`` (``CARD_CHOICE_ERRORS``), the English sentence as
    ``str(exc)``, ``message_ja``, and ``suggestions`` (card names to offer instead)."""

    def __init__(self, code: str, message: str, message_ja: str, suggestions: tuple[str, ...] = ()):
        super().__init__(message)
        self.code, self.message_ja, self.suggestions = code, message_ja, suggestions


CARD_CHOICE_ERRORS = (
    "builder.empty_name", "builder.unknown_card", "builder.ambiguous_card", "builder.no_section",
)


def card_by_name(*, game_code: str, name: str) -> Card:
    """The catalogue card a typed name means: the exact name, else the one card whose folded name or reading
    matches (``codec.fold``: width, kana and punctuation ignored). A name several printings share is its first
    printing. Raises ``CardChoiceError`` (empty, unknown with suggestions, or ambiguous)."""
    name = " ".join(name.split())
    if not name:
        raise CardChoiceError("builder.empty_name", "Type a card name.", "カード名を入力してください。")
    index = catalogue_index(game_code)
    if name in index.by_name:
        return Card.objects.select_related("game", "card_set").get(pk=index.default_key(name))
    names = sorted(index.by_fold.get(codec.fold(name), ()))
    if len(names) == 1:
        return Card.objects.select_related("game", "card_set").get(pk=index.default_key(names[0]))
    if names:
        raise _ambiguous(name, names)
    close = tuple(index.suggestions(name, n=codec.MAX_CANDIDATES))
    hint = " Did you mean one of these?" if close else ""  # the page offers each as a button: named once
    hint_ja = "候補から選べます。" if close else ""
    raise CardChoiceError(
        "builder.unknown_card",
        f"There is no card named “{name}”.{hint}",
        f"「{name}」というカードはありません。{hint_ja}",
        close,
    )


def _ambiguous(name: str, names: list[str]) -> CardChoiceError:
    """The first ``codec.MAX_CANDIDATES`` names as suggestions (the page's buttons name them), the others
    counted in the sentence."""
    shown, more = names[: codec.MAX_CANDIDATES], len(names) - codec.MAX_CANDIDATES
    rest = f" (…and {more} more: type more of the name)" if more > 0 else ""
    rest_ja = f"（ほか{more}枚：名前をもっと入力してください）" if more > 0 else ""
    return CardChoiceError(
        "builder.ambiguous_card",
        f"“{name}” could be any of {len(names)} cards: pick one{rest}.",
        f"「{name}」に当てはまるカードが{len(names)}枚あります。どれか選んでください{rest_ja}。",
        tuple(shown),
    )


def sections_for(deck: Deck, card: Card) -> list[str]:
    """The deck's sections that take ``card``'s type, in the format's order."""
    return [
        code
        for code, rule in deck.format.sections.items()
        if not rule.get("types") or card.card_type in rule["types"]
    ]


def _section_with_room(deck: Deck, sections: list[str]) -> str:
    """The first of ``sections`` not yet full (Riders' Legend: the first half until it holds 30), else the
    first."""
    for code in sections:
        size = deck.format.sections[code].get("size", deck.format.sections[code].get("max"))
        held = sum(e.count for e in deck.entries.filter(section=code))
        if size is None or held < size:
            return code
    return sections[0]


def deck_add_card(*, deck: Deck, card: Card, section: str = "", count: int = 1) -> str:
    """Add ``count`` copies of ``card`` to ``section``, or with no section to the first section that takes its
    type and has room. Returns the section used. Raises ``CardChoiceError`` (``builder.no_section``) when no
    section of the deck takes the card."""
    allowed = sections_for(deck, card)
    if card.game_id != deck.game_id or not allowed or (section and section not in allowed):
        from .legality import labels

        where_en = labels.section_phrase(section) if section else "this deck"
        where_ja = labels.section_ja(section) if section else "このデッキ"
        raise CardChoiceError(
            "builder.no_section",
            f"{card.name} is {labels.a_type(card.card_type)} card; {where_en} cannot take it.",
            f"{card.name}は{labels.type_ja(card.card_type)}カードなので{where_ja}には入れられません。",
        )
    section = section or _section_with_room(deck, allowed)
    deck_set_count(deck=deck, card=card, section=section, delta=max(1, min(count, codec.MAX_COUNT)))
    return section


@transaction.atomic
def deck_copy(*, deck: Deck, owner) -> Deck:
    """A private copy of ``deck`` owned by ``owner``, named "… (copy)"."""
    copy = Deck.objects.create(
        owner=owner,
        game=deck.game,
        format=deck.format,
        name=f"{deck.name} (copy)",
        description=deck.description,
        side=deck.side,
        copied_from=deck,
    )
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=copy, card_id=e.card_id, section=e.section, count=e.count) for e in deck.entries.all()
    )
    return copy


@transaction.atomic
def deck_delete(*, deck: Deck) -> None:
    deck.delete()
