"""Small state helpers shared by the rule modules: seats, gems, decks, restoring a relic."""

from __future__ import annotations

import random
from typing import Any

from .board import AIRSHIP, FIRST_ROW, FORWARD
from .components import CARGO, DYNAMITE, ITEMS, JACKHAMMER, LIBATION, RELICS
from .fast import evolve
from .state import DROP, GIVE, OPTIONAL, RESTORE, IridesciaState, Seat


def forward_cells(state: IridesciaState, position: int) -> tuple[int, ...]:
    """The hexes ahead of and beside a position (all of row 1 from the airship)."""
    return FIRST_ROW if position == AIRSHIP else FORWARD[position]


def occupied(state: IridesciaState) -> set[int]:
    """The hexes explorers stand on."""
    return {s.position for s in state.seats if s.position >= 0}


def holds_dice_item(items: tuple[int, ...]) -> bool:
    """Holds an item that changes dice, a waiting mining roll's or the market's
    (Jackhammer, Dynamite, Libation): while one is in hand, a waiting roll waits."""
    return JACKHAMMER in items or DYNAMITE in items or LIBATION in items


def seats_with(state: IridesciaState, index: int, seat: Seat) -> tuple[Seat, ...]:
    """The state's seats with seat `index` replaced."""
    seats = list(state.seats)
    seats[index] = seat
    return tuple(seats)


def put_seat(state: IridesciaState, index: int, seat: Seat, **changes: Any) -> IridesciaState:
    return evolve(state, seats=seats_with(state, index, seat), **changes)


def add(values: tuple[int, int, int, int], gem: int, n: int) -> tuple[int, int, int, int]:
    out = list(values)
    out[gem] += n
    return (out[0], out[1], out[2], out[3])


def gain_from(cargo: tuple[int, int, int, int], supply: tuple[int, int, int, int], gem: int,
              n: int) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(cargo, supply) after `n` gems of `gem` move from the supply to the cargo (as many
    as the supply holds); the very same tuples when none move."""
    n = min(n, supply[gem])
    if n <= 0:
        return cargo, supply
    return add(cargo, gem, n), add(supply, gem, -n)


def gain_coins(state: IridesciaState, index: int, n: int) -> IridesciaState:
    n = min(n, state.coin_supply)
    seat = state.seats[index]
    return put_seat(state, index, evolve(seat, coins=seat.coins + n),
                    coin_supply=state.coin_supply - n)


def gain_step(cargo: tuple[int, int, int, int], drop_pending: bool) -> int:
    """Where the turn goes after gems came in: give the excess, drop an objective, or go on."""
    if sum(cargo) > CARGO:
        return GIVE
    return DROP if drop_pending else OPTIONAL


def gain_and_go_on(state: IridesciaState, cargo: tuple[int, int, int, int],
                   supply: tuple[int, int, int, int], gem: int, n: int,
                   **also: Any) -> IridesciaState:
    """The current seat, holding `cargo` with `supply` left, gains `n` gems of `gem`
    (as many as the supply holds) and the turn goes on as after any gain; the
    fields in `also` change in the same step."""
    me = state.current
    cargo, supply = gain_from(cargo, supply, gem, n)
    return put_seat(state, me, evolve(state.seats[me], cargo=cargo), gem_supply=supply,
                    step=gain_step(cargo, state.drop_pending), **also)


def shuffled(state: IridesciaState, cards: list[int]) -> tuple[IridesciaState, list[int]]:
    """`cards` in a fresh order drawn from the state's secret reshuffle key."""
    rng = random.Random(f"{state.shuffle_key}:{state.shuffles}")
    cards = sorted(cards)
    rng.shuffle(cards)
    return evolve(state, shuffles=state.shuffles + 1), cards


