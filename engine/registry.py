"""Games by id. Adding a game to gemtable is one line in GAME_MODULES; a game
kept elsewhere (the test suite's own) joins for one process by `register`."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from .core import Game

GAME_MODULES: dict[str, str] = {
    "jowhari": "gemtable.engine.games.jowhari",
    "jewelbox": "gemtable.engine.games.jewelbox",
    "workbench": "gemtable.engine.games.workbench",
    "iridescia": "gemtable.engine.games.iridescia",
    "marylia": "gemtable.engine.games.marylia",
}
"""The games gemtable ships, in the order menus list them."""

ADDED_MODULES: dict[str, str] = {}
"""Games `register` added in this process, after the shipped ones."""


class UnknownGame(KeyError):
    def __str__(self) -> str:
        known = ", ".join(ids())
        return f"no game called {self.args[0]!r} (known: {known})"


def register(game_id: str, module: str) -> None:
    """Adds the game whose module (exposing GAME, like the shipped games) is
    `module`, for this process only: what the test suite does with its own game."""
    if game_id in GAME_MODULES or ADDED_MODULES.get(game_id, module) != module:
        raise ValueError(f"a game called {game_id!r} is already registered")
    ADDED_MODULES[game_id] = module


@cache
def _load(module: str) -> Game[Any, Any]:
    game: Game[Any, Any] = import_module(module).GAME
    return game


def get(game_id: str) -> Game[Any, Any]:
    """The game registered as `game_id`; each module exposes its Game as GAME."""
    module = GAME_MODULES.get(game_id) or ADDED_MODULES.get(game_id)
    if module is None:
        raise UnknownGame(game_id)
    return _load(module)


def all() -> tuple[Game[Any, Any], ...]:  # noqa: A001 - the public name the protocol promises
    return tuple(get(game_id) for game_id in ids())


def ids() -> tuple[str, ...]:
    return (*GAME_MODULES, *ADDED_MODULES)
