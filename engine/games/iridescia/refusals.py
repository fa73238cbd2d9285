"""Why an action is refused, in words for people: "" exactly when it is legal.

Whether it is legal is the legal-action list's to say (rules.py); the words
name the first condition of conditions.py that stands against it.
"""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions
from .actions import Action
from .board import AIRSHIP, NEIGHBOURS, ROW_OF, cell_name
from .common import forward_cells, occupied
from .components import GEM_NAMES, IRIDIA, ITEMS, RELICS, TILE_LETTERS, TILES
from .conditions import (
    WILD,
    catapult_rows,
    cauldron_pairs,
    pile_gems,
    removable,
    reveals_left,
    takers,
    tiles_ahead,
    wishable,
)
from .notation import never_legal
from .setup import rhom_problem
from .state import (
    DROP,
    EMPTY,
    GIVE,
    GO,
    OPTIONAL,
    OVER,
    REMOVE,
    RESOLVE,
    RESTORE,
    REVEAL,
    RHOM,
    ROLLING,
    SEATING,
    STEP_NAMES,
    WISH,
    IridesciaState,
)

_TILE_NAMES = (*GEM_NAMES, "rainbow", "Iridia Stone")

_STEP_HELP = {
    SEATING: "each seat first says whether it is an explorer or the Rhom",
    REVEAL: "reveal up to two tiles ahead or beside your explorer, then move onto one",
    GO: "you are blocked: step onto an empty hex ahead of or beside you (the nearest "
        "one not behind you when none is)",
    OPTIONAL: "mine, buy, play items, sell, restore relics or end the turn",
    RESOLVE: "a mining roll is waiting: change the dice with an item or take it",
    WISH: "the Wishing Well is waiting for the gem you take (market dice may still change)",
    GIVE: "you hold more than seven gems: give the excess away",
    DROP: "you entered the Forest: discard one of your two objectives",
    RESTORE: "restore more relics or end the turn",
    REMOVE: "you reached the Castle: remove a tile below the Castle row",
    RHOM: "the Rhom plays its turn",
    ROLLING: "dice are being rolled",
}

_VERB_STEPS = {
    "reveal": (REVEAL,), "move": (REVEAL,), "go": (REVEAL, GO), "catapult": (REVEAL,),
    "swap": (REVEAL,), "discard": (REVEAL,), "mine": (OPTIONAL,), "stone": (OPTIONAL,),
    "cart": (OPTIONAL,), "pickaxe": (OPTIONAL,), "buy": (OPTIONAL,), "sell": (OPTIONAL,),
    "cauldron": (OPTIONAL,), "axe": (OPTIONAL,), "well": (OPTIONAL,),
    "elixir": (OPTIONAL, RESTORE),
    "book": (OPTIONAL,), "book deck": (OPTIONAL,), "restore": (OPTIONAL, RESTORE),
    "end": (REVEAL, OPTIONAL, RESTORE), "take": (RESOLVE, WISH), "wish": (WISH,),
    "give": (GIVE,), "return": (GIVE,), "drop": (DROP,), "remove": (REMOVE,),
    "pass": (REMOVE,), "rhom turn": (RHOM,), "jackhammer": (OPTIONAL, RESOLVE, WISH),
    "dynamite": (OPTIONAL, RESOLVE, WISH), "libation": (OPTIONAL, RESOLVE, WISH),
}
"""The steps in which a verb can be legal at all (`go` and `end` in REVEAL: a
blocked explorer with an empty victory pile)."""

NOT_BLOCKED = "you are not blocked: a tile ahead of or beside you can be revealed or moved onto"


def why_illegal(state: IridesciaState, action: Action) -> str:
    if action in state.legal_actions():
        return ""
    return _first_reason(state, action) or \
        f"{action} is not allowed here: {_STEP_HELP.get(state.step, '')}"


