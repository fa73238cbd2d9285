"""Set-up for the whole suite: the suite's own game, and a way back to the
games gemtable ships.

Prospect (tests/games/prospect) is registered here, in every test process
(pytest-xdist workers too), so every test that takes its games from the
registry covers it. Tests about the shipped product (the README, the menu,
`gemtable list`, docs/interop.md) ask for `shipped_games`.
"""

from __future__ import annotations

import pytest

from gemtable.engine import registry

registry.register("prospect", "games.prospect")


@pytest.fixture
def shipped_games(monkeypatch: pytest.MonkeyPatch) -> tuple[str, ...]:
    """The registry holds only the shipped games (registry.GAME_MODULES) for this test."""
    monkeypatch.setattr(registry, "ADDED_MODULES", {})
    return registry.ids()
