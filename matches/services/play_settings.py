"""A player's board settings (issue 27, point 3): saved per game, and applied at once to the decision of theirs
that is now pending in a match, if the new settings answer it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from referee.engine import get_engine

from ..errors import BadRequest
from ..models import Match, PlaySettings
from .autoplay import play_for_people
from .locking import locked_for_play
from .progress import append_events, store_progress


def save_play_settings(*, user, game: str, chosen: dict, presenter, match_id: int | None = None) -> dict:
    """Keep ``chosen`` (decision kind -> choice code) for ``user`` and ``game``, each checked against
    ``presenter.settings``; returns what was saved. With ``match_id``, a match of the user's in play goes on at
    once when the new settings answer the decision pending there. BadRequest ``bad_setting`` names a kind or
    choice the game does not offer."""
    offered = {s.kind: {code for code, _ in s.choices} for s in presenter.settings}
    for kind, code in chosen.items():
        if kind not in offered or code not in offered[kind]:
            raise BadRequest(f"setting {kind!r}: {code!r} is not one of the game's choices", code="bad_setting")
    with transaction.atomic():
        PlaySettings.objects.update_or_create(user=user, game=game, defaults={"data": dict(chosen)})
        PlaySettings.remember(user.pk, game, chosen)  # read at once below, and by every worker from now on
        if match_id is not None:
            match = locked_for_play(match_id)
            if match.game == game and match.status == Match.Status.ACTIVE:
                engine = get_engine(game)
                now = timezone.now()
                state, version, seq = play_for_people(match, engine, match.state, match.version, match.next_seq,
                                                      now, append_events=append_events)
                if version != match.version:
                    store_progress(match, engine, state=state, version=version, seq=seq, now=now, seats=None,
                                   moved=True)
    return dict(chosen)
