"""A card's printed rules text for the board's options (issue 27, point 2: "its text on hover or long press").

The engines' card tables hold the numbers and the ability vocabulary, not the printed words; those are the
catalogue's (``cards.models.Card.rules_text``). They are read by name, one query for the names not yet known,
and kept in Django's cache (Redis in production, shared by every process) for ``TIMEOUT`` seconds, so an edit
in the admin reaches the boards within that time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .presenter import BoardInput

TIMEOUT = 600  # seconds a card's text is kept
MEMO = "_rules_texts"  # the attribute of a BoardInput that keeps its texts (read once per board)


def _key(game: str, name: str) -> str:
    return "rules-text:" + hashlib.sha1(f"{game}\0{name}".encode()).hexdigest()


def rules_texts(game: str, names: Iterable[str]) -> dict[str, str]:
    """``{name: rules text}`` of ``game``'s cards named ``names`` ("" for a card the catalogue does not know or
    prints no text for; several printings of a name: the first with text)."""
    from django.core.cache import cache

    from cards.models import Card

    wanted = {name for name in names if name}
    keys = {_key(game, name): name for name in wanted}
    found = {keys[key]: text for key, text in cache.get_many(list(keys)).items()}
    missing = wanted - set(found)
    if missing:
        read = dict.fromkeys(missing, "")
        for name, text in (Card.objects.filter(game__code=game, name__in=missing).exclude(rules_text="")
                           .order_by("pk").values_list("name", "rules_text")):
            read[name] = read[name] or text
        cache.set_many({_key(game, name): text for name, text in read.items()}, timeout=TIMEOUT)
        found.update(read)
    return found


def rules_text(data: BoardInput, name: str) -> str:
    """The rules text of the card named ``name`` in the reader's game, read once per board for every card the
    reader's view names (``data.names``)."""
    texts = data.__dict__.get(MEMO)
    if texts is None:
        game = data.match.game if data.match is not None else ""
        texts = rules_texts(game, data.names.values()) if game else {}
        data.__dict__[MEMO] = texts
    return texts.get(name, "")
