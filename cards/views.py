"""Catalogue pages: the games, a game's sets and card search (grid or table, sorted), a set, a card, and the
search help.

Search errors are shown on the page, naming the bad part and its position; a full page answers 400, an htmx
partial 200 (htmx does not swap 4xx answers) with the same message.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count
from django.db.models.fields.json import KT
from django.db.models.lookups import IsNull
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext

from config.input_layer import checks_own_input
from referee import registry

from .abilities import card_page_abilities
from .api.card_search import CardCount, card_search, catalogue_version
from .coverage import coverage_text, invented_text, percent
from .games import SCHEMAS
from .models import MISSING, Card, CardSet, Game, path_value
from .search import QueryError, all_keys, sorted_search
from .search.abilities import keyword_names
from .search.compiler import MAX_NUMBER
from .search.keys import key_table
from .search.labels import attribute_summary, card_type_label, choice_list, value_text
from .search.lexer import MAX_LENGTH, MAX_TERMS
from .search.order import NAME, TYPE, order_names
from .search.parser import MAX_DEPTH

PAGE_SIZE = 60
VIEWS = ("grid", "table")
CHAIN_LIMIT = 50


def home(request):
    """The home page: each game with its card count, a search box and an example search."""
    games = list(Game.objects.annotate(card_count=Count("cards")))
    for game in games:
        game.examples = examples(game.code)
        game.showcase = showcase(game)
    return render(request, "cards/home.html", {"games": games})


SHOWCASE_SIZE = 3


def showcase(game: Game) -> list[Card]:
    """Up to three real cards of ``game`` (not invented for play), of different card types first, in set order: the
    faces shown on the home page."""
    candidates = [card for card in Card.objects.filter(game=game).select_related("card_set", "game")
                  .order_by("card_set__release_date", "card_set__code", "collector_number")[:60]
                  if "name" not in (card.sample_fields or [])]
    picked: list[Card] = []
    for card in candidates:  # one of each card type first …
        if card.card_type not in {p.card_type for p in picked}:
            picked.append(card)
    picked += [card for card in candidates if card not in picked]  # … then the next cards
    return picked[:SHOWCASE_SIZE]


class CountedPaginator(Paginator):
    """A ``Paginator`` told its count (``CardCount``: the search's, exact up to a bound, else an estimate), so a
    page of a large catalogue never counts every card; ``exact`` says which."""

    def __init__(self, object_list, per_page: int, counted: CardCount):
        super().__init__(object_list, per_page)
        self.counted = counted

    @property
    def count(self) -> int:  # type: ignore[override]
        return self.counted.value

    @property
    def exact(self) -> bool:
        return self.counted.exact

    @property
    def shown_count(self) -> str:
        """``count`` as the reader's locale writes a number (54,000)."""
        return number_format(self.counted.value, force_grouping=True)

    @property
    def at_least(self) -> bool:
        """More cards match than ``count`` ("more than 10,000")."""
        return self.counted.at_least


@checks_own_input  # the search's message gives a refused character's position (config.input_layer)
def game_detail(request, code: str):
    """A game's sets and its card search. GET ``q`` (search language), ``order`` (a sort key, ``-`` for
    descending), ``view`` (grid|table), ``page``. Without an order, cards come in set order."""
    game = get_object_or_404(Game, code=code)
    query = request.GET.get("q", "").strip()
    order = request.GET.get("order", "").strip()
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "grid"
    error = None
    cards = (
        Card.objects.filter(game=game)
        .select_related("card_set", "game")  # each card's face reads its game's code: no query a card
        .order_by("card_set__release_date", "card_set__code", "collector_number", "id")
    )
    try:
        cards, _keys = sorted_search(cards, query, [game.code], order=order)
        # the search's count (issue 31, point 3): exact up to a bound, else an estimate; shared by the processes
        search = card_search(game.code, query, order, using=cards.db)
        counted = search.count_at(catalogue_version(game.code, search.using))
        page = CountedPaginator(cards, PAGE_SIZE, counted).get_page(request.GET.get("page"))
    except QueryError as exc:
        error, page = exc, None
    else:
        label_results(page, SCHEMAS[game.code], get_language() == "ja")
    context = {
        "game": game,
        "sets": set_rows(game),
        "query": query,
        "order": order,
        "orders": sort_options(game.code, get_language() == "ja"),
        "view": view,
        "page": page,
        "error": error,
        "keys": key_labels(game.code, get_language() == "ja"),
        "examples": examples(game.code),
    }
    partial = getattr(request, "htmx", False)
    template = "cards/_results.html" if partial else "cards/game.html"
    return render(request, template, context, status=400 if error and not partial else 200)


def set_rows(game: Game) -> list[CardSet]:
    """``game``'s sets in release order, each with its coverage (``coverage_text``, ``invented_text``,
    ``percent``) for the game and set pages."""
    rows = list(game.sets.with_coverage())
    for card_set in rows:
        card_set.coverage_line = coverage_text(card_set)
        card_set.invented_line = invented_text(card_set)
        card_set.percent = percent(card_set)
    return rows


def set_detail(request, code: str, set_code: str):
    """One set: the product (release, how it was sold, its kinds), how much of it the catalogue holds, its
    notes (what is fact and what is sample), and its cards in number order (GET ``page``). 404 for an unknown
    game or set."""
    game = get_object_or_404(Game, code=code)
    card_set = get_object_or_404(CardSet.objects.with_coverage(), game=game, code=set_code)
    card_set.coverage_line = coverage_text(card_set)
    card_set.invented_line = invented_text(card_set)
    card_set.percent = percent(card_set)
    cards = Card.objects.filter(card_set=card_set).select_related("card_set", "game").order_by("collector_number", "id")
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"game": game, "set": card_set, "page": page, "search": f"set:{card_set.code}"}
    return render(request, "cards/set.html", context)


