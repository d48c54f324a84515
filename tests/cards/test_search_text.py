"""The search help sets the query language's terms of its sentences as code (cards/templatetags/search_text.py), so
a Japanese page shows no English word outside <code> (issue 10, point 6)."""

from __future__ import annotations

from django.utils import translation

from cards.templatetags.search_text import code_terms


def test_in_japanese_every_latin_term_is_code_but_the_abbreviations():
    with translation.override("ja"):
        html = code_terms("括弧や or の外に書きます。API では q の中の order: か ?order=-atk で（IL 11.7）。")
    assert html == ("括弧や <code>or</code> の外に書きます。API では <code>q</code> の中の <code>order:</code> か "
                    "<code>?order=-atk</code> で（IL 11.7）。")


def test_in_english_only_key_value_terms_are_code_and_text_is_escaped():
    with translation.override("en"):
        html = code_terms("write or between terms; exactly that class: c:red, atk>=3 <b>")
    assert html == "write or between terms; exactly that class: <code>c:red</code>, <code>atk&gt;=3</code> &lt;b&gt;"