def _first_reason(state: IridesciaState, action: Action) -> str:
    if state.step == OVER:
        return "the game is over"
    impossible = never_legal(state, action)
    if impossible:
        return impossible
    if isinstance(action, actions.Roll):
        return "no die is being rolled now" if state.step != ROLLING else \
            f"a die shows 1 to 6, not {action.face}"
    if state.step == ROLLING:
        return "dice are being rolled: only a roll of the die can happen now"
    if isinstance(action, actions.Declare):
        if state.step != SEATING:
            return "seats say whether they are the Rhom only at the start of the game"
        return rhom_problem(state.players, 1 + (state.rhom >= 0))
    verb = actions.verb_of(action)
    steps = _VERB_STEPS.get(verb)
    if steps is None:
        return f"{action} is not an action of Gems of Iridescia"
    if state.step not in steps:
        return f"you cannot {verb} now: {_STEP_HELP.get(state.step, STEP_NAMES[state.step])}"
    if state.step == REVEAL and verb in ("go", "end"):
        return _not_stuck(state)
    needed = actions.item_played(action)
    if needed >= 0 and needed not in state.seats[state.current].items:
        return f"you hold no {ITEMS[needed].name}"
    if isinstance(action, actions.OnCell):
        return _on_cell(state, action)
    if isinstance(action, actions.OnSlot):
        return _on_slot(state, action)
    if isinstance(action, actions.OnGem):
        return _on_gem(state, action)
    if isinstance(action, actions.Cauldron):
        return _cauldron(state, action)
    if isinstance(action, actions.Tweak | actions.Libation):
        return _dice(state, action)
    return _plain(state, verb)


def _not_stuck(state: IridesciaState) -> str:
    """Why a blocked explorer's step (`go`, or `end` with nowhere to go) is refused
    in the main step: it is not blocked, or it has a tile to discard first."""
    seat = state.seats[state.current]
    hidden, shown = tiles_ahead(state, seat.position)
    if hidden or shown:
        return NOT_BLOCKED
    if pile_gems(seat):
        return "you are blocked: discard a tile of your victory pile first"
    return ""


def _on_cell(state: IridesciaState, action: actions.OnCell) -> str:
    verb, cell = action.verb, action.cell
    seat = state.seats[state.current]
    name = cell_name(cell)
    tile = state.cells[cell]
    if verb == "reveal":
        if not reveals_left(state):
            return "you have already revealed two tiles this turn"
        if tile == EMPTY:
            return f"there is no tile on {name}"
        if state.shown[cell]:
            return f"the tile on {name} is already face up"
    if verb in ("reveal", "move"):
        if cell in state.barricades:
            return f"{name} is barricaded"
        if seat.position < 0 and seat.position != AIRSHIP \
                or cell not in forward_cells(state, seat.position):
            return f"{name} is not ahead of or beside your explorer"
    if verb == "move":
        if tile == EMPTY:
            return f"there is no tile on {name} to move onto"
        if not state.shown[cell]:
            return f"the tile on {name} is face down: reveal it first"
        if WILD[tile] and action.gem < 0:
            return f"{name} is a wild tile: say which gem it stands for (move {name} as e)"
        if not WILD[tile] and action.gem >= 0:
            return f"{name} is not a wild tile: just move {name}"
    if verb == "go":
        return (f"{name} is not a hex you may step onto: an empty hex ahead of or beside "
                "you, or the nearest one not behind you when none is")
    if verb == "remove":
        return f"{name} holds no tile that can be removed (none in the Castle row)"
    if verb == "pickaxe":
        return _pickaxe(state, cell)
    if verb == "catapult":
        return _catapult(state, cell)
    return ""


def _pickaxe(state: IridesciaState, cell: int) -> str:
    seat = state.seats[state.current]
    name = cell_name(cell)
    if state.pickaxe >= 0:
        return "a Prosperous Pickaxe is already in play this turn"
    if seat.position < 0 or cell not in NEIGHBOURS[seat.position]:
        return f"{name} is not next to your explorer"
    tile = state.cells[cell]
    if tile == EMPTY or not state.shown[cell]:
        return f"there is no face-up tile on {name}"
    if cell in state.barricades:
        return f"{name} is barricaded"
    return f"the tile on {name} is wild ({TILE_LETTERS[TILES[tile].gem].lower()}): name a gem tile"


def _catapult(state: IridesciaState, cell: int) -> str:
    if state.begun:
        return "the Clever Catapult is played before revealing any tile"
    if ROW_OF[cell] not in catapult_rows(state.seats[state.current].position):
        return f"{cell_name(cell)} is not in your row or the row ahead"
    if cell in occupied(state):
        return f"an explorer stands on {cell_name(cell)}"
    return f"{cell_name(cell)} is barricaded"


