"""Shared set-up for the arena tests: a private data folder, helper modules on the path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The suite runs with --import-mode=importlib, which puts no test folder on
# sys.path: arena_support (here) and tui_support (beside the TUI tests) are
# imported by name.
HERE = Path(__file__).parent
for folder in (HERE.parent / "tui", HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


@pytest.fixture(autouse=True)
def _private_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # Default results files go to the data folder: never the user's in tests.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
