"""The live push computes and sends views only for the groups someone listens on (issue 14: a bot match nobody
watches cost three full views through Redis an action)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.layers import InMemoryChannelLayer
from django.core.cache import cache

from matches import live, selectors
from matches.models import Match
from matches.services import match_challenge

pytestmark = pytest.mark.django_db(transaction=True)


class Recorder(InMemoryChannelLayer):
    def __init__(self):
        super().__init__()
        self.groups: list[str] = []

    async def group_send(self, group, message):
        self.groups.append(group)
        await super().group_send(group, message)


def test_only_watched_groups_get_a_view_and_none_is_computed_when_nobody_watches(seeded, users, monkeypatch):
    layer, computed = Recorder(), []
    views = selectors.match_views
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(live, "match_views", lambda **kw: computed.append(kw["seats"]) or views(**kw))
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match.refresh_from_db()
    cache.delete_many([live._watch_key(match.pk, seat) for seat in ("dark", "silver", None)])  # never clear():
    # in production and CI the cache is the Redis database of the broker too
    _push(match.pk)
    assert computed == [] and layer.groups == []  # nobody listens: nothing computed, nothing sent
    live.mark_watched(match.pk, None)
    live.mark_watched(match.pk, "dark")
    _push(match.pk)
    assert computed == [[None, "dark"]]  # the spectators' view is every seat's base
    assert sorted(layer.groups) == sorted([live.group_name(match.pk, "dark"), live.group_name(match.pk, None)])
    cache.delete(live._watch_key(match.pk, None))
    layer.groups.clear()
    _push(match.pk)  # a seat alone listens: the base still goes to the spectators' group, which its consumer joins
    assert computed[-1] == [None, "dark"]
    assert sorted(layer.groups) == sorted([live.group_name(match.pk, "dark"), live.group_name(match.pk, None)])


def _push(match_id: int) -> None:
    """``push_views`` in a thread of its own: an earlier browser test may leave an event loop running in this one
    (and async_to_sync refuses to run under it)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(live.push_views, Match.objects.get(pk=match_id)).result(timeout=30)


def test_an_open_board_keeps_its_reader_watched_after_a_long_silence(seeded, users, client):
    """The watch mark is renewed by each delivered push; after a silence longer than WATCH_SECONDS it would be
    gone and the reader's pushes with it. The board's 3-s poll renews it, for the player and a spectator."""
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    keys = [live._watch_key(match.pk, seat) for seat in ("dark", None)]
    cache.delete_many(keys)
    client.force_login(users[0])
    assert client.get(f"/matches/{match.pk}/board/?v=0").status_code in (200, 204)
    assert live.watched_seats(match.pk, ["dark", "silver", None]) == ["dark"]
    client.logout()
    client.get(f"/matches/{match.pk}/board/")
    assert live.watched_seats(match.pk, ["dark", "silver", None]) == ["dark", None]
