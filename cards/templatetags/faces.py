"""``{% card_face card size="sm" %}`` and ``{% card_back game %}``: the card face component (``cards.faces``).

``card``: a ``cards.models.Card`` or an engine view's card dict (``game``, ``name``, ``card_type``/``type``,
``attributes``, optional ``image_url``). ``size``: ``sm`` (grids, hands, boards), ``md``, ``lg`` (the card page).
``label``: an optional accessible label replacing the card's name (e.g. "Rough play with …").
"""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from cards.faces import face_html

register = template.Library()


@register.simple_tag
def card_face(card, size: str = "md", game: str = ""):
    """Render one card face (``components/card_face.html``, kept once rendered: ``cards.faces.face_html``);
    ``game`` names the game when ``card`` is a dict without one."""
    if game and isinstance(card, dict) and not card.get("game"):
        card = {**card, "game": game}
    return face_html(card, language=get_language() or "en", size=size)


@register.inclusion_tag("components/card_back.html")
def card_back(game: str = "", size: str = "sm"):
    """A face-down card of ``game`` (hidden information: only the back is drawn)."""
    return {"game": game or "generic", "size": size}
