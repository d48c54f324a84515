"""How a match is stored: the static card table once per match, the small state per action."""

from __future__ import annotations

import pytest

from matches import models
from matches.models import Match, Submission
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
