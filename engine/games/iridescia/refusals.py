"""Why the smaller actions are refused, the items' and the steps' that ask one
thing only (explain.py covers moving, buying, selling and restoring). Each is
asked only once the step allows the verb and the seat holds the item played.
"""

from __future__ import annotations

from . import actions as A
from .board import AIRSHIP, CASTLE_ROW, NEIGHBOURS, ROW_OF, cell_name
from .common import occupied
from .components import GEM_NAMES, IRIDIA, TILE_LETTERS, TILES
from .rules import give_actions, movable, remove_actions, revealable
from .state import EMPTY, REMOVE, RESOLVE, IridesciaState
from .wishing import wishable

_TILE_NAMES = (*GEM_NAMES, "rainbow", "Iridia Stone")


def why_not(state: IridesciaState, action: object, verb: str) -> str:
    """Why `action` (of `verb`) is refused here; "" when there is nothing to add."""
    cargo = state.seats[state.current].cargo
    if isinstance(action, A.Tweak | A.Libation):
        return _why_not_dice(state, action)
    if isinstance(action, A.Cauldron):
        for gem in set(action.give):
            wanted = action.give.count(gem)
            if cargo[gem] < wanted:
                return f"you hold {cargo[gem]} {GEM_NAMES[gem]}, not {wanted}"
        return f"the supply has no {GEM_NAMES[action.get]} left"
    if isinstance(action, A.OnGem):
        return _why_not_gem(state, action)
    if verb == "stone":
        return "you hold no stone die"
    if verb == "cart":
        return "the Marvelous Mine Cart is already in play this turn"
    if verb == "pickaxe" and isinstance(action, A.OnCell):
        return _why_not_pickaxe(state, action.cell)
    if verb == "catapult" and isinstance(action, A.OnCell):
        return _why_not_catapult(state, action.cell)
    if verb == "book":
        if isinstance(action, A.OnSlot):
            return f"the relic row has no relic in place {action.slot + 1}"
        return "the relic deck is empty"
    if verb == "pass" and state.step == REMOVE:
        removable = remove_actions(state)
        return f"a tile can still be removed: {removable[0]}, for one"
    if verb == "take":
        return f"a gem is within the Wishing Well's reach: take it ({_first_wish(state)})"
    return ""


def _why_not_gem(state: IridesciaState, action: A.OnGem) -> str:
    seat = state.seats[state.current]
    verb, gem = action.verb, action.gem
    if verb == "discard":
        if revealable(state, seat.position) or movable(state, seat.position):
            return "you are not blocked: a tile ahead of or beside you can be revealed or moved onto"
        return f"your victory pile holds no {_TILE_NAMES[min(gem, IRIDIA)]} tile"
    if verb in ("axe", "return") and not seat.cargo[gem]:
        return f"you hold no {GEM_NAMES[gem]}"
    if verb == "return":
        return f"another seat has room for it: give it away ({give_actions(state)[0]}, for one)"
    if verb in ("axe", "wish") and not state.gem_supply[gem]:
        return f"the supply has no {GEM_NAMES[gem]} left"
    if verb == "wish":
        return (f"the {GEM_NAMES[gem]} market die shows {state.market_dice[gem]}, more than the "
                f"Wishing Well's best die ({max(state.dice)})")
    return ""


def _why_not_dice(state: IridesciaState, action: A.Tweak | A.Libation) -> str:
    """A change of a mining roll's dice: there must be a roll waiting, with that die."""
    if isinstance(action, A.Tweak):
        dice = [action.target] if action.target < A.MARKET_TARGET else []
    else:
        dice = [] if action.market else list(action.dice)
    if not dice:
        return ""
    if state.step != RESOLVE:
        return "no mining roll is waiting: only a market die can be changed now"
    highest = max(dice)
    return f"the mining roll has {len(state.dice)} dice, not {highest + 1}"


def _why_not_pickaxe(state: IridesciaState, cell: int) -> str:
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


def _why_not_catapult(state: IridesciaState, cell: int) -> str:
    if state.begun:
        return "the Clever Catapult is played before revealing any tile"
    position = state.seats[state.current].position
    rows = (0,) if position == AIRSHIP else (ROW_OF[position], ROW_OF[position] + 1)
    name = cell_name(cell)
    if ROW_OF[cell] not in rows or ROW_OF[cell] > CASTLE_ROW:
        return f"{name} is not in your row or the row ahead"
    if cell in occupied(state):
        return f"an explorer stands on {name}"
    return f"{name} is barricaded"


def _first_wish(state: IridesciaState) -> str:
    gems = wishable(state)
    return f"wish {TILE_LETTERS[gems[0]].lower()}" if gems else "wish"
