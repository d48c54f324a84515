"""Issue 10, points 6 and 7: the Japanese pages of the main journeys contain no untranslated label.

Each main page (``pages.MAIN_PAGES``) is opened with a Japanese browser (``ja-JP`` and the ``django_language``
cookie). The words a reader meets are the visible text plus the ``title``, ``aria-label`` and ``placeholder`` of
visible elements and the page title. Taken out first, as data rather than labels: text inside an element that
declares its own language (``lang="ja"`` card names, ``lang="en"`` in the language menu), ``code``/``kbd``/
``pre``/``samp`` (search syntax the reader types), and the catalogue and user data of the database (card names
and readings, set codes and names, rarities, deck names, user names). Any run of Latin letters left that is not in
``ALLOWED`` (terms the games and the site print in Latin; docs/testing.md) fails the page, each word reported
with the element it is in.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from django.contrib.auth import get_user_model

from cards.models import Card, CardSet, Game
from decks.models import Deck, Format
from referee import registry

from .conftest import open_main_page
from .pages import MAIN_PAGES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Terms printed in Latin letters on the cards and rules of the games, or names that stay Latin in Japanese.
ALLOWED = {
    "Shinpan",  # the site's name (written beside 審判)
    "API",  # the footer's link to the API documentation
    "UTF", "Shift", "JIS",  # names of character encodings (UTF-8, Shift_JIS), written so in Japanese too
    "ATK", "HP", "WT", "CC",  # Legions!: attack, hit points, wait turns, core cost as printed
    "AP", "DP", "IL",  # Iron Leaguer: attack and defence points, Iron Leaguer (the rules' own abbreviation)
    "Home", "End",  # keyboard keys, printed so on Japanese keyboards (the replay's shortcuts)
}
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*")
SEARCH_TERM = re.compile(r"-?[a-z_]+(?::|!=|<=|>=|=|<|>)\S*")  # t:minion, atk>=2 (search language, docs)
# page -> reason naming the untranslated words (strict xfail; see docs/testing.md)
KNOWN: dict[str, str] = {}

# Visible text nodes and attributes, each with a short description of its element (tag#id.class "text…").
COLLECT = r"""() => {
  const skip = el => el.closest('code, kbd, pre, samp, script, style, template, noscript')
    || (el.closest('[lang]') && el.closest('[lang]') !== document.documentElement);
  // an option is as visible as its menu (options have no box of their own)
  const visible = el => (el.closest('select') || el).checkVisibility({visibilityProperty: true});
  const where = el => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    const cls = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) s += '.' + cls.join('.');
    const parent = el.parentElement && el.parentElement.closest('[id]');
    if (!el.id && parent && parent !== document.body) s = '#' + parent.id + ' ' + s;
    return s;
  };
  const out = [{text: document.title, where: 'title'}];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || skip(el) || !visible(el)) continue;
    out.push({text: node.textContent, where: where(el)});
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (skip(el) || !visible(el)) continue;
    for (const name of ['title', 'aria-label', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push({text: value, where: where(el) + '[' + name + ']', attribute: name});
    }
  }
  return out;
}"""


def catalogue_words() -> list[re.Pattern]:
    """Data the pages show as it is stored, as patterns of whole Latin words (so taking out the rarity "C" leaves
    "TCG" whole): card names, readings and rarities; set codes and names; Japanese names of games, sets and
    formats; deck names; user names. Longest first, so a name goes before a part of it."""
    values: set[str] = set()
    for row in Card.objects.values_list("name", "reading", "rarity"):
        values.update(row)
    for row in CardSet.objects.values_list("code", "name", "name_ja"):
        values.update(row)
    values.update(Game.objects.values_list("name_ja", flat=True))
    values.update(spec.name_ja for spec in registry.specs())  # what pages call a game (仮面ライダーTCG)
    values.update(Format.objects.values_list("name_ja", flat=True))
    values.update(Deck.objects.values_list("name", flat=True))
    values.update(get_user_model().objects.values_list("username", flat=True))
    latin = {unicodedata.normalize("NFKC", v).strip() for v in values if v and LATIN_RUN.search(v)}
    return [re.compile(rf"(?<![A-Za-z]){re.escape(v)}(?![A-Za-z])") for v in sorted(latin, key=len, reverse=True)]


def untranslated(pieces: list[dict], data: list[re.Pattern]) -> list[tuple[str, str, str]]:
    """(word, element, text) for each Latin word left in ``pieces`` once ``data`` is taken out (and, in a
    placeholder, example queries of the search language, which cannot be marked up as code there)."""
    found = []
    for piece in pieces:
        text = unicodedata.normalize("NFKC", piece["text"])
        for pattern in data:
            text = pattern.sub(" ", text)
        if piece.get("attribute") == "placeholder":
            text = SEARCH_TERM.sub(" ", text)
        for word in LATIN_RUN.findall(text):
            if word not in ALLOWED:
                found.append((word, piece["where"], " ".join(piece["text"].split())[:80]))
    return found


def cases():
    for main_page in MAIN_PAGES:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[main_page.name])] if main_page.name in KNOWN else []
        yield pytest.param(main_page, id=main_page.name, marks=marks)


@pytest.mark.parametrize("main_page", list(cases()))
def test_japanese_page_has_no_untranslated_label(main_page, site, live_server, new_context):
    page = open_main_page(new_context, live_server, site, main_page, viewport="desktop", lang="ja")
    assert page.evaluate("document.documentElement.lang") == "ja"
    pieces = page.evaluate(COLLECT)
    assert len(pieces) > 5, f"{main_page.name}: no text collected"
    found = untranslated(pieces, catalogue_words())
    if found:
        words = sorted({word for word, _, _ in found})
        lines = "\n".join(f"- {word!r} in {where}: {text!r}" for word, where, text in found[:60])
        more = f"\n(+{len(found) - 60} more)" if len(found) > 60 else ""
        pytest.fail(f"{main_page.name} ({page.url}) in Japanese shows untranslated words {words}:\n{lines}{more}",
                    pytrace=False)