def sort_options(game_code: str, japanese: bool) -> list[tuple[str, str]]:
    """``(value of ?order=, label)`` for the sort control: set order (``""``), name, type, then each numeric
    key of the game low to high and high to low, labelled in the page's language."""
    options = [("", gettext("Set and number")), (NAME, gettext("Name (reading)")), (TYPE, gettext("Card type"))]
    table = key_table((game_code,))
    for key in order_names((game_code,))[3:]:
        label = _short_label(table[key][0].attr, japanese)
        options.append((key, gettext("%(label)s: low to high") % {"label": label}))
        options.append((f"-{key}", gettext("%(label)s: high to low") % {"label": label}))
    return options


def _short_label(attr, japanese: bool) -> str:
    """An attribute's label without the schema's reminder in brackets ("Growth value (− for none)")."""
    label = attr.label_ja if japanese else attr.label
    return label.split(" (−")[0]


def key_labels(game_code: str, japanese: bool) -> list[tuple[str, str]]:
    """``(key, what it searches)`` for the keys of ``game_code``, labelled in the page's language."""
    common = {
        "t": gettext("card type"),
        "set": gettext("set code"),
        "r": gettext("rarity"),
        "name": gettext("name or reading"),
    }
    table = key_table((game_code,))
    keys = [
        (key, common[key] if key in common else _short_label(table[key][0].attr, japanese))
        for key in all_keys((game_code,))
    ]
    if keyword_names((game_code,)):
        keys.append(("kw", gettext("keyword (abilities)")))
    return keys


def label_results(page, schema, japanese: bool) -> None:
    """Give each card of ``page`` its ``type_label`` and a readable ``summary`` of its attributes (in place)."""
    page.object_list = list(page.object_list)
    for card in page.object_list:
        card.type_label = card_type_label(card.card_type, japanese)
        card.summary = attribute_summary(schema.attrs, card.attributes, japanese)


def card_detail(request, pk: int):
    """One card: every attribute, the image, its set and number, other printings and its transform chain."""
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), pk=pk)
    schema = SCHEMAS[card.game.code]
    japanese = get_language() == "ja"
    attributes = attribute_rows(schema.attrs, card.attributes, japanese)
    printings = (Card.objects.filter(game=card.game, name=card.name).exclude(pk=card.pk)
                 .select_related("card_set", "game"))
    context = {
        "card": card,
        "type_label": card_type_label(card.card_type, japanese),
        "attributes": attributes,
        "printings": printings,
        "chain": transform_chain(card),
        "sample_labels": sample_labels(schema, card.sample_fields or [], japanese),
        "sources": source_rows(card, schema, japanese),
        "abilities": card_page_abilities(card.game.code, card.abilities),
        "japanese": japanese,
    }
    return render(request, "cards/card.html", context)


def source_rows(card: Card, schema, japanese: bool) -> list[dict]:
    """Each value of ``card`` that came from an accepted proposal (``Card.sources``, issue 29.4): its label, the
    value now, the source (page address, photo) and who proposed and accepted it, in the page's field order."""
    sources = card.sources or {}
    if not sources:
        return []
    order = ["name", "reading", "rarity", "rules_text", "flavour_text", *(a.name for a in schema.attrs)]
    rows = []
    for path in sorted(sources, key=lambda p: order.index(p.split(".")[0]) if p.split(".")[0] in order else 99):
        head, _, tail = path.partition(".")
        value = path_value(card, path)
        if path in order[:5]:
            text = value
        else:
            attr = next((a for a in schema.attrs if a.name == head), None)
            if attr is not None and tail:
                attr = next((f for f in attr.fields if f.name == tail), None)
            value = None if value is MISSING else value
            text = value_text(attr, value, japanese) if attr is not None else str(value)
        source = sources[path]
        rows.append({
            "label": sample_labels(schema, [path], japanese)[0] if path not in ("reading", "rarity")
            else (gettext("Reading") if path == "reading" else gettext("Rarity")),
            "value": text,
            "url": source.get("url", ""),
            "image": reverse("community:photo", args=[source["proposal"]]) if source.get("image") else "",
            "proposal": source.get("proposal"), "proposed_by": source.get("proposed_by", ""),
            "accepted_by": source.get("accepted_by", ""), "accepted_at": source.get("accepted_at", ""),
        })
    return rows


