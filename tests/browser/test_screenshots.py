"""Screenshots are written only when ``SHINPAN_SCREENSHOTS`` names a folder, as
``<journey>-<step>-<viewport>-<lang>.png`` (docs/testing.md)."""

from __future__ import annotations

import pytest

from .conftest import Shots, screenshot_folder

pytestmark = pytest.mark.browser


class FakePage:
    """Records the screenshots asked for (no browser needed to check the naming and the switch)."""

    def __init__(self):
        self.taken: list[dict] = []

    def wait_for_load_state(self, state: str = "load") -> None:
        pass

    def screenshot(self, **kwargs) -> None:
        self.taken.append(kwargs)


def test_without_the_variable_no_screenshot_is_taken(monkeypatch):
    monkeypatch.delenv("SHINPAN_SCREENSHOTS", raising=False)
    page = FakePage()
    assert Shots("catalogue", "phone", "ja", screenshot_folder()).take(page, "results") is None
    assert page.taken == []


def test_with_the_variable_a_full_page_png_is_named_after_journey_step_viewport_and_language(monkeypatch,
                                                                                            tmp_path):
    monkeypatch.setenv("SHINPAN_SCREENSHOTS", str(tmp_path / "shots"))
    page = FakePage()
    path = Shots("match", "desktop", "en", screenshot_folder()).take(page, "board_start")
    assert path == tmp_path / "shots" / "match-board_start-desktop-en.png"
    assert path.parent.is_dir()
    assert page.taken == [{"path": str(path), "full_page": True, "animations": "disabled"}]


def test_a_step_name_with_a_dash_is_refused(tmp_path):
    with pytest.raises(AssertionError):
        Shots("match", "desktop", "en", tmp_path).path("board-start")
