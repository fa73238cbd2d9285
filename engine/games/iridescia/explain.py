"""Words for people: why an action is illegal, what an action reveals, the
game's own consistency checks and the component counts (log lines: telling)."""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions as A
from . import refusals, telling
from .board import AIRSHIP, CELLS, FINISHED, FIRST_ROW, FORWARD, cell_name
from .components import (
    BARRICADES,
    CARGO,
    GEM_NAMES,
    ITEM_BY_KEY,
    ITEMS,
    RELICS,
    TILES,
    TOKENS,
    TOKENS_FOR,
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
    "reveal": (REVEAL,), "move": (REVEAL,), "go": (GO,), "catapult": (REVEAL,),
    "swap": (REVEAL,), "discard": (REVEAL,), "mine": (OPTIONAL,), "stone": (OPTIONAL,),
    "cart": (OPTIONAL,), "pickaxe": (OPTIONAL,), "buy": (OPTIONAL,), "sell": (OPTIONAL,),
    "cauldron": (OPTIONAL,), "axe": (OPTIONAL,), "well": (OPTIONAL,),
    "elixir": (OPTIONAL, RESTORE),
    "book": (OPTIONAL,), "book deck": (OPTIONAL,), "restore": (OPTIONAL, RESTORE),
    "end": (OPTIONAL, RESTORE), "take": (RESOLVE, WISH), "wish": (WISH,), "give": (GIVE,),
    "return": (GIVE,), "drop": (DROP,), "remove": (REMOVE,), "pass": (REMOVE,),
    "rhom turn": (RHOM,), "jackhammer": (OPTIONAL, RESOLVE, WISH),
    "dynamite": (OPTIONAL, RESOLVE, WISH), "libation": (OPTIONAL, RESOLVE, WISH),
}


def _verb(action: object) -> str:
    if isinstance(action, A.Cauldron):
        return "cauldron"
    if isinstance(action, A.Libation):
        return "libation"
    if isinstance(action, A.Tweak):
        return ITEMS[action.item].key
    return getattr(action, "verb", "")


def item_played(action: object) -> int:
    """The item kind `action` plays (the Reference Book for `book deck`), or -1."""
    verb = _verb(action)
    return ITEM_BY_KEY.get("book" if verb == "book deck" else verb, -1)


def why_illegal(state: IridesciaState, action: object) -> str:
    if state.step == OVER:
        return "the game is over"
    impossible = never_legal(state, action)
    if impossible:
        return impossible
    if isinstance(action, A.Roll):
        return "no die is being rolled now" if state.step != ROLLING else \
            f"a die shows 1 to 6, not {action.face}"
    if state.step == ROLLING:
        return "dice are being rolled: only a roll of the die can happen now"
    if isinstance(action, A.Declare):
        if state.step != SEATING:
            return "seats say whether they are the Rhom only at the start of the game"
        return rhom_problem(state.players, 1 + (state.rhom >= 0)) or \
            "this seat may say it is the Rhom deck"
    verb = _verb(action)
    steps = _VERB_STEPS.get(verb)
    if steps is None:
        return f"{action} is not an action of Gems of Iridescia"
    if state.step not in steps:
        return f"you cannot {verb} now: {_STEP_HELP.get(state.step, STEP_NAMES[state.step])}"
    seat = state.seats[state.current]
    needed = item_played(action)
    if needed >= 0 and needed not in seat.items:
        return f"you hold no {ITEMS[needed].name}"
    return _detail(state, action, verb) or \
        f"{action} is not allowed here: {_STEP_HELP.get(state.step, '')}"


def _detail(state: IridesciaState, action: object, verb: str) -> str:
    seat = state.seats[state.current]
    if isinstance(action, A.OnCell):
        name = cell_name(action.cell)
        tile = state.cells[action.cell]
        forward = FIRST_ROW if seat.position == AIRSHIP else \
            FORWARD[seat.position] if seat.position >= 0 else ()
        if verb == "reveal":
            if state.revealed >= 2:
                return "you have already revealed two tiles this turn"
            if tile == EMPTY:
                return f"there is no tile on {name}"
            if state.shown[action.cell]:
                return f"the tile on {name} is already face up"
        if verb in ("reveal", "move"):
            if action.cell in state.barricades:
                return f"{name} is barricaded"
            if action.cell not in forward:
                return f"{name} is not ahead of or beside your explorer"
        if verb == "move":
            if tile == EMPTY:
                return f"there is no tile on {name} to move onto"
            if not state.shown[action.cell]:
                return f"the tile on {name} is face down: reveal it first"
            wild = tile >= 0 and TILES[tile].gem >= 4
            if wild and action.gem < 0:
                return f"{name} is a wild tile: say which gem it stands for (move {name} as e)"
            if not wild and action.gem >= 0:
                return f"{name} is not a wild tile: just move {name}"
        if verb == "go":
            return (f"{name} is not a hex you may step onto: an empty hex ahead of or beside "
                    "you, or the nearest one not behind you when none is")
        if verb == "remove":
            return f"{name} holds no tile that can be removed (none in the Castle row)"
    if isinstance(action, A.OnSlot):
        if verb == "buy":
            if state.bought:
                return "you have already bought an item this turn"
            if action.slot >= len(state.market) or state.market[action.slot] < 0:
                return f"the market has no item in slot {action.slot + 1}"
            kind = state.market[action.slot]
            if kind in seat.items:
                return f"you already hold {article(ITEMS[kind].name)}: no duplicates in a hand"
            if seat.coins < ITEMS[kind].cost:
                return f"the {ITEMS[kind].name} costs {ITEMS[kind].cost} and you have {seat.coins}"
            return "an Epic Elixir cannot be bought on a turn an Epic Elixir started"
        if verb == "restore":
            return _restore_reason(state, action)
        if verb == "swap":
            return "you can swap only with an explorer standing on the board"
    if isinstance(action, A.OnGem):
        if verb == "sell":
            if state.sold:
                return "you have already sold gems this turn"
            return f"you do not hold {action.number} {GEM_NAMES[action.gem]}"
        if verb == "give":
            return "give a gem you hold to a seat with room in its hold"
    if verb == "mine":
        return "mining costs a coin and needs a tile of one gem" if seat.coins < 1 else \
            "there is nothing to mine here"
    if verb == "elixir":
        return "you have already played an Epic Elixir this turn"
    return refusals.why_not(state, action, verb)


