"""Jewel Box moves in words for the table's log, and which moves bring a
face-down beetle to light (those cannot be taken back)."""

from __future__ import annotations

from gemtable.engine.core import IllegalAction

from . import actions as A
from .board import square_name
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


def _swap(state: JewelBoxState, swap: A.Swap) -> str:
    me = state.current
    first = state.family_on(me, *swap.first)
    second = state.family_on(me, *swap.second)
    return (f"swapped {_family(first)} on {square_name(*swap.first)} with "
            f"{_family(second)} on {square_name(*swap.second)}")


def describe(before: JewelBoxState, action: object, after: JewelBoxState) -> str:
    if isinstance(action, A.Rolled):
        told = f"rolled {action.face}"
        if action.face != 6:
            told += f": {_family(before.log[action.face - 1])}"
        return told + _placed(before, after)
    if isinstance(action, A.Roll):
        return "rolled the die"
    if isinstance(action, A.Take):
        return f"took space {action.space}, {_family(before.log[action.space - 1])}" + _placed(
            before, after)
    if isinstance(action, A.Glass):
        tool = _tool(before, after, "Magnifying Glass")
        if action.space == A.PILE:
            told = f"used {tool} on the face-down pile"
        else:
            told = (f"used {tool} on space {action.space}, "
                    f"{_family(before.log[action.space - 1])}")
        return told + _placed(before, after)
    if isinstance(action, A.Place):
        return f"placed {_family(before.holding)} on {square_name(action.row, action.col)}"
    if isinstance(action, A.Forceps):
        told = f"took up {_tool(before, after, 'Forceps')}"
        moved = _changed_cells(before, after)
        if len(moved) == 2:  # only one swap was possible, so it was made at once
            first, second = (divmod(cell, before.geometry.side) for cell in moved)
            told += "; " + _swap(before, A.swap(first, second))
        return told
    if isinstance(action, A.Swap):
        return _swap(before, action)
    if isinstance(action, A.Done):
        return "ended the turn"
    if isinstance(action, A.Discard):
        return f"discarded space {action.space}, {_family(before.log[action.space - 1])}"
    return str(action)


def reveals(state: JewelBoxState, action: object) -> bool:
    """A die rolled, or a beetle drawn from the face-down pile (the pile refills
    the log after a beetle is placed, and the Glass may take its top)."""
    if state.to_move is None:
        return False
    if not isinstance(state.to_move, int):
        return True
    if isinstance(action, A.Glass) and action.space == A.PILE:
        return True
    try:
        after = state.apply(action)
    except IllegalAction:
        raise
    except ValueError:
        return True  # a view cannot draw from the pile: the move would draw
    return len(after.pile) < len(state.pile)
