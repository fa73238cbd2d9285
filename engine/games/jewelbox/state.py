"""The Jewel Box state: plain tuples and one small frozen record per seat."""

from __future__ import annotations

import attrs

from gemtable.engine.core import CHANCE, Mover, Observer, State

from .actions import Action  # the action type is data too; actions import no rules
from .components import Geometry, geometry

# Phases of a turn, in the order they come (see rules.md, "A turn").
START = 0
"""The player may roll, use a Magnifying Glass, or use Forceps first."""
ROLLING = 1
"""The die is in the air: a chance step."""
CHOOSING = 2
"""A 6 was rolled: the player picks any log space."""
PLACING = 3
"""The player holds a beetle and chooses its square."""
AFTER = 4
"""The beetle is placed; the player may still use Forceps, or end the turn."""
DISCARDING = 5
"""Solo: the player discards one beetle from the log."""
OVER = 6
SWAP_FIRST = 7
"""The Forceps are in hand before collecting: the player picks the swap."""
SWAP_LAST = 8
"""The Forceps are in hand after placing: the player picks the swap."""
PHASE_NAMES = ("start", "rolling", "choosing", "placing", "after placing", "discarding", "over",
               "forceps before collecting", "forceps after placing")

SIZES = {"standard": 4, "long": 5, "solo": 5}
"""Box side per variant."""


@attrs.frozen(slots=True)
class Seat:
    masks: tuple[int, ...]
    """One bitmask per family of the squares it covers (components.Geometry)."""
    tools: int
    """Bits of the tools not used yet (components.GLASS, FORCEPS, EITHER)."""

    @property
    def occupied(self) -> int:
        m = self.masks
        return m[0] | m[1] | m[2] | m[3] | m[4]

    @property
    def beetles(self) -> int:
        return self.occupied.bit_count()


@attrs.frozen(slots=True, cache_hash=True)
class JewelBoxState(State[Action]):  # quoted: actions is imported for types only
    players: int
    variant: str
    seats: tuple[Seat, ...]
    log: tuple[int, ...]
    """The five log spaces: a family, or EMPTY while awaiting a refill."""
    pile: tuple[int, ...]
    """Face-down beetles, the top one last; all HIDDEN in a view."""
    discards: tuple[int, ...]
    """Beetles discarded in the solo game, counted per family."""
    current: int
    phase: int
    holding: int
    """Family of the beetle the current player has collected, EMPTY if none."""
    tool_used: bool
    """The current player has used a tool this turn (one per turn)."""
    turns: int
    die: int = 0
    """The face the die showed this turn; 0 before a roll, or when the turn
    collected with the Magnifying Glass instead."""
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple[Action, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False)
    _points: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False)
    """Each seat's points per family, worked out once (scoring.family_points)."""

    # --- protocol ----------------------------------------------------------
    @property
    def to_move(self) -> Mover:
        phase = self.phase
        if phase == OVER:
            return None
        return CHANCE if phase == ROLLING else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def size(self) -> int:
        """Side of a full box: 4 or 5."""
        return SIZES[self.variant]

    @property
    def geometry(self) -> Geometry:
        """The canvas of this game's box size."""
        return geometry(SIZES[self.variant])
