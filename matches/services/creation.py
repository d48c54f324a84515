"""Creating a match, taking its free seat (accepting a challenge) and challenging someone or a bot; a match
starts through its engine's ``new_game`` once every seat is taken."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from referee.engine import RngSeed, get_engine

from ..errors import BadRequest, Conflict
from ..models import STATIC_KEY, Match, Seat
from . import handoff
from .autoplay import play_for_people
from .bots import BOTS
from .locking import locked
from .progress import append_events, set_deadline
from .seat_decks import deck_for_seat, saved_deck_text


@dataclass(frozen=True)
class SeatSpec:
    """Who takes a seat: a user, or a bot kind ("random"/"greedy"); ``deck`` as submitted (JSON)."""

    seat: str
    user_id: int | None = None
    bot: str = ""
    deck: dict | None = None


def match_create(*, game: str, seats: Iterable[SeatSpec], config: dict | None = None, decks: dict | None = None,
                 created_by=None, format_code: str = "", decision_seconds: int | None = None,
                 start: bool = True, seed: bytes | None = None, entropy: str = "", rated: bool = False,
                 listed: bool = True, invited=None) -> Match:
    """Create a match; start it at once when every seat of the engine is taken and ``start`` is true.

    ``decks`` is what the engine's ``new_game`` receives (for Iron Leaguer ``{"cards": [...]}``), copied into the
    match so catalogue edits never change a running match. ``seed``: the 32-byte secret seed; None (every online
    match) draws a fresh one from the OS CSPRNG. A given seed is for ``manage.py playmatch --seed N`` alone (the
    same game again, between bots): it is never taken from the API or a form, since a seed a player chose or
    knew would let them foresee every die. The same seed twice gives two matches one commitment (the caches of
    ``matches.models`` are keyed by id and commitment). Raises BadRequest for an unknown game, seat or bot, or a
    seed that is not 32 bytes. ``entropy``: the creator's contribution to the dice (docs/dice.md), at most 64
    characters kept; the one who joins adds theirs (``match_join``), so the dice depend on both players' choices
    as well as the committed seed. ``rated``: the result counts for the players' ratings (``ratings``; no
    takeback then: ``takeback_rules``); a match with a bot seat cannot be rated (BadRequest ``rated_bot``).
    A challenge (a match not started) gets an invite link's secret token; ``listed`` False keeps it out of the
    lobby's open challenges (an invitation), ``invited`` (a user) is the one who may accept it.
    """
    engine = _engine_for(game)
    specs = list(seats)
    _check_seats(engine, specs)
    if rated and any(spec.bot for spec in specs):
        raise BadRequest("a match against a bot is casual: only matches between people are rated", code="rated_bot")
    seed = _secret_seed(seed)
    with transaction.atomic():
        match = Match.objects.create(
            game=game, format_code=format_code, created_by=created_by,
            config={"engine": config or {}, "decks": decks or {}, **({"rated": True} if rated else {})},
            seed_hex=seed.hex(), commitment=hashlib.sha256(seed).hexdigest(), decision_seconds=decision_seconds,
            entropy=[entropy[:64]] if entropy else [], listed=listed, invited=invited,
            invite_token=secrets.token_urlsafe(16) if not start else "",
        )
        for spec in specs:
            Seat.objects.create(match=match, seat=spec.seat, user_id=spec.user_id, bot=spec.bot,
                                deck=spec.deck or {})
        for seat in engine.seats:
            if not any(spec.seat == seat for spec in specs):
                Seat.objects.create(match=match, seat=seat)
        if start and _all_seats_taken(match):
            _start(match, engine)
    return match


def _engine_for(game: str):
    """The engine of ``game``; BadRequest ``unknown_game`` when there is none."""
    try:
        return get_engine(game)
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="unknown_game") from exc


def _check_seats(engine, specs: list[SeatSpec]) -> None:
    """BadRequest ``unknown_seat`` for a seat the engine does not have, ``unknown_bot`` for a bot kind not in
    ``BOTS``."""
    for spec in specs:
        if spec.seat not in engine.seats:
            raise BadRequest(f"seat {spec.seat!r} is not one of {', '.join(engine.seats)}", code="unknown_seat")
        if spec.bot and spec.bot not in BOTS:
            raise BadRequest(f"bot {spec.bot!r} is not one of {', '.join(BOTS)}", code="unknown_bot")


def _secret_seed(seed: bytes | None) -> bytes:
    """A fresh 32-byte secret seed from the OS CSPRNG for None, else ``seed`` itself (BadRequest ``bad_seed``
    unless it is 32 bytes)."""
    if seed is None:
        return secrets.token_bytes(32)
    if len(seed) != 32:
        raise BadRequest(f"the seed must be 32 bytes, not {len(seed)}", code="bad_seed")
    return seed


def match_join(*, match_id: int, user, deck: str = "", entropy: str = "", deck_id: object = None,
               token: str = "") -> Match:
    """Take the free seat of an open match (accept a challenge) with ``deck`` (or the saved deck ``deck_id``,
    see ``saved_deck_text``) and start it.

    Every seat's deck is checked again at the start with the decks feature's legality check; an illegal deck
    refuses the start with its reasons (Conflict ``illegal_deck``) and changes nothing. Conflict also when the
    match is not open, the caller is already seated, or no seat is free; ``invited_only`` when the challenge is
    for another user; ``invite_only`` when it is unlisted and ``token`` is not its invite link's.
    """
    from ..adapters import engine_decks

    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.Status.OPEN:
            raise Conflict("this match is not open for players", code="not_open")
        if match.seats.filter(user=user).exists():
            raise Conflict("you already hold a seat in this match", code="already_seated")
        if match.invited_id is not None and match.invited_id != user.pk:
            raise Conflict(f"this challenge is for {match.invited.get_username()}", code="invited_only")
        if (not match.listed and match.invited_id is None
                and not secrets.compare_digest(str(token or ""), match.invite_token or "-")):
            raise Conflict("this challenge is by invitation: accept it from its invite link", code="invite_only")
        free = match.seats.filter(user__isnull=True, bot="").first()
        if free is None:
            raise Conflict("every seat of this match is taken", code="no_free_seat")
        free.user = user
        format_code = match.format_code
        if deckless_format(match.game, format_code) is not None:  # the decks were made with the challenge
            if deck.strip() or deck_id not in (None, ""):
                raise BadRequest(f"the {format_code} format is played without a deck: leave the deck empty",
                                 code="deckless")
            free.deck = {"format": format_code}
            free.save(update_fields=["user", "deck"])
        else:
            if deck_id not in (None, ""):
                deck, format_code = saved_deck_text(user=user, game=match.game, deck_id=deck_id)
            free.deck = deck_for_seat(game=match.game, format_code=format_code, text=deck, seat=free.seat)
            free.save(update_fields=["user", "deck"])
            seats = list(match.seats.all())
            for seat in seats:  # checked again when the match starts
                if seat.deck.get("text"):
                    deck_for_seat(game=match.game, format_code=seat.deck.get("format") or match.format_code,
                                  text=seat.deck["text"], seat=seat.seat)
            try:
                decks = engine_decks(match.game, {s.seat: s.deck for s in seats})
            except KeyError as exc:
                raise BadRequest(str(exc.args[0]), code="not_playable") from exc
            match.config = {**match.config, "decks": decks}
        if entropy:
            match.entropy = [*match.entropy, entropy[:64]]
        _start(match, get_engine(match.game))
    return match


def _all_seats_taken(match: Match) -> bool:
    return not match.seats.filter(user__isnull=True, bot="").exists()


def _start(match: Match, engine) -> None:
    """Set the match up through ``engine.new_game``; a deck the engine refuses (ValueError: for Legions a card
    it cannot referee yet, named) is Conflict ``deck_refused`` with the engine's reason, and nothing is
    written (the caller's transaction rolls back)."""
    rng = RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy))
    try:
        state, events = engine.new_game(match.config.get("engine", {}), match.config.get("decks", {}), rng)
    except ValueError as exc:
        raise Conflict(f"the engine refuses the decks: {exc}", code="deck_refused") from exc
    match.cards = state.get(STATIC_KEY)  # the static card table, stored once (see matches.models)
    match.status = Match.Status.ACTIVE
    match.started_at = match.moved_at = timezone.now()
    seq = append_events(match, events, version=0, submission=None, start_seq=0)
    # The first decision may be one the referee makes for a person (forced, or by their settings): as after
    # every applied action (progress.store_progress).
    match.state, match.version, match.next_seq = play_for_people(match, engine, state, 0, seq, match.started_at,
                                                                 append_events=append_events)
    match.to_act = engine.to_act(match.state) or ""
    set_deadline(match)
    match.save()
    transaction.on_commit(lambda: handoff.after_commit(match))


