"""Small state helpers shared by the rule modules: seats, gems, decks."""

from __future__ import annotations

import random
from typing import Any

from .components import CARGO, ITEMS
from .state import DROP, GIVE, OPTIONAL, IridesciaState, Seat, evolve


def put_seat(state: IridesciaState, index: int, seat: Seat, **changes: Any) -> IridesciaState:
    seats = list(state.seats)
    seats[index] = seat
    return evolve(state, seats=tuple(seats), **changes)


def add(values: tuple[int, int, int, int], gem: int, n: int) -> tuple[int, int, int, int]:
    out = list(values)
    out[gem] += n
    return (out[0], out[1], out[2], out[3])


def gain_gems(state: IridesciaState, index: int, gem: int, n: int) -> IridesciaState:
    """`n` gems of `gem` from the supply to a seat (as many as the supply holds)."""
    n = min(n, state.gem_supply[gem])
    if n <= 0:
        return state
    seat = state.seats[index]
    seat = evolve(seat, cargo=add(seat.cargo, gem, n))
    return put_seat(state, index, seat, gem_supply=add(state.gem_supply, gem, -n))


def gain_coins(state: IridesciaState, index: int, n: int) -> IridesciaState:
    n = min(n, state.coin_supply)
    seat = state.seats[index]
    return put_seat(state, index, evolve(seat, coins=seat.coins + n),
                    coin_supply=state.coin_supply - n)


def after_gain(state: IridesciaState) -> IridesciaState:
    """Where the turn goes after gems came in: give the excess, drop an objective, or go on."""
    if sum(state.seats[state.current].cargo) > CARGO:
        return evolve(state, step=GIVE)
    if state.drop_pending:
        return evolve(state, step=DROP)
    return evolve(state, step=OPTIONAL)


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


def refill_market(state: IridesciaState, slot: int) -> IridesciaState:
    """Fill an emptied market slot from the deck, then apply the refresh rule."""
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


def draw_relic(state: IridesciaState, slot: int) -> IridesciaState:
    deck = list(state.relic_deck)
    row = list(state.relic_row)
    row[slot] = deck.pop() if deck else -1
    return evolve(state, relic_deck=tuple(deck), relic_row=tuple(row))


def discard_item(state: IridesciaState, kind: int) -> IridesciaState:
    """The current seat plays (discards) an item from its hand."""
    seat = state.seats[state.current]
    items = list(seat.items)
    items.remove(kind)
    return put_seat(state, state.current, evolve(seat, items=tuple(items)),
                    item_discard=state.item_discard + (kind,))


def item_cost(kind: int) -> int:
    return ITEMS[kind].cost
