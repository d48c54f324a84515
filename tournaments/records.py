"""What an event's pages, its flow and its command read alike (issue 30): the Swiss matches played so far, the
standings they give, the rounds an event gets by default, and the seed of each game.

Our readings (docs/tournaments.md): a drawn game of the top cut is played again until one entrant wins (at most
``CUT_EXTRA_GAMES`` more, then the higher seed advances); a best-of-3 Swiss match ends when one entrant has 2 wins
or 3 games are played."""

from __future__ import annotations

import hashlib
import math

from matches.models import Match

from . import swiss
from .models import Pairing, Tournament

CUT_EXTRA_GAMES = 5  # drawn games replayed in a top-cut match before the higher seed advances (our reading)


def default_rounds(players: int) -> int:
    """Swiss rounds for ``players`` entrants: ceil(log2 n), at least 1."""
    return max(1, math.ceil(math.log2(players))) if players > 1 else 1


def game_seed(tournament: Tournament, round_no: int, table: int, game_no: int) -> bytes:
    """A game's secret seed (32 bytes), drawn from the event's secret seed with its round, table and game number:
    the same event seed gives the same event, game by game."""
    return hashlib.sha256(bytes.fromhex(tournament.seed_hex) + f":{round_no}:{table}:{game_no}".encode()).digest()


def played_of(tournament: Tournament) -> list[swiss.Played]:
    """The finished Swiss matches as ``swiss.Played``."""
    return [swiss.Played(p.p1.name, p.p2.name if p.p2 else None, p.wins1, p.wins2, p.draws)
            for p in tournament.pairings.filter(stage=Pairing.Stage.SWISS, done=True).select_related("p1", "p2")]


def standings_of(tournament: Tournament) -> list[swiss.Standing]:
    """The event's standings after its finished Swiss matches (``swiss.standings``, the lots breaking the last
    ties)."""
    entries = list(tournament.entries.all())
    return swiss.standings([e.name for e in entries], played_of(tournament), {e.name: e.lot for e in entries})


def winning_entry(match: Match) -> int | None:
    """The id of the entry that won an event's game (``match.config["tournament"]["seats"]``: seat -> entry id,
    written when the game was made); None for a draw or a game with no winner."""
    seats = (match.config.get("tournament") or {}).get("seats") or {}
    winner = (match.outcome or {}).get("winner")
    return seats.get(winner) if winner else None
