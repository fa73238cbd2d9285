"""The Rhom deck: the automated explorer of solo play (and of the 3-seat variant).

Every choice it makes follows from public information: the card just drawn,
the weathervane on the back of the next card, the relic row's demand, the
revealed tiles and its own dice. The whole turn is one action, `rhom turn`,
after the chance steps that roll its three dice for the turn (two mining
dice and a stone die; a die that the turn does not need is simply unused).

Dice use: on its first turn the two mining dice pick the tiles of the first
row to reveal; on later turns the first mining die counts the market slot
(Merchant) or the hex of the barricade (Barricade). The stone die scores a
stone-die bonus.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import blocked, endturn
from .board import (
    AIRSHIP,
    CASTLE_ROW,
    COLUMN,
    FINISHED,
    FIRST_ROW,
    PRIORITY_CELLS,
    ROW_OF,
    row_cells,
)
from .common import draw_item, put_seat, refill_market, restore, shuffled
from .components import (
    CARGO,
    COINS,
    IRIDIA,
    IRIDIA_BONUS,
    ITEMS,
    RAINBOW,
    RELICS,
    RHOM_CARDS,
    ROYALTY,
    STONE,
    TILES,
    TOKENS,
)
from .conditions import movable, revealable
from .fast import evolve
from .state import EMPTY, IridesciaState

LEFT, RIGHT = 0, 1


def demand(state: IridesciaState) -> tuple[int, int, int, int]:
    """Gems of each type asked for by the relics in the row."""
    total = [0, 0, 0, 0]
    for relic in state.relic_row:
        if relic >= 0:
            for g, n in enumerate(RELICS[relic].cost):
                total[g] += n
    return (total[0], total[1], total[2], total[3])


def by_vane(options: Sequence[int], vane: int) -> int:
    """The leftmost (vane left) or rightmost option; options are in left-to-right order."""
    return options[0] if vane == LEFT else options[-1]


def draw_card(state: IridesciaState) -> tuple[IridesciaState, int]:
    deck = list(state.rhom_deck)
    card = deck.pop()
    pile = state.rhom_pile + (card,)
    if not deck:
        state, deck = shuffled(state, list(pile[:-1]))
        pile = (card,)
    vane = RHOM_CARDS[deck[-1]].vane
    return evolve(state, rhom_deck=tuple(deck), rhom_pile=pile, rhom_vane=vane), card


def _reveal(state: IridesciaState, cells: list[int]) -> IridesciaState:
    shown = list(state.shown)
    for c in cells:
        shown[c] = True
    return evolve(state, shown=tuple(shown))


def _can_reveal(state: IridesciaState, c: int) -> bool:
    return c >= 0 and state.cells[c] != EMPTY and not state.shown[c] and c not in state.barricades


def first_reveals(state: IridesciaState) -> list[int]:
    """Ruling 17: count the first row's tiles from the left, wrapping. When both
    counts end on one tile (a double, or ruling 27: after wrapping) the Rhom
    reveals it and the next tile to its right that it can reveal (wrapping too)."""
    tiles = [c for c in FIRST_ROW if state.cells[c] != EMPTY]
    if not tiles:
        return []
    d0, d1 = state.rhom_dice[0], state.rhom_dice[1]
    first, second = (d0 - 1) % len(tiles), (d1 - 1) % len(tiles)
    picked = [tiles[first]] if _can_reveal(state, tiles[first]) else []
    if second == first:
        rightwards = (tiles[(first + k) % len(tiles)] for k in range(1, len(tiles)))
        second = next((c for c in rightwards if _can_reveal(state, c)), -1)
        return picked + [second] if second >= 0 else picked
    if _can_reveal(state, tiles[second]):
        picked.append(tiles[second])
    return picked


def card_reveals(state: IridesciaState, position: int, card: int, vane: int) -> list[int]:
    """Up to two tiles in the card's priority order (the vane's side when no card)."""
    if card < 0:
        forward = sorted(revealable(state, position), key=lambda c: COLUMN[c])
        return forward[:2] if vane == LEFT else forward[::-1][:2]
    cells = PRIORITY_CELLS[position] if position >= 0 else ()
    picked = [cells[p] for p in RHOM_CARDS[card].priorities if _can_reveal(state, cells[p])]
    return picked[:2]


def best_gem(state: IridesciaState, cargo: tuple[int, ...], vane: int) -> int:
    need = demand(state)
    best = max((cargo[g] == 0, need[g]) for g in range(4))
    gems = [g for g in range(4) if (cargo[g] == 0, need[g]) == best]
    return by_vane(gems, vane)


def choose_tile(state: IridesciaState, options: list[int], cargo: tuple[int, ...],
                vane: int) -> tuple[int, int]:
    """(cell, gem): the Iridia Stone tile if it can, else the gem most in demand
    that it lacks, a rainbow only as the last choice; ties by the vane."""
    options = sorted(options, key=lambda c: (COLUMN[c], ROW_OF[c]))
    for c in options:
        if TILES[state.cells[c]].gem == IRIDIA:
            return c, best_gem(state, cargo, vane)
    plain = [c for c in options if TILES[state.cells[c]].gem < RAINBOW]
    if not plain:
        cell = by_vane(options, vane)
        return cell, best_gem(state, cargo, vane)
    need = demand(state)

    def rank(c: int) -> tuple[bool, int]:
        g = TILES[state.cells[c]].gem
        return cargo[g] == 0, need[g]

    top = max(rank(c) for c in plain)
    cell = by_vane([c for c in plain if rank(c) == top], vane)
    return cell, TILES[state.cells[cell]].gem


def gain(state: IridesciaState, me: int, gem: int, n: int, vane: int) -> IridesciaState:
    """Gems for the Rhom; past seven it scores the excess at market value, keeping
    a new type in place of its most common one."""
    for _ in range(n):
        if not state.gem_supply[gem]:
            break
        seat = state.seats[me]
        cargo = list(seat.cargo)
        supply = list(state.gem_supply)
        points = 0
        if sum(cargo) < CARGO:
            cargo[gem] += 1
            supply[gem] -= 1
        elif cargo[gem] == 0:
            most = max(cargo)
            out = by_vane([g for g in range(4) if cargo[g] == most], vane)
            cargo[out] -= 1
            supply[out] += 1
            points = state.market_dice[out]
            cargo[gem] += 1
            supply[gem] -= 1
        else:
            points = state.market_dice[gem]
        seat = evolve(seat, cargo=(cargo[0], cargo[1], cargo[2], cargo[3]),
                            royalty=seat.royalty + points)
        state = put_seat(state, me, seat, gem_supply=(supply[0], supply[1], supply[2], supply[3]))
    return state


def bonus_points(state: IridesciaState, tile: int) -> int:
    """What a tile's bonus scores the Rhom: coins and royalty alike as points,
    a stone die (while the supply has one) as the face of its own stone die."""
    t = TILES[tile]
    if t.bonus in (COINS, ROYALTY, IRIDIA_BONUS):
        return t.amount
    if t.bonus == STONE and state.stone_supply:
        return state.rhom_dice[2]
    return 0


def bonus(state: IridesciaState, me: int, tile: int) -> IridesciaState:
    seat = state.seats[me]
    if TILES[tile].bonus == IRIDIA_BONUS:
        seat = evolve(seat, iridia=True)
    return put_seat(state, me, evolve(seat, royalty=seat.royalty + bonus_points(state, tile)))


BONUS_SOURCES = {COINS: "the tile's coin bonus", ROYALTY: "the tile's royalty bonus",
                 STONE: "the tile's stone die", IRIDIA_BONUS: "the Iridia Stone"}
SPARE_GEMS = "gems past a full hold"


def turn_points(before: IridesciaState, after: IridesciaState) -> tuple[tuple[int, str], ...]:
    """Where the points of the Rhom's turn (`rhom turn`, from `before` to
    `after`) came from, as (points, source) pairs: gems past a full hold, the
    tile's bonus, the Merchant's item, relics restored and a royalty token.
    Every source but the gems is named by the two states; the gems scored the rest."""
    me = before.rhom
    was, now = before.seats[me], after.seats[me]
    parts: list[tuple[int, str]] = []
    tiles = [tile for tile in now.pile if tile not in was.pile]
    if tiles and bonus_points(before, tiles[-1]):
        parts.append((bonus_points(before, tiles[-1]), BONUS_SOURCES[TILES[tiles[-1]].bonus]))
    taken = list(now.items)
    for kind in was.items:
        taken.remove(kind)
    parts += [(ITEMS[kind].cost, f"taking the {ITEMS[kind].name} from the market (its cost)")
              for kind in taken]
    parts += [(RELICS[relic].points, f"restoring the {RELICS[relic].name}")
              for relic in now.relics[len(was.relics):]]
    if now.token >= 0 and now.token != was.token:
        parts.append((TOKENS[now.token][1], f"taking the {TOKENS[now.token][0]} token"))
    spare = now.royalty - was.royalty - sum(points for points, _ in parts)
    if spare:
        parts.insert(0, (spare, SPARE_GEMS))  # gems are gained first in its turn
    return tuple(parts)


def merchant(state: IridesciaState, me: int) -> IridesciaState:
    """Count the market from the left with the first die (wrapping); score the item's cost."""
    slot = (state.rhom_dice[0] - 1) % len(state.market)
    kind = state.market[slot]
    if kind < 0:
        return state
    seat = state.seats[me]
    seat = evolve(seat, items=tuple(sorted(seat.items + (kind,))),
                        royalty=seat.royalty + ITEMS[kind].cost)
    market = list(state.market)
    market[slot] = -1
    state = put_seat(state, me, seat, market=tuple(market))
    return refill_market(state, slot)


