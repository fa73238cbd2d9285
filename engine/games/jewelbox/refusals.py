"""Why an action is not legal in a Jewel Box position, in words for the player.

`why_illegal` gives "" exactly for the actions `rules.legal_actions` lists:
every condition comes from rules.py (or the canvas masks it uses), and this
module only finds the first one that stands against the action and says it.
"""

from __future__ import annotations

from . import actions
from .actions import Action
from .board import family_at, square_name
from .components import EMPTY, GLASS, NAMES, TOOL_NAMES, Geometry
from .notation import FACE_RANGE, SPACE_RANGE
from .rules import (
    SWAPPING,
    can_glass,
    glass_reaches,
    has_forceps,
    has_two_families,
    space_filled,
    swappable,
)
from .state import AFTER, CHOOSING, DISCARDING, OVER, PLACING, ROLLING, START, JewelBoxState, Seat


def why_illegal(state: JewelBoxState, action: Action) -> str:
    """Why `action` is not legal in `state`, in words for the player; "" if it is."""
    if not isinstance(action, actions.ACTION_TYPES):
        return f"{action!r} is not a Jewel Box action"
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    impossible = _never_legal(action)
    if impossible:
        return impossible
    if phase == ROLLING:
        if isinstance(action, actions.Rolled):
            return ""
        return "the die is rolling: the next step is its outcome (rolled 1 to rolled 6)"
    if isinstance(action, actions.Rolled):
        return "a die outcome only follows a roll; to roll, play `roll`"
    # Spoken to whoever tried the move (always the seat to act): "you", not "seat 1".
    seat = state.seats[state.current]
    if phase in SWAPPING:
        if isinstance(action, actions.Swap):
            return _why_not_swap(state, seat, action)
        return "you hold the Forceps: swap two beetles of different families (swap b2 c4)"
    if phase == CHOOSING and not isinstance(action, actions.Take):
        return "you rolled a 6 and first pick a log space (take 1 to take 5)"
    if phase == PLACING and not isinstance(action, actions.Place):
        extra = "; Forceps come before collecting or after placing" if isinstance(
            action, actions.Forceps | actions.Swap) else ""
        return f"you hold a {NAMES[state.holding]} and must place it first{extra}"
    if phase == DISCARDING and not isinstance(action, actions.Discard):
        return "you end the solo turn by discarding a log beetle (discard 1 to discard 5)"
    if phase == AFTER and not isinstance(action, actions.Forceps | actions.Done | actions.Swap):
        return "you have placed this turn's beetle: use Forceps or end the turn with `done`"
    # Left: the phase's own kind of action, or a START or AFTER action.
    if isinstance(action, actions.Take | actions.Discard):
        return _why_not_space(state, action)
    if isinstance(action, actions.Glass):  # START: AFTER refused it above
        if not can_glass(seat):
            return f"you have already used the {TOOL_NAMES[GLASS]} and the Either"
        if glass_reaches(state, action.space):
            return ""
        if action.space == actions.PILE:
            return "the face-down pile is empty"
        return f"log space {action.space} is empty"
    if isinstance(action, actions.Place):
        if phase == START:
            return f"you have no beetle to place yet: roll, or use a {TOOL_NAMES[GLASS]}"
        return why_not_square(state.geometry, seat.occupied, action.row, action.col)
    if isinstance(action, actions.Forceps | actions.Swap):
        return _why_not_forceps(state, seat, action)
    if isinstance(action, actions.Done) and phase == START:
        return "`done` ends a turn after placing; first collect a beetle (roll or glass)"
    return ""  # `roll` at the start of a turn, `done` after placing


def _never_legal(action: actions.Action) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, actions.Rolled) and action.face not in actions.FACES:
        return f"a die shows {FACE_RANGE}, not {action.face}"
    numbered = (actions.Take, actions.Glass, actions.Discard)
    if isinstance(action, numbered) and action.space > actions.SPACES[-1]:
        return f"there is no log space {action.space}: log spaces are {SPACE_RANGE}"
    if isinstance(action, actions.Swap) and action.first == action.second:
        return "the Forceps swap two beetles on two different squares"
    return ""


def _why_not_space(state: JewelBoxState, action: actions.Take | actions.Discard) -> str:
    if isinstance(action, actions.Take) and state.phase != CHOOSING:
        return "`take` is for after a roll of 6; roll first, or use a Magnifying Glass (glass N)"
    if isinstance(action, actions.Discard) and state.variant != "solo":
        return "discarding is only part of the solo game"
    if isinstance(action, actions.Discard) and state.phase != DISCARDING:
        return "the solo discard comes at the end of the turn, after placing"
    if space_filled(state.log, action.space):
        return ""
    return f"log space {action.space} is empty"


def _why_not_forceps(
    state: JewelBoxState, seat: Seat, action: actions.Forceps | actions.Swap
) -> str:
    """Forceps (or a swap) asked for in START or AFTER."""
    if not has_forceps(seat):
        return "you have already used the Forceps and the Either"
    if isinstance(action, actions.Swap):
        problem = _why_not_swap(state, seat, action)
        return problem or f"first take up the Forceps (`forceps`), then `{action}`"
    if has_two_families(seat):
        return ""
    return "Forceps swap two beetles of different families: the box needs two families first"


def _why_not_swap(state: JewelBoxState, seat: Seat, action: actions.Swap) -> str:
    """What is wrong with the squares of a swap ('' if nothing)."""
    geo = state.geometry
    families = []
    for square in (action.first, action.second):
        cell = geo.index(*square)
        family = EMPTY if cell is None else family_at(seat.masks, cell)
        if family == EMPTY:
            return f"there is no beetle on {square_name(*square)} to move"
        families.append(family)
    if not swappable(families[0], families[1]):
        return f"both squares hold a {NAMES[families[0]]}: swapping them would change nothing"
    return ""


def why_not_square(geo: Geometry, occupied: int, row: int, col: int) -> str:
    """Why the next beetle cannot go on (row, col) of a box covering `occupied`;
    "" if it can. The conditions are those `Geometry.placement_mask` combines."""
    cell = geo.index(row, col)
    name = square_name(row, col) if 0 <= col < 9 and 0 <= row < 9 else f"({row}, {col})"
    last = square_name(geo.side - 1, geo.side - 1)
    if cell is None:
        return f"{name} is off the table: squares run from a1 to {last}"
    if occupied >> cell & 1:
        return f"{name} already holds a beetle"
    if not occupied:
        if cell == geo.centre:
            return ""
        centre = square_name(*geo.squares[geo.centre])
        return f"the first beetle goes on the centre square {centre}"
    if not geo.grow(occupied) >> cell & 1:
        return f"{name} does not touch the box (a side must touch; corners do not count)"
    if not geo.frame_mask(occupied) >> cell & 1:
        n = geo.size
        return f"a beetle on {name} would stretch the box beyond {n}x{n}"
    return ""
