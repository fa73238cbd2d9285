"""Each rule's condition, written once. The legal-action lists (rules.py), the
refusals (refusals.py) and the Rhom's own choices (rhom.py) all ask these, so
what is offered and what is refused cannot drift apart.

Boards may ask them too rather than re-deriving a rule: `revealable` and
`movable` (the cells a seat may reveal or move onto from a position),
`may_declare_rhom`, and `wishable` (what a waiting Wishing Well can take);
`blocked.go_targets` says where a blocked explorer may step.
"""

from __future__ import annotations

from .board import AIRSHIP, CASTLE_ROW, NEIGHBOURS, ROW_OF, row_cells
from .common import forward_cells, occupied
from .components import CARGO, ELIXIR, IRIDIA, ITEMS, RAINBOW, RELICS, TILES
from .setup import rhom_problem
from .state import EMPTY, SEATING, IridesciaState, Seat

REVEALS_PER_TURN = 2
WILD = tuple(tile.gem >= RAINBOW for tile in TILES)
"""Per tile id: a wild tile (rainbow or Iridia), offering one move per gem."""
COSTS = tuple(r.cost for r in RELICS)
ITEM_COSTS = tuple(item.cost for item in ITEMS)
CHEAPEST_ITEM = min(ITEM_COSTS)


# --- the main actions: reveal, move, blocked ------------------------------------

def revealable(state: IridesciaState, position: int) -> list[int]:
    """Face-down tiles ahead of or beside `position`, not barricaded."""
    cells, shown, bars = state.cells, state.shown, state.barricades
    return [c for c in forward_cells(state, position)
            if cells[c] != EMPTY and not shown[c] and c not in bars]


def movable(state: IridesciaState, position: int) -> list[int]:
    """Face-up tiles ahead of or beside `position`, not barricaded."""
    cells, shown, bars = state.cells, state.shown, state.barricades
    return [c for c in forward_cells(state, position)
            if cells[c] != EMPTY and shown[c] and c not in bars and c != position]


def reveals_left(state: IridesciaState) -> bool:
    return state.revealed < REVEALS_PER_TURN


def tiles_ahead(state: IridesciaState, position: int) -> tuple[list[int], list[int]]:
    """(`revealable`, `movable`) in one pass over the hexes ahead, the first empty
    once the turn's reveals are spent: this runs every turn. An explorer for whom
    both are empty is blocked (ruling 20)."""
    cells, face_up, bars = state.cells, state.shown, state.barricades
    hidden: list[int] = []
    shown: list[int] = []
    for c in forward_cells(state, position):
        if cells[c] != EMPTY and c not in bars:
            if not face_up[c]:
                hidden.append(c)
            elif c != position:
                shown.append(c)
    return (hidden if reveals_left(state) else []), shown


def pile_gems(seat: Seat) -> list[int]:
    """The tile letters a blocked explorer may discard from its victory pile, sorted:
    a gem, RAINBOW or IRIDIA."""
    return sorted({min(TILES[t].gem, IRIDIA) for t in seat.pile})


# --- green-flag items, before anything else happens in a turn ---------------------

def catapult_rows(position: int) -> tuple[int, ...]:
    """Ruling 23: the Catapult lands in the explorer's row or the next, the Castle row too."""
    rows = (0,) if position == AIRSHIP else (ROW_OF[position], ROW_OF[position] + 1)
    return tuple(row for row in rows if row <= CASTLE_ROW)


def catapult_targets(state: IridesciaState) -> list[int]:
    position = state.seats[state.current].position
    taken = occupied(state) | set(state.barricades)
    return [c for row in catapult_rows(position) for c in row_cells(row)
            if c not in taken and c != position]


def swap_partners(state: IridesciaState) -> list[int]:
    """The seats Swapping Stones may change places with (the player's explorer on the board)."""
    if state.seats[state.current].position < 0:
        return []
    return [i for i, other in enumerate(state.seats)
            if i != state.current and other.position >= 0]


# --- optional actions -----------------------------------------------------------

def may_mine(state: IridesciaState, seat: Seat) -> bool:
    """A coin to pay and a tile of one gem (not a wild one) underfoot."""
    return seat.coins >= 1 and 0 <= state.tile_gem < 4


def buyable_slots(state: IridesciaState, seat: Seat) -> list[int]:
    """The market slots whose item may be bought: one purchase a turn, the price
    paid in coins, no duplicates in a hand, no Elixir on a turn an Elixir started."""
    if state.bought or seat.coins < CHEAPEST_ITEM:
        return []
    coins, items, elixir_turn = seat.coins, seat.items, state.elixir_turn
    return [slot for slot, kind in enumerate(state.market)
            if kind >= 0 and coins >= ITEM_COSTS[kind] and kind not in items
            and not (elixir_turn and kind == ELIXIR)]


def pickaxe_targets(state: IridesciaState, seat: Seat) -> list[int]:
    """Face-up gem tiles next to the explorer that the Pickaxe may copy this turn."""
    if state.pickaxe >= 0 or seat.position < 0:
        return []
    cells, shown, bars = state.cells, state.shown, state.barricades
    return [c for c in NEIGHBOURS[seat.position]
            if cells[c] >= 0 and shown[c] and TILES[cells[c]].gem < 4 and c not in bars]


def cauldron_pairs(cargo: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The pairs of gems (a <= b) the Cauldron may take from the hold (two of a
    gem paired with itself)."""
    return [(a, b) for a in range(4) for b in range(a, 4)
            if cargo[a] >= 1 + (a == b) and cargo[b] >= 1]


def affordable(cargo: tuple[int, int, int, int], relics: tuple[int, ...]) -> list[int]:
    """The places of `relics` (-1 for an empty one) whose relic the hold pays for.
    One loop with no call per relic: this runs at every optional step."""
    held_a, held_c, held_e, held_s = cargo
    out: list[int] = []
    for place, relic in enumerate(relics):
        if relic >= 0:
            a, c, e, s = COSTS[relic]
            if held_a >= a and held_c >= c and held_e >= e and held_s >= s:
                out.append(place)
    return out


def may_play_elixir(state: IridesciaState) -> bool:
    """Ruling 25: one Epic Elixir a turn, at any point of it."""
    return ELIXIR in state.seats[state.current].items and not state.extra


# --- waiting rolls, full holds, the Castle, seating -----------------------------------

def wishable(state: IridesciaState) -> list[int]:
    """The gems the waiting Wishing Well roll can take now."""
    top = max(state.dice)
    return [g for g in range(4) if state.market_dice[g] <= top and state.gem_supply[g]]


def takers(state: IridesciaState) -> list[int]:
    """The seats with room in their hold for a gem given away."""
    me = state.current
    return [i for i, s in enumerate(state.seats) if i != me and sum(s.cargo) < CARGO]


def removable(state: IridesciaState) -> list[int]:
    """The hexes whose tile a finished explorer may take off the board."""
    taken = occupied(state)
    cells, bars = state.cells, state.barricades
    return [c for c in range(len(cells))
            if cells[c] != EMPTY and ROW_OF[c] < CASTLE_ROW and c not in bars and c not in taken]


def may_declare_rhom(state: IridesciaState) -> bool:
    """Whether the seat being asked may say it is the Rhom deck."""
    return state.step == SEATING and not rhom_problem(state.players, 1 + (state.rhom >= 0))
