"""Shared fixtures for the bot tests."""

from __future__ import annotations

import pytest
from dice_game import GAME

from gemtable.engine import Game


@pytest.fixture
def dice() -> Game:
    """The toy dice race (tests/dice_game.py), not a registered game: Jowhari has no
    chance steps, so it exercises the chance handling of the match loop, greedy and MCTS."""
    return GAME
