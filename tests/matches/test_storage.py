"""How a match is stored: the static card table once per match, the small state per action."""

from __future__ import annotations

import pytest

from matches import models, rows
from matches.models import PLAY_FIELDS, Match, Submission
from matches.selectors import match_views
from matches.services import match_challenge, match_join
from referee.engine import RngSeed, get_engine

pytestmark = pytest.mark.django_db(transaction=True)

ENGINE = get_engine("iron_leaguer")


def _started(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    return match_join(match_id=match.pk, user=users[1])


def test_the_state_column_holds_no_card_table_and_the_cards_column_holds_it_once(seeded, users):
    match = _started(users)
    stored_state, stored_cards = Match.objects.filter(pk=match.pk).values_list("state", "cards").get()
    assert "cards" not in stored_state
    assert stored_cards == match.state["cards"] and len(stored_cards) > 50


def test_a_loaded_match_has_the_whole_engine_state_even_with_an_empty_card_cache(seeded, users):
    match = _started(users)
    expected, _ = ENGINE.new_game(match.config["engine"], match.config["decks"],
                                  RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy)))
    models._CARDS_CACHE.clear()
    assert Match.objects.live().get(pk=match.pk).state == expected
    assert Match.objects.live().get(pk=match.pk).state == expected  # the second load comes from the cache



def test_matches_of_one_card_pool_share_one_card_table_object_once_loaded(seeded, users):
    # issue 14: the engines find what they work out from the cards by the table's identity; a table per match
    # made a worker compare 150 cards on every action once it adjudicated more matches than that cache keeps
    from referee.games.iron_leaguer.state import derived

    first, second = _started(users), _started(users)
    models._CARDS_CACHE.clear()
    one, two = (Match.objects.live().get(pk=m.pk).state["cards"] for m in (first, second))
    assert one is two and one == first.state["cards"]
    assert derived(one) is derived(two)
    assert Match.objects.live().get(pk=second.pk).state["cards"] is one  # from the per-match cache, still shared


def test_a_match_of_another_card_pool_keeps_a_table_of_its_own(seeded, users):
    first = _started(users)
    models._CARDS_CACHE.clear()
    table = Match.objects.live().get(pk=first.pk).state["cards"]
    other = {**table}
    changed = next(iter(other))
    other[changed] = {**other[changed], "name": "another card"}
    Match.objects.filter(pk=first.pk).update(cards=other)
    models._CARDS_CACHE.clear()
    loaded = Match.objects.live().get(pk=first.pk).state["cards"]
    assert loaded is not table and loaded == other

def test_a_bot_move_leaves_no_pending_submission_behind(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                            autoplay="random")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert not match.submissions.filter(status=Submission.Status.PENDING).exists()
    versions = list(match.submissions.order_by("applied_version").values_list("applied_version", flat=True))
    assert versions == list(range(1, match.version + 1))


def test_only_the_seat_to_act_gets_legal_actions_in_the_views_computed_together(seeded, users):
    match = _started(users)
    to_act = ENGINE.to_act(match.state)
    views = match_views(match=match, seats=["silver", "dark", None])
    assert views[to_act]["legal_actions"]
    assert all(views[seat]["legal_actions"] == [] for seat in views if seat != to_act)
    assert isinstance(views[None]["state"]["hands"]["silver"], int)
    assert isinstance(views["silver"]["state"]["hands"]["silver"], list)


def test_next_seq_follows_the_event_log_through_a_whole_bot_match(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="greedy", autoplay="random")
    match = Match.objects.get(pk=match.pk)
    seqs = list(match.events.values_list("seq", flat=True))
    assert match.version > 0 and seqs == list(range(len(seqs))) and match.next_seq == len(seqs)


def test_the_migration_fills_next_seq_from_the_last_event_of_each_match(seeded, users):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("matches.migrations.0003_match_next_seq")
    started, open_match = _started(users), match_challenge(user=users[2], game="iron_leaguer", seat="dark")
    count = started.events.count()
    Match.objects.update(next_seq=0)
    migration.fill_next_seq(apps, None)
    assert Match.objects.get(pk=started.pk).next_seq == count > 0
    assert Match.objects.get(pk=open_match.pk).next_seq == 0


def test_the_seats_of_a_started_match_are_read_once_per_process(seeded, users, django_assert_num_queries):
    match = Match.objects.get(pk=_started(users).pk)
    first = match.seat_rows()
    reloaded = rows.get_row(Match, match.pk, PLAY_FIELDS)  # as adjudication loads it (without the lock)
    with django_assert_num_queries(0):
        again = reloaded.seat_rows()
    assert again is first and {s.seat: s.user for s in first} == {"dark": users[0], "silver": users[1]}


def test_the_seats_of_an_open_match_are_read_again_so_a_join_shows(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    assert [s.user for s in match.seat_rows()] == [users[0], None]
    match_join(match_id=match.pk, user=users[1])
    assert [s.user for s in Match.objects.get(pk=match.pk).seat_rows()] == [users[0], users[1]]


def test_the_legal_actions_are_listed_once_per_version_and_again_after_the_next(seeded, users, monkeypatch):
    """Issue 14 "the encoded legal actions cached per version": reading the view at one version again (the board
    after a push, the API, polling) lists nothing again; the next version lists afresh; a caller changing its
    view's list changes no other view's."""
    from matches import selectors

    match = _started(users)
    engine = selectors.get_engine(match.game)
    listed = []
    real = engine.legal_actions
    monkeypatch.setattr(engine, "legal_actions", lambda state, seat: listed.append(seat) or real(state, seat))
    to_act = ENGINE.to_act(match.state)
    first = match_views(match=match, seats=[to_act])[to_act]["legal_actions"]
    first.clear()
    again = match_views(match=Match.objects.live().get(pk=match.pk), seats=[to_act, None])[to_act]
    assert listed == [to_act] and again["legal_actions"]
    state, _events = ENGINE.apply(match.state, again["legal_actions"][0])
    Match.objects.filter(pk=match.pk).update(state=state, version=match.version + 1)
    moved = Match.objects.live().get(pk=match.pk)
    seat = ENGINE.to_act(moved.state)
    assert match_views(match=moved, seats=[seat])[seat]["legal_actions"] == [
        selectors.encode(a) for a in real(moved.state, seat)]
    assert listed == [to_act, seat]


def test_the_json_of_a_shared_action_object_is_made_once_and_a_new_object_gets_its_own():
    """``selectors._encoded``: an engine offers one action instance in every list, so its JSON is kept by
    identity; an equal but different object, or one whose id is reused after the first is gone, is encoded
    afresh (the object itself is kept beside its JSON)."""
    from matches import selectors
    from referee.engine import encode
    from referee.games.iron_leaguer.actions import Pass

    first = Pass("dark", "none")
    assert selectors._encoded(first) == encode(first) == {"type": "pass", "seat": "dark", "option": "none", "ils": []}
    assert selectors._encoded(first) is selectors._encoded(first)
    other = Pass("silver", "draw")
    assert selectors._encoded(other) == encode(other)
    selectors._ENCODED[id(other)] = (first, {"stale": True})  # as if ``other`` took a freed object's id
    assert selectors._encoded(other) == encode(other)
