"""Games by id. Adding a game is one line in GAME_MODULES."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .core import Game

GAME_MODULES: dict[str, str] = {
    "jowhari": "gemtable.engine.games.jowhari",
    "jewelbox": "gemtable.engine.games.jewelbox",
    "workbench": "gemtable.engine.games.workbench",
    "iridescia": "gemtable.engine.games.iridescia",
    "marylia": "gemtable.engine.games.marylia",
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        known = ", ".join(GAME_MODULES)
        return f"no game called {self.args[0]!r} (known: {known})"


@cache
def get(game_id: str) -> Game:
    """The game registered as `game_id`; each module exposes its Game as GAME."""
    try:
        module = GAME_MODULES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    return import_module(module).GAME


def all() -> tuple[Game, ...]:  # noqa: A001 - the public name the protocol promises
    return tuple(get(game_id) for game_id in GAME_MODULES)


def ids() -> tuple[str, ...]:
    return tuple(GAME_MODULES)
