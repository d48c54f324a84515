"""The admin enters abilities without writing JSON (issue 12, Done when: "The admin enters a new minion with a
keyword and a 配置時 effect, and the next match that uses it applies the effect")."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from cards.ability_forms import BOTH_GIVEN, field_name
from cards.models import Card, CardSet, Game
from matches import adapters
from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.actions import Choose, Unlock
from referee.games.legions.decklist import parse
from tests.referee.legions.conftest import cid, main_phase, put, to_hand

from .forms import card_post, form_errors

ADD_URL = "admin:cards_card_add"
NEW_MINION = "試験の火蜥蜴"
MINION = {"colours": ["black"], "unlock_cost": 1, "atk": 1, "hp": 1, "wt": 1, "keywords": "速攻"}
PING = {"when": "配置時", "effects": [{"effect": "damage", "amount": 1,
                                       "target": {"pick": "choose", "side": "opponent", "units": ["minion"]}}]}


def ab(name: str) -> str:
    return field_name("legions", name)


def rows(**extra) -> dict:
    """Admin form data: 速攻, and 配置時 — deal 1 damage to a chosen opposing minion."""
    return {ab("kw0"): "速攻", ab("tr0_when"): "配置時", ab("tr0_effect"): "damage", ab("tr0_amount"): 1,
            ab("tr0_pick"): "choose", ab("tr0_side"): "opponent", ab("tr0_units"): ["minion"], **extra}


@pytest.fixture
def sets(db):
    games = {code: Game.objects.create(code=code, name=code, name_ja=code)
             for code in ("legions", "riders_legend", "iron_leaguer")}
    return {code: CardSet.objects.create(game=game, code=code[:2].upper() + "01", name="Booster 1")
            for code, game in games.items()}


def add(admin_client, data):
    return admin_client.post(reverse(ADD_URL), data)


def test_the_admin_adds_a_minion_with_a_keyword_and_a_haichi_ji_effect_from_rows(admin_client, sets):
    response = add(admin_client, card_post(sets, "legions", "minion", MINION, name=NEW_MINION, **rows()))
    assert response.status_code == 302, form_errors(response)
    assert Card.objects.get(name=NEW_MINION).abilities == {"keywords": [{"keyword": "速攻"}], "triggers": [PING]}


def test_a_trigger_row_without_its_amount_is_refused_next_to_the_amount(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **rows(**{ab("tr0_amount"): ""}))
    errors = form_errors(add(admin_client, data))
    assert errors[ab("tr0_amount")] == ["triggers.0.effects.0.amount: damage needs amount"]


def test_a_trigger_row_without_a_timing_is_refused_next_to_the_timing(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **rows(**{ab("tr0_when"): ""}))
    errors = form_errors(add(admin_client, data))
    assert ab("tr0_when") in errors


def test_a_parameterised_keyword_takes_its_number_from_the_row(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **{ab("kw0"): "衝撃", ab("kw0_value"): 1})
    assert add(admin_client, data).status_code == 302
    assert Card.objects.get().abilities == {"keywords": [{"keyword": "衝撃", "n": 1}]}


def test_a_keyword_without_its_number_is_refused_next_to_the_number(admin_client, sets):
    errors = form_errors(add(admin_client, card_post(sets, "legions", "minion", MINION, **{ab("kw0"): "衝撃"})))
    assert errors[ab("kw0_value")] == ["keywords.0.n: 衝撃 needs n"]


def test_the_json_fallback_is_the_whole_abilities(admin_client, sets):
    value = {"triggers": [{**PING, "effects": [*PING["effects"], {"effect": "draw", "n": 1}]}]}
    data = card_post(sets, "legions", "minion", MINION, **{ab("json"): json.dumps(value, ensure_ascii=False)})
    assert add(admin_client, data).status_code == 302
    assert Card.objects.get().abilities == value


def test_a_json_fallback_problem_is_shown_next_to_the_json(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **{ab("json"): '{"triggers": [{"when": "登場時"}]}'})
    errors = form_errors(add(admin_client, data))
    assert any(e.startswith("triggers.0.when: unknown trigger") for e in errors[ab("json")])


def test_rows_and_json_together_are_refused(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **rows(**{ab("json"): '{"sample": true}'}))
    assert form_errors(add(admin_client, data))[ab("json")] == [BOTH_GIVEN]


def test_the_change_page_shows_stored_abilities_in_the_rows(admin_client, sets):
    assert add(admin_client, card_post(sets, "legions", "minion", MINION, **rows())).status_code == 302
    card = Card.objects.get()
    form = admin_client.get(reverse("admin:cards_card_change", args=[card.pk])).context["adminform"].form
    assert (form.initial[ab("kw0")], form.initial[ab("tr0_effect")], form.initial[ab("tr0_amount")]) == \
        ("速攻", "damage", 1)
    response = admin_client.post(reverse("admin:cards_card_change", args=[card.pk]),
                                 card_post(sets, "legions", "minion", MINION, **rows()))
    assert response.status_code == 302
    assert Card.objects.get().abilities == {"keywords": [{"keyword": "速攻"}], "triggers": [PING]}


# -- the next match applies it ----------------------------------------------------------------------------


def _match_with_the_new_minion() -> dict:
    """A Legions game whose decks the online layer's adapter builds from the catalogue: p1 plays the seed マオ
    list with its 下忍カスミ replaced by the new minion, p2 the other sample deck."""
    sample = parse(adapters.sample_path("legions", "p1").read_text(encoding="utf-8"))
    names = [NEW_MINION if name == "下忍カスミ" else name for count, name in sample["cards"] for _ in range(count)]
    decks = adapters.engine_decks("legions", {"p1": {"master": sample["master"], "cards": names}})
    return ENGINE.new_game({"first": "p1"}, decks, RngSeed(seed_from_int(7)))[0]


def _place_the_new_minion_facing_an_enemy(state: dict) -> tuple[dict, str, list]:
    main_phase(state, "p1", active=5)
    enemy = put(state, "p2", next(c["name"] for c in state["cards"].values()
                                  if c["owner"] == "p2" and c["card_type"] == "minion"), "centre")
    (minion,) = to_hand(state, "p1", NEW_MINION)
    state, events = ENGINE.apply(state, Unlock(seat="p1", card=minion, then="place", lane="left"))
    if state["pending"].get("kind") != "main":  # the 配置時 effect asks which enemy minion
        state, more = ENGINE.apply(state, Choose(seat="p1", option=enemy))
        events = [*events, *more]
    return state, enemy, events


@pytest.fixture
def seeded(db):
    call_command("loadseeds", stdout=StringIO())


def _admin_enters_the_minion(admin_client) -> None:
    lg01 = CardSet.objects.get(game__code="legions", code="LG01")
    data = card_post({"legions": lg01}, "legions", "minion", MINION, name=NEW_MINION, collector_number="999",
                     **rows())
    assert add(admin_client, data).status_code == 302


def test_the_next_match_applies_the_admin_entered_haichi_ji_effect(admin_client, seeded):
    _admin_enters_the_minion(admin_client)
    state, enemy, events = _place_the_new_minion_facing_an_enemy(_match_with_the_new_minion())
    assert [e.data["when"] for e in events if e.kind == "trigger"] == ["配置時"]
    unit = state["players"]["p2"]["lanes"]["centre"]
    assert unit is None or unit["damage"] == 1  # 1 damage: broken (HP 1) or damaged
    damage = [e.data for e in events if e.kind == "damage"]
    assert damage and damage[0]["amount"] == 1 and enemy in json.dumps(damage[0], ensure_ascii=False)
    assert state["cards"][cid(state, NEW_MINION, "p1")]["abilities"]["keywords"] == [{"keyword": "速攻"}]


def test_abilities_the_rows_cannot_say_are_shown_as_json_and_saved_back_unchanged(admin_client, sets):
    value = {"sample": True, "triggers": [{**PING, "effects": [*PING["effects"], {"effect": "draw", "n": 1}]}]}
    data = card_post(sets, "legions", "minion", MINION, **{ab("json"): json.dumps(value, ensure_ascii=False)})
    assert add(admin_client, data).status_code == 302
    url = reverse("admin:cards_card_change", args=[Card.objects.get().pk])
    shown = admin_client.get(url).context["adminform"].form.initial
    assert json.loads(shown[ab("json")]) == value and ab("tr0_when") not in shown
    assert admin_client.post(url, card_post(sets, "legions", "minion", MINION, **{ab("json"): shown[ab("json")]}))\
        .status_code == 302
    assert Card.objects.get().abilities == value


def test_the_sample_mark_and_note_are_rows_too(admin_client, sets):
    data = card_post(sets, "legions", "minion", MINION, **rows(**{ab("sample"): "true", ab("note"): "試験"}))
    assert add(admin_client, data).status_code == 302
    assert Card.objects.get().abilities == {"keywords": [{"keyword": "速攻"}], "triggers": [PING], "sample": True,
                                            "note": "試験"}
