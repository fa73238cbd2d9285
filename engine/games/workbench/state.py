"""The Workbench state: plain tuples, one small frozen record per seat.

Data only: the rules that read and change it live in the sibling modules,
which import this one (game.py names them for each job).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from gemtable.engine.core import CHANCE, Game, Mover, Observer, State

from .actions import Action

# Steps: what the position is waiting for.
ROLL = 0
"""Chance: the tray dice still in `pending` are rolled, one die per step."""
ROLL_EXTRA = 1
"""Chance: the Crucible dice in `pending` are rolled beside the tray."""
CHOOSE = 2
"""Design: the current seat picks a number, or first uses the Crucible."""
PICK = 3
"""Design: after the Crucible roll, the current seat picks a number."""
TRIM = 4
"""Design: more than six dice qualified; the current seat leaves some behind."""
MAKE = 5
"""Manufacturing: the current seat places, stores or discards."""
MOVE = 6
"""Manufacturing: the current seat used the Burin and may now move one die."""
OVER = 7

ROUNDS = {
    "standard": {2: 10, 3: 9, 4: 8},
    "introductory": {2: 6, 3: 6, 4: 4},
}
SHOWCASE_SIZE = {2: 5, 3: 6, 4: 7}
TRAY_DICE_PER_COLOUR = {2: 2, 3: 3, 4: 4}
KEEP_LIMIT = 6
NO_DICE = (0,) * 24
"""An empty tray (counts per colour x face: index colour * 6 + face - 1)."""


@attrs.frozen(slots=True)
class Seat:
    held: tuple[int, ...]
    """Dice kept in this round's design phase, per colour."""
    tools: tuple[int, ...]
    """Crucible, Cloth, Loupe, Burin: the colour of the die stored there, or -1."""
    finished: tuple[int, ...]
    """Cards taken to the finished-work area, in the order taken."""
    commissions: tuple[int, ...]
    """Commission cards claimed, in the order claimed."""


@attrs.frozen(slots=True, cache_hash=True)
class WorkbenchState(State[Action]):
    game: ClassVar[Game[Any, Any]]

    players: int
    variant: str
    round: int
    """Rounds completed; the round being played is round + 1."""
    initiative: int
    """The seat holding the Initiative Gem (and the tray)."""
    current: int
    """The seat acting in the design or manufacturing step."""
    step: int
    deck: tuple[int, ...]
    """Face-down jewel cards; the top card is the last one."""
    showcase: tuple[int, ...]
    """The card in each showcase slot, or EMPTY."""
    missing: tuple[tuple[int, ...], ...]
    """Per slot, the gems of each colour not yet covered by a die."""
    strays: tuple[tuple[tuple[int, int], ...], ...]
    """Per slot, (gem, die colour) of Loupe dice covering a gem of another colour."""
    reserve: tuple[int, ...]
    tray: tuple[int, ...]
    extra: tuple[int, ...]
    """The Crucible dice beside the tray, laid out like the tray."""
    pending: tuple[int, ...]
    """Dice taken from the reserve and still to be rolled, per colour."""
    pool: tuple[int, ...]
    """While trimming: the qualifying dice (colour * 6 + face - 1, plus 24 for Crucible dice)."""
    seats: tuple[Seat, ...]
    commissions: tuple[int, ...]
    """Commission cards in play and not yet claimed."""
    turns: int
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # --- protocol ----------------------------------------------------------
    @property
    def to_move(self) -> Mover:
        step = self.step
        if step == OVER:
            return None
        return CHANCE if step <= ROLL_EXTRA else self.current

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts."""
        return ROUNDS[self.variant][self.players]

    @property
    def rolling_colour(self) -> int:
        """The colour rolled at this chance step: the first one with dice pending."""
        pending = self.pending
        for colour in range(4):
            if pending[colour]:
                return colour
        raise AssertionError("a chance step with no dice to roll")  # pragma: no cover
