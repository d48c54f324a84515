"""Sign-up names that pass for another (UTS #39, "highly restrictive"): a name may not mix scripts that no one
language writes together, so "аdmin" with a Cyrillic а cannot pass for admin; Japanese names mixing kanji, kana and
Latin letters are welcome."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from ratings.accounts import mixed_scripts

PASSWORD = "pw-Shinpan-987"


@pytest.mark.parametrize(("name", "scripts"), [
    ("аdmin", ["CYRILLIC", "LATIN"]),  # U+0430 CYRILLIC SMALL LETTER A
    ("dеleted-1", ["CYRILLIC", "LATIN"]),  # U+0435: a lookalike of a deleted account's name
    ("Ωmega", ["GREEK", "LATIN"]),
    ("たろうΑ", ["GREEK", "HIRAGANA"]),
    ("김たろう", ["HANGUL", "HIRAGANA"]),  # Korean and Japanese kana: no one language
])
def test_a_name_mixing_lookalike_scripts_is_refused_naming_them(name, scripts):
    assert mixed_scripts(name) == scripts


@pytest.mark.parametrize("name", ["admin", "player_1", "山田たろう", "Ken太郎", "カイト01", "ユーザー", "りゅう竜",
                                  "José", "асе", "김민준", "王小明"])
def test_names_of_one_script_or_one_languages_scripts_pass(name):
    assert mixed_scripts(name) == []


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "words"), [("en", "mixes the letters of Cyrillic, Latin"),
                                             ("ja", "見た目の似た別々の文字（キリル文字、ラテン文字）")])
def test_sign_up_refuses_a_lookalike_name_on_its_field(client, lang, words):
    answer = client.post("/accounts/signup/", {"username": "аdmin", "password1": PASSWORD, "password2": PASSWORD},
                         headers={"Accept-Language": lang})
    [message] = answer.context["form"].errors["username"]
    assert answer.status_code == 200 and words in message
    assert not User.objects.filter(username="аdmin").exists()


@pytest.mark.django_db
def test_a_japanese_name_signs_up(client):
    answer = client.post("/accounts/signup/", {"username": "山田たろう", "password1": PASSWORD,
                                               "password2": PASSWORD})
    assert answer.status_code == 302 and User.objects.filter(username="山田たろう").exists()


@pytest.mark.django_db
def test_a_script_without_a_name_of_ours_is_named_in_words():
    # the tester's report: "mixes the letters of Canadian_Aboriginal, Latin"
    from django.utils import translation

    from ratings.accounts import SignupForm

    with translation.override("en"):
        form = SignupForm(data={"username": "ᑭlayer", "password1": PASSWORD, "password2": PASSWORD})
        assert not form.is_valid() and "Canadian Aboriginal, Latin" in form.errors["username"][0]


@pytest.mark.django_db
def test_the_japanese_sign_up_help_allows_any_letters(client):
    # Django's own Japanese help said half-width letters and digits only, yet 山田たろう signs up
    page = client.get("/accounts/signup/", headers={"Accept-Language": "ja"}).content.decode()
    assert "漢字・かな・英字" in page and "半角アルファベット" not in page
