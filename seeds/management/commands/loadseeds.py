"""``manage.py loadseeds [--dir DIR]``: load the seed catalogues, idempotently.

Creates the Game row of every registered game (``referee.registry``; even one with no seed file yet), then imports
every game's seed catalogue (its spec's ``seeds.catalogue``: ``seeds/catalogue/<game>.json``; with ``--dir``, the
``*.json`` of that folder instead) through the card import service (upsert by set and number), and creates the
missing seed formats (``seeds.formats``; an existing format keeps its admin edits unless ``--reset-formats``), and
the sample decks (``seeds.decks``) as public decks of the site's own account ``shinpan`` (which cannot sign in;
a sample deck is replaced from its file on every run; not with ``--dir``, whose catalogue may lack their cards), all
in one transaction:
a bad seed file stops the command with every problem listed and nothing written. Running it twice changes
nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.services import CardFileError, cards_import, ensure_games, read_card_file
from decks.models import Deck
from decks.services import DeckTextError, deck_create, deck_update, formats_load_seed
from referee import registry

SAMPLE_DECK_OWNER = "shinpan"  # the site's own account: owns the sample decks, cannot sign in


def catalogue_files() -> list[Path]:
    """Every registered game's seed catalogue files, in the registry's order."""
    return [path for spec in registry.specs() for path in spec.seeds.paths("catalogue")]


def sample_deck_files() -> list[Path]:
    """Every registered game's sample decks, in the registry's order."""
    return [path for spec in registry.specs() for path in spec.seeds.paths("decks")]


class Command(BaseCommand):
    help = "Create the games and load their seed catalogues, formats and sample decks; safe to run again."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", type=Path, help="folder of catalogue JSON files (default: each game's seed catalogue)"
        )
        parser.add_argument(
            "--reset-formats",
            action="store_true",
            help="overwrite existing formats (and their admin edits) from seeds/formats; default: create only",
        )

    def handle(self, *args, **options):
        folder = options["dir"]
        paths = (sorted(folder.glob("*.json")) if folder.is_dir() else []) if folder else catalogue_files()
        with transaction.atomic():
            ensure_games()
            for path in paths:
                self._load(path)
            formats = formats_load_seed(reset=options.get("reset_formats", False))  # decks: seeds/formats
            self.stdout.write(f"formats: {len(formats)} loaded")
            if options["dir"] is None:  # the sample decks are lists of the seed catalogues' cards
                decks = self._load_sample_decks(sample_deck_files())
                self.stdout.write(f"sample decks: {decks} loaded (public, by {SAMPLE_DECK_OWNER})")

    def _load_sample_decks(self, paths: list[Path]) -> int:
        """Each sample deck file as a public deck of ``SAMPLE_DECK_OWNER``, named by its ``Name:`` line."""
        owner, created = get_user_model().objects.get_or_create(username=SAMPLE_DECK_OWNER)
        if created:
            owner.set_unusable_password()
            owner.is_active = False
            owner.save()
        for path in paths:
            text = path.read_text(encoding="utf-8")
            name = next((line.split(":", 1)[1].strip() for line in text.splitlines()
                         if line.lower().startswith("name:")), path.stem)
            existing = Deck.objects.filter(owner=owner, name=name).first()
            try:
                if existing:  # loaded before: keep its id (links to it stay valid), take the file's cards
                    deck_update(deck=existing, text=text, visibility=Deck.PUBLIC)
                else:
                    deck_create(owner=owner, name=name, text=text, visibility=Deck.PUBLIC)
            except DeckTextError as exc:
                raise CommandError(f"sample deck {path.name}: {exc}", returncode=1) from exc
        return len(paths)

    def _load(self, path: Path) -> None:
        try:
            report = cards_import(card_file=read_card_file(path))
        except CardFileError as exc:
            raise CommandError(f"seed catalogue {exc}", returncode=2) from exc
        if not report.ok:
            for problem in report.problems:
                self.stderr.write(f"{path.name}: {problem}")
            raise CommandError(f"seed catalogue {path.name} has bad rows; nothing loaded", returncode=1)
        self.stdout.write(f"{path.name}: {report.summary()}")
