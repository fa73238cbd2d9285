"""What a key means in the position shown: an action to post, or a sentence
saying why there is none. Pure functions of the view and the legal actions,
so the board only routes keys and the rules stay in the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.board import square_name
from gemtable.engine.games.jewelbox.boxes import family_on
from gemtable.engine.games.jewelbox.components import EITHER, EMPTY, GLASS, NAMES, TOOL_NAMES
from gemtable.engine.games.jewelbox.rules import spent_tool
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
)

from .explain import Square

GLASS_MODE = "glass"
FORCEPS_MODE = "forceps"

Choice = object | str
"""A legal action, or the reason (a str) why the key does nothing now."""


def glasses(legal: Sequence[object]) -> list[actions.Glass]:
    return [a for a in legal if isinstance(a, actions.Glass)]


def forceps_ready(legal: Sequence[object]) -> bool:
    """The Forceps can be taken up now, or are in hand already."""
    return any(isinstance(a, actions.Forceps | actions.Swap) for a in legal)


def swapping(view: JewelBoxState) -> bool:
    """The Forceps are in hand: the next action is the swap."""
    return view.phase in (SWAP_FIRST, SWAP_LAST)


def unfinished_step(view: JewelBoxState) -> str | None:
    """The step the turn is waiting for before it can roll or end, in the
    words of the keys to press; None when it waits for neither of these."""
    if view.phase == CHOOSING:
        return "you rolled a 6: press 1-5 to take that log beetle"
    if view.phase == PLACING:
        return f"place the {NAMES[view.holding]} first: move to a + square and press Enter"
    if view.phase == DISCARDING:
        return "the solo turn ends with a discard: press 1-5"
    if swapping(view):
        return "the Forceps are in hand: Enter on two beetles to swap them"
    return None


def checked(view: JewelBoxState, legal: Sequence[object], action: actions.Action) -> Choice:
    return action if action in legal else view.why_illegal(action)


def tool_reason(view: JewelBoxState, tool: int) -> str:
    """Why a tool cannot be started now (its actions are not among the legal ones)."""
    name = TOOL_NAMES[tool]
    seat = view.seats[view.current]
    if not seat.tools & (tool | EITHER):
        return f"the {name} and the Either are both used"
    if view.tool_used:
        return "one tool per turn: you already used one this turn"
    if tool == GLASS:
        if view.phase != START:
            return "the Magnifying Glass replaces the roll, at the start of a turn"
        return "the Magnifying Glass cannot be used now"
    if view.phase == PLACING:
        return f"place the {NAMES[view.holding]} first; Forceps come before collecting " \
               "or after placing"
    if view.phase in (CHOOSING, DISCARDING):
        return "Forceps come before collecting or after placing"
    if swapping(view):
        return "the Forceps are in hand: Enter on two beetles of different families"
    return "Forceps swap two beetles of different families: you need two families first"


def digit(view: JewelBoxState, legal: Sequence[object], mode: str, space: int) -> Choice:
    """A number key 1-5: glass, take or discard, whichever the moment calls for."""
    if not 1 <= space <= 5:
        return f"log spaces are 1 to 5, not {space}"
    if mode == GLASS_MODE:
        return checked(view, legal, actions.GLASS[space])
    if view.phase == CHOOSING:
        return checked(view, legal, actions.TAKE[space])
    if view.phase == DISCARDING:
        return checked(view, legal, actions.DISCARD[space])
    if view.phase == START:
        if glasses(legal):
            # Kept under 78 characters: the prompt line is one row at 80 columns.
            return f"1-5 take a space after a 6; to take {space} now: g then {space} " \
                   "(uses a Glass), or r rolls"
        return "1-5 pick a space after you roll a 6; r rolls the die"
    if view.phase == PLACING:
        return f"place the {NAMES[view.holding]} first: move to a + square and press Enter"
    if view.phase == AFTER:
        return "the beetle is placed: f for Forceps, or d to end the turn"
    if swapping(view):
        return "the Forceps are in hand: Enter on two beetles to swap them"
    return "nothing to pick from the log now"


def roll(view: JewelBoxState, legal: Sequence[object]) -> Choice:
    """r: the roll, or what the moment needs instead (the engine's reasons
    name seats and notation, which reads oddly to the person at the keys)."""
    if actions.ROLL in legal:
        return actions.ROLL
    if view.phase == AFTER:
        return "one roll per turn: d ends the turn, f starts Forceps"
    return unfinished_step(view) or view.why_illegal(actions.ROLL)


def pile(view: JewelBoxState, legal: Sequence[object], mode: str) -> Choice:
    if mode == GLASS_MODE:
        return checked(view, legal, actions.GLASS[actions.PILE])
    return "p takes the pile's top beetle with the Magnifying Glass: press g, then p"


def place(view: JewelBoxState, legal: Sequence[object], cursor: Square) -> Choice:
    action = actions.PLACE.get(cursor)
    if action is None:
        return f"{square_name(*cursor)} is off the sheet"
    if action in legal:
        return action
    return f"not on {square_name(*cursor)}: " + view.why_illegal(action)


def forceps_pick(view: JewelBoxState, legal: Sequence[object], picked: Square | None,
                 cursor: Square) -> tuple[Choice | None, Square | None]:
    """Enter during Forceps: (action or reason or None, the square now picked).

    The action is the swap; before the Forceps are taken up it is not legal
    yet, and the board takes them up first (see `JewelBoxBoard._play`)."""
    seat = view.current
    family = family_on(view, seat, *cursor)
    name = square_name(*cursor)
    if family == EMPTY:
        return f"{name} is empty: Forceps move beetles already in your box", picked
    if picked is None:
        return None, cursor
    if picked == cursor:
        return None, None  # a second Enter on the same beetle lets it go
    if family == family_on(view, seat, *picked):
        return (f"{square_name(*picked)} and {name} are both {NAMES[family]}s: pick a "
                "beetle of another family"), picked
    swap = actions.swap(picked, cursor)
    if actions.FORCEPS in legal:
        return swap, picked
    return checked(view, legal, swap), picked


def done(view: JewelBoxState, legal: Sequence[object]) -> Choice:
    if actions.DONE in legal:
        return actions.DONE
    return unfinished_step(view) or view.why_illegal(actions.DONE)


def enter_hint(view: JewelBoxState, legal: Sequence[object]) -> str:
    """Enter outside placing and Forceps: say what the moment needs instead."""
    if view.phase == START:
        return "Enter places a beetle once you have one: r rolls, g uses the Magnifying Glass"
    if view.phase == CHOOSING:
        return "you rolled a 6: press 1-5 to take that log beetle"
    if view.phase == AFTER:
        return "d ends the turn; f starts Forceps (swap two of your beetles)"
    if view.phase == DISCARDING:
        return "solo discard: press 1-5 to discard that log beetle"
    return "nothing to do with Enter now"


def tool_start(view: JewelBoxState, legal: Sequence[object], tool: int) -> str | None:
    """None if the tool can be used now, else why not."""
    found = glasses(legal) if tool == GLASS else forceps_ready(legal)
    return None if found else tool_reason(view, tool)


def either_question(view: JewelBoxState, tool: int) -> str | None:
    """When the engine would spend the Either for `tool` (that tool is used up), the
    words asking for the key again; None when the key takes up that very tool."""
    if swapping(view) or spent_tool(view.seats[view.current].tools, tool) == tool:
        return None
    name, key = TOOL_NAMES[tool], "g" if tool == GLASS else "f"
    return f"the {name} is used up: {key} again uses the Either as the {name}"


def log_targets(legal: Sequence[object], mode: str, blocked: bool) -> set[int]:
    """Log spaces a key would act on now, drawn brighter (A.PILE, 0: the pile)."""
    if blocked:
        return set()
    if mode == GLASS_MODE:
        return {a.space for a in glasses(legal)}
    return {a.space for a in legal if isinstance(a, actions.Take | actions.Discard)}