def draw_item(state: IridesciaState) -> tuple[IridesciaState, int]:
    """The top merchant card (-1 if none), reshuffling the discards into an empty deck."""
    deck = list(state.item_deck)
    if not deck and state.item_discard:
        state, deck = shuffled(state, list(state.item_discard))
        state = evolve(state, item_discard=())
    if not deck:
        return state, -1
    card = deck.pop()
    return evolve(state, item_deck=tuple(deck)), card


def needs_refresh(market: tuple[int, ...]) -> bool:
    """Three alike, or two pairs, in the market."""
    counts = [market.count(kind) for kind in set(market) if kind >= 0]
    return max(counts, default=0) >= 3 or sum(1 for c in counts if c >= 2) >= 2


def refill_market(state: IridesciaState, slot: int, **also: Any) -> IridesciaState:
    """Fill an emptied market slot from the deck, then apply the refresh rule; the
    fields in `also` change in the same step (a purchase or a Rhom's pick)."""
    deck = state.item_deck
    if deck:  # the usual case, built as one new state: every purchase comes here
        market = list(state.market)
        market[slot] = deck[-1]
        return refresh_market(evolve(state, market=tuple(market), item_deck=deck[:-1], **also))
    if also:
        state = evolve(state, **also)
    state, card = draw_item(state)
    market = list(state.market)
    market[slot] = card
    state = evolve(state, market=tuple(market))
    return refresh_market(state)


def refresh_market(state: IridesciaState) -> IridesciaState:
    for _ in range(20):  # a reshuffle may deal a bad market again; retries are bounded
        if not needs_refresh(state.market):
            return state
        pool = list(state.item_deck) + list(state.item_discard) + [k for k in state.market if k >= 0]
        size = len(state.market)
        state, pool = shuffled(state, pool)
        market = tuple(pool.pop() for _ in range(min(size, len(pool))))
        market += (-1,) * (size - len(market))
        state = evolve(state, market=market, item_deck=tuple(pool), item_discard=())
    return state


def draw_relic(state: IridesciaState, slot: int, **also: Any) -> IridesciaState:
    """The relic deck's top card fills row slot `slot` (-1 once the deck is out);
    the fields in `also` change in the same step."""
    deck = state.relic_deck
    row = list(state.relic_row)
    row[slot] = deck[-1] if deck else -1
    return evolve(state, relic_deck=deck[:-1], relic_row=tuple(row), **also)


def discard_item(state: IridesciaState, kind: int, **also: Any) -> IridesciaState:
    """The current seat plays (discards) an item from its hand; the fields in `also`
    change in the same step (what the item does)."""
    seat = state.seats[state.current]
    items = list(seat.items)
    items.remove(kind)
    return put_seat(state, state.current, evolve(seat, items=tuple(items)),
                    item_discard=state.item_discard + (kind,), **also)


def item_cost(kind: int) -> int:
    return ITEMS[kind].cost


def restore(state: IridesciaState, index: int, slot: int, reserved: bool) -> IridesciaState:
    """Restore a relic of the row (or a reserved one): pay its gems, score its points."""
    seat = state.seats[index]
    relic = seat.reserved[slot] if reserved else state.relic_row[slot]
    cost = RELICS[relic].cost
    c, g = seat.cargo, state.gem_supply
    cargo = (c[0] - cost[0], c[1] - cost[1], c[2] - cost[2], c[3] - cost[3])
    supply = (g[0] + cost[0], g[1] + cost[1], g[2] + cost[2], g[3] + cost[3])
    left = seat.reserved[:slot] + seat.reserved[slot + 1:] if reserved else seat.reserved
    seat = evolve(seat, cargo=cargo, relics=seat.relics + (relic,), reserved=left,
                        royalty=seat.royalty + RELICS[relic].points)
    # A player restoring goes on to the end of the turn; the Rhom restoring (in its
    # own turn or at any moment of another's) leaves the step as it is.
    step = state.step if index == state.rhom else RESTORE
    if reserved:
        return put_seat(state, index, seat, gem_supply=supply, step=step)
    return draw_relic(state, slot, seats=seats_with(state, index, seat), gem_supply=supply,
                      step=step)
