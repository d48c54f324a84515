"""Deck pages: the list, public deck pages, and the builder (htmx: add by name, +/−, live legality panel).

Views load, check ownership, call one service and render; the rules are in ``decks.legality`` and what a page
shows, in the reader's language, in ``decks.pages``. Every form works without JavaScript: htmx requests get a
fragment, plain posts a redirect or the page again with the error and what was typed.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Q, Sum
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from cards.models import Card

from . import image, pages, services
from .decoding import UndecodableText, decode
from .legality import Problem, Report, labels
from .models import Deck, Format
from .textcheck import MAX_BYTES

SEARCH_LIMIT = 30
DELTAS = {"1": 1, "+1": 1, "-1": -1, "−1": -1}  # the + and − buttons send 1 and -1
SUGGEST_LIMIT = 10
PUBLIC_LIMIT = 30


def _capital(text: str) -> str:
    """"minion" -> "Minion", "IL" stays "IL" (str.capitalize would make it "Il")."""
    return text[:1].upper() + text[1:]


def _japanese() -> bool:
    return (get_language() or "").startswith("ja")


class _BadFile(ValueError):
    """An uploaded decklist file that is too large or not text; ``report`` says so as a legality report."""

    def __init__(self, message: str, message_ja: str):
        super().__init__(message)
        self.report = Report(errors=[Problem("codec.unreadable", message, message_ja)])


def _posted_text(request) -> str:
    """The decklist of a form: the pasted ``text``, else the uploaded ``file`` read with ``decoding.decode``
    (UTF-8, UTF-16 or Shift_JIS). Raises ``_BadFile`` for a file over ``MAX_BYTES`` or not text."""
    text, upload = request.POST.get("text", ""), request.FILES.get("file")
    if text.strip() or upload is None:
        return text
    if upload.size > MAX_BYTES:
        raise _BadFile(
            f"The file has {upload.size} bytes; at most {MAX_BYTES} are read.",
            f"ファイルが{upload.size}バイトあります（読めるのは{MAX_BYTES}バイトまで）。",
        )
    try:
        return decode(upload.read())
    except UndecodableText as exc:
        raise _BadFile(str(exc), exc.message_ja) from exc


def _visible(request, pk: int) -> Deck:
    deck = get_object_or_404(Deck.objects.select_related("game", "format", "owner"), pk=pk)
    if deck.visibility == Deck.PRIVATE and deck.owner_id != request.user.id:
        raise Http404("No such deck.")
    return deck


def _owned(request, pk: int) -> Deck:
    return get_object_or_404(Deck.objects.select_related("game", "format", "owner"), pk=pk, owner=request.user)


def _with_counts(decks):
    return decks.select_related("game", "format", "owner").annotate(cards=Sum("entries__count"))


def _list_context(request, **extra) -> dict:
    japanese = _japanese()
    public_decks = Deck.objects.filter(visibility=Deck.PUBLIC).order_by("-updated_at", "-id")  # as /api/decks/public/
    public = pages.deck_rows(_with_counts(public_decks)[:PUBLIC_LIMIT], japanese)
    mine = []
    if request.user.is_authenticated:
        mine = pages.deck_rows(_with_counts(Deck.objects.filter(owner=request.user)), japanese)
    formats = [
        {"code": f.code, "label": pages.format_label(f, japanese)} for f in Format.objects.select_related("game")
    ]
    return {"public": public, "mine": mine, "formats": formats} | extra


def deck_list(request):
    """The signed-in user's decks, recent public decks, and the forms to start or import a deck."""
    return render(request, "decks/list.html", _list_context(request))


@login_required
@require_POST
def deck_new(request):
    """Create an empty deck of a format, or a deck from pasted text or an uploaded file; then open the
    builder."""
    try:
        text = _posted_text(request)
    except _BadFile as exc:
        context = _list_context(request, import_report=pages.problems(exc.report, _japanese()))
        return render(request, "decks/list.html", context, status=400)
    try:
        deck = services.deck_create(
            owner=request.user,
            name=request.POST.get("name", ""),
            text=text,
            format_code=request.POST.get("format") or None,
        )
    except services.DeckTextError as exc:
        report = pages.problems(exc.report, _japanese())
        context = _list_context(request, import_report=report, import_text=text)
        return render(request, "decks/list.html", context, status=400)
    except services.DeckFieldError as exc:
        context = _list_context(request, new_error=exc.message_ja if _japanese() else str(exc), import_text=text)
        return render(request, "decks/list.html", context, status=400)
    except Format.DoesNotExist as exc:
        raise Http404("No such format.") from exc
    return redirect("decks:edit", pk=deck.pk)


def deck_detail(request, pk: int):
    """A deck's page: public and unlisted decks for anyone (signed out too), private ones for their owner."""
    deck = _visible(request, pk)
    context = pages.panel(deck, _japanese()) | {"readonly": True}
    context["hand"] = pages.hand(deck, mulligans=0, japanese=_japanese())
    context["share_url"] = request.build_absolute_uri(reverse("decks:detail", args=[deck.pk]))
    return render(request, "decks/detail.html", context)


