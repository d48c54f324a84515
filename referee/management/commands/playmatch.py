"""``manage.py playmatch --game iron_leaguer --bots greedy,random --seed N [--log FILE]``: a whole
game between bots, printed as the winner, the scene-by-scene score and the SHA-256 digest of the log
(same seed, same digest).

Cards come from the catalogue (``Card`` rows of the game, loaded by ``manage.py loadseeds``), copied into
plain dicts for the engine, which never imports Django. Bots: ``silver,dark`` in that order, each
``random`` or ``greedy``.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import play
from referee.engine.rng import seed_from_int


def catalogue_cards(game: str) -> list[dict]:
    """The game's cards as engine dicts ``{"name", "card_type", "attributes"}``, in catalogue order."""
    from cards.models import Card

    rows = Card.objects.filter(game__code=game).order_by("card_set__code", "collector_number")
    return [{"name": c.name, "card_type": c.card_type, "attributes": c.attributes} for c in rows]


class Command(BaseCommand):
    help = "Play a whole game between two bots and print the winner, the scores and the log digest."

    def add_arguments(self, parser):
        parser.add_argument("--game", default="iron_leaguer", help="game code (iron_leaguer)")
        parser.add_argument("--bots", default="greedy,random", help="silver,dark: random or greedy each")
        parser.add_argument("--seed", type=int, default=0, help="seed number (same seed, same game)")
        parser.add_argument("--log", help="write the full JSON log here (verify it with manage.py replay)")

    def handle(self, *args, **options):
        try:
            engine = get_engine(options["game"])
            kinds = options["bots"].split(",")
            if len(kinds) != 2:
                raise ValueError("--bots takes two bots, silver first: e.g. greedy,random")
            bots = {
                seat: make_bot(kind.strip(), options["seed"] + i)
                for i, (seat, kind) in enumerate(zip(engine.seats, kinds, strict=True))
            }
        except (KeyError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if options["log"] and not Path(options["log"]).resolve().parent.is_dir():
            raise CommandError(f"--log {options['log']}: the folder does not exist")
        cards = catalogue_cards(options["game"])
        if not cards:
            raise CommandError(f"no {options['game']} cards in the catalogue: run manage.py loadseeds first")
        seed = seed_from_int(options["seed"])
        state, log = play(engine, {}, {"cards": cards}, RngSeed(seed), bots)
        outcome = engine.outcome(state)
        self.stdout.write(f"winner: {outcome.winner} ({outcome.reason})")
        for result in state["results"]:
            score = result["score"]
            self.stdout.write(
                f"scene {result['scene']:>2}: silver {score['silver']} - {score['dark']} dark "
                f"(winner {result['winner']})"
            )
        self.stdout.write(f"actions: {len(log['entries'])}  commitment: {log['commitment']}")
        self.stdout.write(f"digest: {log['digest']}")
        if options["log"]:
            Path(options["log"]).write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
            self.stdout.write(f"log written to {options['log']}")
