"""Tournament use cases (issue 30): an event of bot entrants run to the end through the referee
(``run_bot_event``, what ``manage.py runtournament`` calls), its standings and its document.

Every game is a refereed match (``matches.services.bot_games``): in-process when ``REDIS_URL`` is unset, else
played by the workers, every table of a round at once. A game's seed is drawn from the event's seed, its round,
table and game number, so the same event seed gives the same event. Seats alternate from game to game (the
higher-ranked entrant takes the engine's first seat in odd games). Our readings (docs/tournaments.md): a drawn
game of the top cut is played again until one entrant wins (at most ``CUT_EXTRA_GAMES`` more, then the higher
seed advances); a Swiss match of best-of-3 ends when one entrant has 2 wins or 3 games are played."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from matches.adapters import engine_decks
from matches.models import Match
from matches.services import BOTS
from matches.services.bot_games import start_bot_match, wait_finished
from referee.engine import get_engine

from . import swiss
from .models import Entry, Pairing, Tournament

CUT_EXTRA_GAMES = 5  # drawn games replayed in a top-cut match before the higher seed advances (our reading)


class TournamentError(ValueError):
    """A request the tournament refuses: the reason names the argument and what it takes."""


def default_rounds(players: int) -> int:
    """Swiss rounds for ``players`` entrants: ceil(log2 n), at least 1."""
    return max(1, math.ceil(math.log2(players))) if players > 1 else 1


def _game_seed(tournament: Tournament, round_no: int, table: int, game_no: int) -> bytes:
    return hashlib.sha256(bytes.fromhex(tournament.seed_hex) + f":{round_no}:{table}:{game_no}".encode()).digest()


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
    rounds = default_rounds(players) if rounds is None else rounds
    if rounds < 1:
        raise TournamentError(f"--rounds {rounds}: at least 1")
    if top_cut not in (0, 2, 4, 8) or top_cut > players:
        raise TournamentError(f"--top-cut {top_cut}: 0 (none), 2, 4 or 8, and no more than the players")
    if best_of not in (1, 3):
        raise TournamentError(f"--best-of {best_of}: 1 or 3")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name or f"{game} bot event", game=game, rounds=rounds, top_cut=top_cut, best_of=best_of,
            seed_hex=seed.hex(), status=Tournament.Status.RUNNING)
        names = [f"{bots[i % len(bots)]}-{i + 1:02d}" for i in range(players)]
        lots = sorted(names, key=lambda n: hashlib.sha256(seed + n.encode()).digest())
        Entry.objects.bulk_create([Entry(tournament=tournament, bot=bots[i % len(bots)], name=n,
                                         lot=lots.index(n) + 1) for i, n in enumerate(names)])
    return tournament


def played_of(tournament: Tournament) -> list[swiss.Played]:
    """The finished Swiss matches as ``swiss.Played``."""
    return [swiss.Played(p.p1.name, p.p2.name if p.p2 else None, p.wins1, p.wins2, p.draws)
            for p in tournament.pairings.filter(stage=Pairing.Stage.SWISS, done=True).select_related("p1", "p2")]


def standings_of(tournament: Tournament) -> list[swiss.Standing]:
    """The event's standings after its finished Swiss matches (``swiss.standings``, the lots breaking the last
    ties)."""
    entries = list(tournament.entries.all())
    return swiss.standings([e.name for e in entries], played_of(tournament), {e.name: e.lot for e in entries})


@dataclass
class _Table:
    pairing: Pairing
    first: Entry  # the higher-ranked (or higher seed)
    second: Entry
    need: int  # wins that take the match
    most: int  # games at most (the cut: more for drawn games)
    games: list[dict] = field(default_factory=list)
    match: Match | None = None
    order: tuple[Entry, ...] = ()  # the entrants in the engine's seats for the game being played

    @property
    def decided(self) -> bool:
        p = self.pairing
        played = p.wins1 + p.wins2 + p.draws
        return p.wins1 >= self.need or p.wins2 >= self.need or played >= self.most


def _start(tournament: Tournament, table: _Table) -> None:
    engine = get_engine(tournament.game)
    number = len(table.games) + 1
    order = (table.first, table.second) if number % 2 else (table.second, table.first)
    decks = engine_decks(tournament.game, {seat: {} for seat in engine.seats})  # the standard line-ups
    table.match = start_bot_match(game=tournament.game, kinds=[e.bot for e in order], decks=decks,
                                  seed=_game_seed(tournament, table.pairing.round, table.pairing.table, number))
    table.order = order
    table.pairing.matches.add(table.match)


def _finish(tournament: Tournament, table: _Table, timeout: float) -> None:
    assert table.match is not None
    match = wait_finished(table.match.pk, timeout)
    engine = get_engine(tournament.game)
    winner_seat = (match.outcome or {}).get("winner")
    order = table.order
    winner = order[engine.seats.index(winner_seat)] if winner_seat in engine.seats else None
    p = table.pairing
    if winner is None:
        p.draws += 1
    elif winner.pk == p.p1_id:
        p.wins1 += 1
    else:
        p.wins2 += 1
    table.games.append({"winner": winner.name if winner else None, "moves": match.version})
    table.match = None


def _play(tournament: Tournament, tables: list[_Table], timeout: float) -> None:
    """Every table's games, a game of every undecided table at once (the workers play them side by side)."""
    while undecided := [t for t in tables if not t.decided]:
        for table in undecided:
            _start(tournament, table)
        for table in undecided:
            _finish(tournament, table, timeout)
    for table in tables:
        table.pairing.done = True
        table.pairing.save()


