"""Jewel Box moves in words for the table's log, which moves bring a
face-down beetle to light (those cannot be taken back), and where the game stands."""

from __future__ import annotations

from gemtable.engine.core import IllegalAction

from . import actions
from .actions import Action
from .board import square_name
from .boxes import family_on
from .components import NAMES, TOOL_NAMES
from .state import JewelBoxState


def _family(family: int) -> str:
    return NAMES[family] if family >= 0 else "a face-down beetle"


def _cell_name(state: JewelBoxState, cell: int) -> str:
    return square_name(*divmod(cell, state.geometry.side))


def _placed(before: JewelBoxState, after: JewelBoxState) -> str:
    """Where the mover's new beetle went, if this action put one in the box."""
    me = before.current
    old, new = before.seats[me].masks, after.seats[me].masks
    for was, now in zip(old, new, strict=True):
        added = now & ~was
        if added and not added & (added - 1):
            cell = added.bit_length() - 1
            return f"; placed on {_cell_name(before, cell)}"
    return ""


def _tool(before: JewelBoxState, after: JewelBoxState, wanted: str) -> str:
    me = before.current
    spent = before.seats[me].tools & ~after.seats[me].tools
    name = TOOL_NAMES.get(spent, wanted)
    return f"the {name}" if name == wanted else f"the {name} tool as the {wanted}"


def _changed_cells(before: JewelBoxState, after: JewelBoxState) -> list[int]:
    me = before.current
    changed = 0
    for was, now in zip(before.seats[me].masks, after.seats[me].masks, strict=True):
        changed |= was ^ now
    return [cell for cell in range(before.geometry.cells) if changed >> cell & 1]


def _swap(state: JewelBoxState, swap: actions.Swap) -> str:
    me = state.current
    first = family_on(state, me, *swap.first)
    second = family_on(state, me, *swap.second)
    return (f"swapped {_family(first)} on {square_name(*swap.first)} with "
            f"{_family(second)} on {square_name(*swap.second)}")


def describe(state: JewelBoxState, action: Action, after: JewelBoxState) -> str:
    if isinstance(action, actions.Rolled):
        told = f"rolled {action.face}"
        if action.face != 6:
            told += f": {_family(state.log[action.face - 1])}"
        return told + _placed(state, after)
    if isinstance(action, actions.Roll):
        return "rolled the die"
    if isinstance(action, actions.Take):
        return f"took space {action.space}, {_family(state.log[action.space - 1])}" + _placed(
            state, after)
    if isinstance(action, actions.Glass):
        tool = _tool(state, after, "Magnifying Glass")
        if action.space == actions.PILE:
            told = f"used {tool} on the face-down pile"
        else:
            told = (f"used {tool} on space {action.space}, "
                    f"{_family(state.log[action.space - 1])}")
        return told + _placed(state, after)
    if isinstance(action, actions.Place):
        return f"placed {_family(state.holding)} on {square_name(action.row, action.col)}"
    if isinstance(action, actions.Forceps):
        told = f"took up {_tool(state, after, 'Forceps')}"
        moved = _changed_cells(state, after)
        if len(moved) == 2:  # only one swap was possible, so it was made at once
            first, second = (divmod(cell, state.geometry.side) for cell in moved)
            told += "; " + _swap(state, actions.swap(first, second))
        return told
    if isinstance(action, actions.Swap):
        return _swap(state, action)
    if isinstance(action, actions.Done):
        return "ended the turn"
    if isinstance(action, actions.Discard):
        return f"discarded space {action.space}, {_family(state.log[action.space - 1])}"
    return str(action)


def reveals(state: JewelBoxState, action: Action) -> bool:
    """A die rolled, or a beetle drawn from the face-down pile (the pile refills
    the log after a beetle is placed, and the Glass may take its top)."""
    if state.to_move is None:
        return False
    if not isinstance(state.to_move, int):
        return True
    if isinstance(action, actions.Glass) and action.space == actions.PILE:
        return True
    try:
        after = state.apply(action)
    except IllegalAction:
        raise
    except ValueError:
        return True  # a view cannot draw from the pile: the move would draw
    return len(after.pile) < len(state.pile)


def progress(state: JewelBoxState) -> str:
    """Rounds, not player turns: every seat fills one square a round, so
    "Round 4 of 25" says how full the boxes are at any table size."""
    rounds = state.size * state.size
    unit = "turn" if state.players == 1 else "round"
    if state.is_over:
        return f"{rounds} {unit}s"
    done = min(state.turns // state.players + 1, rounds)
    return f"{unit.capitalize()} {done} of {rounds}"
