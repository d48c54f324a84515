"""``manage.py playmatch --game CODE --bots greedy,random --seed N [--log FILE] [--timeout S] [--offline]``: a
whole game of a registered game (``referee.registry``; default the first) between two bots, played as an online
match, printed as the match and its page, the winner, the game's own lines (its engine's ``report``: the
scene-by-scene score in Iron Leaguer, the last turn and the masters' life in Legions, the last turn and each side's
missions and deck in Riders' Legend), the number of actions, the commitment and the SHA-256 digest of the log (same
seed, same digest).

The match is a real ``Match`` made by ``matches.services.match_create``, both seats held by bots (``--bots``:
the engine's seats in order, silver then dark, p1 then p2; each ``random``, ``greedy`` or the search bot's
``easy``, ``normal`` or ``hard``), the decks built from
the catalogue by ``matches.adapters.engine_decks`` exactly as for a challenge without a decklist (Iron Leaguer:
each side its standard line-up; Legions and Riders' Legend: the game's seed sample decks, the first for p1),
and the secret seed ``referee.engine.rng.seed_from_int(N)`` instead of a fresh one. From there every move is
the online one: a ``matches.tasks.bot_move`` task → ``match_bot_move`` → ``adjudicate_locked``. With
``REDIS_URL`` unset (the embedded default) Celery runs the tasks in-process, so the whole match is played inside
``match_create``; with ``REDIS_URL`` set, Celery workers (``celery -A config worker``) play it and the command
polls the match row until it has finished, or fails after ``--timeout`` seconds naming the match and the version
it reached.

The log is the one the replay page and ``GET /api/matches/{id}/replay/`` serve (``matches.selectors
.match_replay_log``); ``--log FILE`` writes it and ``manage.py replay FILE`` verifies it. Its digest
(``referee.engine.replay.digest``) covers the whole log but itself (the format and version, the game, config and
decks, the seed, commitment and entropy, the setup events and the entries with their events) and never the match
id or a time, so two matches with the same seed, bots and catalogue have the same digest.

``--offline`` plays the same game in this process through the engine alone (``referee.engine.replay.play``),
with the same decks, seed and bot seeding as ``match_bot_move`` and nothing written to the database: the same
digest, in a fraction of the time (for debugging the engine). Every online run is checked against it: a match
whose log differs from the engine's game with the same decks, seed and bots is an error, never a result.

Errors (CommandError, exit 1): an unknown game or bot, a game not playable online, a ``--log`` that cannot be
written (empty, a folder, in a missing folder, not writable: refused before playing), a ``--timeout`` that is not a
finite number above 0, an unmigrated database (run ``manage.py migrate``), no cards of the game in the catalogue
(run ``manage.py loadseeds`` first), the match not finished in time. While workers play, a match whose version has
not moved for 30 s gets its bot move queued again (a worker that crashed between a commit and queueing the next
move lost it; the move is keyed by the version, so it is made once).
"""

from __future__ import annotations

import json
import math
from argparse import ArgumentParser
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from referee import registry
from referee.engine.actions import Action
from referee.engine.bots import Bot, make_bot
from referee.engine.protocol import Engine, RngSeed, get_engine
from referee.engine.replay import play
from referee.engine.rng import seed_from_int


def _check_log_path(path: str) -> None:
    """CommandError, before anything is played, unless ``path`` names a file that can be written: not empty, not
    a folder, in a folder that exists, opened for writing (a file it creates is removed again)."""
    if not path.strip():
        raise CommandError("--log takes the path of the file to write")
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"--log {path}: this is a folder; name a file in it")
    if not target.resolve().parent.is_dir():
        raise CommandError(f"--log {path}: the folder does not exist")
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CommandError(f"--log {path}: the file cannot be written ({exc.strerror})") from exc
    if not existed:
        target.unlink(missing_ok=True)


