"""Per-seat view deltas (issue 14 "one spectator view plus small per-seat deltas"): ``matches.viewdelta`` and the
WebSocket consumer that rebuilds a seat's view from the spectators' view and its delta."""

from __future__ import annotations

import asyncio
import copy
import json

import pytest
from channels.layers import InMemoryChannelLayer
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from bench import engine as engine_bench
from matches.consumers import MatchConsumer
from matches.live import push_views
from matches.models import Match
from matches.selectors import match_view
from matches.services import match_challenge, match_join
from matches.viewdelta import diff, patch
from referee import registry
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine, views_of
from referee.engine.rng import seed_from_int

from .conftest import run_off_thread, site_socket


def _wire(value):
    """As the value arrives after the channel layer (JSON-compatible, no shared objects)."""
    return json.loads(json.dumps(value))


SETUPS = {code: (lambda code=code: engine_bench.sample_setup(code)) for code in registry.codes()}


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_a_seat_view_is_the_spectators_view_with_its_delta_over_whole_games(game):
    """At every decision of two random games: the rebuilt view equals the seat's own view exactly, the
    spectators' view is left unchanged, and a delta is under half a whole view's bytes (what it holds is the
    seat's own cards: its hand and their faces)."""
    engine, setup = get_engine(game), SETUPS[game]()
    full_bytes = delta_bytes = checked = 0
    for seed in (3, 4):
        bots = {seat: make_bot("random", seed + n) for n, seat in enumerate(setup.seats)}
        state, _ = engine.new_game({}, setup.decks_for(seed), RngSeed(seed_from_int(seed)))
        while (to_act := engine.to_act(state)) is not None:
            if checked % 3 == 0:
                spectators = engine.view(state, None)
                together = views_of(engine, state, [None, *setup.seats])  # as the push makes them
                assert together[None] == spectators
                for seat in setup.seats:
                    own = engine.view(state, seat)
                    delta = diff(spectators, own)
                    assert together[seat] == own
                    assert diff(together[None], together[seat]) == delta  # shared parts change nothing
                    base = _wire(spectators)
                    before = copy.deepcopy(base)
                    assert patch(base, _wire(delta)) == _wire(own), (game, seed, seat)
                    assert base == before  # patch never changes its base
                    full_bytes += len(json.dumps(own))
                    delta_bytes += len(json.dumps(delta))
            checked += 1
            state, _ = engine.apply(state, bots[to_act](engine, state, to_act, engine.legal_actions(state, to_act)))
    assert delta_bytes < 0.5 * full_bytes, (game, delta_bytes / full_bytes)


def test_iron_leaguer_views_made_together_share_their_public_parts_so_the_delta_walks_only_the_rest():
    """The live push makes the spectators' and the seats' views together (``views_of``): the line-ups, strays,
    retired, technique zones and RNG are one object in all of them, so ``diff`` passes over them unwalked; each
    view is still equal to the one made alone."""
    engine, setup = get_engine("iron_leaguer"), SETUPS["iron_leaguer"]()
    state, _ = engine.new_game({}, setup.decks_for(5), RngSeed(seed_from_int(5)))
    views = views_of(engine, state, [None, "silver", "dark"])
    for part in ("teams", "strays", "retired", "tech", "rng"):
        assert views["silver"][part] is views[None][part] is views["dark"][part], part
    for seat in (None, "silver", "dark"):
        assert views[seat] == engine.view(state, seat)
    paths = [op["path"] for op in diff(views[None], views["silver"])]
    assert paths and all(path.split("/")[1] in ("seat", "hands", "cards") for path in paths), paths
    with pytest.raises(ValueError, match="seat must be"):
        views_of(engine, state, ["nobody"])


SHARED_PARTS = {  # game -> what every seat's view of a state shares with the spectators' (a path of keys)
    "legions": [("rng",), ("players", "p1", "lanes"), ("players", "p2", "lord"), ("players", "p1", "wz")],
    "riders_legend": [("rng",), ("players", "p1", "justice"), ("players", "p2", "battle"),
                      ("players", "p1", "graveyard")],
}


