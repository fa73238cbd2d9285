"""Why an action is not legal in a Jewel Box position, in words for the player."""

from __future__ import annotations

from . import actions as A
from .board import family_at, square_name
from .components import EITHER, EMPTY, FORCEPS, GLASS, NAMES, TOOL_NAMES
from .notation import never_legal
from .state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    OVER,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
    Seat,
)


def why_illegal(state: JewelBoxState, action: object) -> str:
    """Why `action` is not legal in `state`, in words for the player."""
    from .rules import can_glass

    if not isinstance(action, A.ACTION_TYPES):
        return f"{action!r} is not a Jewel Box action"
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    impossible = never_legal(action)
    if impossible:
        return impossible
    if phase == ROLLING:
        return "the die is rolling: the next step is its outcome (rolled 1 to rolled 6)"
    if isinstance(action, A.Rolled):
        return "a die outcome only follows a roll; to roll, play `roll`"
    # Spoken to whoever tried the move (always the seat to act): "you", not "seat 1".
    seat = state.seats[state.current]
    if phase in (SWAP_FIRST, SWAP_LAST):
        if isinstance(action, A.Swap):
            return _why_not_swap(state, seat, action)
        return "you hold the Forceps: swap two beetles of different families (swap b2 c4)"
    if phase == CHOOSING and not isinstance(action, A.Take):
        return "you rolled a 6 and first pick a log space (take 1 to take 5)"
    if phase == PLACING and not isinstance(action, A.Place):
        extra = "; Forceps come before collecting or after placing" if isinstance(
            action, A.Forceps | A.Swap) else ""
        return f"you hold a {NAMES[state.holding]} and must place it first{extra}"
    if phase == DISCARDING and not isinstance(action, A.Discard):
        return "you end the solo turn by discarding a log beetle (discard 1 to discard 5)"
    if phase == AFTER and not isinstance(action, A.Forceps | A.Done | A.Swap):
        return "you have placed this turn's beetle: use Forceps or end the turn with `done`"
    if isinstance(action, A.Take | A.Discard):
        return _why_not_space(state, action)
    if isinstance(action, A.Glass):
        if not can_glass(seat):
            return f"you have already used the {TOOL_NAMES[GLASS]} and the Either"
        return "the face-down pile is empty" if action.space == A.PILE else (
            f"log space {action.space} is empty")
    if isinstance(action, A.Place):
        if phase == START:
            return f"you have no beetle to place yet: roll, or use a {TOOL_NAMES[GLASS]}"
        return state.geometry.why_not_here(seat.occupied, action.row, action.col)
    if isinstance(action, A.Forceps | A.Swap):
        return _why_not_forceps(state, seat, action)
    if isinstance(action, A.Done):
        return "`done` ends a turn after placing; first collect a beetle (roll or glass)"
    return f"{action} is not legal here"  # pragma: no cover


def _why_not_space(state: JewelBoxState, action: A.Take | A.Discard) -> str:
    if isinstance(action, A.Take) and state.phase != CHOOSING:
        return "`take` is for after a roll of 6; roll first, or use a Magnifying Glass (glass N)"
    if isinstance(action, A.Discard) and state.variant != "solo":
        return "discarding is only part of the solo game"
    if isinstance(action, A.Discard) and state.phase != DISCARDING:
        return "the solo discard comes at the end of the turn, after placing"
    return f"log space {action.space} is empty"


def _why_not_forceps(state: JewelBoxState, seat: Seat, action: A.Forceps | A.Swap) -> str:
    """Forceps (or a swap) asked for in START or AFTER."""
    if not seat.tools & (FORCEPS | EITHER):
        return "you have already used the Forceps and the Either"
    if isinstance(action, A.Swap):
        problem = _why_not_swap(state, seat, action)
        return problem or f"first take up the Forceps (`forceps`), then `{action}`"
    return "Forceps swap two beetles of different families: the box needs two families first"


def _why_not_swap(state: JewelBoxState, seat: Seat, action: A.Swap) -> str:
    """What is wrong with the squares of a swap ('' if nothing)."""
    geo = state.geometry
    families = []
    for square in (action.first, action.second):
        cell = geo.index(*square)
        family = EMPTY if cell is None else family_at(seat.masks, cell)
        if family == EMPTY:
            return f"there is no beetle on {square_name(*square)} to move"
        families.append(family)
    if families[0] == families[1]:
        return f"both squares hold a {NAMES[families[0]]}: swapping them would change nothing"
    return ""
