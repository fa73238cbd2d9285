"""Jewel Box actions and their text notation.

    roll            roll the die to collect a beetle
    rolled 4        the die's outcome (a chance step, not a player's choice)
    take 3          after rolling a 6: collect the beetle on log space 3
    glass 2         use a Magnifying Glass instead of rolling: collect log space 2
    glass pile      the same, but collect the top face-down beetle, unseen
    place c5        put the collected beetle on square c5
    forceps         take up the Forceps (before rolling, or after placing)...
    swap b2 c4      ...and swap the beetles on b2 and c4 with them
    done            end the turn without using Forceps
    discard 4       solo only: discard the beetle on log space 4 at turn end

Log spaces are 1 to 5. Squares are a column letter and a row number on the
canvas described in components.py: the first beetle sits on the centre square (d4
for a 4x4 box, e5 for 5x5) and names never change as the box grows.
`glass` and `forceps` spend that tool if it is unused, otherwise the Either.
Forceps take two steps so that a turn offers a handful of choices rather than
hundreds of swaps: once taken up, the swap must follow.

Every action exists once, built here, so legal-move lists cost no allocation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import attrs

from .board import parse_square, square_name
from .components import LOG_SPACES

PILE = 0
"""The `space` of `glass pile`: the top of the face-down pile."""


@attrs.frozen(slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@attrs.frozen(slots=True)
class Rolled:
    face: int

    def __str__(self) -> str:
        return f"rolled {self.face}"


@attrs.frozen(slots=True)
class Take:
    space: int

    def __str__(self) -> str:
        return f"take {self.space}"


@attrs.frozen(slots=True)
class Glass:
    space: int
    """Log space 1..5, or PILE."""

    def __str__(self) -> str:
        return "glass pile" if self.space == PILE else f"glass {self.space}"


@attrs.frozen(slots=True)
class Place:
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {square_name(self.row, self.col)}"


@attrs.frozen(slots=True)
class Forceps:
    def __str__(self) -> str:
        return "forceps"


@attrs.frozen(slots=True)
class Swap:
    first: tuple[int, int]
    second: tuple[int, int]
    """The two squares as (row, col), first < second (reading order)."""

    def __str__(self) -> str:
        return f"swap {square_name(*self.first)} {square_name(*self.second)}"


@attrs.frozen(slots=True)
class Done:
    def __str__(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class Discard:
    space: int

    def __str__(self) -> str:
        return f"discard {self.space}"


_A = TypeVar("_A", Rolled, Take, Glass, Discard)

Action = Roll | Rolled | Take | Glass | Place | Forceps | Swap | Done | Discard
ACTION_TYPES = (Roll, Rolled, Take, Glass, Place, Forceps, Swap, Done, Discard)

SIDE_MAX = 9
"""Largest canvas side (a 5x5 box); actions exist for every square of it."""
FACES = range(1, 7)
SPACES = range(1, LOG_SPACES + 1)

ROLL = Roll()
DONE = Done()
FORCEPS = Forceps()
ROLLED = {face: Rolled(face) for face in FACES}
TAKE = {space: Take(space) for space in SPACES}
GLASS = {space: Glass(space) for space in (PILE, *SPACES)}
DISCARD = {space: Discard(space) for space in SPACES}
PLACE = {(r, c): Place(r, c) for r in range(SIDE_MAX) for c in range(SIDE_MAX)}
SWAP = {
    (a, b): Swap(a, b)
    for a in PLACE
    for b in PLACE
    if a < b
}


def swap(a: tuple[int, int], b: tuple[int, int]) -> Swap:
    """The swap of two squares given in either order."""
    return SWAP[(a, b) if a < b else (b, a)]


def _space(text: str, table: Mapping[int, _A], kind: type[_A]) -> _A | None:
    """The action numbered `text`; one no position allows (log space 9) if
    the number is out of range, for the rules to refuse with a reason."""
    if not text.isdigit() or len(text) > 3 or int(text) < 1:
        return None
    number = int(text)
    return table.get(number) or kind(number)


def parse(text: str) -> Action | None:
    """The action named by normalised (lower-case, single-spaced) text, legal or not."""
    verb, _, rest = text.partition(" ")
    if verb == "roll" and not rest:
        return ROLL
    if verb == "done" and not rest:
        return DONE
    if verb == "forceps" and not rest:
        return FORCEPS
    if verb == "rolled":
        return _space(rest, ROLLED, Rolled)
    if verb == "take":
        return _space(rest, TAKE, Take)
    if verb == "discard":
        return _space(rest, DISCARD, Discard)
    if verb == "glass":
        return GLASS[PILE] if rest == "pile" else _space(rest, GLASS, Glass)
    if verb == "place":
        square = parse_square(rest)
        return PLACE[square] if square else None
    if verb == "swap":
        parts = rest.split(" ")
        if len(parts) != 2:
            return None
        a, b = parse_square(parts[0]), parse_square(parts[1])
        if a is None or b is None:
            return None
        return Swap(a, b) if a == b else swap(a, b)  # one square twice: refused with a reason
    return None
