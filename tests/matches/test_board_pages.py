"""The Iron Leaguer board as a player reads it: the prompt, the clocks and what a missed decision does, the
pending state after a click, the last ruling in words with its numbers, and labels (English and Japanese)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils import translation

from matches.boards.iron_leaguer import IronLeaguerPresenter, labels, narration
from matches.models import Match, Submission
from matches.selectors import match_view
from matches.services import match_challenge, match_join, match_submit_action
from matches.views import REPLAY_PAGE
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import play
from referee.engine.rng import seed_from_int
from tests.referee.iron_leaguer.pool import pool

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = get_engine("iron_leaguer")


@pytest.fixture(scope="module")
def game_log():
    """A whole random game on the test pool: (final state, log)."""
    bots = {"silver": make_bot("random", 5), "dark": make_bot("random", 6)}
    return play(ENGINE, {}, {"cards": pool()}, RngSeed(seed_from_int(5)), bots)


def _events(log, kind):
    return [e for entry in log["entries"] for e in entry["events"] if e["kind"] == kind]


def _names(state):
    return IronLeaguerPresenter().names(state)


class _Text(HTMLParser):
    """The page's readable text inside <main>, without the raw events (<pre>), code and scripts."""

    SKIP = {"pre", "code", "script", "style"}

    def __init__(self):
        super().__init__()
        self.depth, self.inside, self.parts = 0, False, []

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.inside = True
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag == "main":
            self.inside = False
        if tag in self.SKIP:
            self.depth -= 1

    def handle_data(self, data):
        if self.inside and not self.depth:
            self.parts.append(data)


def _english_words(html: str, allowed: set[str]) -> set[str]:
    """Latin words in the page's text once the names (cards, ILs, decks, users, the games' Japanese names such as
    仮面ライダーTCG) are taken out; ``IL`` is the game's own term in Japanese too (docs/glossary.md)."""
    from cards.models import Card
    from decks.models import Deck
    from referee import registry

    parser = _Text()
    parser.feed(html)
    text = " ".join(parser.parts)
    from django.contrib.auth import get_user_model

    names = [*Card.objects.values_list("name", flat=True), *Deck.objects.values_list("name", flat=True),
             *get_user_model().objects.values_list("username", flat=True),  # a deck's owner is named in the picker
             *(spec.name_ja for spec in registry.specs())]
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return set(re.findall(r"[A-Za-z_]{2,}", text)) - allowed - {"IL"}


def _match(users, **kwargs) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", **kwargs)
    return match_join(match_id=match.pk, user=users[1])


def _client(user, language="en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


# -- narration ------------------------------------------------------------------------------------------------
def test_an_attack_is_narrated_with_its_value_dice_penalty_and_ap(game_log):
    state, log = game_log
    event = _events(log, "attack")[0]
    data = event["data"]
    with translation.override("en"):
        line = narration.narrate(event, _names(state))
    dice = "+".join(map(str, data["dice"]))
    assert f"attack value {data['attack_value']} − dice {dice} ({sum(data['dice'])})" in line
    assert f"penalty {data['modifier']} = AP {data['ap']}." in line
    assert all(technique in line for technique in data["techniques"])


def test_a_defence_that_holds_says_dp_against_ap(game_log):
    state, log = game_log
    event = _events(log, "defence_succeeded")[0]
    with translation.override("en"):
        line = narration.narrate(event, _names(state))
    assert f"DP {event['data']['dp']} against AP {event['data']['ap']}" in line


def test_a_point_says_who_scored_and_the_score(game_log):
    state, log = game_log
    event = _events(log, "score")[0]
    score = event["data"]["score"]
    with translation.override("ja"):
        line = narration.narrate(event, _names(state))
    assert "得点" in line and f"シルバー{score['silver']} – ダーク{score['dark']}" in line
    assert not re.search(r"[A-Za-z]{2,}", line)


def test_rough_play_and_growth_are_narrated_with_their_checks(game_log):
    state, log = game_log
    rough, growth = _events(log, "rough_play")[0], _events(log, "growth")[0]
    with translation.override("en"):
        rough_line = narration.narrate(rough, _names(state))
        growth_line = narration.narrate(growth, _names(state))
    assert f"= {rough['data']['success_value']}; dice " in rough_line and rough["data"]["target_name"] in rough_line
    assert f"against {growth['data']['value']}" in growth_line and growth["data"]["name"] in growth_line


def test_every_event_kind_of_a_whole_game_has_a_sentence_of_its_own(game_log):
    state, log = game_log
    kinds = {e["kind"] for entry in log["entries"] for e in entry["events"]} | {e["kind"] for e in log["setup_events"]}
    assert kinds <= set(narration.SENTENCES)
    names = _names(state)
    with translation.override("ja"):
        for entry in log["entries"]:
            for event in entry["events"]:
                line = narration.narrate(event, names)
                assert line != narration._("The referee records an event.")
                for name in sorted(names.values(), key=len, reverse=True):  # names may be in any script
                    line = line.replace(name, "")
                assert not re.search(r"[A-Za-z]{2,}", line.replace("SHA", "").replace("IL", "")), line


# -- the board page ---------------------------------------------------------------------------------------------
def test_the_japanese_board_shows_no_code_and_no_english_word(seeded, users):
    match = _match(users)
    page = _client(users[0], "ja").get(f"/matches/{match.pk}/").content.decode()
    assert "後期リーグ" in page and "シルバーキャッスル" in page and "ダークスポーツ財団" in page
    assert _english_words(page, {"IL", "player", "SHA"}) == set()


def test_the_japanese_lobby_and_replay_show_no_code_and_no_english_word(seeded, users):
    finished = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                               autoplay="random")
    client = _client(users[0], "ja")
    lobby = client.get("/matches/").content.decode()
    assert _english_words(lobby, {"IL", "player"}) == set()
    replay = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert "勝ち" in replay and _english_words(replay, {"IL", "SHA", "JSON", "manage", "py", "replay", "FILE"}) == set()