def offline_bots(seats: tuple[str, ...], kinds: list[str], seed: bytes) -> dict[str, Any]:
    """``seat -> bot`` for ``referee.engine.replay.play``: like ``match_bot_move``, a fresh bot for each
    decision, seeded by ``matches.services.bot_seed`` (``play`` asks exactly one bot per applied action, so a
    shared counter is the version)."""
    from matches.services import bot_seed

    applied = [0]

    def seat_bot(kind: str) -> Bot:
        def decide(engine: Any, state: dict[str, Any], seat: str, actions: Sequence[Action]) -> Action:
            version = applied[0]
            applied[0] += 1
            return make_bot(kind, bot_seed(seed.hex(), version))(engine, state, seat, actions)  # as online

        return decide

    return {seat: seat_bot(kind) for seat, kind in zip(seats, kinds, strict=True)}


class Command(BaseCommand):
    help = ("Play a whole game between two bots as an online match (through the Celery tasks) and print the "
            "winner, the scores and the log digest.")

    def add_arguments(self, parser: ArgumentParser) -> None:
        codes = registry.codes()
        parser.add_argument("--game", default=codes[0],
                            help=f"game code ({', '.join(codes)}; default {codes[0]})")
        parser.add_argument("--bots", default="greedy,random",
                            help="the engine's seats in order (silver,dark; p1,p2), each a bot kind: random, "
                                 "greedy, or the search bot's easy, normal or hard (e.g. hard,greedy)")
        parser.add_argument("--seed", type=int, default=0, help="seed number (same seed, same game)")
        parser.add_argument("--format", default="", dest="format_code",
                            help="a format played without decklists, where the game has one (Legions: dantalion, "
                                 "the Dantalion Draft: packs from the seed; every bot kind)")
        parser.add_argument("--set", default="", dest="set_code",
                            help="with --format: the set its boosters are opened from (Legions: LG01 by default)")
        parser.add_argument("--log", help="write the full JSON log here (verify it with manage.py replay)")
        parser.add_argument("--timeout", type=float, default=300.0,
                            help="seconds to wait for the workers to finish the match (REDIS_URL set); default 300")
        parser.add_argument("--offline", action="store_true",
                            help="play in this process through the engine alone: no match row, no Celery "
                                 "(the same game and digest, faster; for debugging)")

    def handle(self, *args: Any, **options: Any) -> None:
        from matches.adapters import engine_decks
        from matches.services import BOTS

        self.verbosity = options["verbosity"]
        game = options["game"]
        try:
            engine = self.engine = get_engine(game)
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from exc
        kinds = [kind.strip() for kind in options["bots"].split(",")]
        if len(kinds) != len(engine.seats):
            raise CommandError(f"--bots takes {len(engine.seats)} bots, {engine.seats[0]} first: e.g. greedy,random")
        for kind in kinds:
            if kind not in BOTS:
                raise CommandError(f"unknown bot {kind!r}; choose one of {', '.join(BOTS)}")
        if options["log"] is not None:
            _check_log_path(options["log"])
        if not (math.isfinite(options["timeout"]) and options["timeout"] > 0):
            raise CommandError("--timeout takes a number of seconds above 0")
        config: dict[str, Any] = {}
        deckless = None
        if options["format_code"]:
            formats = getattr(registry.spec(game).part("decklist"), "FORMATS", {})
            if options["format_code"] not in formats:
                raise CommandError(f"--format {options['format_code']!r}: {game} has "
                                   + (f"the formats {', '.join(formats)}" if formats else "no such format"))
            deckless = formats[options["format_code"]]
        elif options["set_code"]:
            raise CommandError("--set goes with --format (the set a format's boosters are opened from)")
        try:
            if deckless is not None:
                from matches.adapters import engine_cards

                cards = engine_cards(game)
                set_code = options["set_code"] or deckless.default_set
                if set_code not in deckless.sets(cards):
                    raise CommandError(f"--set {set_code!r}: the {options['format_code']} format opens boosters "
                                       f"of {', '.join(deckless.sets(cards)) or 'no set of this catalogue'}")
                config = {**deckless.config, "set": set_code}
                decks = deckless.decks(cards, set_code)
            else:
                decks = engine_decks(game, {seat: {} for seat in engine.seats})  # no decklist: the standard line-ups
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from exc
        except DatabaseError as exc:
            raise CommandError(f"the catalogue cannot be read ({exc}): run manage.py migrate, then "
                               "manage.py loadseeds") from exc
        seed = seed_from_int(options["seed"])
        self.config = config
        if options["offline"]:
            state, log = play(engine, config, decks, RngSeed(seed), offline_bots(engine.seats, kinds, seed))
            outcome = engine.outcome(state)
            assert outcome is not None, "play() returns a finished game"
            winner = {"winner": outcome.winner, "reason": outcome.reason, "summary": outcome.summary}
        else:
            state, log, winner = self._online(game, engine, kinds, decks, seed, options["timeout"])
        self._report(state, log, winner, options["log"])

    def _online(self, game: str, engine: Engine, kinds: list[str], decks: dict[str, Any], seed: bytes,
                timeout: float) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """Create the match and let the bot tasks play it; ``(final state, replay log, outcome)``."""
        from django.urls import reverse

        from matches.selectors import match_replay_log
        from matches.services.bot_games import BotMatchStalled, start_bot_match, wait_finished

        try:
            match = start_bot_match(game=game, kinds=kinds, decks=decks, seed=seed, config=self.config,
                                    format_code=self.config.get("format", ""), verbose=self.verbosity >= 2)
            self.stdout.write(f"match {match.pk}: {reverse('matches:detail', args=[match.pk])} "
                              f"(replay {reverse('matches:replay', args=[match.pk])})")
            match = wait_finished(match.pk, timeout)
        except BotMatchStalled as exc:
            raise CommandError(exc.reason) from exc
        log = match_replay_log(match=match)
        self._check_against_engine(match, log)
        return match.state, log, match.outcome

    def _check_against_engine(self, match: Any, log: dict[str, Any]) -> None:
        """CommandError unless the engine alone, with the match's decks, seed and its seats' bots as stored,
        plays the very game the match logged (the same digest): a match whose moves went astray is never
        reported as the seed's game."""
        from matches.models import Seat

        engine = get_engine(match.game)
        kinds = dict(Seat.objects.filter(match=match).values_list("seat", "bot"))
        seed = bytes.fromhex(match.seed_hex)
        _state, expected = play(engine, match.config.get("engine", {}), match.config.get("decks", {}),
                                RngSeed(seed, tuple(match.entropy)),
                                offline_bots(engine.seats, [kinds[seat] for seat in engine.seats], seed))
        if expected["digest"] != log["digest"]:
            raise CommandError(
                f"match {match.pk} did not play the game its bots ({', '.join(kinds[s] for s in engine.seats)}) "
                f"play with this seed: its log's digest is {log['digest']}, the engine alone gives "
                f"{expected['digest']}: the online path and the engine disagree (a defect; please report it with "
                "this match's replay log).")

    def _report(self, state: dict[str, Any], log: dict[str, Any], outcome: dict[str, Any],
                log_path: str | None) -> None:
        self.stdout.write(f"winner: {outcome['winner']} ({outcome['reason']})")
        for line in self.engine.report(state):  # the game's own lines: scores by scene, lives, missions
            self.stdout.write(line)
        self.stdout.write(f"actions: {len(log['entries'])}  commitment: {log['commitment']}")
        self.stdout.write(f"digest: {log['digest']}")
        if log_path:
            try:
                Path(log_path).write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"--log {log_path}: the log could not be written ({exc.strerror}); the match's "
                                   "log is still served by its replay page and the API") from exc
            self.stdout.write(f"log written to {log_path}")