def sample_labels(schema, fields: list[str], japanese: bool) -> list[str]:
    """The names of a card's sample fields as the page calls them (``atk`` → ATK, ``rules_text`` → Rules
    text); nested paths (``upper.attack``) by their last part."""
    common = {"rules_text": gettext("Rules text"), "flavour_text": gettext("Flavour text"), "name": gettext("Name"),
              "rarity": gettext("Rarity"), "reading": gettext("Reading"), "card_type": gettext("Type")}
    labels = {attr.name: attr.label_ja if japanese else attr.label for attr in schema.attrs}
    nested = {f.name: f.label_ja if japanese else f.label for attr in schema.attrs for f in attr.fields}
    return [common.get(name) or labels.get(name) or nested.get(name.rsplit(".", 1)[-1], name) for name in fields]


def attribute_rows(attrs, values: dict, japanese: bool) -> list[tuple[str, str, list]]:
    """``(label, text, nested rows)`` for each attribute present in ``values``, labelled in the page's
    language."""
    rows = []
    for attr in attrs:
        value = values.get(attr.name)
        if attr.name not in values or value in ("", []):  # an empty keyword list says nothing to a reader
            continue
        label = attr.label_ja if japanese else attr.label
        if isinstance(value, dict):
            rows.append((label, "", attribute_rows(attr.fields, value, japanese)))
        else:
            rows.append((label, value_text(attr, value, japanese), []))
    return rows


def transform_chain(card: Card) -> list[Card]:
    """The other cards of ``card``'s transform chain (Riders' Legend ``transforms_from``), both directions.

    Returns at most ``CHAIN_LIMIT`` cards, excluding ``card`` and its same-name printings.
    """
    candidates = list(
        Card.objects.filter(game=card.game, card_type="character")
        .filter(IsNull(KT("attributes__transforms_from__0"), False))
        .select_related("card_set", "game")[:5000]
    )
    if not candidates and not card.attributes.get("transforms_from"):
        return []
    names = {card.name, *card.attributes.get("transforms_from", [])}
    size = 0
    while size != len(names):  # grow the connected set of names until nothing new joins it
        size = len(names)
        for other in candidates:
            sources = set(other.attributes.get("transforms_from", []))
            if other.name in names or sources & names:
                names |= sources | {other.name}
    chain = Card.objects.filter(game=card.game, name__in=names - {card.name}).select_related("card_set", "game")
    return list(chain[:CHAIN_LIMIT])


def examples(game_code: str) -> tuple[tuple[str, str], ...]:
    """``(query, description)`` pairs of the game's example searches (``GameSchema.search.examples``: the search
    box's placeholder and the clickable examples under it), each description translated; ``()`` for a game without
    examples. ``tests/cards/test_catalogue_pages.py`` checks every example against the game's keys."""
    schema = SCHEMAS.get(game_code)
    return tuple((query, gettext(text)) for query, text in schema.search.examples) if schema else ()


def search_help(request):
    """The search language, with every key of every game (its values labelled) and each game's examples."""
    japanese = get_language() == "ja"
    games = [(registry.spec(code), help_keys(code, japanese), examples(code)) for code in registry.codes()]
    limits = {"length": MAX_LENGTH, "terms": MAX_TERMS, "depth": MAX_DEPTH, "number": MAX_NUMBER - 1}
    return render(request, "cards/search_help.html", {"games": games, "limits": limits})


def help_keys(game_code: str, japanese: bool) -> list[tuple[str, str, str]]:
    """``(key, label, the values it takes)`` for each game key of ``game_code``, sorted by key."""
    rows = []
    for key, targets in sorted(key_table((game_code,)).items()):
        attr = targets[0].attr
        rows.append((key, _short_label(attr, japanese), choice_list(attr.choices) if attr.choices else ""))
    names = keyword_names((game_code,))
    if names:  # kw: the card's abilities data (cards.search.abilities), in the key order of the rows
        codes = ", ".join(dict.fromkeys(names.values()))
        rows.append(("kw", gettext("keyword of the card's abilities"), codes))
        rows.sort(key=lambda row: row[0])
    return rows
