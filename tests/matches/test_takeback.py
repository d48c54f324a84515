"""Issue 27, point 4: takebacks in casual matches — a player takes back their last decision until new hidden
information appears; the other player accepts or declines, a bot accepts; never in a rated match; the log keeps
the decision and the takeback, and the finished match's log still replays."""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from matches.adapters import engine_decks
from matches.boards import build_board, presenter_for, replay_steps
from matches.errors import Conflict
from matches.models import Match
from matches.selectors import match_log, match_replay_log, match_view
from matches.services import (
    SeatSpec,
    match_create,
    match_resign,
    match_submit_action,
    match_takeback,
    match_takeback_decline,
)
from matches.services.seat_decks import deck_for_seat
from matches.services.takeback import takeback_problem
from referee.engine.replay import replay
from referee.engine.rng import seed_from_int

SEATS = {"iron_leaguer": ("dark", "silver"), "legions": ("p1", "p2"), "riders_legend": ("p1", "p2")}
GAMES = tuple(SEATS)


def _decks(game: str, seats: list[SeatSpec]) -> tuple[list[SeatSpec], dict]:
    """The seats with the standard or sample deck of each, and the engine's decks (as a challenge makes them)."""
    kept = {s.seat: deck_for_seat(game=game, format_code="", text="", seat=s.seat) for s in seats}
    return ([SeatSpec(s.seat, user_id=s.user_id, bot=s.bot, deck=kept[s.seat]) for s in seats],
            engine_decks(game, kept))


def _match(game: str, me, other=None, *, seed: int = 7, rated: bool = False) -> Match:
    """A seeded match of ``game``: ``me`` in the first seat (to act first), ``other`` (a user) or a greedy bot in
    the second."""
    first, second = SEATS[game]
    seats = [SeatSpec(first, user_id=me.pk),
             SeatSpec(second, user_id=other.pk) if other else SeatSpec(second, bot="greedy")]
    seats, decks = _decks(game, seats)
    config = {} if game == "iron_leaguer" else {"first": first}
    match = match_create(game=game, seats=seats, config=config, decks=decks, seed=seed_from_int(seed))
    if rated:
        match.config = {**match.config, "rated": True}
        match.save(update_fields=["config"])
    return Match.objects.get(pk=match.pk)


def _fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def _act(match: Match, user, seat: str, action: dict) -> Match:
    submission, _ = match_submit_action(match_id=match.pk, user=user, action=action, expected_version=match.version,
                                        idempotency_key=f"{seat}-{match.version}")
    assert _fresh(match).version > match.version, submission.error
    return _fresh(match)


def _first(match: Match, seat: str) -> dict:
    return match_view(match=match, seat=seat)["legal_actions"][0]


def _why(exc: Conflict) -> str:
    return exc.details[0]["code"]


@pytest.mark.parametrize("game", GAMES)
def test_a_decision_against_a_bot_is_taken_back_and_the_replay_still_verifies(game, seeded, users):
    me = users[0]
    seat = SEATS[game][0]
    match = _match(game, me)
    for _ in range(30):  # the first decision the log shows (a declined card change shows nothing) and that
        # shows no new hidden information (IL: a stack declared face down; Legions: not the first turn's unlock,
        # after which the turn ends and the bot draws)
        before_state, before_version = copy.deepcopy(match.state), match.version
        match = _act(match, me, seat, _first(match, seat))
        if match.events.filter(version=before_version + 1).exists() and not takeback_problem(match, seat)[2]:
            break
    assert match.state != before_state and not takeback_problem(match, seat)[2]

    match, done = match_takeback(match_id=match.pk, user=me)

    assert done
    match = _fresh(match)
    assert match.state == before_state  # the engine state exactly as before the decision
    assert match.version > before_version + 1 and match.to_act == seat  # versions only grow
    assert match.taken_back == [(before_version + 1, match.version - 1)]
    log = match_log(match=match, seat=seat)
    taken = [e for e in log if before_version < e["version"] < match.version]
    assert taken and all(e.get("taken_back") for e in taken)  # the decision stays in the log, marked
    assert not any(e.get("taken_back") for e in log if e["version"] <= before_version)
    takeback = log[-1]
    assert takeback["kind"] == "takeback" and takeback["to"] == []
    assert takeback["data"] == {"seat": seat, "accepted_by": SEATS[game][1], "first": before_version + 1,
                                "last": match.version - 1}  # the bot accepted at once
    board = build_board(match, seat=seat)
    texts = [line.text for line in board.log + board.ruling]
    assert any(t.startswith("(taken back)") for t in texts)
    assert any("took back their last decision" in t for t in texts)

    match = _act(match, me, seat, _first(match, seat))  # the game goes on from the rewound state
    match_resign(match_id=match.pk, user=me)
    match = _fresh(match)
    report = replay(match_replay_log(match=match))
    assert report.ok, (report.where, report.difference)
    log = match_replay_log(match=match)
    assert len(replay_steps(match, log)) == len(log["entries"])


