"""Card faces built from data: what the card face component (``templates/components/card_face.html``) shows.

``card_face_context(card, japanese=…)`` turns a catalogue ``Card`` or an engine view's card dict into one plain
dict per face, in the game's own layout: the game's face builder (its spec's ``face`` part, e.g.
``cards.games.legions.face``) fills ``face`` and its ``face_template`` draws it.

Every code shown (types, colours, kinds, timings…) goes through ``label`` so a reader sees words in their language,
never a stored code (the words are the games' schemas' ``labels``). Unknown games fall back to the name, type and
text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString

from cards.games import labels
from cards.games.schema import NONE_MARK
from referee import registry


def label(code: Any, japanese: bool) -> str:
    """The reader's word for a stored code (``"minion"`` → ``"Minion"`` / ``"ミニオン"``); other values as text,
    ``None`` as the rules' "−"."""
    if code is None:
        return NONE_MARK
    pair = labels().get(code) if isinstance(code, str) else None
    if pair is None:
        return str(code)
    return pair[1] if japanese else pair[0]


def _field(card: Any, name: str, default: Any = None) -> Any:
    if isinstance(card, Mapping):
        return card.get(name, default)
    return getattr(card, name, default)


def _image_url(card: Any, size: str) -> str:
    if isinstance(card, Mapping):
        return card.get("image_url") or ""
    image = getattr(card, "thumbnail", None) if size == "sm" else None
    if not image:
        image = getattr(card, "image", None)
    try:
        return image.url if image else ""
    except ValueError:  # a FileField with no file
        return ""


def _game_code(card: Any) -> str:
    game = _field(card, "game")
    if isinstance(game, str):
        return game
    return getattr(game, "code", "") or ""


def card_face_context(card: Any, *, japanese: bool, size: str = "md") -> dict[str, Any]:
    """The face of ``card`` as a dict for the template.

    ``card``: a ``cards.models.Card``, or a dict with ``game`` (code), ``name``, ``card_type`` (or ``type``),
    ``attributes``, optional ``image_url``, ``rules_text``, ``reading``. ``size``: ``sm`` | ``md`` | ``lg``.
    Returns ``{"game", "size", "name", "reading", "type", "type_label", "image_url", "text", "sample", "face",
    "template"}`` where ``face`` holds the game's own fields and ``template`` names the game's face template (see
    the module docstring; both empty for an unknown game). Never raises on missing attributes: a
    face shows what the card has.
    """
    attrs = _field(card, "attributes") or {}
    card_type = _field(card, "card_type") or _field(card, "type") or ""
    game = _game_code(card)
    spec = registry.spec(game) if registry.is_game(game) else None
    sample_fields = _field(card, "sample_fields") or []
    return {
        "game": game or "generic",
        "size": size if size in ("sm", "md", "lg") else "md",
        "name": _field(card, "name") or "",
        "reading": _field(card, "reading") or "",
        "type": card_type,
        "type_label": label(card_type, japanese),
        "image_url": _image_url(card, size),
        "text": _field(card, "rules_text") or "",
        "sample": bool(sample_fields),
        "face": spec.part("face")(card_type, attrs, japanese) if spec else {},
        "template": spec.face_template if spec else "",
    }


FACES_KEPT = 4096  # rendered faces each process keeps (a few KB each)


def face_html(card: Any, *, language: str, size: str = "md") -> SafeString:
    """The card face component (``components/card_face.html``) of ``card`` in ``language``, as HTML: rendered
    once per process for the same inputs and kept (``FACES_KEPT``, least recently used dropped). The key is what
    the face reads, not the card's id: an edit by any means (the admin, an import, a community correction) is a
    new key, never a stale face. A search page drew 32 faces, each about a millisecond of template rendering:
    most of its CPU (issue 31, point 1)."""
    attributes = json.dumps(_field(card, "attributes") or {}, sort_keys=True, ensure_ascii=False, default=str)
    key = (
        _game_code(card), _field(card, "name") or "", _field(card, "reading") or "",
        _field(card, "card_type") or _field(card, "type") or "", attributes, _image_url(card, size),
        _field(card, "rules_text") or "", bool(_field(card, "sample_fields")), language, size,
    )
    return _rendered(key)


@lru_cache(maxsize=FACES_KEPT)
def _rendered(key: tuple) -> SafeString:
    game, name, reading, card_type, attributes, image_url, text, sample, language, size = key
    card = {"game": game, "name": name, "reading": reading, "card_type": card_type,
            "attributes": json.loads(attributes), "image_url": image_url, "rules_text": text,
            "sample_fields": ["sample"] if sample else []}
    with translation.override(language):
        face = card_face_context(card, japanese=language.startswith("ja"), size=size)
        return SafeString(render_to_string("components/card_face.html", {"f": face}))
