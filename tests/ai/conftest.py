"""Shared fixtures for the bot tests."""

from __future__ import annotations

from typing import Any

import pytest

from gemtable.engine import Game, registry


@pytest.fixture
def prospect() -> Game[Any, Any]:
    """The suite's own game (tests/games/prospect), registered by tests/conftest.py:
    Jowhari has no chance steps, so it exercises the chance handling of the
    match loop, greedy and MCTS."""
    return registry.get("prospect")