@pytest.mark.parametrize("game", GAMES)
def test_no_takeback_once_hidden_information_has_appeared(game, seeded, users):
    """Playing on until the next decision would show new hidden information (a draw, a die, a shuffle, a card
    turned face up): the takeback is then refused with that reason, and nothing changes."""
    me = users[0]
    seat = SEATS[game][0]
    match = _match(game, me)
    for _ in range(40):
        match = _act(match, me, seat, _first(match, seat))
        if takeback_problem(match, seat)[2]:
            break
    state, version = copy.deepcopy(match.state), match.version
    with pytest.raises(Conflict) as refused:
        match_takeback(match_id=match.pk, user=me)
    assert refused.value.code == "not_allowed" and _why(refused.value) == "hidden_information"
    match = _fresh(match)
    assert (match.state, match.version, match.taken_back) == (state, version, [])
    assert build_board(match, seat=seat).takeback == ""


def test_a_die_alone_makes_it_hidden_information(seeded, users, monkeypatch):
    """IL: the attack's stack assigned, the dice roll. Even without the event kinds that show a card, the RNG's
    counter says a die was rolled since the decision."""
    me = users[0]
    match = _match("iron_leaguer", me)
    match = _act(match, me, "dark", _first(match, "dark"))  # declare
    match = _act(match, me, "dark", _first(match, "dark"))  # assign: the attack is rolled
    presenter = presenter_for("iron_leaguer")
    monkeypatch.setattr(presenter, "reveal_kinds", frozenset())
    monkeypatch.setattr(presenter, "own_secret_kinds", frozenset({"declared", "drawn"}))
    assert takeback_problem(match, "dark")[2] == "hidden_information"


def test_a_stack_declared_face_down_is_no_new_information(seeded, users):
    """IL 5.2: the declared stack is told to its player only; that private event is their own choice."""
    me = users[0]
    match = _match("iron_leaguer", me)
    match = _act(match, me, "dark", _first(match, "dark"))
    events = match_log(match=match, seat="dark", since=0)
    assert any(e["kind"] == "declared" and e["to"] == ["dark"] for e in events)
    assert takeback_problem(match, "dark")[2] == ""
    assert build_board(match, seat="dark").takeback == "offer"


def test_a_person_asks_the_other_declines_then_accepts(seeded, users):
    me, other = users[0], users[1]
    match = _match("legions", me, other)
    before = copy.deepcopy(match.state)
    match = _act(match, me, "p1", _first(match, "p1"))
    after = copy.deepcopy(match.state)

    match, done = match_takeback(match_id=match.pk, user=me)
    assert not done and _fresh(match).state == after  # waiting for the other player
    assert build_board(_fresh(match), seat="p1").takeback == "waiting"
    assert build_board(_fresh(match), seat="p2").takeback == "answer"
    assert match_takeback(match_id=match.pk, user=me)[1] is False  # asking again changes nothing

    match_takeback_decline(match_id=match.pk, user=other)
    match = _fresh(match)
    assert match.state == after and match.takeback == {} and match.taken_back == []
    assert build_board(match, seat="p2").takeback == ""
    told = build_board(match, seat="p1")  # the request's player is told, and may ask again
    assert told.takeback_declined and told.takeback == "offer"
    assert not build_board(match, seat="p2").takeback_declined
    with pytest.raises(Conflict) as nothing:
        match_takeback_decline(match_id=match.pk, user=other)
    assert nothing.value.code == "no_takeback"

    match_takeback(match_id=match.pk, user=me)
    match, done = match_takeback(match_id=match.pk, user=other)  # the other player accepts
    assert done
    match = _fresh(match)
    assert match.state == before and match.takeback == {}
    assert match_log(match=match, seat="p2")[-1]["data"]["accepted_by"] == "p2"