def test_the_prompt_says_whose_turn_and_what_is_asked(seeded, users):
    match = _match(users)  # IL 2.5: Dark attacks first
    mine = _client(users[0]).get(f"/matches/{match.pk}/board/").content.decode()
    theirs = _client(users[1]).get(f"/matches/{match.pk}/board/").content.decode()
    assert ("Your attack: declare a technique (your AP is its attack value minus two dice and your penalty), make a "
            "rough play or pass.") in mine
    assert "Dark Sports holds the attack right and is choosing an attack." in theirs
    assert 'data-stat="score"' in mine and "Silver 0 – Dark 0" in mine and "Late League" in mine


def test_the_clocks_carry_the_deadline_and_what_the_clock_plays_at_an_attack(seeded, users):
    match = _match(users, decision_seconds=60)
    page = _client(users[0]).get(f"/matches/{match.pk}/").content.decode()
    assert f'data-deadline="{match.deadline_at.isoformat()}"' in page
    assert page.count("data-clock ") == 2 and 'data-seat="dark"' in page
    assert "If time runs out, the clock plays: Pass." in page  # IL 6.6.4, engine.default_action


def _assign_step(users) -> Match:
    # the deal is random (the seed is the OS's): a few deals may give Dark no technique to declare at once
    for _attempt in range(30):
        match = _match(users, decision_seconds=60)
        declare = next((a for a in match_view(match=match, seat="dark")["legal_actions"] if a["type"] == "declare"),
                       None)
        if declare is not None:
            break
    else:
        pytest.fail("no deal in 30 gave Dark a technique to declare")
    match_submit_action(match_id=match.pk, user=users[0], action=declare, expected_version=0, idempotency_key="d")
    return Match.objects.get(pk=match.pk)


def test_the_board_says_what_the_clock_plays_when_a_choice_of_ils_times_out(seeded, users):
    from referee.engine import encode

    match = _assign_step(users)
    default = ENGINE.default_action(match.state, "dark")
    page = _client(users[0]).get(f"/matches/{match.pk}/board/").content.decode()
    if default is None:
        assert "If time runs out, Dark Sports loses the game on time." in page
    else:
        from matches.boards import board_input

        presenter, data = board_input(match, "dark")
        label = presenter.describe(encode(default), data)
        assert f"If time runs out, the clock plays: {label}." in page


def test_a_decision_without_a_default_says_the_seat_loses_on_time(seeded, users, monkeypatch):
    from referee.games.iron_leaguer.engine import IronLeaguerEngine

    match = _assign_step(users)
    monkeypatch.setattr(IronLeaguerEngine, "default_action", staticmethod(lambda state, seat: None))
    page = _client(users[0]).get(f"/matches/{match.pk}/board/").content.decode()
    assert "If time runs out, Dark Sports loses the game on time." in page


