"""Issue 27, point 3: no rote decisions. A decision with one legal action is made for the person to act; the
bookkeeping their settings answer (Iron Leaguer growth splits, the ILs who use a technique, releases) is made by
the rule they chose; each is stored as that player's applied decision and said so in the log; "ask" gives it back."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from matches.boards import build_board
from matches.models import Match, PlaySettings, Submission
from matches.services import match_challenge, match_submit_action, save_play_settings
from matches.services.autoplay import MAX_IN_A_ROW
from matches.views import presenter_for
from referee.engine import encode, get_engine
from referee.games.iron_leaguer.bot import greedy_score

ENGINE = get_engine("iron_leaguer")


@pytest.fixture
def person(transactional_db, seeded):
    return get_user_model().objects.create_user("silvia", password="pw-Shinpan-123")


def _play_as_person(match: Match, user, seat: str, limit: int = 5000) -> Match:
    """Play ``seat`` as a person accepting the referee's defaults would, choosing the greedy judgement's first
    choice at every decision the board asks, until the end."""
    for step in range(limit):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            return match
        assert ENGINE.to_act(match.state) == seat, "the bot's turn did not end before the person's"
        actions = ENGINE.legal_actions(match.state, seat)
        assert len(actions) > 1, "a single legal action was asked of a person"
        action = max(actions, key=lambda a: greedy_score(match.state, a))
        match_submit_action(match_id=match.pk, user=user, action=encode(action), expected_version=match.version,
                            idempotency_key=f"p{step}")
    raise AssertionError("the match did not end")


SEEDS = (1, 2, 3, 4, 5, 26, 27)


@pytest.mark.slow
def test_whole_iron_leaguer_matches_against_a_bot_ask_a_person_about_150_decisions(person, monkeypatch):
    """The issue's target, measured: a person accepting the defaults in full Iron Leaguer matches against the
    greedy bot (each match's secret seed fixed, so the dice and the bot's choices are the same on every run).
    Printed per match; 424 before issue 27. Every match is held at the target of 150 (docs/boards.md "Decisions
    made for a player")."""
    asked = []
    for seed in SEEDS:
        monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n, s=seed: bytes([s]) * n)
        match = match_challenge(user=person, game="iron_leaguer", seat="silver", opponent="greedy")
        match = _play_as_person(match, person, "silver")
        sources = list(Submission.objects.filter(match=match, seat="silver", status="applied")
                       .values_list("source", flat=True))
        asked.append(sources.count("player"))
        print(f"Iron Leaguer seed {seed}: {asked[-1]} decisions asked of the person, "
              f"{sources.count('setting')} made by the default settings, {sources.count('forced')} forced")
        assert sources.count("setting") > 0
    print(f"median {sorted(asked)[len(asked) // 2]}, most {max(asked)} of {len(asked)} matches")
    assert max(asked) <= 150


def test_a_setting_of_ask_gives_the_decision_back_and_the_log_says_what_was_made_for_the_player(person, monkeypatch):
    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([7]) * n)
    PlaySettings.objects.create(user=person, game="iron_leaguer", data={"growth": "ask", "assign": "ask"})
    match = match_challenge(user=person, game="iron_leaguer", seat="silver", opponent="greedy")
    for step in range(400):
        match = Match.objects.get(pk=match.pk)
        kind = match.state["pending"]["kind"]
        if kind in ("assign", "growth"):
            break  # the board asks: "ask" leaves it to the person
        actions = ENGINE.legal_actions(match.state, "silver")
        action = max(actions, key=lambda a: greedy_score(match.state, a))
        match_submit_action(match_id=match.pk, user=person, action=encode(action), expected_version=match.version,
                            idempotency_key=f"p{step}")
    assert kind in ("assign", "growth")
    assert not Submission.objects.filter(match=match, source="setting").exists()
    presenter = presenter_for("iron_leaguer")
    save_play_settings(user=person, game="iron_leaguer", chosen={"growth": "one", "assign": "suggested"},
                       presenter=presenter, match_id=match.pk)  # applied at once to the decision pending
    pending_at = match.version
    match = Match.objects.get(pk=match.pk)
    made = Submission.objects.filter(match=match, source="setting").order_by("applied_version").first()
    assert made is not None and made.expected_version == pending_at  # the decision that was waiting
    assert made.action["type"] in ("assign", "add_half", "growth_split") and match.version > pending_at
    board = build_board(match, seat="silver")
    lines = [line.text for line in (*board.ruling, *board.log)]
    assert any(text.startswith("(by setting) ") for text in lines)


def test_a_bad_setting_is_refused_and_nothing_is_saved(person):
    from matches.errors import BadRequest

    with pytest.raises(BadRequest):
        save_play_settings(user=person, game="iron_leaguer", chosen={"growth": "all_of_them"},
                           presenter=presenter_for("iron_leaguer"))
    assert not PlaySettings.objects.exists() and MAX_IN_A_ROW > 0


@pytest.mark.parametrize("setting", ["ask", "keep"])
def test_a_legions_player_may_leave_the_card_change_to_the_referee(person, monkeypatch, setting):
    """Legions A5: the card change is offered in every draw phase; "keep" declines it for the player each time."""
    legions = get_engine("legions")
    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([5]) * n)
    PlaySettings.objects.create(user=person, game="legions", data={"card_change": setting})
    match = match_challenge(user=person, game="legions", seat="p1", opponent="greedy")
    asked = []
    for step in range(60):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE or match.state["turn"] > 6:
            break
        kind = match.state["pending"]["kind"]
        asked.append(kind)
        actions = legions.legal_actions(match.state, "p1")
        action = next((a for a in actions if a.type in ("no_card_change", "end_turn", "no_block")), actions[0])
        match_submit_action(match_id=match.pk, user=person, action=encode(action), expected_version=match.version,
                            idempotency_key=f"p{step}")
    made = Submission.objects.filter(match=match, seat="p1", source="setting")
    if setting == "keep":
        assert "card_change" not in asked and made.filter(action__type="no_card_change").count() >= 2
        lines = [line.text for line in build_board(match, seat="p1").log]
        assert any(text.startswith("(by setting) ") for text in lines) or made.exists()
    else:
        assert "card_change" in asked and not made.exists()