def _line(pairing: Pairing, games: list[dict]) -> dict:
    result = swiss.Played(pairing.p1.name, pairing.p2.name if pairing.p2 else None, pairing.wins1, pairing.wins2,
                          pairing.draws).result
    return {"p1": pairing.p1.name, "p2": pairing.p2.name if pairing.p2 else None, "result": result,
            "games": games}


def run_bot_event(tournament: Tournament, *, timeout: float = 600.0,
                  on_round: Callable[[str, int, list[dict]], None] | None = None) -> dict:
    """Play ``tournament``'s Swiss rounds and top cut to the end and return its document (``runtournament
    --json``'s shape: ``{"rounds", "cut", "standings"}``). ``on_round(stage, round, lines)`` is told each round
    as it ends. BotMatchStalled (``matches.services.bot_games``) when a game does not finish in ``timeout``."""
    need = tournament.best_of // 2 + 1
    document: dict = {"rounds": [], "cut": [], "standings": []}
    for round_no in range(1, tournament.rounds + 1):
        ranked = standings_of(tournament)
        active = [s.player for s in ranked]
        if round_no == 1:
            active.sort(key=lambda n: tournament.entries.get(name=n).lot)
        by_name = {e.name: e for e in tournament.entries.all()}
        pairs = swiss.pair(active, played_of(tournament), {s.player: s.points for s in ranked})
        tables: list[_Table] = []
        lines: list[dict] = []
        for number, (a, b) in enumerate(pairs, start=1):
            pairing = Pairing.objects.create(tournament=tournament, round=round_no, table=number, p1=by_name[a],
                                             p2=by_name[b] if b else None)
            if b is None:  # the bye: a match won 2-0
                pairing.wins1, pairing.wins2, pairing.done = *swiss.BYE_GAMES, True
                pairing.save()
                continue
            tables.append(_Table(pairing, by_name[a], by_name[b], need, tournament.best_of))
        _play(tournament, tables, timeout)
        games = {t.pairing.pk: t.games for t in tables}
        for pairing in tournament.pairings.filter(round=round_no).select_related("p1", "p2"):
            lines.append(_line(pairing, games.get(pairing.pk, [])))
        document["rounds"].append({"round": round_no, "pairings": lines})
        if on_round:
            on_round("swiss", round_no, lines)
    final = standings_of(tournament)
    if tournament.top_cut:
        seeds = [tournament.entries.get(name=s.player) for s in final[:tournament.top_cut]]
        alive = [seeds[a - 1] for pair in swiss.bracket(tournament.top_cut) for a in pair]
        round_no = tournament.rounds
        while len(alive) > 1:
            round_no += 1
            tables = []
            for number in range(len(alive) // 2):
                a, b = alive[2 * number], alive[2 * number + 1]
                high, low = (a, b) if seeds.index(a) < seeds.index(b) else (b, a)
                pairing = Pairing.objects.create(tournament=tournament, round=round_no, table=number + 1, p1=high,
                                                 p2=low, stage=Pairing.Stage.CUT)
                tables.append(_Table(pairing, high, low, need, tournament.best_of + CUT_EXTRA_GAMES))
            _play(tournament, tables, timeout)
            lines = [_line(t.pairing, t.games) for t in tables]
            document["cut"].append({"round": round_no, "pairings": lines})
            if on_round:
                on_round("cut", round_no, lines)
            # the winner goes on; a match still level after the extra games: the higher seed (our reading)
            alive = [t.second if t.pairing.wins2 > t.pairing.wins1 else t.first for t in tables]
    document["standings"] = [
        {"rank": s.rank, "player": s.player, "points": s.points, "omw": round(float(s.omw), 4),
         "gw": round(float(s.gw), 4), "ogw": round(float(s.ogw), 4)} for s in final]
    if tournament.top_cut:
        document["winner"] = alive[0].name
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    return document
