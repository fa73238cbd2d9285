"""Setting up a game, and the seating step where a seat may become the Rhom."""

from __future__ import annotations

import random

from .board import AIRSHIP, CELLS, EDGE_CELLS, REGION_OF, ROW_OF
from .common import draw_item, put_seat, refresh_market
from .components import (
    BARRICADES,
    CATAPULT,
    COIN_SUPPLY,
    GEM_SUPPLY,
    ITEM_COPIES,
    ITEMS,
    MARKET_START,
    OBJECTIVES,
    REGION_TILES,
    RELICS,
    RHOM_CARDS,
    START_COINS,
    STONE_DICE,
    TILES,
    TOKENS_FOR,
)
from .endturn import start_turn
from .fast import evolve
from .state import EMPTY, SEATING, IridesciaState, Seat

MAX_TILES = 58
MARKET_SIZE = 5
SOLO_MARKET_SIZE = 6
RELIC_ROW = 5
OBJECTIVES_DEALT = 2
SMALL_BOARD = 2
"""With this many seats or fewer, tiles are removed and edge hexes left empty."""
RHOM_ROLE = "rhom"
"""The seat role of the Rhom deck (Game.seat_roles)."""
RHOM_TABLES = (2, 3)
"""Seats at a table with the Rhom (ruling 29): solo, and the Rhom beside two people."""


def rhom_problem(seats: int, rhoms: int) -> str:
    """Why a table of `seats` cannot have `rhoms` Rhom decks, in a sentence; "" if it can."""
    if rhoms > 1:
        return "Only one seat can be the Rhom deck."
    if rhoms and seats not in RHOM_TABLES:
        return ("The Rhom deck takes a seat only in solo (one explorer and the Rhom: "
                "2 seats) or beside two explorers (3 seats), not at a table of "
                f"{seats} seats.")
    return ""


def max_turns(players: int, variant: str) -> int:
    # Every turn of an explorer on the board collects a tile, every turn of a
    # finished one removes a tile or passes; a pass happens only once the board
    # below the Castle is bare, after which each round collects a tile. So each
    # round of `players` turns (plus Elixir turns, which also collect) takes
    # at least one tile of the 58.
    return MAX_TILES * (players + 1) * 2


def seating_problem(roles: tuple[str | None, ...]) -> str:
    """Ruling 29 for a whole line-up of seat roles."""
    return rhom_problem(len(roles), sum(1 for role in roles if role == RHOM_ROLE))


def _board(players: int, rng: random.Random) -> tuple[list[int], list[int]]:
    cells = [EMPTY] * CELLS
    box: list[int] = []
    for region in range(5):
        tiles = list(REGION_TILES[region])
        rng.shuffle(tiles)
        places = [c for c in range(CELLS) if REGION_OF[c] == region]
        if players <= SMALL_BOARD and region < 4:
            for gem in range(4):
                out = next(t for t in tiles if TILES[t].gem == gem)
                tiles.remove(out)
                box.append(out)
            places = [c for c in places if c not in EDGE_CELLS]
        assert len(places) == len(tiles), (region, len(places), len(tiles))
        for cell, tile in zip(places, tiles, strict=True):
            cells[cell] = tile
    return cells, sorted(box)


def new_state(players: int, rng: random.Random, variant: str = "standard") -> IridesciaState:
    """The deal (Iridescia has one variant)."""
    cells, box = _board(players, rng)
    relics = list(range(len(RELICS)))
    rng.shuffle(relics)
    row = tuple(relics.pop() for _ in range(RELIC_ROW))
    items = [k.kind for k in ITEMS for _ in range(ITEM_COPIES)]
    item_box = tuple(k for k in items if players < ITEMS[k].min_players)
    items = [k for k in items if players >= ITEMS[k].min_players]
    hands: list[tuple[int, ...]] = [()] * players
    if players == 4:  # ruling 19: the fourth seat starts with a Clever Catapult
        items.remove(CATAPULT)
        hands[3] = (CATAPULT,)
    rng.shuffle(items)
    objectives = list(range(len(OBJECTIVES)))
    rng.shuffle(objectives)
    dealt = [tuple(objectives.pop() for _ in range(OBJECTIVES_DEALT)) for _ in range(players)]
    rhom_deck = list(range(len(RHOM_CARDS)))
    rng.shuffle(rhom_deck)
    seats = tuple(
        Seat(AIRSHIP, (0, 0, 0, 0), START_COINS, 0, 0, hands[i], (), (), (), dealt[i], (), -1, False)
        for i in range(players)
    )
    state = IridesciaState(
        players=players, step=SEATING, current=0, order=tuple(range(players)), rhom=-1,
        cells=tuple(cells), shown=(False,) * CELLS, barricades=(), box=tuple(box), discards=(),
        market_dice=(MARKET_START,) * 4, gem_supply=(GEM_SUPPLY,) * 4,
        coin_supply=COIN_SUPPLY - START_COINS * players, stone_supply=STONE_DICE,
        barricade_supply=BARRICADES, relic_deck=tuple(relics), relic_row=row,
        item_deck=tuple(items), market=(), item_discard=(), item_box=item_box,
        objective_box=tuple(sorted(objectives)), tokens=TOKENS_FOR[players],
        rhom_deck=tuple(rhom_deck), rhom_pile=(), rhom_vane=RHOM_CARDS[rhom_deck[-1]].vane,
        rhom_dice=(), seats=seats, revealed=0, begun=False, tile_gem=-1, bought=False,
        sold=False, active=0, cart=False, pickaxe=-1, dice=(), rolls=(), resume=0, extra=False,
        elixir_turn=False, drop_pending=False, stood=(), shuffle_key=rng.getrandbits(64), shuffles=0,
        turns=0,
    )
    state = _deal_market(state, MARKET_SIZE)
    if players not in (2, 3):
        return start_turn(state, 0)
    return state


def _deal_market(state: IridesciaState, size: int) -> IridesciaState:
    market = list(state.market)
    while len(market) < size:
        state, card = draw_item(state)
        market.append(card)
    return refresh_market(evolve(state, market=tuple(market)))


def declare(state: IridesciaState, rhom: bool) -> IridesciaState:
    """The current seat says whether it is the Rhom; after the last seat, play starts."""
    me = state.current
    if rhom:
        seat = state.seats[me]
        state = put_seat(state, me, evolve(seat, coins=0, objectives=()),
                         coin_supply=state.coin_supply + seat.coins, rhom=me,
                         objective_box=tuple(sorted(state.objective_box + seat.objectives)))
    if me + 1 < state.players:
        return evolve(state, current=me + 1)
    if state.rhom < 0:
        return start_turn(state, 0)
    order = (state.rhom,) + tuple(i for i in range(state.players) if i != state.rhom)
    state = evolve(state, order=order)
    if state.players == 2:
        state = _deal_market(state, SOLO_MARKET_SIZE)
    return start_turn(state, state.rhom)


__all__ = ["ROW_OF", "declare", "new_state", "rhom_problem", "seating_problem"]
