"""An event of bot entrants run to the end through the referee (``run_bot_event``, what ``manage.py
runtournament`` calls) and its document.

It is an event like any other (``tournaments.events``: the same pairing, the same games, the same flow from each
game's end to the next round); only its entrants are bots and its seed is given. With ``REDIS_URL`` unset the
games are played in-process and the event has ended when ``start`` returns; else the workers play every table of a
round at once and this waits, running ``events.advance`` now and then (a result whose signal a dying worker lost)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from django.db import transaction

from matches.models import Match
from matches.services import BOTS
from referee.engine import get_engine

from . import events, swiss
from .models import Entry, Pairing, Tournament
from .records import standings_of, winning_entry

POLL_SECONDS = 0.5


class TournamentError(ValueError):
    """A request the tournament refuses: the reason names the argument and what it takes."""


def create_bot_event(*, game: str, players: int, bots: Sequence[str], seed: bytes, rounds: int | None = None,
                     top_cut: int = 0, best_of: int = 1, name: str = "") -> Tournament:
    """A tournament of ``players`` bot entrants, entrant i playing ``bots[i % len(bots)]`` and named
    ``"<kind>-<i>"``; its lots drawn from ``seed`` (32 bytes). TournamentError names a bad argument: an unknown
    game or bot, fewer than 2 players, rounds below 1, a cut that is not 0, 2, 4 or 8 or larger than the field,
    a best-of that is not 1 or 3."""
    try:
        get_engine(game)
    except KeyError as exc:
        raise TournamentError(f"--game {game!r}: {exc.args[0]}") from exc
    if players < 2:
        raise TournamentError(f"--players {players}: an event needs at least 2 players")
    unknown = [kind for kind in bots if kind not in BOTS]
    if not bots or unknown:
        raise TournamentError(f"--bots: {', '.join(unknown) or 'none'} is not a bot; choose from {', '.join(BOTS)}")
    if rounds is not None and rounds < 1:
        raise TournamentError(f"--rounds {rounds}: at least 1")
    if top_cut not in (0, 2, 4, 8) or top_cut > players:
        raise TournamentError(f"--top-cut {top_cut}: 0 (none), 2, 4 or 8, and no more than the players")
    if best_of not in (1, 3):
        raise TournamentError(f"--best-of {best_of}: 1 or 3")
    with transaction.atomic():
        try:
            tournament = events.create_event(organiser=None, name=name or f"{game} bot event", game=game,
                                             rounds=rounds, top_cut=top_cut, best_of=best_of, seed=seed)
        except events.EventError as exc:
            raise TournamentError(exc.reason) from exc
        Entry.objects.bulk_create([Entry(tournament=tournament, bot=bots[i % len(bots)], name=name,
                                         lot=events.entry_lot(tournament, name))
                                   for i, name in enumerate(f"{bots[i % len(bots)]}-{i + 1:02d}"
                                                            for i in range(players))])
    return tournament


def _line(pairing: Pairing) -> dict:
    """A pairing as the document says it: the two names (``p2`` None: a bye), the result, each game's winner
    (None: drawn) and length."""
    names = {pairing.p1_id: pairing.p1.name, **({pairing.p2_id: pairing.p2.name} if pairing.p2 else {})}
    games = [{"winner": names.get(winning_entry(match)), "moves": match.version}
             for match in sorted(pairing.matches.all(), key=lambda m: m.pk)]
    result = swiss.Played(pairing.p1.name, pairing.p2.name if pairing.p2 else None, pairing.wins1, pairing.wins2,
                          pairing.draws).result
    return {"p1": pairing.p1.name, "p2": pairing.p2.name if pairing.p2 else None, "result": result, "games": games}


def document_of(tournament: Tournament) -> dict:
    """``{"rounds": [{"round", "pairings": [line]}], "cut": [...], "standings": [{"rank", "player", "points",
    "omw", "gw", "ogw"}], "winner"?}``: the percentages rounded to 4 places."""
    doc: dict = {"rounds": [], "cut": [], "standings": []}
    pairings = tournament.pairings.select_related("p1", "p2").prefetch_related("matches").order_by("round", "table")
    for pairing in pairings:
        part = doc["rounds"] if pairing.stage == Pairing.Stage.SWISS else doc["cut"]
        if not part or part[-1]["round"] != pairing.round:
            part.append({"round": pairing.round, "pairings": []})
        part[-1]["pairings"].append(_line(pairing))
    doc["standings"] = [
        {"rank": s.rank, "player": s.player, "points": s.points, "omw": round(float(s.omw), 4),
         "gw": round(float(s.gw), 4), "ogw": round(float(s.ogw), 4)} for s in standings_of(tournament)]
    if doc["cut"]:
        final = doc["cut"][-1]["pairings"][0]
        doc["winner"] = final["p2"] if final["result"] == "p2" else final["p1"]  # level: the higher seed
    return doc


def run_bot_event(tournament: Tournament, *, timeout: float = 600.0) -> dict:
    """Start ``tournament`` and wait for its end (the module docstring); its document (``document_of``).
    TournamentError when it has not ended within ``timeout`` seconds (the workers go on with it)."""
    events.start(tournament_id=tournament.pk, by=None)
    return wait_for_end(tournament, timeout=timeout)


def wait_for_end(tournament: Tournament, *, timeout: float) -> dict:
    """Wait for a started event's end (polling, and running ``events.advance`` meanwhile); its document.
    TournamentError when it has not ended within ``timeout`` seconds."""
    from config.celery import app

    deadline = time.monotonic() + timeout
    while True:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return document_of(tournament)
        if app.conf.task_always_eager:
            raise TournamentError(f"event {tournament.pk} stopped although its games run in-process: was this run "
                                  "inside a transaction?")
        if time.monotonic() >= deadline:
            playing = Match.objects.filter(tournament_pairings__tournament=tournament,
                                           status=Match.Status.ACTIVE).count()
            raise TournamentError(f"event {tournament.pk} did not end within {timeout:g} s ({playing} game(s) in "
                                  "play): is a worker running (celery -A config worker)? The workers go on with it.")
        time.sleep(POLL_SECONDS)
        events.advance(tournament.pk)
