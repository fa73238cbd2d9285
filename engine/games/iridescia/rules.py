"""Legal actions of each step, and the dispatch of an action to its effect.

Boards may ask these directly rather than re-deriving a rule: `revealable`
and `movable` (the cells a seat may reveal or move onto from a position),
`restore_actions` (the relics the seat to move can restore now) and
`may_declare_rhom`; `blocked.go_targets` says where a blocked explorer may
step and `wishing.wishable` what a waiting Wishing Well can take.
"""

from __future__ import annotations

from itertools import combinations

from . import actions as A
from .blocked import go_actions
from .board import (
    AIRSHIP,
    CASTLE_ROW,
    FINISHED,
    FIRST_ROW,
    FORWARD,
    NEIGHBOURS,
    ROW_OF,
    row_cells,
)
from .common import forward_cells, occupied
from .components import (
    AXE,
    BOOK,
    CART,
    CATAPULT,
    CAULDRON,
    DIE_CHANGES,
    ELIXIR,
    IRIDIA,
    ITEMS,
    LIBATION,
    PICKAXE,
    RAINBOW,
    RELICS,
    SWAP,
    TILES,
    WELL,
)
from .state import (
    BLOCKED,
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
    WISH,
    IridesciaState,
    Seat,
)

WILD_MOVES = 4
"""A wild tile offers one move per gem it may stand for."""
MOVE = A.CELL_ACTIONS["move"]
REVEAL_AT = A.CELL_ACTIONS["reveal"]


def revealable(state: IridesciaState, position: int) -> list[int]:
    cells, shown, bars = state.cells, state.shown, state.barricades
    return [c for c in forward_cells(state, position)
            if cells[c] != EMPTY and not shown[c] and c not in bars]


def movable(state: IridesciaState, position: int) -> list[int]:
    cells, shown, bars = state.cells, state.shown, state.barricades
    return [c for c in forward_cells(state, position)
            if cells[c] != EMPTY and shown[c] and c not in bars and c != position]


def _green_flags(state: IridesciaState) -> list[A.Action]:
    seat = state.seats[state.current]
    out: list[A.Action] = []
    if state.begun:
        return out
    if CATAPULT in seat.items:
        pos = seat.position
        rows = (0,) if pos == AIRSHIP else (ROW_OF[pos], ROW_OF[pos] + 1)
        taken = occupied(state) | set(state.barricades)
        for row in rows:
            if row <= CASTLE_ROW:  # ruling 23: from the row below, onto the Castle row too
                out.extend(A.CELL_ACTIONS["catapult"][c] for c in row_cells(row)
                           if c not in taken and c != pos)
    if SWAP in seat.items and seat.position >= 0:
        out.extend(A.SLOT_ACTIONS["swap"][i] for i, other in enumerate(state.seats)
                   if i != state.current and other.position >= 0)
    return out


WILD = tuple(tile.gem >= RAINBOW for tile in TILES)
"""Per tile id: a wild tile (rainbow or Iridia), offering one move per gem."""


def reveal_actions(state: IridesciaState) -> list[A.Action]:
    seat = state.seats[state.current]
    position = seat.position
    out = _green_flags(state) if seat.items and not state.begun else []
    # revealable() and movable() in one pass over the hexes ahead: this runs every turn.
    cells, face_up, bars = state.cells, state.shown, state.barricades
    hidden: list[int] = []
    shown: list[int] = []
    for c in FIRST_ROW if position == AIRSHIP else FORWARD[position]:
        if cells[c] != EMPTY and c not in bars:
            if not face_up[c]:
                hidden.append(c)
            elif c != position:
                shown.append(c)
    if state.revealed >= 2:
        hidden = []
    for c in hidden:
        out.append(REVEAL_AT[c])
    for c in shown:
        if WILD[cells[c]]:
            out.extend(A.MOVE_AS[c])
        else:
            out.append(MOVE[c])
    if not hidden and not shown:
        letters = sorted({min(TILES[t].gem, IRIDIA) for t in seat.pile})
        if letters:
            out.extend(A.GEM_ACTIONS["discard"][g] for g in letters)
        else:
            out.extend(go_actions(state))
    return out


COSTS = tuple(r.cost for r in RELICS)


