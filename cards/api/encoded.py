"""The card list answered as plain JSON from pre-encoded cards (issue 14): the bytes DRF's ``JSONRenderer``
would give, assembled from one JSON text per card, with the rows' JSON columns put in as stored."""

from __future__ import annotations

import json

from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from ..search.rows import JSONText
from .card_rows import CARD_KEYS, card_values


def plain_json_encoder(request, view) -> json.JSONEncoder | None:
    """The encoder that gives the bytes of the request's answer, value by value, when it is answered by DRF's
    own ``JSONRenderer`` without indent (as the API's clients get it; the browsable API and ``indent=`` are
    rendered as ever): its encoder class with its settings (``JSONRenderer.render``). None otherwise."""
    renderer = getattr(request, "accepted_renderer", None)
    if type(renderer) is not JSONRenderer or renderer.ensure_ascii or not renderer.compact:
        return None
    if renderer.get_indent(request.accepted_media_type, view.get_renderer_context()) is not None:
        return None
    return renderer.encoder_class(ensure_ascii=False, allow_nan=not renderer.strict, separators=(",", ":"))


class EncodedJSONResponse(Response):
    """A DRF ``Response`` whose body is JSON already (``SortedCursorPagination.get_encoded_response``): rendered,
    it gives those bytes with the ``Content-Type`` its renderer (``JSONRenderer``) would give; ``data`` is None."""

    def __init__(self, body: bytes):
        super().__init__(None)
        self.body = body

    @property
    def rendered_content(self) -> bytes:
        renderer = self.accepted_renderer
        charset = f"; charset={renderer.charset}" if renderer.charset else ""
        self["Content-Type"] = self.content_type or f"{renderer.media_type}{charset}"  # as ``Response``
        return self.body


def card_fragments(rows, request, encoder: json.JSONEncoder) -> list[str]:
    """The same cards as ``card_rows``, each as the JSON text ``encoder`` (``plain_json_encoder``) gives its
    dict: the values encoded one by one into a template of the keys, no dict per card, and the rows'
    ``JSONText`` (``CompiledRows.fetch``) put in as it is (decoding and encoding the JSON columns again,
    building the dicts and rendering them were about a third of a cheap search's cost beyond its SQL: issue
    14). A card with a value of a type the columns do not give is encoded whole, as its dict."""
    # how ``encoder`` writes a string: ``plain_json_encoder`` makes every one with ensure_ascii off
    encode, string = encoder.encode, json.encoder.encode_basestring
    template = "{" + ",".join(f"{string(key)}:%s" for key in CARD_KEYS) + "}"
    fragments = []
    for values in card_values(rows, request):
        (card_id, game, card_set, number, name, reading, card_type, rarity, rules_text, flavour_text, attributes,
         abilities, sample_fields, image, thumbnail, page_url, updated_at) = values
        try:
            fragment = template % (
                int.__repr__(card_id), string(game), string(card_set), string(number), string(name),
                string(reading), string(card_type), string(rarity), string(rules_text), string(flavour_text),
                attributes if type(attributes) is JSONText else encode(attributes),
                "null" if abilities is None else encode(abilities),
                sample_fields if type(sample_fields) is JSONText else encode(sample_fields),
                "null" if image is None else string(image),
                "null" if thumbnail is None else string(thumbnail),
                string(page_url),
                "null" if updated_at is None else string(updated_at),
            )
        except TypeError:  # ``int.__repr__`` or ``encode_basestring`` given another type
            fragment = encode(dict(zip(CARD_KEYS, values, strict=True)))
        fragments.append(fragment)
    return fragments