def match_challenge(*, user, game: str, seat: str, opponent: str = "open", format: str = "",  # noqa: A002
                    deck: str = "", decision_seconds: int | None = None, autoplay: str = "",
                    deck_id: object = None, entropy: str = "", draft_set: str = "", rated: bool = False,
                    invitee: str = "") -> Match:
    """Create a challenge (``opponent="open"``, waiting for another player, listed in the lobby; ``"link"``, an
    invitation accepted through its invite link alone; ``"user"``, an invitation to the user named ``invitee``,
    who alone may accept it) or a match against a bot (a bot kind, started at once). With ``autoplay`` (a bot
    kind) a bot plays the creator's seat too and the creator watches. ``deck_id``: a saved deck
    (``saved_deck_text``), used instead of the ``deck`` text. The deck is checked first (``deck_for_seat``);
    the engine checks it again when the match starts (a card it cannot referee yet: Conflict
    ``deck_refused`` naming the cards).

    A ``format`` played without decklists (``deckless_format``: Legions' ``dantalion``) takes no deck (a deck
    given: BadRequest ``deckless``) and opens its boosters of ``draft_set`` (``deckless_setup``). ``rated``: an open
    challenge whose result counts for ratings (``match_create``)."""
    engine = _engine_for(game)
    if invitee.strip() and opponent != "user":
        raise BadRequest("invitee goes with opponent 'user' (a challenge to that player)", code="invitee_unused")
    listed, invited = True, None
    if opponent in ("link", "user"):  # an invitation: by its link alone, or to one named user
        listed = False
        if opponent == "user":
            invited = _invitee(user, invitee)
        opponent = "open"
    deckless = deckless_format(game, format)
    if deckless is None and format and deck_id in (None, ""):
        from decks.models import Format

        if not Format.objects.filter(code=format, game__code=game).exists():
            raise BadRequest(f"there is no {game} format called {format!r}", code="unknown_format")
    if deckless is None and draft_set:
        raise BadRequest("draft_set goes with a format played without decks (a draft)", code="unknown_set")
    if deckless is not None and (deck.strip() or deck_id not in (None, "")):
        raise BadRequest(f"the {format} format is played without a deck: leave the deck empty", code="deckless")
    if deck_id not in (None, ""):
        deck, format = saved_deck_text(user=user, game=game, deck_id=deck_id)  # noqa: A001
    if seat not in engine.seats:
        raise BadRequest(f"seat {seat!r} is not one of {', '.join(engine.seats)}", code="unknown_seat")
    kept = {"format": format} if deckless else deck_for_seat(game=game, format_code=format, text=deck, seat=seat)
    if autoplay and autoplay not in BOTS:
        raise BadRequest(f"autoplay {autoplay!r} is not one of {', '.join(BOTS)}", code="unknown_bot")
    specs = [SeatSpec(seat=seat, user_id=None if autoplay else user.pk, bot=autoplay, deck=kept)]
    if opponent != "open":
        other = next(s for s in engine.seats if s != seat)
        specs.append(SeatSpec(seat=other, bot=opponent, deck={"format": format} if deckless else None))
    from ..adapters import engine_decks

    config: dict | None = None
    try:
        if deckless is not None:
            config, decks = deckless_setup(game, deckless, format, draft_set)
        else:
            decks = engine_decks(game, {s.seat: s.deck or {} for s in specs})
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="not_playable") from exc
    return match_create(game=game, seats=specs, decks=decks, config=config, created_by=user, format_code=format,
                        decision_seconds=decision_seconds, start=opponent != "open", entropy=entropy, rated=rated,
                        listed=listed, invited=invited)


