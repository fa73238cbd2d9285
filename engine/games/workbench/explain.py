"""Why an action cannot be played in a Workbench position, in words for the player."""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions as A
from . import rules
from .cards import BURIN, CLOTH, COLOURS, CRUCIBLE, DICE_COLOURS, GEMS, LETTERS, LOUPE, TOOLS
from .notation import never_legal
from .state import CHOOSE, MAKE, MOVE, OVER, PICK, ROLL_EXTRA, TRIM, WorkbenchState

_PHASE_HINT = {
    CHOOSE: "it is the design phase: pick a number from the tray (pick N)",
    PICK: "pick a number from the tray and the Crucible dice (pick N)",
    TRIM: "more than six dice qualify: leave dice behind one at a time (leave R3)",
    MAKE: "it is the manufacturing phase: put, store or discard",
    MOVE: "you used the Burin: move one showcase die (move 2 5 Y) or pass",
}


def _dice(n: int, colour: int) -> str:
    return f"{n} {DICE_COLOURS[colour]} {'die' if n == 1 else 'dice'}"


def why_illegal(state: WorkbenchState, action: object) -> str:
    if state.step == OVER:
        return "the game is over"
    if not isinstance(action, A.ACTION_TYPES):
        return f"{action!r} is not a Workbench action"
    impossible = never_legal(action)
    if impossible:
        return impossible
    if state.step <= ROLL_EXTRA:
        return _why_not_roll(state, action)
    if isinstance(action, A.Roll):
        return "dice are rolled only at a chance step, not by a player"
    step = state.step
    if step in (CHOOSE, PICK):
        reason = _why_not_design(state, action)
    elif step == TRIM:
        reason = _why_not_leave(state, action)
    elif step == MAKE:
        reason = _why_not_make(state, action)
    else:
        reason = _why_not_move(state, action)
    return reason or f"{action} is not legal here; {_PHASE_HINT[step]}"


def _why_not_roll(state: WorkbenchState, action: object) -> str:
    colour = rules.rolling_colour(state)
    expected = f"a {DICE_COLOURS[colour]} die is being rolled"
    if not isinstance(action, A.Roll):
        return f"this is a chance step: {expected}"
    if action.colour != colour:
        return f"{expected}, not a {DICE_COLOURS[action.colour]} one"
    return f"a die shows 1 to 6, not {action.face}"


def _why_not_design(state: WorkbenchState, action: object) -> str | None:
    tools = state.seats[state.current].tools
    showing = rules.faces_showing(state)
    if isinstance(action, A.Pick):
        if action.number not in showing:
            return f"no die shows {action.number}; showing: {' '.join(map(str, showing)) or 'none'}"
        if action.neighbour:
            if tools[CLOTH] < 0:
                return "keeping a second number needs a die stored on the Polishing Cloth"
            if action.neighbour not in (action.number % 6 + 1, (action.number - 2) % 6 + 1):
                return "the Polishing Cloth adds a neighbouring number (6 and 1 are neighbours)"
            if action.neighbour not in showing:
                return f"no die shows {action.neighbour}, so the Cloth would add nothing"
        return None
    if isinstance(action, A.Crucible):
        if state.step == PICK:
            return "the Crucible has been used this turn; pick a number now"
        if tools[CRUCIBLE] < 0:
            return "no die is stored on your Melting Crucible"
        reserve = list(state.reserve)
        reserve[tools[CRUCIBLE]] += 1
        n = min(4, sum(reserve))
        if sum(action.dice) != n:
            return f"the Crucible rolls {n} reserve dice, not {sum(action.dice)}"
        for c in range(4):
            if action.dice[c] > reserve[c]:
                return f"the reserve has only {_dice(reserve[c], c)}"
        return None
    if isinstance(action, A.Pass):
        if showing:
            return "dice show in the tray, so you must pick a number"
        return None
    return _PHASE_HINT[state.step]


def _why_not_leave(state: WorkbenchState, action: object) -> str | None:
    if isinstance(action, A.Leave):
        where = "beside the tray (Crucible)" if action.extra else "in the tray"
        return (f"none of the qualifying dice {where} is a {DICE_COLOURS[action.colour]} "
                f"{action.face}")
    return _PHASE_HINT[TRIM]


def _why_not_make(state: WorkbenchState, action: object) -> str | None:
    seat = state.seats[state.current]
    held, tools = seat.held, seat.tools
    if isinstance(action, A.Put):
        return _why_not_put(state, action)
    if isinstance(action, A.Store):
        if tools[action.tool] >= 0:
            return f"your {TOOLS[action.tool].capitalize()} already holds a die"
        if not held[action.colour]:
            return f"you hold no {DICE_COLOURS[action.colour]} die"
        if sum(held) > 1 and rules.fits(state, held):
            return ("only your last die may be stored; with more, store only when none "
                    "of them fits a card")
        return None
    if isinstance(action, A.Discard):
        if rules.fits(state, held):
            return "one of your dice fits an open gem in the showcase: place it before discarding"
        return None
    return _PHASE_HINT[MAKE]


def _why_not_put(state: WorkbenchState, action: A.Put) -> str | None:
    slot = action.slot
    if slot >= len(state.showcase) or state.showcase[slot] < 0:
        return f"showcase slot {slot + 1} holds no card"
    seat = state.seats[state.current]
    missing = list(state.missing[slot])
    for c in range(4):
        if action.dice[c] > seat.held[c]:
            return f"you hold {_dice(seat.held[c], c)}, not {action.dice[c]}"
        if action.dice[c] > missing[c]:
            return f"the card in slot {slot + 1} has {missing[c]} open {COLOURS[c]} gems"
        missing[c] -= action.dice[c]
    if action.burin:
        colour = seat.tools[BURIN]
        if colour < 0:
            return "no die is stored on your Setting Burin"
        if not missing[colour]:
            return f"no open {COLOURS[colour]} gem is left for the {DICE_COLOURS[colour]} Burin die"
        missing[colour] -= 1
    if action.loupe >= 0:
        if seat.tools[LOUPE] < 0:
            return "no die is stored on your Gemologist's Loupe"
        if not missing[action.loupe]:
            return f"no open {COLOURS[action.loupe]} gem is left for the Loupe die"
    return None


def _why_not_move(state: WorkbenchState, action: object) -> str | None:
    if not isinstance(action, A.Move):
        return _PHASE_HINT[MOVE]
    showcase = state.showcase
    for slot in (action.source, action.target):
        if slot >= len(showcase) or showcase[slot] < 0:
            return f"showcase slot {slot + 1} holds no card"
    if action.source == action.target:
        return "the Burin moves a die to another card"
    if not state.missing[action.target][action.die]:
        return f"slot {action.target + 1} has no open {COLOURS[action.die]} gem"
    if action not in rules.burin_moves(state):
        covered = GEMS[showcase[action.source]][action.gem] - state.missing[action.source][action.gem]
        what = f"{LETTERS[action.die]} die on {article(COLOURS[action.gem])} gem"
        return f"slot {action.source + 1} has no {what} ({covered} {COLOURS[action.gem]} covered)"
    return None
