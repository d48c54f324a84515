"""Match reads: what a caller may see of a match.

Hidden information never leaves here except in the view of a seat entitled to it: the engine's ``view(state,
seat)`` redacts the state, and log entries addressed to other seats are withheld until the match ends, when the
whole log and the seed are published.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from referee.engine import encode, get_engine
from referee.engine.protocol import views_of
from referee.engine.replay import build_log

from .models import Match


def match_view(*, match: Match, seat: str | None, seats: list | None = None) -> dict:
    """The view of ``seat`` (None: a spectator): ``{"id", "game", "status", "version", "seat", "to_act",
    "commitment", "seed" (finished only), "outcome", "deadline_at", "seats", "state", "legal_actions"}``.
    ``seats``: the match's Seat rows with their users, when the caller has them already (saves a query)."""
    return match_views(match=match, seats=[seat], seat_rows=seats)[seat]


def match_views(*, match: Match, seats: list[str | None], seat_rows: list | None = None) -> dict:
    """The view of each of ``seats`` (see ``match_view``), keyed by seat; what every view shares (who is to
    act, the seat list, the legal actions of the seat to act) is computed once."""
    engine = get_engine(match.game)
    finished = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    to_act = engine.to_act(match.state) if match.state is not None and not finished else None
    acting = to_act is not None and to_act in seats
    legal = legal_actions_encoded(engine, match, to_act) if acting else []
    if seat_rows is None:
        seat_rows = match.seat_rows()
    common = {
        "id": match.pk,
        "game": match.game,
        "format": match.format_code,
        "status": match.status,
        "version": match.version,
        "to_act": to_act,
        "commitment": match.commitment,
        "seed": match.seed_hex if finished else None,
        "outcome": match.outcome,
        "deadline_at": match.deadline_at.isoformat() if match.deadline_at else None,
        "seats": [
            {"seat": s.seat, "player": s.user.get_username() if s.user_id else None, "bot": s.bot or None}
            for s in seat_rows
        ],
    }
    states = views_of(engine, match.state, seats) if match.state is not None else dict.fromkeys(seats)
    return {
        seat: {
            **common,
            "seat": seat,
            "state": states[seat],
            "legal_actions": list(legal) if seat is not None and seat == to_act else [],
        }
        for seat in seats
    }


# Issue 14 "the encoded legal actions cached per version": a match's state at a version never changes, so the
# legal actions of the seat to act at it are listed and encoded once per process and kept here, least recently
# used out first. Every read of the view at that version (the board after each push, the API, polling) reuses
# them. Keyed by the match's commitment too: a test database may hand an id out again (see matches.models).
LEGAL_CACHE_SIZE = 512
_LEGAL_CACHE: OrderedDict[tuple, tuple[dict, ...]] = OrderedDict()
_LEGAL_LOCK = threading.Lock()


def legal_actions_encoded(engine, match: Match, seat: str) -> tuple[dict, ...]:
    """The legal actions of ``seat`` at ``match``'s current version, encoded as JSON objects in the engine's
    order; computed once per (match, version, seat) in this process. The dicts are shared by every caller:
    read them, never change them."""
    key = (match.pk, match.commitment, match.version, seat)
    with _LEGAL_LOCK:
        found = _LEGAL_CACHE.get(key)
        if found is not None:
            _LEGAL_CACHE.move_to_end(key)
            return found
    found = tuple(map(_encoded, engine.legal_actions(match.state, seat)))
    with _LEGAL_LOCK:
        _LEGAL_CACHE[key] = found
        while len(_LEGAL_CACHE) > LEGAL_CACHE_SIZE:
            _LEGAL_CACHE.popitem(last=False)
    return found


# An engine makes each action object once and offers the same instance in every list (the actions are immutable
# values): its JSON is kept here by the object's identity, with the object itself so that the id is not reused,
# for the next list that offers it. Cleared past ENCODED_CACHE_SIZE entries (bounded memory).
ENCODED_CACHE_SIZE = 1 << 14
_ENCODED: dict[int, tuple[object, dict]] = {}


def _encoded(action) -> dict:
    """``encode(action)``, made once per action object in this process (shared: never change it)."""
    found = _ENCODED.get(id(action))
    if found is not None and found[0] is action:
        return found[1]
    if len(_ENCODED) >= ENCODED_CACHE_SIZE:
        _ENCODED.clear()
    json_action = encode(action)
    _ENCODED[id(action)] = (action, json_action)
    return json_action


TAKEBACK_KIND = "takeback"  # the log event of a takeback (matches.services.takeback), public, at its own version


