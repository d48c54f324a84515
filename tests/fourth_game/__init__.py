"""Duel, a tiny fourth game that lives only in the tests (docs/adding_a_game.md): it proves that a game is its own
folder plus one registration, with nothing else of the site changed. ``spec.SPEC`` names its parts; the tests
register it with ``referee.registry.registered(SPEC)``."""
