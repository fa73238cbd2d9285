"""Why an action cannot be played in a Workbench position, in words for the player.

`why_illegal` walks the conditions of rules.py (and showcase.py) that the
legal-action generator uses, and names the first one that stands against the
action; "" when none does, which is exactly when the action is legal.
"""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions, rules
from .components import BURIN, CLOTH, COLOURS, CRUCIBLE, DICE_COLOURS, GEMS, LETTERS, LOUPE, TOOLS
from .notation import never_legal
from .showcase import holds_card, liftable, open_for
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
    if not isinstance(action, actions.ACTION_TYPES):
        return f"{action!r} is not a Workbench action"
    impossible = never_legal(action)
    if impossible:
        return impossible
    if state.step <= ROLL_EXTRA:
        return _why_not_roll(state, action)
    if isinstance(action, actions.Roll):
        return "dice are rolled only at a chance step, not by a player"
    step = state.step
    if step in (CHOOSE, PICK):
        return _why_not_design(state, action)
    if step == TRIM:
        return _why_not_leave(state, action)
    if step == MAKE:
        return _why_not_make(state, action)
    return _why_not_move(state, action)


def _why_not_roll(state: WorkbenchState, action: actions.Action) -> str:
    colour = state.rolling_colour
    expected = f"a {DICE_COLOURS[colour]} die is being rolled"
    if not isinstance(action, actions.Roll):
        return f"this is a chance step: {expected}"
    if action.colour != colour:
        return f"{expected}, not a {DICE_COLOURS[action.colour]} one"
    return ""  # never_legal has checked the face


def _why_not_design(state: WorkbenchState, action: actions.Action) -> str:
    tools = state.seats[state.current].tools
    showing = rules.faces_showing(state)
    if isinstance(action, actions.Pick):
        if action.number not in showing:
            return f"no die shows {action.number}; showing: {' '.join(map(str, showing)) or 'none'}"
        if action.neighbour:
            if tools[CLOTH] < 0:
                return "keeping a second number needs a die stored on the Polishing Cloth"
            if action.neighbour == (action.number - 2) % 6 + 1:
                # the number below: the Cloth's picks are written lower number first
                return (f"write the Cloth's pair lower number first: "
                        f"pick {action.neighbour}+{action.number}")
            if action.neighbour != rules.cloth_neighbour(action.number):
                return "the Polishing Cloth adds a neighbouring number (6 and 1 are neighbours)"
            if action.neighbour not in showing:
                return f"no die shows {action.neighbour}, so the Cloth would add nothing"
        return ""
    if isinstance(action, actions.Crucible):
        if state.step == PICK:
            return "the Crucible has been used this turn; pick a number now"
        if tools[CRUCIBLE] < 0:
            return "no die is stored on your Melting Crucible"
        reserve = rules.crucible_reserve(state)
        size = rules.crucible_size(reserve)
        if sum(action.dice) != size:
            return f"the Crucible rolls {size} reserve dice, not {sum(action.dice)}"
        for c in range(4):
            if action.dice[c] > reserve[c]:
                return f"the reserve has only {_dice(reserve[c], c)}"
        return ""
    if isinstance(action, actions.Pass):
        if showing:
            return "dice show in the tray, so you must pick a number"
        if not rules.may_pass_design(showing, rules.may_use_crucible(state.step, tools)):
            return f"pass is not legal here; {_PHASE_HINT[state.step]}"
        return ""
    return _PHASE_HINT[state.step]


def _why_not_leave(state: WorkbenchState, action: actions.Action) -> str:
    if not isinstance(action, actions.Leave):
        return _PHASE_HINT[TRIM]
    if rules.may_leave(state, action):
        return ""
    where = "beside the tray (Crucible)" if action.extra else "in the tray"
    return f"none of the qualifying dice {where} is a {DICE_COLOURS[action.colour]} {action.face}"


def _why_not_make(state: WorkbenchState, action: actions.Action) -> str:
    seat = state.seats[state.current]
    held, tools = seat.held, seat.tools
    if isinstance(action, actions.Put):
        return _why_not_put(state, action)
    if isinstance(action, actions.Store):
        if tools[action.tool] >= 0:
            return f"your {TOOLS[action.tool].capitalize()} already holds a die"
        if not held[action.colour]:
            return f"you hold no {DICE_COLOURS[action.colour]} die"
        if not rules.may_store(held, rules.fits(state, held)):
            return ("only your last die may be stored; with more, store only when none "
                    "of them fits a card")
        return ""
    if isinstance(action, actions.Discard):
        if not rules.may_discard(rules.fits(state, held)):
            return "one of your dice fits an open gem in the showcase: place it before discarding"
        return ""
    return _PHASE_HINT[MAKE]


def _why_not_put(state: WorkbenchState, action: actions.Put) -> str:
    slot = action.slot
    if not holds_card(state, slot):
        return f"showcase slot {slot + 1} holds no card"
    seat = state.seats[state.current]
    left = list(state.missing[slot])
    for c in range(4):
        if action.dice[c] > seat.held[c]:
            return f"you hold {_dice(seat.held[c], c)}, not {action.dice[c]}"
        if action.dice[c] > left[c]:
            return f"the card in slot {slot + 1} has {left[c]} open {COLOURS[c]} gems"
        left[c] -= action.dice[c]
    if action.burin:
        colour = seat.tools[BURIN]
        if colour < 0:
            return "no die is stored on your Setting Burin"
        if not rules.tool_fits(left, colour):
            return f"no open {COLOURS[colour]} gem is left for the {DICE_COLOURS[colour]} Burin die"
        left[colour] -= 1
    if action.loupe >= 0:
        if seat.tools[LOUPE] < 0:
            return "no die is stored on your Gemologist's Loupe"
        if not rules.tool_fits(left, action.loupe):
            return f"no open {COLOURS[action.loupe]} gem is left for the Loupe die"
    return ""


def _why_not_move(state: WorkbenchState, action: actions.Action) -> str:
    if isinstance(action, actions.Pass):
        return ""
    if not isinstance(action, actions.Move):
        return _PHASE_HINT[MOVE]
    for slot in (action.source, action.target):
        if not holds_card(state, slot):
            return f"showcase slot {slot + 1} holds no card"
    if action.source == action.target:
        return "the Burin moves a die to another card"
    if action.target not in open_for(state, action.die):
        return f"slot {action.target + 1} has no open {COLOURS[action.die]} gem"
    if (action.die, action.gem) not in liftable(state, action.source):
        card = state.showcase[action.source]
        covered = GEMS[card][action.gem] - state.missing[action.source][action.gem]
        what = f"{LETTERS[action.die]} die on {article(COLOURS[action.gem])} gem"
        return f"slot {action.source + 1} has no {what} ({covered} {COLOURS[action.gem]} covered)"
    return ""
