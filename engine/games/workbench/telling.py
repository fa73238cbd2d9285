"""Workbench moves in words for the table's log, which moves bring a hidden
card to light (those cannot be taken back), and where the game stands."""

from __future__ import annotations

from gemtable.engine.core import CHANCE, IllegalAction
from gemtable.engine.wording import article

from . import actions
from .components import (
    BURIN,
    COLOURS,
    DICE_COLOURS,
    EMPTY,
    METAL,
    METALS,
    PIECE,
    PIECES,
    SIZE,
    TOOLS,
)
from .state import WorkbenchState


def _dice(counts: tuple[int, ...]) -> str:
    """Dice per colour in words: "a red die", "2 blue dice and a green die"."""
    parts = [article(f"{DICE_COLOURS[c]} die") if n == 1 else f"{n} {DICE_COLOURS[c]} dice"
             for c, n in enumerate(counts) if n]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def card_words(card: int) -> str:
    """A showcase card as a player names it: its metal, piece and gems (its
    points), never the data's code ("the white ring of 3 gems")."""
    if card < 0:
        return "an empty slot"
    gems = SIZE[card]
    return f"the {METALS[METAL[card]]} {PIECES[PIECE[card]]} of {gems} gem{'s' * (gems != 1)}"


def _put(before: WorkbenchState, action: actions.Put, after: WorkbenchState) -> str:
    """A placement: held dice, tool dice or both (a placement may be tool
    dice alone), the card they went on, and whether it was finished."""
    me = before.current
    tools = []
    if action.loupe >= 0:
        tools.append(f"the Loupe die as {article(COLOURS[action.loupe])}")
    if action.burin:
        tools.append(f"the {DICE_COLOURS[before.seats[me].tools[BURIN]]} Burin die")
    card = before.showcase[action.slot]
    where = f"slot {action.slot + 1}, {card_words(card)}"
    if any(action.dice):
        told = f"put {_dice(action.dice)} on {where}"
        if tools:
            told += ", with " + " and ".join(tools)
    else:
        told = f"put {' and '.join(tools)} on {where}"
    if card != EMPTY and card in after.seats[me].finished:
        told += ", and finished it"
    return told


def _held(state: WorkbenchState, seat: int) -> int:
    return sum(state.seats[seat].held)


def describe(state: WorkbenchState, action: actions.Action, after: WorkbenchState) -> str:
    me = state.current
    if isinstance(action, actions.Roll):
        return f"rolled {article(DICE_COLOURS[action.colour])} {action.face}"
    if isinstance(action, actions.Pick):
        faces = f"{action.number}s and {action.neighbour}s" if action.neighbour else f"{action.number}s"
        kept = _held(after, me) - _held(state, me)
        return f"kept the {faces} ({kept} {'die' if kept == 1 else 'dice'})"
    if isinstance(action, actions.Crucible):
        return f"used the Crucible to roll {_dice(action.dice)} from the reserve"
    if isinstance(action, actions.Leave):
        where = "the Crucible's" if action.extra else "the tray's"
        return f"left {where} {DICE_COLOURS[action.colour]} {action.face} behind"
    if isinstance(action, actions.Put):
        return _put(state, action, after)
    if isinstance(action, actions.Move):
        return (f"moved {article(DICE_COLOURS[action.die])} die from slot {action.source + 1} "
                f"to slot {action.target + 1} with the Burin")
    if isinstance(action, actions.Store):
        tool = TOOLS[action.tool].capitalize()  # as the board names it
        return f"stored {article(DICE_COLOURS[action.colour])} die on the {tool}"
    if isinstance(action, actions.Pass):
        return "passed"
    if isinstance(action, actions.Discard):
        return "gave back every held die (none fitted)"
    return str(action)


def reveals(state: WorkbenchState, action: actions.Action) -> bool:
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


def progress(state: WorkbenchState) -> str:
    return f"Round {min(state.round + 1, state.rounds)} of {state.rounds}"
