"""``manage.py runtournament --game G --players N --bots greedy,random[,...] [--rounds R] [--top-cut K]
[--best-of 1|3] --seed S [--json]``: a whole event of bot entrants through the referee (issue 30, point 4).

Each pairing is a refereed match: in-process with ``REDIS_URL`` unset, else played by the Celery workers (every
table of a round at once). Prints each round's pairings and results, the top cut, and the final standings with
the tiebreakers (points, OMW, GW, OGW: ``tournaments.swiss``); ``--json`` prints one document instead::

    {"rounds": [{"round": 1, "pairings": [{"p1": name, "p2": name | null, "result": "p1" | "p2" | "draw",
     "games": [{"winner": name | null, "moves": n}]}]}], "cut": [...same shape...],
     "standings": [{"rank": 1, "player": name, "points": 9, "omw": 0.6667, "gw": 0.75, "ogw": 0.55}],
     "winner": name (with a cut)}

Same seed, same document."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from referee import registry
from referee.engine.rng import seed_from_int


class Command(BaseCommand):
    help = "Run a whole Swiss event (and top cut) of bot entrants through the referee and print the standings."

    def add_arguments(self, parser: ArgumentParser) -> None:
        codes = registry.codes()
        parser.add_argument("--game", required=True, help=f"game code ({', '.join(codes)})")
        parser.add_argument("--players", type=int, required=True, help="number of bot entrants (at least 2)")
        parser.add_argument("--bots", default="greedy,random",
                            help="bot kinds dealt to the entrants in turn (random, greedy, easy, normal, hard)")
        parser.add_argument("--rounds", type=int, default=None, help="Swiss rounds (default ceil(log2 players))")
        parser.add_argument("--top-cut", type=int, default=0, dest="top_cut",
                            help="single-elimination cut of the top 2, 4 or 8 (default 0: none)")
        parser.add_argument("--best-of", type=int, default=1, dest="best_of", help="games a match: 1 or 3")
        parser.add_argument("--seed", type=int, default=0, help="the event's seed (same seed, same event)")
        parser.add_argument("--timeout", type=float, default=600.0,
                            help="seconds to wait for the whole event on the workers (REDIS_URL set); default 600")
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def _round(self, stage: str, number: int, lines: list[dict], quiet: bool) -> None:
        if quiet:
            return
        self.stdout.write(f"{'Round' if stage == 'swiss' else 'Top cut, round'} {number}")
        for table, line in enumerate(lines, start=1):
            if line["p2"] is None:
                self.stdout.write(f"  table {table}: {line['p1']} has a bye (2-0)")
                continue
            winner = {"p1": line["p1"], "p2": line["p2"]}.get(line["result"], "draw")
            self.stdout.write(f"  table {table}: {line['p1']} v {line['p2']}: {winner} ({len(line['games'])} game(s))")

    def handle(self, *args: Any, **options: Any) -> None:
        from matches.services.bot_games import BotMatchStalled
        from tournaments.services import TournamentError, create_bot_event, run_bot_event

        bots = [kind.strip() for kind in options["bots"].split(",") if kind.strip()]
        try:
            tournament = create_bot_event(game=options["game"], players=options["players"], bots=bots,
                                          seed=seed_from_int(options["seed"]), rounds=options["rounds"],
                                          top_cut=options["top_cut"], best_of=options["best_of"])
        except TournamentError as exc:
            raise CommandError(str(exc)) from exc
        quiet = options["json"]
        if not quiet:
            self.stdout.write(f"tournament {tournament.pk}: {tournament.game}, {options['players']} players, "
                              f"{tournament.rounds or 'ceil(log2 n)'} Swiss round(s), best of {tournament.best_of}"
                              + (f", top {tournament.top_cut} cut" if tournament.top_cut else ""))

        try:
            document = run_bot_event(tournament, timeout=options["timeout"])
        except (TournamentError, BotMatchStalled) as exc:
            raise CommandError(str(exc)) from exc
        for stage, part in (("swiss", document["rounds"]), ("cut", document["cut"])):
            for rnd in part:
                self._round(stage, rnd["round"], rnd["pairings"], quiet)
        if quiet:
            self.stdout.write(json.dumps(document, ensure_ascii=False))
            return
        self.stdout.write("Standings (points, opponents' match-win %, game-win %, opponents' game-win %)")
        for row in document["standings"]:
            self.stdout.write(f"  {row['rank']:>2}. {row['player']:<14} {row['points']:>3}  {row['omw']:.4f}  "
                              f"{row['gw']:.4f}  {row['ogw']:.4f}")
        if document.get("winner"):
            self.stdout.write(f"winner: {document['winner']}")
