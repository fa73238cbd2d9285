"""Workbench moves in words for the table's log, and which moves bring a
hidden card to light (those cannot be taken back)."""

from __future__ import annotations

from gemtable.engine.core import CHANCE, IllegalAction

from . import actions as A
from .cards import CODE, DICE_COLOURS, EMPTY, METAL, METALS, PIECE, PIECES, TOOLS
from .state import WorkbenchState


def _dice(counts: tuple[int, ...]) -> str:
    names = [DICE_COLOURS[c] for c, n in enumerate(counts) for _ in range(n)]
    if not names:
        return "no dice"
    if len(names) == 1:
        return f"a {names[0]} die"
    return f"{', '.join(names[:-1])} and {names[-1]} dice"


def _card(card: int) -> str:
    if card < 0:
        return "an empty slot"
    return f"the {METALS[METAL[card]]} {PIECES[PIECE[card]]} {CODE[card]}"


def _held(state: WorkbenchState, seat: int) -> int:
    return sum(state.seats[seat].held)


def describe(before: WorkbenchState, action: object, after: WorkbenchState) -> str:
    me = before.current
    if isinstance(action, A.Roll):
        return f"rolled a {DICE_COLOURS[action.colour]} {action.face}"
    if isinstance(action, A.Pick):
        faces = f"{action.number}s and {action.neighbour}s" if action.neighbour else f"{action.number}s"
        kept = _held(after, me) - _held(before, me)
        return f"kept the {faces} ({kept} {'die' if kept == 1 else 'dice'})"
    if isinstance(action, A.Crucible):
        return f"used the Crucible to roll {_dice(action.dice)} from the reserve"
    if isinstance(action, A.Leave):
        where = "the Crucible's" if action.extra else "the tray's"
        return f"left {where} {DICE_COLOURS[action.colour]} {action.face} behind"
    if isinstance(action, A.Put):
        told = f"put {_dice(action.dice)} on slot {action.slot + 1}, {_card(before.showcase[action.slot])}"
        extras = []
        if action.loupe >= 0:
            extras.append(f"the Loupe die as a {DICE_COLOURS[action.loupe]} gem")
        if action.burin:
            extras.append("the Burin die")
        if extras:
            told += ", with " + " and ".join(extras)
        if before.showcase[action.slot] != EMPTY and before.showcase[action.slot] in after.seats[me].finished:
            told += ", and finished it"
        return told
    if isinstance(action, A.Move):
        return (f"moved a {DICE_COLOURS[action.die]} die from slot {action.source + 1} "
                f"to slot {action.target + 1} with the Burin")
    if isinstance(action, A.Store):
        tool = TOOLS[action.tool].capitalize()  # as the board names it
        return f"stored a {DICE_COLOURS[action.colour]} die on the {tool}"
    if isinstance(action, A.Pass):
        return "passed"
    if isinstance(action, A.Discard):
        return "gave back every held die (none fitted)"
    return str(action)


def reveals(state: WorkbenchState, action: object) -> bool:
    """A die rolled, or a card drawn from the face-down deck into the showcase."""
    if state.to_move is None:
        return False
    if state.to_move is CHANCE:
        return True
    try:
        after = state.apply(action)
    except IllegalAction:
        raise
    except ValueError:
        return True  # a view cannot draw: the move would draw a card
    return len(after.deck) < len(state.deck)