def _edit(request, deck: Deck, status: int = 200, **extra):
    context = pages.panel(deck, _japanese()) | {"readonly": False} | extra
    context["hand"] = pages.hand(deck, mulligans=0, japanese=_japanese())
    return render(request, "decks/edit.html", context, status=status)


@login_required
def deck_edit(request, pk: int):
    return _edit(request, _owned(request, pk))


@login_required
def deck_search(request, pk: int):
    """htmx: catalogue cards of the deck's game matching ``q`` (the search language, else a name filter)."""
    deck = _owned(request, pk)
    japanese = _japanese()
    query, error = request.GET.get("q", "").strip(), None
    cards = Card.objects.filter(game=deck.game).select_related("card_set", "game")
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
    for card in cards.order_by("name")[:SEARCH_LIMIT] if query else []:
        sections = [
            (code, labels.section_ja(code) if japanese else labels.section_en(code))
            for code in services.sections_for(deck, card)
        ]
        type_label = labels.type_ja(card.card_type) if japanese else _capital(labels.type_en(card.card_type))
        results.append({"card": card, "sections": sections, "type_label": type_label})
    found = {"results": results, "error": error, "query": query}
    if not request.htmx:
        return _edit(request, deck, **found)
    return render(request, "decks/_results.html", {"deck": deck} | found)


@login_required
def deck_suggest(request, pk: int):
    """JSON for the add-a-card combobox (``static/shinpan/js/combobox.js``): ``{"results": [{"id", "name",
    "detail", "type", "sections"}]}``, one per name, the deck game's cards whose name or reading contains ``q``
    (names starting with it first); ``detail`` is the reading and the type in the reader's language."""
    deck = _owned(request, pk)
    japanese = _japanese()
    query = " ".join(request.GET.get("q", "").split())
    items = []
    if query:
        from cards.search.compiler import kana_variants

        found = Q()
        for variant in kana_variants(query):  # hiragana finds katakana names and readings, and back
            found |= Q(name__icontains=variant) | Q(reading__icontains=variant)
        cards = Card.objects.filter(game=deck.game).filter(found).order_by("name", "id")
        seen: set[str] = set()
        for card in sorted(cards[: SUGGEST_LIMIT * 4], key=lambda c: (not c.name.startswith(query), c.name)):
            if card.name in seen:
                continue  # reprints share a name: one suggestion
            seen.add(card.name)
            type_label = labels.type_ja(card.card_type) if japanese else _capital(labels.type_en(card.card_type))
            sections = services.sections_for(deck, card)
            why = "" if sections else _not_in_deck(deck, japanese)
            items.append(
                {
                    "id": card.pk,
                    "name": card.name,
                    "detail": " · ".join(x for x in (card.reading, type_label, why) if x and x != card.name),
                    "type": card.card_type,
                    "sections": sections,
                    "why": why,
                }
            )
            if len(items) == SUGGEST_LIMIT:
                break
    return JsonResponse({"results": items})


def _not_in_deck(deck: Deck, japanese: bool) -> str:
    """Why a suggested card cannot be added: the card types the deck's format takes (an Iron Leaguer roster takes
    Iron Leaguers only; the technique cards are the shared technique decks)."""
    types = sorted({t for rule in deck.format.sections.values() for t in rule.get("types") or ()})
    if japanese:
        return f"このデッキには入れられません（{'・'.join(labels.type_ja(t) for t in types)}のみ）"
    return f"cannot be added: this deck takes {', '.join(labels.type_plural_en(t) for t in types)} only"


def _feedback(request, deck: Deck, *, ok: str = "", error: str = "", suggestions=(), status: int = 200, **keep):
    """htmx: the refreshed panel plus the add form's message (out of band); without htmx: the builder again with
    the message (and, on an error, what was typed) or a redirect."""
    feedback = {"ok": ok, "error": error, "suggestions": list(suggestions)}
    if request.htmx and error:  # the panel stays as it is: only the message under the box changes
        response = render(request, "decks/_feedback.html", {"feedback": feedback})
        response["HX-Retarget"], response["HX-Reswap"] = "#add-feedback", "outerHTML"
        return response
    if request.htmx:
        context = pages.panel(deck, _japanese()) | {"readonly": False, "feedback": feedback} | keep
        return render(request, "decks/_added.html", context)
    if error:
        return _edit(request, deck, status=status, feedback=feedback, **keep)
    return redirect(reverse("decks:edit", args=[deck.pk]) + "#add-card")


