"""Which actions are legal in a Marylia position."""

from __future__ import annotations

from .actions import (
    BUY,
    COLLECT,
    DISCARD,
    FORGE,
    INTERACT,
    JOIN,
    PASS,
    PLACE,
    ROLL,
    TRAVEL,
    WAIT,
    Action,
    bid,
    join,
    sell,
)
from .cards import COST, EMPTY, INTERACT_COST, IS_ACQUIRER, SYMBOLS, TYPES
from .recipes import forge_keys
from .state import ACT, BID, BUY_AUCTION, CITIES, OVER, MaryliaState
from .state import DISCARD as DISCARD_STEP
from .state import JOIN as JOIN_STEP
from .state import PLACE as PLACE_STEP

TRAVEL_FROM = tuple(
    tuple(tuple(TRAVEL[d] for d in range(CITIES) if d != city and abs(d - city) - 1 <= coins)
          for coins in range(CITIES))
    for city in range(CITIES)
)
"""TRAVEL_FROM[city][coins]: the journeys a merchant in `city` can pay for
(coins capped at 6, enough for any journey)."""
D8_OUTCOMES = tuple((ROLL[face], 1 / 8) for face in range(1, 9))
ROLLS = tuple(ROLL[face] for face in range(1, 9))

_FORGES: dict[tuple[int, ...], tuple[Action, ...]] = {}
_FORGES_KEPT = 50_000
"""Hands whose Forge actions are remembered (a hand rarely holds more than ten
cards, so playouts keep meeting the same few thousand)."""


def forge_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """The Forge actions these cards allow, in forge_keys order (remembered per hand)."""
    found = _FORGES.get(hand)
    if found is None:
        found = tuple(FORGE[key] for key in forge_keys(hand))
        if len(_FORGES) < _FORGES_KEPT:
            _FORGES[hand] = found
    return found


def travel_cost(start: int, city: int) -> int:
    """Moving k cities in one action costs k - 1 coins."""
    return max(0, abs(city - start) - 1)


def sellable_items(state: MaryliaState, seat: int, city: int) -> tuple[int, ...]:
    """Items of `seat` the Acquirer of `city` buys, forged before this round."""
    character = state.characters[city] if city >= 0 else EMPTY
    if character < 0 or not IS_ACQUIRER[character]:
        return ()
    items = state.seats[seat].items
    if not items:
        return ()
    symbols = SYMBOLS[character]
    this_round = state.round
    found = [i for i, item in enumerate(items)
             if item.round < this_round and item.symbol in symbols]
    return tuple(found) if found else ()


def can_use(state: MaryliaState, seat: int, character: int) -> bool:
    """Whether `seat` may interact with a Mercenary or Monster `character` in its
    city: whenever it can pay the cost, even if the ability would find nothing
    to act on (ruling 14)."""
    return state.seats[seat].coins >= INTERACT_COST[character]


def can_wait(state: MaryliaState, city: int) -> bool:
    """A space of `city` is empty and its deck can fill it."""
    return bool((state.characters[city] == EMPTY and state.encounter_deck)
                or (state.resources[city] == EMPTY and state.resource_deck))


def can_join(state: MaryliaState, seat: int, kind: int, city: int) -> bool:
    """Whether `seat` could pay to join an auction of `kind` in `city`."""
    if state.seats[seat].coins < 1:
        return False
    return kind == BUY_AUCTION or bool(sellable_items(state, seat, city))


def legal_actions(state: MaryliaState) -> tuple[Action, ...]:
    step = state.step
    if step == ACT:
        return _turn_actions(state)
    if step == BID:
        auction = state.auction
        assert auction is not None
        seat = auction.bidding
        assert seat is not None
        return tuple(bid(n) for n in range(state.seats[seat].coins + 1))
    if step == JOIN_STEP:
        auction = state.auction
        assert auction is not None
        seat = auction.asking[0]
        if state.seats[seat].coins < 1:
            return (PASS,)
        if auction.kind == BUY_AUCTION:
            return (JOIN, PASS)
        city = state.seats[state.current].city
        return tuple(join(i) for i in sellable_items(state, seat, city)) + (PASS,)
    if step == DISCARD_STEP:
        hand = state.seats[state.current].hand
        return tuple(DISCARD[t] for t in range(TYPES) if hand[t] > 0)
    if step == PLACE_STEP:
        return PLACE
    if step == OVER:
        return ()
    return ROLLS


def _turn_actions(state: MaryliaState) -> tuple[Action, ...]:
    me = state.current
    seat = state.seats[me]
    city = seat.city
    coins = seat.coins
    options: list[Action] = list(TRAVEL_FROM[city][coins if coins < CITIES else CITIES - 1])
    resource = state.resources[city]
    if resource >= 0 and coins >= COST[resource]:
        options.append(BUY)
    if seat.held:
        options.extend(forge_actions(seat.hand))
    character = state.characters[city]
    if character >= 0:
        if IS_ACQUIRER[character]:
            options.extend(sell(i) for i in sellable_items(state, me, city))
        elif can_use(state, me, character):
            options.append(INTERACT)
    if can_wait(state, city):
        options.append(WAIT)
    options.append(COLLECT)
    return tuple(options)
