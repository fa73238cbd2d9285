"""The bot protocol and the factory that turns a KIND string into a bot.

KIND is `random`, `greedy`, `mcts`, `mcts:ITERATIONS`, `mcts:SECONDSs`, or a
per-game bot a game registers (e.g. an automa).
"""

from __future__ import annotations

from typing import Protocol

from gemtable.engine import State


class BotKindError(ValueError):
    """A KIND string that names no bot."""


class Bot(Protocol):
    kind: str

    def choose(self, view: State) -> object:
        """One of `view.legal_actions()`; `view` is what the bot's seat may know."""
        ...


def bot_kinds(game_id: str | None = None) -> tuple[str, ...]:
    raise NotImplementedError


def make_bot(kind: str, *, game_id: str, seed: int) -> Bot:
    raise NotImplementedError