def test_a_match_without_a_clock_says_so(seeded, users):
    page = _client(users[0]).get(f"/matches/{_match(users).pk}/board/").content.decode()
    assert "no clock" in page and "data-deadline=\"\"" in page


def test_a_waiting_submission_shows_as_sent_and_every_button_is_disabled(seeded, users):
    match = _match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    Submission.objects.create(match=match, seat="dark", submitted_by=users[0], idempotency_key="k", action=action,
                              expected_version=match.version)  # as if no worker had ruled on it yet
    page = _client(users[0]).get(f"/matches/{match.pk}/board/").content.decode()
    assert "Sent: " in page and "Waiting for the referee" in page and 'aria-busy="true"' in page
    choices = page[page.index('class="board-choices"'):page.index('class="board-settings')]  # (settings stay usable)
    buttons = re.findall(r"<button[^>]*>", choices)
    assert buttons and all("disabled" in b for b in buttons)


def test_the_board_answers_again_once_a_waiting_submission_is_refused(seeded, users):
    match = _match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    sub = Submission.objects.create(match=match, seat="dark", submitted_by=users[0], idempotency_key="k",
                                    action=action, expected_version=match.version)
    client = _client(users[0])
    key = re.search(r"\?v=([^\"]+)\"", client.get(f"/matches/{match.pk}/board/").content.decode()).group(1)
    assert client.get(f"/matches/{match.pk}/board/?v={key}").status_code == 204
    Submission.objects.filter(pk=sub.pk).update(status="rejected", error={"code": "not_your_turn"})
    again = client.get(f"/matches/{match.pk}/board/?v={key}")
    assert again.status_code == 200 and "It is not your turn." in again.content.decode()