def barricaded_person(state: IridesciaState) -> int:
    """Ruling 21: the person whose row the barricade goes above: the one furthest
    ahead (one who has finished counts as at the Castle), a tie going to the one
    who plays soonest after the Rhom."""
    order = state.order
    people = [s for s in order if s != state.rhom]
    return max(people, key=lambda s: (person_row(state.seats[s].position), -order.index(s)))


def person_row(position: int) -> int:
    """An explorer's row for the barricade: the airship is below row 1, a finished
    explorer on the Castle row."""
    if position == FINISHED:
        return CASTLE_ROW
    return ROW_OF[position] if position >= 0 else -1


def barricade(state: IridesciaState, me: int, vane: int) -> IridesciaState:
    """Count the row above the person's explorer (ruling 21) from the vane's edge
    with the first die; the first free hex from there on (in the vane's direction,
    wrapping) is barricaded. None when that row is the Castle row or above."""
    row = person_row(state.seats[barricaded_person(state)].position) + 1
    if row >= CASTLE_ROW or not state.barricade_supply:
        return state
    cells = list(row_cells(row))
    if vane == RIGHT:
        cells.reverse()
    taken = {s.position for s in state.seats} | set(state.barricades)
    start = (state.rhom_dice[0] - 1) % len(cells)
    for k in range(len(cells)):
        c = cells[(start + k) % len(cells)]
        if state.cells[c] != EMPTY and c not in taken:
            return evolve(state, barricades=tuple(sorted(state.barricades + (c,))),
                                barricade_supply=state.barricade_supply - 1)
    return state