def _invitee(user, name: str):
    """The active user named ``name`` whom ``user`` challenges; BadRequest ``unknown_player`` (no such player)
    or ``self_challenge``."""
    from django.contrib.auth import get_user_model

    name = (name or "").strip()
    found = get_user_model().objects.filter(username__iexact=name, is_active=True).first() if name else None
    if found is None:
        raise BadRequest(f"there is no player named {name!r}" if name else "name the player you challenge",
                         code="unknown_player")
    if found.pk == user.pk:
        raise BadRequest("you cannot challenge yourself", code="self_challenge")
    return found


def deckless_format(game: str, format_code: str):
    """The game's format played without decklists named ``format_code`` (its decklist wiring's ``FORMATS``: a
    ``DecklessFormat``, as Legions' Dantalion Draft), or None for a constructed format (or none named)."""
    from ..adapters import wiring

    if not format_code:
        return None
    try:
        formats = getattr(wiring(game), "FORMATS", {})
    except KeyError:
        return None
    return formats.get(format_code)


def deckless_setup(game: str, deckless, format_code: str, set_code: str) -> tuple[dict, dict]:
    """``(engine config, decks)`` of a match in ``deckless`` (``deckless_format``) from the catalogue's cards:
    its boosters opened from ``set_code`` (empty: the format's default set). BadRequest ``unknown_set`` names the
    sets it can be played from when ``set_code`` is none of them."""
    from ..adapters import draftable_sets, engine_cards

    cards = engine_cards(game)
    set_code = set_code or deckless.default_set
    sets = draftable_sets(game, deckless, cards)
    if set_code not in sets:
        raise BadRequest(f"the {format_code} format opens boosters of {', '.join(sets) or 'no set yet'}, "
                         f"not {set_code!r}", code="unknown_set")
    return {**deckless.config, "set": set_code}, deckless.decks(cards, set_code)