def _affordable(cargo: tuple[int, int, int, int], relic: int) -> bool:
    a, c, e, s = COSTS[relic]
    return cargo[0] >= a and cargo[1] >= c and cargo[2] >= e and cargo[3] >= s


def restore_actions(state: IridesciaState) -> list[A.Action]:
    seat = state.seats[state.current]
    cargo = seat.cargo
    if cargo[0] + cargo[1] + cargo[2] + cargo[3] < 3:  # every relic asks for three gems or more
        return []
    out: list[A.Action] = [RESTORE_ROW[slot] for slot, relic in enumerate(state.relic_row)
                           if relic >= 0 and _affordable(cargo, relic)]
    if seat.reserved:
        out.extend(A.RESERVED[slot] for slot, relic in enumerate(seat.reserved)
                   if _affordable(cargo, relic))
    return out


RESTORE_ROW = tuple(A.OnSlot("restore", slot) for slot in range(5))


MARKET_TWEAKS = {item: tuple(A.TWEAKS[item, A.MARKET_TARGET + g, d] for g in range(4)
                             for d in deltas)
                 for item, deltas in DIE_CHANGES.items()}
"""Per tweaking item: its changes of the market dice, in the order they are listed."""
LIBATION_MARKET = tuple(A.Libation(combo, True) for n in range(1, 5)
                        for combo in combinations(range(4), n))
"""Lucky Libation on the market dice: every non-empty set of gems."""
BUY = A.SLOT_ACTIONS["buy"]
ITEM_COSTS = tuple(item.cost for item in ITEMS)
CHEAPEST_ITEM = min(ITEM_COSTS)
SELL_UP_TO = tuple(A.SELL[g][1:] for g in range(4))
"""SELL_UP_TO[gem][:n]: selling 1 to n gems."""


def market_tweaks(items: tuple[int, ...]) -> list[A.Action]:
    out: list[A.Action] = []
    for item, tweaks in MARKET_TWEAKS.items():
        if item in items:
            out.extend(tweaks)
    return out


def libation_market(items: tuple[int, ...]) -> list[A.Action]:
    return list(LIBATION_MARKET) if LIBATION in items else []


def optional_actions(state: IridesciaState) -> list[A.Action]:
    seat = state.seats[state.current]
    items, cargo, coins = seat.items, seat.cargo, seat.coins
    out: list[A.Action] = [A.END]
    if coins >= 1 and 0 <= state.tile_gem < 4:
        out.append(A.MINE)
    if seat.stones:
        out.append(A.STONE)
    if not state.bought and coins >= CHEAPEST_ITEM:
        for slot, kind in enumerate(state.market):
            if kind >= 0 and coins >= ITEM_COSTS[kind] and kind not in items \
                    and not (state.elixir_turn and kind == ELIXIR):
                out.append(BUY[slot])
    if not state.sold:
        for g in range(4):
            if cargo[g]:
                out.extend(SELL_UP_TO[g][:cargo[g]])
    if items:
        _item_actions(state, seat, out)
    out.extend(restore_actions(state))
    return out


def _item_actions(state: IridesciaState, seat: Seat, out: list[A.Action]) -> None:
    """Optional actions of the items in hand, appended to `out` in their listed order."""
    items, cargo = seat.items, seat.cargo
    if CART in items and not state.cart:
        out.append(A.CART)
    if PICKAXE in items and state.pickaxe < 0 and seat.position >= 0:
        for c in NEIGHBOURS[seat.position]:
            tile = state.cells[c]
            if tile >= 0 and state.shown[c] and TILES[tile].gem < 4 and c not in state.barricades:
                out.append(A.CELL_ACTIONS["pickaxe"][c])
    if CAULDRON in items and sum(cargo) >= 2:
        for a in range(4):
            for b in range(a, 4):
                if cargo[a] >= 1 + (a == b) and cargo[b] >= 1:
                    out.extend(A.CAULDRONS[a, b, g] for g in range(4) if state.gem_supply[g])
    if AXE in items:
        out.extend(A.GEM_ACTIONS["axe"][g] for g in range(4) if cargo[g] and state.gem_supply[g])
    if WELL in items:
        out.append(A.WELL)
    for item, tweaks in MARKET_TWEAKS.items():
        if item in items:
            out.extend(tweaks)
    if LIBATION in items:
        out.extend(LIBATION_MARKET)
    out.extend(elixir_actions(state))
    if BOOK in items:
        out.extend(A.SLOT_ACTIONS["book"][s] for s, r in enumerate(state.relic_row) if r >= 0)
        if state.relic_deck:
            out.append(A.BOOK_DECK)