def counts(version: int, taken_back: list[tuple[int, int]]) -> bool:
    """False when the action applied at ``version`` was taken back (``Match.taken_back``: inclusive ranges), so it
    no longer counts in the game; True otherwise."""
    return not any(first <= version <= last for first, last in taken_back)


def match_log(*, match: Match, seat: str | None, since: int = 0) -> list[dict]:
    """Log entries from ``seq >= since``. During play: public entries in full, and entries addressed to other
    seats with their ``data`` withheld; after the end: everything. An entry of an action taken back
    (``matches.services.takeback``) stays, with ``"taken_back": true``."""
    finished = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    taken_back = match.taken_back
    entries = []
    for event in match.events.filter(seq__gte=since).order_by("seq"):
        entry = event.as_dict()
        if not finished and entry["to"] and seat not in entry["to"]:
            entry["data"] = None
            entry["withheld"] = True
        if taken_back and not counts(entry["version"], taken_back):
            entry["taken_back"] = True
        entries.append(entry)
    return entries


def counting_versions(match: Match) -> list[int]:
    """The versions whose applied action still counts in the game, in order: entry ``i`` (from 0) of the
    match's replay log is the action applied at ``counting_versions(match)[i]``."""
    taken_back = match.taken_back
    return [v for v in match.submissions.filter(status="applied").order_by("applied_version")
            .values_list("applied_version", flat=True) if counts(v, taken_back)]


def match_replay_log(*, match: Match) -> dict:
    """The finished match as a ``referee.engine.replay`` log (seed included): ValueError while it is in play."""
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
        raise ValueError("the log of a match in play is not complete")
    # One entry per applied submission, in the order applied, even one whose action produced no event
    # (grouping by events alone once dropped such actions from the log). An action taken back no longer counts
    # (``matches.services.takeback``): neither it, its events nor the takeback's own event are the game's.
    taken_back = match.taken_back
    applied = [(pk, action) for pk, version, action in match.submissions.filter(status="applied")
               .order_by("applied_version").values_list("pk", "applied_version", "action")
               if counts(version, taken_back)]
    events_of: dict[int, list[dict]] = {pk: [] for pk, _ in applied}
    setup: list[dict] = []
    for event in match.events.order_by("seq"):
        raw = {"kind": event.kind, "clause": event.clause, "data": event.data, "to": event.to}
        if event.submission_id is None:
            if event.version == 0:
                setup.append(raw)
        elif event.submission_id in events_of:
            events_of[event.submission_id].append(raw)
    entries = [{"action": action, "events": events_of[pk]} for pk, action in applied]
    engine = get_engine(match.game)
    outcome = match.outcome or {}
    over = match.state is None or engine.to_act(match.state) is None
    ending = None if over else {"reason": outcome.get("reason") or "aborted", "winner": outcome.get("winner")}
    return build_log(game=match.game, config=match.config.get("engine", {}), decks=match.config.get("decks", {}),
                     seed_hex=match.seed_hex, commitment=match.commitment, entropy=match.entropy,
                     setup_events=setup, entries=entries, ending=ending)


def lobby_decks(*, user, game: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """The saved decks ``user`` may bring to a ``game`` match, for the lobby's picker: ``[(group label,
    [(deck id, label)])]``, their own decks first (by name), then the public sample decks of the site's own
    account (``loadseeds``), each labelled with its owner's name; only decks legal in their format today (the
    decks feature's check: an illegal deck would be refused at the start anyway); empty groups are left out."""
    from django.utils.translation import gettext as _

    from decks.models import Deck
    from decks.services import deck_report
    from seeds.management.commands.loadseeds import SAMPLE_DECK_OWNER

    games = Deck.objects.filter(game__code=game).select_related("owner", "game", "format")
    own = list(games.filter(owner=user).order_by("name", "pk")[:50]) if user.is_authenticated else []
    samples = list(games.filter(owner__username=SAMPLE_DECK_OWNER, visibility=Deck.PUBLIC)
                   .exclude(owner=user if user.is_authenticated else None).order_by("name", "pk"))

    def offered(decks: list, owner_label: bool) -> list[tuple[int, str]]:
        return [(deck.pk, _("%(deck)s (by %(owner)s)") % {"deck": deck.name, "owner": deck.owner.get_username()}
                 if owner_label else deck.name) for deck in decks if deck_report(deck).legal]

    groups = [(_("My decks"), offered(own, False)), (_("Sample decks"), offered(samples, True))]
    return [(label, decks) for label, decks in groups if decks]
