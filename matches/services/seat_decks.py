"""The deck or roster a seat brings to a match: checked with the decks feature's legality check (the same check
as everywhere), from a decklist text or a saved deck."""

from __future__ import annotations

from django.utils.translation import get_language

from ..errors import BadRequest, Conflict


def deck_for_seat(*, game: str, format_code: str, text: str, seat: str) -> dict:
    """Check a deck or roster text with the decks feature's legality check (the same check as everywhere) and
    return what the seat keeps: ``{"text", "format", "roster"?}``. Empty text: the format's default (Iron Leaguer
    standard line-up). Raises Conflict ``illegal_deck`` listing every reason, BadRequest for an unreadable text.
    """
    if not text.strip():
        return {}
    from decks.services import deck_check_text
    from decks.textcheck import Unreadable

    japanese = (get_language() or "").startswith("ja")  # the reasons go to a person: in the request's language
    try:
        result = deck_check_text(text=text, format_code=format_code or None, game_hint=game)
    except Unreadable as exc:
        raise BadRequest(exc.message_ja if japanese else str(exc), code="unreadable_deck") from exc
    if result.game != game:
        raise BadRequest(f"the deck is for {result.game}, not {game}", code="wrong_game")
    errors = result.report.errors
    if errors:
        raise Conflict(("" if japanese else " ").join(_problem_sentence(p, japanese) for p in errors),
                       code="illegal_deck",
                       details=[p.as_dict() for p in errors])
    side = result.meta.get("side")
    if side and side != seat:
        raise BadRequest(f"the roster is for the {side} side, not {seat}", code="wrong_side")
    from ..adapters import keep

    try:
        kept = keep(game, result)
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="not_playable") from exc
    return {"text": text, "format": result.format.get("code", format_code), **kept}


def _problem_sentence(problem, japanese: bool) -> str:
    """One legality problem as a sentence with its line, in English or Japanese (the deck pages' wording)."""
    if japanese:
        text = problem.message_ja or problem.message_en
        return f"{problem.line}行目：{text}" if problem.line and not text.startswith(f"{problem.line}行目") else text
    text = problem.message_en
    return f"Line {problem.line}: {text}" if problem.line and not text.startswith(f"Line {problem.line}") else text


def saved_deck_text(*, user, game: str, deck_id: object) -> tuple[str, str]:
    """``(decklist text, format code)`` of a saved deck ``user`` may play: one of their own decks, or a public
    one (the lobby offers the site's sample decks). Raises BadRequest ``unknown_deck`` for a deck that does not
    exist or is someone else's private or unlisted deck (the two look alike), ``wrong_game`` for a deck of
    another game."""
    from decks.models import Deck
    from decks.services import deck_to_text

    try:
        deck = Deck.objects.select_related("game", "format").get(pk=int(deck_id))
    except (Deck.DoesNotExist, ValueError, TypeError) as exc:
        raise BadRequest(f"no deck {deck_id!r} you may play", code="unknown_deck") from exc
    if deck.owner_id != getattr(user, "pk", None) and deck.visibility != Deck.PUBLIC:
        raise BadRequest(f"no deck {deck_id!r} you may play", code="unknown_deck")
    if deck.game.code != game:
        raise BadRequest(f"the deck is for {deck.game.code}, not {game}", code="wrong_game")
    return deck_to_text(deck), deck.format.code
