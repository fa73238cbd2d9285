"""The Jewel Box state: plain tuples and one small frozen record per seat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

import attrs

from gemtable.engine.core import CHANCE, Game, Mover, Observer, ScoreLine, State

from .board import Geometry, bits, family_at, geometry, square_name
from .components import EMPTY, LETTERS

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
    """One bitmask per family of the squares it covers (see board.py)."""
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
class JewelBoxState(State):
    game: ClassVar[Game]

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
    _legal: tuple | None = attrs.field(default=None, init=False, eq=False, repr=False)
    _points: tuple | None = attrs.field(default=None, init=False, eq=False, repr=False)

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

    def progress(self) -> str:
        """Rounds, not player turns: every seat fills one square a round, so
        "Round 4 of 25" says how full the boxes are at any table size."""
        rounds = self.size * self.size
        unit = "turn" if self.players == 1 else "round"
        if self.is_over:
            return f"{rounds} {unit}s"
        done = min(self.turns // self.players + 1, rounds)
        return f"{unit.capitalize()} {done} of {rounds}"

    def describe(self, action: object, after: JewelBoxState) -> str:
        return telling.describe(self, action, after)

    def reveals(self, action: object) -> bool:
        return telling.reveals(self, action)

    @property
    def size(self) -> int:
        """Side of a full box: 4 or 5."""
        return SIZES[self.variant]

    @property
    def geometry(self) -> Geometry:
        return geometry(SIZES[self.variant])

    def _legal_actions(self) -> tuple:
        return rules.legal_actions(self)

    def _apply(self, action: object) -> JewelBoxState:
        return rules.apply_action(self, action)

    def why_illegal(self, action: object) -> str:
        return rules.why_illegal(self, action)

    def parse_syntax(self, text: str) -> object | None:
        return actions.parse(text)

    def notation_problem(self, text: str) -> str:
        return notation.problem(text)

    def chance_outcomes(self) -> Sequence[tuple[object, float]]:
        return rules.chance_outcomes(self)

    def family_points(self, seat: int) -> tuple[int, ...]:
        """Points per family (S W L H J order) of a seat's box as it stands;
        for an unfinished box, the provisional count described in rules.md."""
        points = self._points
        if points is None:
            points = tuple(rules.box_points(self, s) for s in range(self.players))
            object.__setattr__(self, "_points", points)
        return points[seat]

    def scores(self) -> tuple[int, ...]:
        return tuple(rules.total(self, seat) for seat in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        return rules.ranking(self)

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return rules.score_breakdown(self, seat)

    def component_counts(self) -> dict[str, int]:
        return views.component_counts(self)

    def invariants(self) -> tuple[str, ...]:
        return rules.invariants(self)

    def achievements(self, seat: int) -> tuple[str, ...]:
        """Solo titles reached: a Master score has also reached Pro and Amateur."""
        if self.variant != "solo" or not self.is_over:
            return ()
        score = self.scores()[seat]
        return tuple(title for needed, title in reversed(rules.SOLO_TITLES) if score >= needed)

    def _view(self, seat: Observer) -> JewelBoxState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> JewelBoxState:
        return views.determinize(self, rng)

    # --- helpers for bots and screens -------------------------------------
    def placements(self, seat: int) -> tuple[tuple[int, int], ...]:
        """Squares (row, col) where `seat` could put a beetle next."""
        geo = self.geometry
        mask = geo.placement_mask(self.seats[seat].occupied)
        return tuple(geo.squares[cell] for cell in bits(mask))

    def family_on(self, seat: int, row: int, col: int) -> int:
        """The family on a square of a seat's box, EMPTY if none."""
        cell = self.geometry.index(row, col)
        return EMPTY if cell is None else family_at(self.seats[seat].masks, cell)

    def box_rows(self, seat: int) -> tuple[tuple[int, int], tuple[str, ...]]:
        """(top-left square, rows of letters) of a seat's box, `.` for a hole;
        an empty box gives the centre square and no rows."""
        geo = self.geometry
        occupied = self.seats[seat].occupied
        if not occupied:
            return geo.squares[geo.centre], ()
        top, bottom, left, right = geo.bounds(occupied)
        masks = self.seats[seat].masks
        rows = tuple(
            "".join(
                "." if (f := family_at(masks, r * geo.side + c)) == EMPTY else LETTERS[f]
                for c in range(left, right + 1)
            )
            for r in range(top, bottom + 1)
        )
        return (top, left), rows

    def describe_log(self) -> str:
        """The log as text, e.g. `1:S 2:W 3:- 4:J 5:L`."""
        return " ".join(
            f"{i}:{LETTERS[f] if f >= 0 else '-'}" for i, f in enumerate(self.log, start=1)
        )

    def __str__(self) -> str:
        lines = [f"Jewel Box, {self.variant}, turn {self.turns + 1}, {PHASE_NAMES[self.phase]}"]
        lines.append(f"log {self.describe_log()}, pile {len(self.pile)}")
        for seat in range(self.players):
            (top, left), rows = self.box_rows(seat)
            corner = square_name(top, left)
            lines.append(f"seat {seat + 1} from {corner}: {' / '.join(rows) or '(empty)'}")
        return "\n".join(lines)


from . import actions, notation, rules, telling, views  # noqa: E402  (they need the classes above)