def _on_slot(state: IridesciaState, action: actions.OnSlot) -> str:
    verb, slot = action.verb, action.slot
    seat = state.seats[state.current]
    if verb == "buy":
        if state.bought:
            return "you have already bought an item this turn"
        if slot >= len(state.market) or state.market[slot] < 0:
            return f"the market has no item in slot {slot + 1}"
        item = ITEMS[state.market[slot]]
        if item.kind in seat.items:
            return f"you already hold {article(item.name)}: no duplicates in a hand"
        if seat.coins < item.cost:
            return f"the {item.name} costs {item.cost} and you have {seat.coins}"
        return "an Epic Elixir cannot be bought on a turn an Epic Elixir started"
    if verb == "restore":
        return _restore(state, action)
    if verb == "swap":
        if state.begun:
            return "Swapping Stones are played before revealing any tile"
        return "you can swap only with an explorer standing on the board"
    if verb == "book":
        return f"the relic row has no relic in place {slot + 1}"
    return ""


def _restore(state: IridesciaState, action: actions.OnSlot) -> str:
    seat = state.seats[state.current]
    if action.reserved:
        if action.slot >= len(seat.reserved):
            return f"you have no reserved relic {action.slot + 1}"
        relic = seat.reserved[action.slot]
    else:
        if action.slot >= len(state.relic_row) or state.relic_row[action.slot] < 0:
            return f"the relic row has no relic in place {action.slot + 1}"
        relic = state.relic_row[action.slot]
    short = [f"{n - h} {GEM_NAMES[g]}" for g, (h, n)
             in enumerate(zip(seat.cargo, RELICS[relic].cost, strict=True)) if n > h]
    return f"the {RELICS[relic].name} needs {', '.join(short)} more"


def _on_gem(state: IridesciaState, action: actions.OnGem) -> str:
    seat = state.seats[state.current]
    verb, gem = action.verb, action.gem
    if verb == "sell":
        if state.sold:
            return "you have already sold gems this turn"
        return f"you do not hold {action.number} {GEM_NAMES[gem]}"
    if verb == "give":
        return "give a gem you hold to a seat with room in its hold"
    if verb == "discard":
        hidden, shown = tiles_ahead(state, seat.position)
        if hidden or shown:
            return NOT_BLOCKED
        return f"your victory pile holds no {_TILE_NAMES[min(gem, IRIDIA)]} tile"
    if verb in ("axe", "return") and not seat.cargo[gem]:
        return f"you hold no {GEM_NAMES[gem]}"
    if verb == "return" and takers(state):
        first = actions.GIVE[gem][takers(state)[0]]
        return f"another seat has room for it: give it away ({first}, for one)"
    if verb in ("axe", "wish") and not state.gem_supply[gem]:
        return f"the supply has no {GEM_NAMES[gem]} left"
    if verb == "wish":
        return (f"the {GEM_NAMES[gem]} market die shows {state.market_dice[gem]}, more than the "
                f"Wishing Well's best die ({max(state.dice)})")
    return ""


def _cauldron(state: IridesciaState, action: actions.Cauldron) -> str:
    cargo = state.seats[state.current].cargo
    if action.give not in cauldron_pairs(cargo):
        gem = next(g for g in action.give if cargo[g] < action.give.count(g))
        return f"you hold {cargo[gem]} {GEM_NAMES[gem]}, not {action.give.count(gem)}"
    return f"the supply has no {GEM_NAMES[action.get]} left"


def _dice(state: IridesciaState, action: actions.Tweak | actions.Libation) -> str:
    """A change of a mining roll's dice: there must be a roll waiting, with that die."""
    if isinstance(action, actions.Tweak):
        dice = [action.target] if action.target < actions.MARKET_TARGET else []
    else:
        dice = [] if action.market else list(action.dice)
    if not dice:
        return ""
    if state.step != RESOLVE:
        return "no mining roll is waiting: only a market die can be changed now"
    return f"the mining roll has {len(state.dice)} dice, not {max(dice) + 1}"


def _plain(state: IridesciaState, verb: str) -> str:
    seat = state.seats[state.current]
    if verb == "mine":
        return "mining costs a coin and needs a tile of one gem" if seat.coins < 1 else \
            "there is nothing to mine here"
    if verb == "elixir":
        return "you have already played an Epic Elixir this turn"
    if verb == "stone":
        return "you hold no stone die"
    if verb == "cart":
        return "the Marvelous Mine Cart is already in play this turn"
    if verb == "book deck":
        return "the relic deck is empty"
    if verb == "pass" and removable(state):
        first = actions.CELL_ACTIONS["remove"][removable(state)[0]]
        return f"a tile can still be removed: {first}, for one"
    if verb == "take" and state.step == WISH:
        gems = wishable(state)
        wish = f"wish {TILE_LETTERS[gems[0]].lower()}" if gems else "wish"
        return f"a gem is within the Wishing Well's reach: take it ({wish})"
    return ""