@login_required
@require_POST
def deck_add(request, pk: int):
    """Add a card by its typed name (or ``card`` id from the combobox) to ``section`` (empty: the first section
    that takes it and has room). A name that is unknown or ambiguous is answered with suggestions and the text
    kept in the box."""
    deck = _owned(request, pk)
    japanese = _japanese()
    name, card_id = request.POST.get("pick") or request.POST.get("name", ""), request.POST.get("card", "")
    section = request.POST.get("section", "")
    keep = {"typed_name": name, "typed_section": section}
    try:
        if card_id.isdigit():
            card = Card.objects.select_related("game").filter(pk=int(card_id), game=deck.game).first()
            if card is None or card.name != " ".join(name.split()):  # the box was edited after the choice
                card = services.card_by_name(game_code=deck.game.code, name=name)
        else:
            card = services.card_by_name(game_code=deck.game.code, name=name)
        used = services.deck_add_card(deck=deck, card=card, section=section)
    except services.CardChoiceError as exc:
        message = exc.message_ja if japanese else str(exc)
        return _feedback(request, deck, error=message, suggestions=exc.suggestions, status=400, **keep)
    if japanese:
        ok = f"{card.name}を{labels.section_ja(used)}に1枚加えました。"
    else:
        ok = f"Added 1 {card.name} to {labels.section_phrase(used)}."
    return _feedback(request, deck, ok=ok, typed_section=section)


@login_required
@require_POST
def deck_card(request, pk: int):
    """Add or remove one copy (``delta`` = 1 or -1, also ``+1`` and ``−1``) of ``card`` in ``section``; answers
    the refreshed panel. Any other delta, or none, is a 400 with ``labels.BAD_DELTA``."""
    deck = _owned(request, pk)
    card_id = request.POST.get("card", "")
    if not card_id.isdigit():
        return HttpResponse(f"card must be a card id, not {card_id!r}", status=400)
    card = get_object_or_404(Card, pk=int(card_id), game=deck.game)
    delta = DELTAS.get(request.POST.get("delta", "").strip())
    if delta is None:  # "5" was once read as -1: a count changes one copy at a time, nothing else is guessed
        return HttpResponse(labels.BAD_DELTA[1 if _japanese() else 0], status=400)
    try:
        services.deck_set_count(deck=deck, card=card, section=request.POST.get("section", ""), delta=delta)
    except ValueError as exc:
        return HttpResponse(str(exc), status=400)
    if request.htmx:  # the panel, and the header (count, legality) out of band
        return render(request, "decks/_panel_refresh.html", pages.panel(deck, _japanese()) | {"readonly": False})
    return redirect("decks:edit", pk=deck.pk)


@login_required
@require_POST
def deck_settings(request, pk: int):
    """Name, visibility and side; or, with ``text``, replace the cards from a decklist. A refused value
    answers the builder again (400) with the sentence and every typed value kept."""
    deck = _owned(request, pk)
    fields = {k: request.POST[k] for k in ("name", "visibility", "side", "description") if k in request.POST}
    try:
        text = _posted_text(request)
    except _BadFile as exc:
        return _edit(request, deck, status=400, import_report=pages.problems(exc.report, _japanese()))
    try:
        services.deck_update(deck=deck, text=text if text and text.strip() else None, **fields)
    except services.DeckTextError as exc:
        deck.refresh_from_db()
        report = pages.problems(exc.report, _japanese())
        return _edit(request, deck, status=400, import_report=report, import_text=text)
    except services.DeckFieldError as exc:
        deck.refresh_from_db()
        error = exc.message_ja if _japanese() else str(exc)
        return _edit(request, deck, status=400, settings_error=error, settings_field=exc.field, typed=fields)
    return redirect("decks:edit", pk=deck.pk)


def deck_export(request, pk: int):
    deck = _visible(request, pk)
    response = HttpResponse(services.deck_to_text(deck), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.txt"'
    return response


def deck_image(request, pk: int):
    """The list as a PNG (``decks.image``), labelled in the reader's language."""
    deck = _visible(request, pk)
    context = pages.panel(deck, _japanese())
    total = context["card_total"]
    count = f"{total}枚" if _japanese() else labels.cards_en(total)
    parts = (context["kicker"], context["side_label"], count)
    subtitle = " · ".join(x for x in parts if x)
    png = image.deck_png(
        title=deck.name,
        subtitle=subtitle,
        sections=context["sections"],
        footer=f"Shinpan 審判 · {deck.owner.username}",
    )
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.png"'
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
    """htmx (or a plain link): a sample opening hand of card faces; ``mulligans=N`` counts the mulligans taken
    (Riders' Legend allows one)."""
    deck = _visible(request, pk)
    raw = request.GET.get("mulligans", request.GET.get("mulligan", "0"))
    mulligans = int(raw) if raw.isdigit() else 0
    context = {"deck": deck, "hand": pages.hand(deck, mulligans=min(mulligans, 9), japanese=_japanese())}
    if request.htmx:
        return render(request, "decks/_hand.html", context)
    target = "decks:edit" if request.user.id == deck.owner_id else "decks:detail"
    return render(request, "decks/hand_page.html", context | {"back": reverse(target, args=[deck.pk])})

