"""Django's static-file finders, answering a path that climbs out of its folder (``/static/../settings.py``) as
not found. Under ``make run`` the development server serves ``/static/`` through the finders, and Django's
``safe_join`` raised ``SuspiciousFileOperation`` there, which its static handler (it turns only "not found" into a
response) let through as a 500 (a helper testing issue 31 found it). Nothing outside the folders was ever served;
the answer is now the 404 of any other missing file. ``collectstatic`` lists files and never asks this."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation


class _ClimbingOutIsNotFound:
    """``find`` answering Django's ``SuspiciousFileOperation`` (a path out of the finder's folders) as not found."""

    def find(self, path, find_all=False, **kwargs):
        try:
            return super().find(path, find_all=find_all, **kwargs)  # type: ignore[misc]
        except SuspiciousFileOperation:
            return []


class FileSystemFinder(_ClimbingOutIsNotFound, finders.FileSystemFinder):
    pass


class AppDirectoriesFinder(_ClimbingOutIsNotFound, finders.AppDirectoriesFinder):
    pass
