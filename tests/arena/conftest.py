"""Shared set-up for the arena tests: a private data folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # Default results files go to the data folder: never the user's in tests.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
