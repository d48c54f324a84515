"""``/api/bulk/``: each game's whole catalogue as one file, JSON or a zip archive with the images
(``cards.bulk`` makes and keeps the files)."""

from __future__ import annotations

from django.http import FileResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import ApiError

from .. import bulk as bulk_files
from ..games import SCHEMAS
from ..models import Game
from ..services.image_files import MissingImageFile
from .caching import CACHE_SECONDS, ConditionalGetMixin
from .games import UNKNOWN_GAME


class BulkFileSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    card_count = serializers.IntegerField()
    version = serializers.CharField()
    download_uri = serializers.CharField()


class BulkIndexSerializer(serializers.Serializer):
    object = serializers.CharField()
    data = BulkFileSerializer(many=True)


class BulkIndexView(ConditionalGetMixin, APIView):
    """The bulk files: each game's whole catalogue as one JSON file (the ``shinpan.cards`` format)."""

    @extend_schema(responses=BulkIndexSerializer)
    def get(self, request):
        data = [
            {
                "game": game.code,
                "name": game.name,
                "card_count": version.card_count,
                "version": version.key,
                "download_uri": request.build_absolute_uri(reverse("api-bulk-file", args=[game.code])),
            }
            for game in Game.objects.all()
            for version in [bulk_files.catalogue_version(game)]
        ]
        return Response({"object": "list", "data": data})


class BulkFileView(APIView):
    """One game's whole catalogue; regenerated whenever the catalogue has changed since the last file."""

    @extend_schema(responses={(200, "application/json"): OpenApiTypes.OBJECT,
                              (200, "application/zip"): OpenApiTypes.BINARY})
    def get(self, request, code: str, fmt: str = "json"):
        """``<game>.json``: the card document; ``<game>.zip``: the card archive with the image files
        (docs/formats.md, "Images"). 503 when a card's stored image file is missing (the file would lose it)."""
        game = Game.objects.filter(code=code).first()
        if game is None:
            raise ApiError("unknown_game", UNKNOWN_GAME.format(code=code, codes=", ".join(SCHEMAS)), status=404)
        try:
            path, version, content_type = bulk_files.bulk_download(game, fmt)
        except MissingImageFile as exc:
            raise ApiError("missing_image_file", exc, status=503) from exc
        etag = f'"{version.key}"' if fmt == "json" else f'"{version.key}-zip"'
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return not_modified
        response = FileResponse(path.open("rb"), content_type=content_type, filename=f"{game.code}.{fmt}")
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        return response
