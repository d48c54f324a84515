"""Playing a match through the board as a person does, for the browser tests of tests/matches: pick the most
preferred kind of decision the board offers, then click it -- a button, or in the choice builder the first open
option of each slot, top down, and "Play" -- and wait for the referee's ruling.

Not a test module: the helpers take a Playwright ``page`` on a match page."""

from __future__ import annotations

RULING_TIMEOUT_MS = 10_000


def new_match_form(page, game: str):
    """The lobby's "New match" form of ``game``, its section opened as a person opens it (the lobby opens the first
    registered game's; clicking an open one's summary would close it)."""
    section = page.locator(f"#new-game-{game}")
    if section.get_attribute("open") is None:
        section.locator("> summary").click()
    return page.locator(f"#new-match-{game}")


def open_group(group) -> None:
    """Open a choice group the board shows folded (board.js keeps one group built by picks open at a time), as a
    person does: a click on its title. Waits for board.js to have built the board's choices first (it folds the
    groups then: a look before would find them all open)."""
    group.page.wait_for_function("() => [...document.querySelectorAll('[data-builder]')].every(b => b.builder)")
    if "is-collapsed" in (group.get_attribute("class") or ""):
        group.locator("[data-group-toggle]").click()


def play_preferred(page, preference: tuple[str, ...]) -> str:
    """Make the most preferred choice (group keys, first to last; none offered: the first group) on the board;
    returns its group key. Fails when the picks do not name exactly one action."""
    groups = page.locator(".choice-group")
    keys = [groups.nth(i).get_attribute("data-choice-group") for i in range(groups.count())]
    assert keys, "the board offers no choice"
    # board.js builds the builders when the page has loaded: a click before that would be lost, or would undo
    # the pick it makes itself in a slot with one option
    page.wait_for_function("() => [...document.querySelectorAll('[data-builder]')].every(b => b.builder)")
    key = next((k for k in preference if k in keys), keys[0])
    group = page.locator(f".choice-group[data-choice-group='{key}']").first
    button = group.locator("button.action:not([data-submit])")
    if not button.count():
        open_group(group)
        submit = group.locator("[data-submit]")
        slots = group.locator("[data-slot]")
        for index in range(slots.count()):
            slot = slots.nth(index)
            one = slot.get_attribute("data-kind") == "one"
            for _ in range(8):  # until the builder (board.js) has taken the pick; a count slot takes several
                if submit.is_enabled() or (one and slot.locator(".is-selected").count()):
                    break
                options = slot.locator(".choice-option:not([disabled]):not(.is-selected)")
                if not options.count() and not one:  # two copies of one card, both picked
                    options = slot.locator(".choice-option:not([disabled])")
                if not options.count():
                    break
                options.first.click()
        button = submit
    assert button.is_enabled(), (key, group.inner_text())
    button.click()
    return key


def board_version(page) -> int | None:
    """The version the board shows, or None when the page has no board (an error page)."""
    board = page.locator("#board")
    return int(board.get_attribute("data-version")) if board.count() else None


def reload_board(page, url: str | None = None, tries: int = 3) -> int | None:
    """Reload the match page (or open ``url``) until it shows a board (the test server's in-memory SQLite may
    refuse a read while another thread writes: "database table is locked", a 500); returns its version."""
    for _ in range(tries):
        page.goto(url) if url else page.reload()
        version = board_version(page)
        if version is not None:
            return version
    return None


def wait_for_ruling(page, version: int) -> bool:
    """Wait until the board shows a version after ``version``. False when it does not: the board's error, if
    any, is left on the page for the caller's message."""
    try:
        page.wait_for_function(
            f"() => Number(document.getElementById('board')?.dataset.version) > {version}",
            timeout=RULING_TIMEOUT_MS)
    except Exception:
        return False
    return True


def failure(page) -> str:
    """What the page says went wrong (the board's error, else the start of the page)."""
    error = page.locator(".board-error")
    return error.inner_text() if error.count() else page.content()[:3000]
