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

