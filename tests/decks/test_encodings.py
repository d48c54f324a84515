"""Decklist files in Shift_JIS or UTF-16 (issue 11.2): read in a documented order of attempts (byte order mark,
UTF-8, UTF-16 by its zero bytes, Shift_JIS), or refused with a sentence, never Python's codec message; through
``decoding.decode``, ``manage.py validatedeck``, ``POST /api/decks/validate/`` and the page's file upload."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from rest_framework.test import APIClient

from decks import decoding
from decks.legality import labels
from decks.models import Deck

from .conftest import SEED_DECKS

# the sample deck, without the em dash Shift_JIS lacks
MAO = next(p for p in SEED_DECKS if p.stem == "legions_mao_nyan_2017").read_text(encoding="utf-8").replace("—", "-")
# bytes that no attempt reads: 0x82 starts a Shift_JIS pair, 0xFF cannot end one, and nothing is UTF-8 or UTF-16
BINARY = b"Game: legions\n\x82\xff\n"
PYTHON_WORDS = ("codec can't decode", "invalid start byte", "illegal multibyte", "position")


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (MAO.encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + MAO.encode("utf-8"), "utf-8"),
        (MAO.encode("utf-16"), "utf-16"),  # with its byte order mark
        (b"\xfe\xff" + MAO.encode("utf-16-be"), "utf-16"),
        (MAO.encode("utf-16-le"), "utf-16-le"),  # no mark: told by where the zero bytes are
        (MAO.encode("utf-16-be"), "utf-16-be"),
        (MAO.encode("shift_jis"), "shift_jis"),
        (MAO.replace("マオ・ニャン", "マオ・ニャン①").encode("cp932"), "shift_jis"),  # Windows' Shift_JIS
    ],
    ids=["utf8", "utf8-bom", "utf16-bom", "utf16be-bom", "utf16le", "utf16be", "sjis", "cp932"],
)
def test_each_encoding_is_read_in_the_documented_order(data, encoding):
    text, used = decoding.decode_named(data)
    assert text.replace("①", "") == MAO and used == encoding


def test_utf8_is_tried_before_shift_jis():
    assert decoding.DECODE_ORDER.index("utf-8") < decoding.DECODE_ORDER.index("shift_jis")
    data = "マオ".encode()  # valid UTF-8 that Shift_JIS also reads, as other characters
    assert data.decode("cp932") != "マオ" and decoding.decode_named(data) == ("マオ", "utf-8")


@pytest.mark.parametrize("data", [BINARY, b"\x00\x01\x02\x00\xff\xfe\x00\x00GIF89a"], ids=["bad-sjis", "binary"])
def test_bytes_no_attempt_reads_are_refused_with_a_sentence(data):
    with pytest.raises(decoding.UndecodableText) as refused:
        decoding.decode(data)
    assert str(refused.value) == labels.NOT_TEXT[0] and refused.value.message_ja == labels.NOT_TEXT[1]


def test_text_with_control_characters_is_refused_as_not_text():
    with pytest.raises(decoding.UndecodableText):
        decoding.decode("Game: legions\n\x07\x1b[31m3 下忍カスミ\n".encode())


# manage.py validatedeck ----------------------------------------------------------------------------------------


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("validatedeck", *args, stdout=out, stderr=err)
    return stop.value.code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("encoding", ["shift_jis", "utf-16", "utf-16-le"])
def test_the_command_reads_a_shift_jis_or_utf16_file(seeded, tmp_path, encoding):
    path = tmp_path / "deck.txt"
    path.write_bytes(MAO.encode(encoding))
    code, out, _ = run(str(path), "--json")
    assert (code, json.loads(out)["legal"]) == (0, True), out


def test_the_command_refuses_an_unreadable_file_with_a_sentence_and_exit_2(seeded, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(BINARY)
    code, out, err = run(str(path), "--json")
    assert code == 2 and labels.NOT_TEXT[0] in err and labels.NOT_TEXT[0] in json.loads(out)["unreadable"]
    assert not any(word in err for word in PYTHON_WORDS)


# POST /api/decks/validate/ ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["shift_jis", "utf-16"])
def test_the_api_reads_plain_text_in_shift_jis_or_utf16_when_no_charset_is_named(seeded, encoding):
    response = APIClient().post("/api/decks/validate/", MAO.encode(encoding), content_type="text/plain")
    assert response.status_code == 200 and response.json()["legal"] is True


def test_the_api_refuses_bytes_that_are_not_text_with_a_sentence(seeded):
    response = APIClient().post("/api/decks/validate/", BINARY, content_type="text/plain")
    assert response.status_code == 400 and labels.NOT_TEXT[0] in response.json()["error"]["message"]


def test_the_api_refuses_an_unknown_charset_with_a_sentence(seeded):
    response = APIClient().post("/api/decks/validate/", MAO.encode(), content_type="text/plain; charset=klingon")
    assert response.status_code == 400 and "klingon" in response.json()["error"]["message"]


def test_the_api_reads_an_uploaded_shift_jis_file(seeded):
    upload = SimpleUploadedFile("deck.txt", MAO.encode("shift_jis"), content_type="text/plain")
    response = APIClient().post("/api/decks/validate/", {"file": upload}, format="multipart")
    assert response.status_code == 200 and response.json()["legal"] is True


# The page's upload -------------------------------------------------------------------------------------------------


@pytest.fixture
def signed_in(client, seeded):
    client.force_login(get_user_model().objects.create_user("owner"))
    return client


def test_a_deck_is_created_from_an_uploaded_shift_jis_file(signed_in):
    upload = SimpleUploadedFile("deck.txt", MAO.encode("shift_jis"), content_type="text/plain")
    response = signed_in.post("/decks/new/", {"file": upload})
    deck = Deck.objects.get(owner__username="owner")
    assert response.status_code == 302 and deck.entries.filter(card__name="マオ・ニャン").exists()


def test_an_uploaded_file_that_is_not_text_is_refused_with_the_sentence(signed_in):
    upload = SimpleUploadedFile("deck.png", BINARY, content_type="image/png")
    response = signed_in.post("/decks/new/", {"file": upload})
    assert response.status_code == 400 and not Deck.objects.filter(owner__username="owner").exists()
    assert labels.NOT_TEXT[0] in response.content.decode()
