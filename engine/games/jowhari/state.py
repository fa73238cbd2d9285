"""The Jowhari state: plain tuples and two small frozen records, no rules.

The rules (rules.py and its neighbours) import this module; it imports none
of them. The game reaches them through `JowhariState.game` (game.py).
"""

from __future__ import annotations

import attrs

from gemtable.engine.core import Observer, State

from .actions import Action  # the action type is data too; actions import no rules

GEM_LIMIT = 10
"""Most gem tokens a player may hold at the end of a turn (gold not counted)."""
PRESTIGE_GOAL = 10
ROUND_LIMIT = 100
"""Rounds after which the game stops even if nobody reached the goal (see rules.md)."""


@attrs.frozen(slots=True)
class Seat:
    tokens: tuple[int, ...]
    """Six counts: the five gem colours, then gold."""
    bonuses: tuple[int, ...]
    """Permanent discount per gem colour: one per bought card of that colour."""
    prestige: int
    bought: tuple[int, ...]
    hand: tuple[int, ...]
    """Dealt and reserved cards (the hand is the reserve); hidden ones are -level."""
    hand_public: tuple[bool, ...]
    """Per hand card: True if everyone saw it (reserved from the centre)."""

    @property
    def gems(self) -> int:
        tokens = self.tokens
        return tokens[0] + tokens[1] + tokens[2] + tokens[3] + tokens[4]


@attrs.frozen(slots=True, cache_hash=True)
class JowhariState(State[Action]):
    players: int
    variant: str
    supply: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    """Per level, bottom first: the top card is the last one."""
    centre: tuple[tuple[int | None, ...], ...]
    """Per level, the face-up slots; None where a deck ran out."""
    seats: tuple[Seat, ...]
    current: int
    returning: bool
    """The current player still has to give back gem tokens above the limit."""
    turns: int
    first_to_goal: int | None
    passes_in_row: int
    over: bool
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.current

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def round(self) -> int:
        """The round being played, counting from 1."""
        return self.turns // self.players + 1