def test_a_stale_click_is_answered_with_a_sentence_not_a_code(seeded, users):
    match = _match(users)
    passing = next(a for a in match_view(match=match, seat="dark")["legal_actions"]
                   if a["type"] == "pass" and a["option"] == "none")
    match_submit_action(match_id=match.pk, user=users[0], action=passing, expected_version=0, idempotency_key="p")
    silver = Match.objects.get(pk=match.pk)
    action = match_view(match=silver, seat="silver")["legal_actions"][0]
    response = _client(users[1], "ja").post(f"/matches/{match.pk}/act/", {
        "action": json.dumps(action), "version": 0, "key": "x"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "あなたの操作が届く前に盤面が進みました。" in page and "stale_version" not in page


def test_the_last_ruling_is_narrated_with_its_clause_on_hover(seeded, users):
    match = _match(users)
    view = match_view(match=match, seat="dark")
    passing = next(a for a in view["legal_actions"] if a["type"] == "pass" and a["option"] == "none")
    match_submit_action(match_id=match.pk, user=users[0], action=passing, expected_version=0, idempotency_key="p")
    page = _client(users[1]).get(f"/matches/{match.pk}/board/").content.decode()
    ruling = page[page.index('id="ruling-heading"'):page.index('id="log-heading"')]
    assert "Dark Sports passes." in ruling and 'title="Rule: IL 6.6.4"' in ruling
    assert "{&quot;" not in ruling and '{"' not in ruling and "log-raw" not in page  # no raw JSON: words only


def test_the_spectator_sees_both_hands_as_backs_and_no_card(seeded, users):
    match = _match(users)
    page = Client().get(f"/matches/{match.pk}/board/").content.decode()
    assert "You are watching as a spectator." in page
    for seat in ("silver", "dark"):
        zone = page[page.index(f'data-zone="hand-{seat}"'):]
        zone = zone[:zone.index("</section>")]
        assert "zone-back" in zone and "zone-card" not in zone


def test_the_replay_names_every_card_once_the_match_is_over(seeded, users):
    finished = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                               autoplay="random")
    client = _client(users[0])
    first = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    shown = first.count('class="replay-step')
    rest = client.get(f"/matches/{finished.pk}/replay/?from={shown}&all=1", HTTP_HX_REQUEST="true").content.decode()
    page = first + rest
    assert "Attack with ?" not in page and ": ?." not in page and "Add ?" not in page
    assert page.count('class="replay-step') == Match.objects.get(pk=finished.pk).version
    assert shown == REPLAY_PAGE and len(first.encode()) <= 150 * 1024  # issue 27, point 7: the first load is small
    assert 'data-replay-more' in first and 'data-replay-more' not in rest and f'data-step="{shown + 1}"' in rest


def test_the_score_strip_stays_during_an_interval_with_the_last_scene_and_the_step():
    seen = []

    def keep(state, action, events):
        if state["interval"] and not seen:
            seen.append(state)

    bots = {"silver": make_bot("random", 7), "dark": make_bot("random", 8)}
    play(ENGINE, {}, {"cards": pool()}, RngSeed(seed_from_int(7)), bots, on_step=keep)
    presenter = IronLeaguerPresenter()
    view = ENGINE.view(seen[0], "silver")
    data = BoardInputFor(view)
    with translation.override("ja"):
        stats = {s.key: str(s.value) for s in presenter.stats(data)}
        winner = labels.seat(seen[0]["results"][-1]["winner"])
        steps = {str(v) for v in labels.INTERVAL_STEPS.values()}
    assert stats["scene"] == "2 / 17" and stats["league"] == "後期リーグ"
    assert stats["score"].startswith(f"{winner}の勝ち") and stats["interval"] in steps


def BoardInputFor(view):  # noqa: N802 - reads as the type it builds
    from matches.boards.presenter import BoardInput

    return BoardInput(match=None, view={"to_act": ENGINE.to_act}, state=view, seat="silver",
                      names=IronLeaguerPresenter().names(view))


def test_an_action_nested_too_deeply_is_refused_with_400_not_an_error_page(seeded, users):
    match = _match(users)
    deep = "[" * 100_000 + "]" * 100_000
    response = _client(users[0]).post(f"/matches/{match.pk}/act/", {"action": deep, "version": 0, "key": "x"})
    assert response.status_code == 400


def test_a_refused_challenge_says_why_in_the_readers_language(seeded, users):
    client = _client(users[0], "ja")
    response = client.post("/matches/new/", {"game": "iron_leaguer", "seat": "purple", "opponent": "open"},
                           follow=True)
    page = response.content.decode()
    assert "ゲームの陣営から選んでください。" in page and "purple" not in page


def test_a_card_no_longer_on_the_board_is_counted_in_the_log_never_shown_as_a_question_mark():
    # Found by the independent tester: a finished match's log said "declares an attack: ?." and "draws ?.".
    from django.utils import translation

    from matches.boards.iron_leaguer.narration import _declared, _drawn

    names = {"t1": "ダッシュ／ディフェンス", "t1:upper": "ダッシュ"}
    with translation.override("en"):
        assert _drawn({"seat": "dark", "cards": ["t1", "gone1", "gone2"]}, names).endswith(
            "ダッシュ／ディフェンス, 2 cards.")
        declared = _declared({"seat": "dark", "mode": "attack", "halves": [["gone", "upper"]]}, names)
        assert "?" not in declared and "a technique" in declared
    with translation.override("ja"):
        assert "?" not in _drawn({"seat": "dark", "cards": ["gone"]}, names)


def test_japanese_sentences_follow_each_other_without_a_space_after_the_full_stop():
    # Found by the independent tester: 「観戦中です。 シルバー…」.
    from matches.boards import sentences

    assert sentences("観戦中です。", "シルバーの番です。") == "観戦中です。シルバーの番です。"
    assert sentences("You are watching.", "Silver to act.") == "You are watching. Silver to act."
    assert sentences("", "Only.") == "Only."


def test_a_finished_replay_is_narrated_once_per_language_and_then_served_from_the_cache(seeded, users, monkeypatch):
    """Issue 27, point 7: a finished match's replay never changes, so its steps are kept (per language)."""
    from django.core.cache import cache

    import matches.views

    cache.clear()
    finished = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                               autoplay="random")
    client = _client(users[0])
    first = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    monkeypatch.setattr(matches.views, "replay_steps", lambda *a: pytest.fail("narrated again"))
    assert client.get(f"/matches/{finished.pk}/replay/?from=60", HTTP_HX_REQUEST="true").status_code == 200
    again = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert again.count('class="replay-step') == first.count('class="replay-step') > 0
    monkeypatch.undo()
    japanese = _client(users[0], "ja").get(f"/matches/{finished.pk}/replay/").content.decode()
    steps = again.count('class="replay-step')
    assert "シルバーキャッスル" in japanese and japanese.count('class="replay-step') == steps
