"""Where proposal photos are kept: outside ``MEDIA_ROOT`` (which the proxy serves to anyone), in
``PRIVATE_MEDIA_ROOT`` (default ``var/private/``), served by ``community.views.proposal_photo`` to the proposal's
proposer and the editors, and to everyone once the proposal is accepted (the photo is then a value's source)."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.utils.deconstruct import deconstructible


@deconstructible
class PrivateStorage(FileSystemStorage):
    """A file system storage under ``settings.PRIVATE_MEDIA_ROOT`` (read when used, so tests may move it), with
    no public address: ``url()`` is refused."""

    @property  # type: ignore[override]
    def base_location(self) -> str:
        return str(settings.PRIVATE_MEDIA_ROOT)

    @property  # type: ignore[override]
    def location(self) -> str:
        return os.path.abspath(self.base_location)

    def url(self, name: str | None) -> str:
        raise ValueError("a private file has no public address: use community.views.proposal_photo")


private_storage = PrivateStorage()
