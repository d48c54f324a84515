"""A template loader for the games' own template folders (a spec's ``templates`` in ``referee.registry``), searched
after the site's ``templates/`` and the apps': a game that brings its board and card face templates in its own
folder needs no file of the site changed (docs/adding_a_game.md)."""

from __future__ import annotations

from pathlib import Path

from django.template.loaders.filesystem import Loader as FilesystemLoader

from referee import registry


class Loader(FilesystemLoader):
    def get_dirs(self) -> list[Path]:
        return [folder for spec in registry.specs() if (folder := spec.template_folder()) is not None]