def _blocked(state: IridesciaState, me: int, vane: int,
             stood: tuple[int, ...]) -> tuple[IridesciaState, bool]:
    """No tile to move onto: lose the last tile of the pile, then step where a
    blocked explorer may (ruling 20), the vane's choice among those hexes; False
    when there was nowhere to step."""
    seat = state.seats[me]
    if seat.pile:
        state = put_seat(state, me, evolve(seat, pile=seat.pile[:-1]),
                         discards=state.discards + (seat.pile[-1],))
    targets = sorted(blocked.go_targets(state, stood), key=lambda c: (COLUMN[c], ROW_OF[c]))
    if not targets:
        return state, False
    cell = by_vane(targets, vane)
    return put_seat(state, me, evolve(state.seats[me], position=cell)), True


def play(state: IridesciaState) -> IridesciaState:
    me = state.rhom
    first = state.seats[me].position == AIRSHIP
    card = -1
    if not first:
        state, card = draw_card(state)
    vane = state.rhom_vane
    position = state.seats[me].position
    picks = first_reveals(state) if first else card_reveals(state, position, card, vane)
    state = _reveal(state, picks)
    options = movable(state, position)
    stood: tuple[int, ...] = ()
    while not options:  # blocked, as often as it takes, as an explorer is
        stood += (position,) if position >= 0 else ()
        state, stepped = _blocked(state, me, vane, stood)
        if not stepped:
            return endturn.end_turn(state)
        position = state.seats[me].position
        state = _reveal(state, card_reveals(state, position, card, vane))
        options = movable(state, position)
    cell, gem = choose_tile(state, options, state.seats[me].cargo, vane)
    state = put_seat(state, me, evolve(state.seats[me], position=cell), tile_gem=gem)
    icon = RHOM_CARDS[card].icon if card >= 0 else "none"
    state = gain(state, me, gem, {"2x": 2, "3x": 3}.get(icon, 1), vane)
    state = bonus(state, me, state.cells[cell])
    if icon == "merchant":
        state = merchant(state, me)
    elif icon == "barricade":
        state = barricade(state, me, vane)
    state = restore_all(state, me, state.rhom_vane)
    return endturn.end_turn(state)


def restore_at_once(before: IridesciaState, after: IridesciaState) -> IridesciaState:
    """Ruling 28: the Rhom restores the moment it holds a relic's gems, whoever's
    turn it is. Only a change to its hold or to the relic row can bring that
    about, so only then is it looked at (unchanged tuples keep their identity)."""
    me = after.rhom
    if me < 0 or (after.relic_row is before.relic_row
                  and after.seats[me].cargo is before.seats[me].cargo):
        return after
    return restore_all(after, me, after.rhom_vane)


def restore_all(state: IridesciaState, me: int, vane: int) -> IridesciaState:
    """Restore whatever it can at once, the higher relic first (ties by the vane)."""
    while True:
        cargo = state.seats[me].cargo
        slots = [s for s, r in enumerate(state.relic_row)
                 if r >= 0 and all(h >= n for h, n in zip(cargo, RELICS[r].cost, strict=True))]
        if not slots:
            return state
        top = max(RELICS[state.relic_row[s]].points for s in slots)
        slot = by_vane([s for s in slots if RELICS[state.relic_row[s]].points == top], vane)
        state = restore(state, me, slot, False)


__all__ = ["bonus_points", "demand", "draw_item", "play", "turn_points"]