@pytest.mark.parametrize("game", sorted(SHARED_PARTS))
def test_legions_and_riders_legend_views_made_together_share_their_public_parts(game):
    """As for Iron Leaguer: the views made together are the views made alone, their units (characters),
    zones and RNG one object, and each visible card's data one copy for every view."""
    engine, setup = get_engine(game), SETUPS[game]()
    state, _ = engine.new_game({}, setup.decks_for(6), RngSeed(seed_from_int(6)))
    bot = make_bot("random", 6)
    for _ in range(40):  # into the game: units on the field
        seat = engine.to_act(state)
        state, _ = engine.apply(state, bot(engine, state, seat, engine.legal_actions(state, seat)))
    seats = [None, *setup.seats]
    views = views_of(engine, state, seats)
    for seat in seats:
        assert views[seat] == engine.view(state, seat)
    for path in SHARED_PARTS[game]:
        found = []
        for seat in seats:
            node = views[seat]
            for key in path:
                node = node[key]
            found.append(node)
        assert all(part is found[0] for part in found), path
    common = set(views[None]["cards"]) & set(views[setup.seats[0]]["cards"])
    assert common and all(views[None]["cards"][c] is views[setup.seats[0]]["cards"][c] for c in common)
    with pytest.raises(ValueError, match="seat must be"):
        views_of(engine, state, ["nobody"])


def test_diff_skips_equal_parts_and_escapes_only_the_keys_that_need_it():
    """Equal scalars and shared objects give no op; a key with ``/`` or ``~`` is escaped (RFC 6901), others
    are written as they are."""
    shared = {"deep": [1, 2, {"x": "y"}]}
    assert diff({"a": shared, "b": 1, "c": "s"}, {"a": shared, "b": 1, "c": "s"}) == []
    assert diff({"a/b": 1, "~": 1, "k": 1}, {"a/b": 2, "~": 2, "k": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2},
        {"op": "replace", "path": "/~0", "value": 2},
        {"op": "replace", "path": "/k", "value": 2},
    ]
    assert diff({"n": 1}, {"n": True}) == [{"op": "replace", "path": "/n", "value": True}]  # 1 == True, not alike
    assert diff([1.0], [1]) == [{"op": "replace", "path": "/0", "value": 1}]


def test_diff_and_patch_handle_every_kind_of_change_and_escaped_keys():
    base = {"a/b": 1, "t~": [1, 2, 3], "gone": True, "same": {"x": [1]}, "n": None, "list": [1, 2]}
    target = {"a/b": 2, "t~": [1, 5, 3], "new": {"k": None}, "same": {"x": [1]}, "n": 0, "list": [1]}
    ops = diff(base, target)
    assert {op["path"] for op in ops} == {"/a~1b", "/t~0/1", "/new", "/gone", "/n", "/list"}
    assert patch(base, ops) == target
    assert diff(target, target) == [] and patch(base, []) is base
    assert diff(1, True) == [{"op": "replace", "path": "", "value": True}]  # 1 == True, yet not the same value


@pytest.mark.parametrize("ops, message", [
    ([{"op": "move", "path": "/a"}], "delta op 0"),
    ([{"op": "replace", "path": "/a", "value": 1}, {"op": "remove", "path": "/nowhere/x"}], "delta op 1: remove"),
    ([{"op": "replace", "path": "/list/9", "value": 1}], "no such place"),
    ([{"op": "remove", "path": ""}], "whole view"),
])
def test_a_delta_that_does_not_fit_the_view_is_refused_with_the_op_named(ops, message):
    with pytest.raises(ValueError, match=message):
        patch({"a": 0, "list": [1]}, ops)


class _Recording(MatchConsumer):
    """The consumer's handlers without a socket: what it would send its client."""

    def __init__(self, seat):
        self.match_id, self.seat, self.base, self.delta, self.out = 1, seat, None, None, []

    async def send_json(self, content, close=False):
        self.out.append(content)