def elixir_actions(state: IridesciaState) -> list[A.Action]:
    """Ruling 25: an Epic Elixir may be declared at any point of the turn, after
    restoring too. Collecting the tile comes with `end` and shows nothing new, so
    declaring it just before `end` is declaring it just after collecting."""
    if ELIXIR in state.seats[state.current].items and not state.extra:
        return [A.ELIXIR]
    return []


def resolve_actions(state: IridesciaState) -> list[A.Action]:
    items = state.seats[state.current].items
    dice = range(len(state.dice))
    out: list[A.Action] = [A.TAKE]
    for item, deltas in DIE_CHANGES.items():
        if item in items:
            out.extend(A.TWEAKS[item, i, d] for i in dice for d in deltas)
    out.extend(market_tweaks(items))
    if LIBATION in items:
        out.extend(A.Libation(combo, False) for n in range(1, len(state.dice) + 1)
                   for combo in combinations(dice, n))
    out.extend(libation_market(items))
    return out


def give_actions(state: IridesciaState) -> list[A.Action]:
    me = state.current
    cargo = state.seats[me].cargo
    takers = [i for i, s in enumerate(state.seats) if i != me and sum(s.cargo) < 7]
    gems = [g for g in range(4) if cargo[g]]
    if takers:
        return [A.GIVE[g][i] for g in gems for i in takers]
    return [A.GEM_ACTIONS["return"][g] for g in gems]


def remove_actions(state: IridesciaState) -> list[A.Action]:
    taken = occupied(state)
    cells = [c for c in range(len(state.cells))
             if state.cells[c] != EMPTY and ROW_OF[c] < CASTLE_ROW
             and c not in state.barricades and c not in taken]
    return [A.CELL_ACTIONS["remove"][c] for c in cells] or [A.PASS]


def legal_actions(state: IridesciaState) -> tuple:
    step = state.step
    if step == OVER:
        return ()
    if step == ROLLING:
        return A.ROLLS
    if step == REVEAL:
        return tuple(reveal_actions(state))
    if step == OPTIONAL:
        return tuple(optional_actions(state))
    if step == RESTORE:
        return tuple(restore_actions(state) + elixir_actions(state)) + (A.END,)
    if step == RESOLVE:
        return tuple(resolve_actions(state))
    if step == GIVE:
        return tuple(give_actions(state))
    if step == SEATING:
        return SeatingChoices((A.EXPLORER,)) if may_declare_rhom(state) else (A.EXPLORER,)
    if step == GO:
        return tuple(go_actions(state))
    if step == DROP:
        return A.SLOT_ACTIONS["drop"][:2]
    if step == WISH:
        return tuple(wishing.wish_actions(state))
    if step == REMOVE:
        return tuple(remove_actions(state))
    if step == RHOM:
        return (A.RHOM_TURN,)
    if step == BLOCKED:
        return ()
    raise AssertionError(f"unknown step {step}")


def may_declare_rhom(state: IridesciaState) -> bool:
    """Whether the seat being asked may say it is the Rhom deck. The Rhom is not
    a choice on offer: a person or a bot choosing among the legal actions must not
    turn into the automaton by chance, so only the Rhom deck itself says `rhom`."""
    rhoms = 1 + (state.rhom >= 0)
    return state.step == SEATING and not rhom_problem(state.players, rhoms)


class SeatingChoices(tuple):
    """The seating step's legal actions: `explorer` is listed; `rhom` is legal
    too (`in` accepts it) but not listed, so that nobody choosing from a list,
    person or bot, becomes the automaton by chance: only the Rhom deck asks."""

    __slots__ = ()

    def __contains__(self, action: object) -> bool:
        return action == A.RHOM or tuple.__contains__(self, action)


def apply_action(state: IridesciaState, action: object) -> IridesciaState:
    return turn.apply(state, action)


__all__ = ["FINISHED", "apply_action", "legal_actions"]

from . import turn, wishing  # noqa: E402
from .setup import rhom_problem  # noqa: E402
