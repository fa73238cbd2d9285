"""Shared set-up for the TUI tests: a private data folder, colours on."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _terminal_and_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # Renders must not depend on the caller's environment.
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    # Every log a test writes goes to its own folder, never the user's.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))



@pytest.fixture
def every_view_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game screen draws each position as the table sends it, as it does
    whenever the terminal keeps up, rather than once for a burst of bot moves.
    A board that marks what is new since the view before (Marylia's arriving
    characters) then draws the same marks however loaded the machine is."""
    from gemtable.tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "_schedule_refresh", GameScreen._refresh)