@pytest.mark.django_db
def test_a_seat_consumer_sends_one_rebuilt_view_per_push_whichever_message_comes_first(monkeypatch):
    monkeypatch.setattr("matches.consumers.mark_watched", lambda *args: None)
    spectators, own = {"seat": None, "hand": 3, "v": 1}, {"seat": "dark", "hand": ["c1", "c2", "c3"], "v": 1}
    view = {"type": "match.view", "push": "p1", "view": spectators}
    delta = {"type": "match.delta", "push": "p1", "version": 1, "delta": diff(spectators, own)}
    for first, second in ((view, delta), (delta, view)):
        consumer = _Recording("dark")
        for message in (first, second):
            asyncio.run(getattr(consumer, message["type"].replace(".", "_"))(message))
        assert consumer.out == [{"type": "view", "view": own}]
    consumer = _Recording("dark")  # a delta of another push never meets this base
    asyncio.run(consumer.match_view(view))
    asyncio.run(consumer.match_delta({**delta, "push": "p2"}))
    assert consumer.out == []
    spectator = _Recording(None)
    asyncio.run(spectator.match_view(view))
    assert spectator.out == [{"type": "view", "view": spectators}]


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
@pytest.mark.django_db(transaction=True)
def test_players_and_a_spectator_on_websockets_each_receive_their_own_whole_view(seeded, users, monkeypatch):
    """Through the consumer and a channel layer: after a push each client holds exactly the view the API gives
    its reader (its own hand and legal actions; a spectator's hidden counts), and the seats' private parts
    travelled only on their own groups."""
    layer = InMemoryChannelLayer()
    sent: list[tuple[str, dict]] = []
    original = layer.group_send

    async def recording(group, message):
        sent.append((group, message))
        await original(group, message)

    layer.group_send = recording
    monkeypatch.setattr("matches.live.get_channel_layer", lambda: layer)
    monkeypatch.setattr("channels.layers.channel_layers", {"default": layer})
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])

    from channels.db import database_sync_to_async

    async def scenario():
        clients = {}
        for reader, user in (("dark", users[0]), ("silver", users[1]), (None, None)):
            communicator = WebsocketCommunicator(MatchConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
            communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
            if user is not None:
                communicator.scope["user"] = user
            assert (await communicator.connect())[0]
            await communicator.receive_json_from(timeout=5)  # the view on connecting
            clients[reader] = communicator
        await database_sync_to_async(push_views)(Match.objects.get(pk=match.pk))
        received = {reader: await c.receive_json_from(timeout=5) for reader, c in clients.items()}
        for communicator in clients.values():
            assert await communicator.receive_nothing(timeout=0.2)  # one view per push, no more
            await communicator.disconnect()
        return received

    received = run_off_thread(scenario())
    match = Match.objects.get(pk=match.pk)
    for reader in ("dark", "silver", None):
        assert received[reader]["view"] == _wire(match_view(match=match, seat=reader)), reader
    groups = {group: message["type"] for group, message in sent}
    assert groups == {f"match-{match.pk}-spectators": "match.view", f"match-{match.pk}-dark": "match.delta",
                      f"match-{match.pk}-silver": "match.delta"}
    hands = match.state["hands"]
    for group, message in sent:
        for seat, hand in hands.items():
            if not group.endswith(seat):  # another reader's group never carries this seat's cards
                assert not set(hand) & set(json.dumps(message).split('"')), (group, seat)


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/matches/999999/", "/ws/matches/abc/", "/ws/matches/-1/", "/ws/nothing/"])
def test_a_websocket_to_no_match_is_closed_with_4404(path):
    """Found by acceptance testing: a missing match answered 403 like a foreign origin, and other paths 500."""
    async def scenario():
        communicator = site_socket(path)
        connected, _ = await communicator.connect()
        closed = await communicator.receive_output(timeout=5)
        await communicator.wait()
        return connected, closed

    connected, closed = run_off_thread(scenario())
    assert connected and closed == {"type": "websocket.close", "code": 4404}


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
@pytest.mark.django_db(transaction=True)
def test_a_frame_from_the_client_is_ignored_and_the_socket_stays_open(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")

    async def scenario():
        communicator = site_socket(f"/ws/matches/{match.pk}/")
        assert (await communicator.connect())[0]
        await communicator.receive_json_from(timeout=5)
        await communicator.send_to(text_data="not json {")
        await communicator.send_to(bytes_data=b"\x00\x01")
        quiet = await communicator.receive_nothing(timeout=0.3)
        await communicator.disconnect()
        return quiet

    assert run_off_thread(scenario())
