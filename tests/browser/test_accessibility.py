"""Issue 10, point 7: axe-core (``axe-playwright-python``) finds no serious or critical violation on any main page.

Each page is checked signed in or out as its reader sees it (``pages.MAIN_PAGES``), at the desktop viewport in
English (``READERS``; the Japanese pages are read by test_japanese_labels.py). A page owned by another area
that fails today is marked ``xfail(strict=True)`` with the rule ids in ``KNOWN``: the mark goes when the page is
fixed (a strict xfail that passes fails the run, so the mark cannot outlive the fix).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import open_main_page
from .pages import MAIN_PAGES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = ("serious", "critical")
# (page, viewport, lang) -> reason; each reason names the axe rule ids found (see docs/testing.md).
KNOWN: dict[tuple[str, str, str], str] = {}
READERS = [("desktop", "en")]  # add ("phone", "ja") to check the folded menu and Japanese too (~2 s a page)

_axe = Axe()


def describe(violations: list[dict]) -> str:
    """Each violation's rule id, impact, help and (up to five of) its elements' selectors; for colour contrast
    also each element's colours and ratio."""
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} [{v['impact']}] {v['help']} ({v.get('helpUrl', '')})")
        nodes = v.get("nodes", [])
        for node in nodes[:5]:
            target = " ".join(map(str, node.get("target", [])))
            data = next((check.get("data") for check in node.get("any", []) if isinstance(check.get("data"), dict)),
                        None) or {}
            colours = (f" — {data['fgColor']} on {data['bgColor']}, {data['contrastRatio']}:1 (needs "
                       f"{data.get('expectedContrastRatio', '?')})" if "contrastRatio" in data else "")
            lines.append(f"    at {target}{colours}")
        if len(nodes) > 5:
            lines.append(f"    (+{len(nodes) - 5} more elements)")
    return "\n".join(lines)


def blocking_violations(page) -> list[dict]:
    response = _axe.run(page).response
    return [v for v in response["violations"] if v.get("impact") in BLOCKING]


def cases():
    for main_page in MAIN_PAGES:
        for viewport, lang in READERS:
            key = (main_page.name, viewport, lang)
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[key])] if key in KNOWN else []
            yield pytest.param(main_page, viewport, lang, id=f"{main_page.name}-{viewport}-{lang}", marks=marks)


@pytest.mark.parametrize(("main_page", "viewport", "lang"), list(cases()))
def test_page_has_no_serious_or_critical_axe_violation(main_page, viewport, lang, site, live_server, new_context):
    page = open_main_page(new_context, live_server, site, main_page, viewport=viewport, lang=lang)
    violations = blocking_violations(page)
    if violations:
        ids = sorted({v["id"] for v in violations})
        pytest.fail(f"axe-core on {main_page.name} ({page.url}): {ids}\n{describe(violations)}", pytrace=False)
