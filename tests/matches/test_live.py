"""The live push computes and sends views only for the groups someone listens on (issue 14: a bot match nobody
watches cost three full views through Redis an action)."""

from __future__ import annotations

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
    cache.clear()
    layer, computed = Recorder(), []
    views = selectors.match_views
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(live, "match_views", lambda **kw: computed.append(kw["seats"]) or views(**kw))
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match.refresh_from_db()
    live.push_views(Match.objects.get(pk=match.pk))
    assert computed == [] and layer.groups == []  # nobody listens: nothing computed, nothing sent
    live.mark_watched(match.pk, None)
    live.mark_watched(match.pk, "dark")
    live.push_views(Match.objects.get(pk=match.pk))
    assert computed == [["dark", None]]
    assert sorted(layer.groups) == sorted([live.group_name(match.pk, "dark"), live.group_name(match.pk, None)])
