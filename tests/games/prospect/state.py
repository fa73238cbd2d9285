"""The Prospect state: tuples of cards and one small record per seat."""

from __future__ import annotations

from typing import ClassVar

import attrs

from gemtable.engine.core import CHANCE, Game, Mover, Observer, State

from .actions import Action  # at run time too: the wire and view schemas read these hints
from .components import ROUNDS


@attrs.frozen(slots=True)
class Seat:
    nuggets: int
    """Banked nuggets: they pay for cards and count a point each at the end."""
    cart: int
    """Nuggets dug this turn, lost on a cave-in, banked when the turn ends."""
    hand: tuple[int, ...]
    """Cards face down (HIDDEN where the viewer may not see them)."""
    found: tuple[int, ...]
    """Cards bought from the market, face up."""
    cave_ins: int = 0
    """Turns this seat lost its cart: the last tie-break."""


@attrs.frozen(slots=True, cache_hash=True)
class ProspectState(State[Action]):
    game: ClassVar[Game[ProspectState, Action]]

    players: int
    variant: str
    deck: tuple[int, ...]
    """Face down (HIDDEN in every view); the top card is the last one."""
    market: tuple[int | None, ...]
    """The face-up slots, None where the deck ran out."""
    seats: tuple[Seat, ...]
    digs: int
    """Digs made so far in this turn."""
    purchased: bool
    """The player to move bought or drew a card this turn."""
    rolling: bool
    """A dig waits for its die."""
    turns: int = 0
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False,
                                                   repr=False)

    @property
    def over(self) -> bool:
        return self.turns >= ROUNDS * self.players

    @property
    def current(self) -> int:
        """The seat whose turn it is (turns pass clockwise from seat 0)."""
        return self.turns % self.players

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self.turns // self.players + 1

    @property
    def to_move(self) -> Mover:
        if self.over:
            return None
        return CHANCE if self.rolling else self.current

    @property
    def mover(self) -> Seat:
        return self.seats[self.current]