def test_an_action_applied_after_the_request_voids_it(seeded, users):
    me, other = users[0], users[1]
    match = _match("legions", me, other)
    match = _act(match, me, "p1", _first(match, "p1"))
    match_takeback(match_id=match.pk, user=me)
    assert _fresh(match).takeback
    match = _act(_fresh(match), me, "p1", _first(match, "p1"))
    assert match.takeback == {}


def test_no_takeback_in_a_rated_match(seeded, users):
    me = users[0]
    match = _match("legions", me, rated=True)
    match = _act(match, me, "p1", _first(match, "p1"))
    with pytest.raises(Conflict) as refused:
        match_takeback(match_id=match.pk, user=me)
    assert _why(refused.value) == "rated"
    assert build_board(match, seat="p1").takeback == ""


def test_no_takeback_without_a_decision_of_ones_own(seeded, users):
    me = users[0]
    match = _match("legions", me)
    with pytest.raises(Conflict) as refused:
        match_takeback(match_id=match.pk, user=me)
    assert _why(refused.value) == "no_decision"


def _api(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_api_takes_back_asks_declines_and_says_why_not(seeded, users):
    me, other = users[0], users[1]
    match = _match("legions", me, other)
    url = f"/api/matches/{match.pk}/takeback/"
    refused = _api(me).post(url)
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "not_allowed" and error["details"][0]["code"] == "no_decision"

    match = _act(match, me, "p1", _first(match, "p1"))
    asked = _api(me).post(url)
    assert (asked.status_code, asked.json()) == (202, {"offered": True})
    waiting = _api(other).get(f"/api/matches/{match.pk}/")
    assert waiting.json()["takeback"] == {"offered_by": "p1"} and waiting.json()["taken_back"] == []
    declined = _api(other).post(url + "decline/")
    assert declined.status_code == 200 and declined.json()["version"] == match.version
    assert _api(other).post(url + "decline/").json()["error"]["code"] == "no_takeback"

    assert _api(me).post(url).status_code == 202
    accepted = _api(other).post(url)
    assert accepted.status_code == 200 and accepted.json()["version"] == match.version + 1
    assert accepted.json()["takeback"] is None and accepted.json()["taken_back"] == [[1, 1]]
    events = _api(me).get(f"/api/matches/{match.pk}/log/").json()["events"]
    assert events[-1]["kind"] == "takeback" and all(e.get("taken_back") for e in events if e["version"] == 1)
    assert _api(users[2]).post(url).status_code == 403


def test_the_board_buttons_take_back_against_a_bot(seeded, users):
    me = users[0]
    match = _match("legions", me)
    before = copy.deepcopy(match.state)
    match = _act(match, me, "p1", _first(match, "p1"))
    client = _api(me)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-takeback="offer"' in page and "Take back" in page
    response = client.post(f"/matches/{match.pk}/takeback/", follow=True)
    assert "Your last decision was taken back." in response.content.decode()
    assert _fresh(match).state == before


def test_both_boards_are_pushed_when_asked_declined_and_taken_back(seeded, users, monkeypatch):
    from matches import live

    pushed = []
    monkeypatch.setattr(live, "push_views", lambda match, **kwargs: pushed.append(Match.objects.get(pk=match.pk)))
    me, other = users[0], users[1]
    match = _match("legions", me, other)
    match = _act(match, me, "p1", _first(match, "p1"))
    pushed.clear()
    match_takeback(match_id=match.pk, user=me)
    assert [m.takeback.get("offered_by") for m in pushed] == ["p1"]
    match_takeback_decline(match_id=match.pk, user=other)
    assert pushed[-1].takeback == {} and len(pushed) == 2
    match_takeback(match_id=match.pk, user=me)
    match_takeback(match_id=match.pk, user=other)
    assert pushed[-1].version == match.version + 1  # the rewound version, as after an action


@pytest.mark.parametrize(("game", "event", "shown"), [
    ("iron_leaguer", {"kind": "attack", "clause": "6.2/6.3/6.4"}, True),
    ("iron_leaguer", {"kind": "declared", "clause": "5.2"}, False),
    ("iron_leaguer", {"kind": "newcomer", "clause": ""}, True),  # off the IL deck at the interval
    ("legions", {"kind": "place", "clause": "スタンバイカードについて/M2"}, True),  # a standby minion played
    ("legions", {"kind": "deploy", "clause": "スタンバイカードについて/M4"}, True),
    ("legions", {"kind": "place", "clause": "ミニオンカード/M6"}, False),  # from the hand: the decision itself
    ("riders_legend", {"kind": "reveal", "clause": "捜査/B7"}, True),
    ("riders_legend", {"kind": "place_mission", "clause": ""}, False),
])
def test_each_game_names_the_events_that_turn_a_card_face_up(game, event, shown):
    assert presenter_for(game).reveals(event) is shown


def test_the_rewound_decision_gets_a_fresh_deadline_and_the_seat_to_act(seeded, users):
    me = users[0]
    match = _match("legions", me)
    Match.objects.filter(pk=match.pk).update(decision_seconds=60)
    match = _act(_fresh(match), me, "p1", _first(match, "p1"))
    Match.objects.filter(pk=match.pk).update(deadline_at=None, to_act="", moved_at=None)
    match_takeback(match_id=match.pk, user=me)
    match = _fresh(match)
    assert match.to_act == "p1" and match.deadline_at is not None and match.moved_at is not None


def test_between_people_the_board_asks_the_other_who_accepts_in_japanese(seeded, users):
    me, other = users[0], users[1]
    match = _match("legions", me, other)
    before = copy.deepcopy(match.state)
    match = _act(match, me, "p1", _first(match, "p1"))
    mine, theirs = _api(me), _api(other)
    asked = mine.post(f"/matches/{match.pk}/takeback/", follow=True).content.decode()
    assert "Takeback asked: it happens when your opponent accepts." in asked and 'data-takeback="waiting"' in asked
    theirs.cookies["django_language"] = "ja"
    page = theirs.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-takeback="answer"' in page and "取り消しを認める" in page and "取り消しを断る" in page
    accepted = theirs.post(f"/matches/{match.pk}/takeback/", follow=True).content.decode()
    assert "取り消しを認めました" in accepted
    assert _fresh(match).state == before


def test_the_replay_page_of_a_match_with_a_takeback_shows_the_game_as_it_counts(seeded, users):
    me = users[0]
    match = _match("legions", me)
    match = _act(match, me, "p1", _first(match, "p1"))
    match_takeback(match_id=match.pk, user=me)
    match = _act(_fresh(match), me, "p1", _first(_fresh(match), "p1"))
    match_resign(match_id=match.pk, user=me)
    page = _api(me).get(f"/matches/{match.pk}/replay/", {"all": "1"})
    assert page.status_code == 200
    log = match_replay_log(match=_fresh(match))
    assert len(log["entries"]) == match.submissions.filter(status="applied").count() - 1  # the one taken back


def test_a_card_the_requester_had_not_seen_is_hidden_information_without_any_event_saying_so(seeded, users,
                                                                                              monkeypatch):
    """IL interval: Dark's refill leads to the newcomers, three ILs off the IL deck that Dark's view had never
    shown. With no event kind counted as showing a card, the view before and after the decision still tells."""
    me, other = users[0], users[1]
    match = _match("iron_leaguer", me, other)
    players = {"dark": me, "silver": other}
    for _ in range(28):  # Dark takes its last choice, Silver its first
        seat = match.to_act
        actions = match_view(match=match, seat=seat)["legal_actions"]
        match = _act(match, players[seat], seat, actions[-1 if seat == "dark" else 0])
    assert match.events.filter(kind="newcomer", version=match.version).exists()
    presenter = presenter_for("iron_leaguer")
    monkeypatch.setattr(presenter, "reveal_kinds", frozenset())
    assert takeback_problem(match, "dark")[2] == "hidden_information"
