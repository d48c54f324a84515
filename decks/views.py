"""Deck pages: the list, public deck pages, and the builder (htmx: search, add/remove, live legality panel).

Views load, check ownership, call one service and render; the rules are in ``decks.legality``.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from cards.models import Card

from . import builder, services
from .codec import SECTION_TITLES
from .models import Deck, Format

SEARCH_LIMIT = 30


def _section_title(code: str) -> str:
    """The section's title in the request's language (the English titles are msgids in locale/ja)."""
    return gettext(SECTION_TITLES[code]) if code in SECTION_TITLES else code


def _visible(request, pk: int) -> Deck:
    deck = get_object_or_404(Deck.objects.select_related("game", "format", "owner"), pk=pk)
    if deck.visibility == Deck.PRIVATE and deck.owner_id != request.user.id:
        raise Http404("No such deck.")
    return deck


def _owned(request, pk: int) -> Deck:
    return get_object_or_404(Deck.objects.select_related("game", "format"), pk=pk, owner=request.user)


def _panel_context(deck: Deck) -> dict:
    """Entries by section, the legality report and the statistics of ``deck``."""
    entries = list(deck.entries.select_related("card__game", "card__card_set").order_by("card__name"))
    cards = {e.card_id: services.card_data(e.card) for e in entries}
    plain = [{"card": e.card_id, "count": e.count, "section": e.section} for e in entries]
    sections = []
    for code, rule in deck.format.sections.items():
        rows = [e for e in entries if e.section == code]
        sections.append(
            {
                "code": code,
                "title": _section_title(code),
                "entries": rows,
                "count": sum(e.count for e in rows),
                "size": rule.get("size"),
            }
        )
    return {
        "deck": deck,
        "sections": sections,
        "report": services.deck_report(deck),
        "stats": builder.deck_stats(deck.game.code, plain, cards),
    }


def deck_list(request):
    """Public decks, the signed-in user's decks, and the forms to start or import a deck."""
    public = Deck.objects.filter(visibility=Deck.PUBLIC).select_related("game", "format", "owner")[:50]
    mine = (
        Deck.objects.filter(owner=request.user).select_related("game", "format")
        if request.user.is_authenticated
        else []
    )
    return render(
        request,
        "decks/list.html",
        {"public": public, "mine": mine, "formats": Format.objects.select_related("game")},
    )


@login_required
@require_POST
def deck_new(request):
    """Create an empty deck of a format, or a deck from pasted text; then open the builder."""
    text = request.POST.get("text", "")
    try:
        deck = services.deck_create(
            owner=request.user,
            name=request.POST.get("name", ""),
            text=text,
            format_code=request.POST.get("format") or None,
        )
    except services.DeckTextError as exc:
        return render(
            request,
            "decks/list.html",
            {
                "public": Deck.objects.filter(visibility=Deck.PUBLIC)[:50],
                "mine": Deck.objects.filter(owner=request.user),
                "formats": Format.objects.select_related("game"),
                "import_report": exc.report,
                "import_text": text,
            },
            status=400,
        )
    except services.DeckFieldError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    except Format.DoesNotExist as exc:
        raise Http404("No such format.") from exc
    return redirect("decks:edit", pk=deck.pk)


def deck_detail(request, pk: int):
    """A deck's page: public and unlisted decks for anyone, private ones for their owner."""
    deck = _visible(request, pk)
    return render(request, "decks/detail.html", _panel_context(deck) | {"readonly": True})


@login_required
def deck_edit(request, pk: int):
    deck = _owned(request, pk)
    return render(request, "decks/edit.html", _panel_context(deck) | {"readonly": False})


@login_required
def deck_search(request, pk: int):
    """htmx: catalogue cards of the deck's game matching ``q`` (the search language, else a name filter)."""
    deck = _owned(request, pk)
    query, error = request.GET.get("q", "").strip(), None
    cards = Card.objects.filter(game=deck.game).select_related("card_set")
    if query:
        try:
            from cards.search import QueryError, search

            try:
                cards = search(cards, query, [deck.game.code])
            except QueryError as exc:
                error = str(exc)
                cards = cards.filter(Q(name__icontains=query) | Q(reading__icontains=query))
        except ImportError:  # the catalogue search is not installed: a plain name filter
            cards = cards.filter(Q(name__icontains=query) | Q(reading__icontains=query))
    results = []
    for card in cards.order_by("name")[:SEARCH_LIMIT]:
        sections = [
            (code, _section_title(code))
            for code, rule in deck.format.sections.items()
            if not rule.get("types") or card.card_type in rule["types"]
        ]
        results.append({"card": card, "sections": sections})
    return render(
        request, "decks/_results.html", {"deck": deck, "results": results, "error": error, "query": query}
    )


@login_required
@require_POST
def deck_card(request, pk: int):
    """Add or remove one copy (``delta`` = 1 or -1) of ``card`` in ``section``; answers the refreshed
    panel."""
    deck = _owned(request, pk)
    card_id = request.POST.get("card", "")
    if not card_id.isdigit():
        return HttpResponse(f"card must be a card id, not {card_id!r}", status=400)
    card = get_object_or_404(Card, pk=int(card_id), game=deck.game)
    delta = 1 if request.POST.get("delta", "1") == "1" else -1
    try:
        services.deck_set_count(deck=deck, card=card, section=request.POST.get("section", ""), delta=delta)
    except ValueError as exc:
        return HttpResponse(str(exc), status=400)
    if request.htmx:
        return render(request, "decks/_panel.html", _panel_context(deck) | {"readonly": False})
    return redirect("decks:edit", pk=deck.pk)


@login_required
@require_POST
def deck_settings(request, pk: int):
    """Name, visibility and side; or, with ``text``, replace the cards from a decklist."""
    deck = _owned(request, pk)
    fields = {k: request.POST[k] for k in ("name", "visibility", "side", "description") if k in request.POST}
    text = request.POST.get("text")
    try:
        services.deck_update(deck=deck, text=text if text and text.strip() else None, **fields)
    except services.DeckTextError as exc:
        return render(
            request,
            "decks/edit.html",
            _panel_context(deck) | {"readonly": False, "import_report": exc.report, "import_text": text},
            status=400,
        )
    except services.DeckFieldError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    return redirect("decks:edit", pk=deck.pk)


def deck_export(request, pk: int):
    deck = _visible(request, pk)
    response = HttpResponse(services.deck_to_text(deck), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.txt"'
    return response


@login_required
@require_POST
def deck_copy(request, pk: int):
    copy = services.deck_copy(deck=_visible(request, pk), owner=request.user)
    return redirect("decks:edit", pk=copy.pk)


@login_required
@require_POST
def deck_delete(request, pk: int):
    services.deck_delete(deck=_owned(request, pk))
    return redirect("decks:list")


def deck_hand(request, pk: int):
    """htmx: a sample opening hand; ``mulligan=1`` redraws once where the format allows a mulligan."""
    deck = _visible(request, pk)
    fmt = deck.format.as_data()
    entries = list(deck.entries.select_related("card__game", "card__card_set"))
    cards = {e.card_id: services.card_data(e.card) for e in entries}
    plain = [{"card": e.card_id, "count": e.count, "section": e.section} for e in entries]
    mulligan = request.GET.get("mulligan") == "1"
    hand = builder.opening_hand(deck.game.code, plain, cards, fmt, seed=secrets.randbits(32))
    can_mulligan = not mulligan and int(fmt["rules"].get("mulligans", 0)) > 0
    return render(
        request,
        "decks/_hand.html",
        {"deck": deck, "hand": hand, "mulligan": mulligan, "can_mulligan": can_mulligan},
    )