def _restore_reason(state: IridesciaState, action: A.OnSlot) -> str:
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


ITEM_VERBS = frozenset({"catapult", "pickaxe", "cart", "well", "elixir", "book deck", "axe",
                        "book", "swap"})
"""Actions that play an item: the card leaves a hidden hand face up."""


def reveals(state: IridesciaState, action: object) -> bool:
    if state.step == ROLLING:
        return True
    if isinstance(action, (A.Cauldron, A.Tweak, A.Libation)):
        return True
    verb = getattr(action, "verb", "")
    if verb in ITEM_VERBS:
        return True
    if isinstance(action, A.OnCell):
        return verb == "reveal"
    if isinstance(action, A.OnSlot):
        return verb in ("buy", "restore")
    if isinstance(action, A.Plain):
        return verb == "rhom turn"
    return isinstance(action, A.Declare) and action.rhom


def describe(state: IridesciaState, action: object, after: IridesciaState) -> str:
    return telling.describe(state, action, after)


def component_counts(state: IridesciaState) -> dict[str, int]:
    seats = state.seats
    counts = {
        "tiles": sum(1 for t in state.cells if t != EMPTY) + len(state.box) + len(state.discards)
        + sum(len(s.pile) for s in seats),
        "coins": state.coin_supply + sum(s.coins for s in seats),
        "stone dice": state.stone_supply + state.active + sum(s.stones for s in seats),
        "barricades": state.barricade_supply + len(state.barricades),
        "relics": len(state.relic_deck) + sum(1 for r in state.relic_row if r >= 0)
        + sum(len(s.relics) + len(s.reserved) for s in seats),
        "items": len(state.item_deck) + sum(1 for k in state.market if k >= 0)
        + len(state.item_discard) + len(state.item_box) + sum(len(s.items) for s in seats),
        "objectives": len(state.objective_box)
        + sum(len(s.objectives) + len(s.dropped) for s in seats),
        "rhom cards": len(state.rhom_deck) + len(state.rhom_pile),
        "royalty tokens": len(state.tokens) + sum(1 for s in seats if s.token >= 0)
        + len(TOKENS) - _tokens_in_play(state),
    }
    for g in range(4):
        counts[f"{GEM_NAMES[g]} gems"] = state.gem_supply[g] + sum(s.cargo[g] for s in seats)
    return counts


def _tokens_in_play(state: IridesciaState) -> int:
    return len(TOKENS_FOR[state.players])


def invariants(state: IridesciaState) -> tuple[str, ...]:
    broken = []
    for i, s in enumerate(state.seats):
        if sum(s.cargo) > CARGO and not (state.step == GIVE and state.current == i):
            broken.append(f"seat {i + 1} holds {sum(s.cargo)} gems, more than {CARGO}")
        if min(s.cargo) < 0 or s.coins < 0 or s.stones < 0:
            broken.append(f"seat {i + 1} has a negative count")
        if i != state.rhom and len(set(s.items)) != len(s.items):
            broken.append(f"seat {i + 1} holds two copies of an item")
        if s.position >= CELLS or s.position < FINISHED:
            broken.append(f"seat {i + 1} stands off the board")
    if min(state.gem_supply) < 0 or state.coin_supply < 0 or state.stone_supply < 0:
        broken.append("a supply is negative")
    if any(not 1 <= d <= 6 for d in state.market_dice):
        broken.append("a market die shows no face")
    if state.step == OVER and any(s.position != FINISHED for s in state.seats):
        broken.append("the game ended before every explorer reached the Castle")
    if len(state.barricades) + state.barricade_supply != BARRICADES:
        broken.append("barricades were lost or made")
    return tuple(broken)
