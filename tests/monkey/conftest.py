"""Set-up for the monkey tests: the TUI tests' helpers and terminal settings,
and the serve tests' in-process hub (`hub_factory`), reused as they are."""

from __future__ import annotations

import pytest
from serve_support import hub, hub_factory

__all__ = ["hub", "hub_factory"]


@pytest.fixture(autouse=True)
def _terminal_and_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
