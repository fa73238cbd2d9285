"""Which actions are legal in a Marylia position, and what a legal one does.

Each rule's condition is written once, as a predicate here: the legal-action
generator builds its lists from them, and refusals.py reads the same ones to
say which stands against an action.
"""

from __future__ import annotations

from gemtable.engine.core import CHANCE, IllegalAction

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
    Bid,
    Buy,
    Collect,
    Discard,
    Forge,
    Interact,
    Join,
    Pass,
    Place,
    Roll,
    Sell,
    Travel,
    Wait,
    bid,
    join,
    sell,
)
from .auction import answer, commit
from .components import COST, EMPTY, INTERACT_COST, IS_ACQUIRER, SYMBOLS, TYPES, item_value
from .effects import (
    buy_resource,
    collect,
    discard,
    fight,
    forge,
    interact,
    place,
    sell_to_acquirer,
    start_round,
    travel,
    travel_cost,  # written where a journey is charged; bots and boards import it from here
    wait,
)
from .recipes import forge_keys
from .state import (
    ACT,
    BID,
    BUY_AUCTION,
    CITIES,
    FIGHT,
    JOINING_COST,
    OVER,
    SELL_AUCTION,
    Item,
    MaryliaState,
    Seat,
)
from .state import DISCARD as DISCARD_STEP
from .state import JOIN as JOIN_STEP
from .state import PLACE as PLACE_STEP
from .table import Table

FACES = 8
"""A D8: dice show 1 to FACES."""


# --- each rule's condition ------------------------------------------------------


def is_face(face: int) -> bool:
    """A D8 shows this number."""
    return 1 <= face <= FACES


def can_afford_journey(start: int, city: int, coins: int) -> bool:
    """A merchant in `start` holding `coins` may travel to another `city`."""
    return city != start and travel_cost(start, city) <= coins


def can_buy(seat: Seat, resource: int) -> bool:
    """`seat` can pay for the resource card lying in its city (EMPTY: none)."""
    return resource >= 0 and seat.coins >= COST[resource]


def holds(hand: tuple[int, ...], parts: tuple[int, ...]) -> bool:
    """The hand holds every card of `parts` (counts per type)."""
    return all(n <= held for n, held in zip(parts, hand, strict=True))


def is_acquirer(character: int) -> bool:
    """A character space holds an Acquirer (EMPTY holds nothing)."""
    return character >= 0 and IS_ACQUIRER[character]


def acquirer_buys(symbols: tuple[int, ...], item: Item) -> bool:
    """An Acquirer showing `symbols` answers to the item's symbol."""
    return item.symbol in symbols


def forged_earlier(item: Item, this_round: int) -> bool:
    """An item is sold from the round after the one it was forged in."""
    return item.round < this_round


def sellable_items(state: MaryliaState, seat: int, city: int) -> tuple[int, ...]:
    """Items of `seat` the Acquirer of `city` buys, forged before this round."""
    character = state.characters[city] if city >= 0 else EMPTY
    if not is_acquirer(character):
        return ()
    items = state.seats[seat].items
    if not items:
        return ()
    this_round = state.round
    symbols = SYMBOLS[character]
    found = [i for i, item in enumerate(items)
             if forged_earlier(item, this_round) and acquirer_buys(symbols, item)]
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


def can_pay_to_join(state: MaryliaState, seat: int) -> bool:
    return state.seats[seat].coins >= JOINING_COST


def can_join(state: MaryliaState, seat: int, kind: int, city: int) -> bool:
    """Whether `seat` could pay to join an auction of `kind` in `city`."""
    if not can_pay_to_join(state, seat):
        return False
    return kind == BUY_AUCTION or bool(sellable_items(state, seat, city))


def joiners(state: MaryliaState, kind: int) -> tuple[int, ...]:
    """The seats asked to join an auction of `kind` the active player would
    open: the others in its city who could join, clockwise from it."""
    me = state.current
    city = state.seats[me].city
    players = state.players
    return tuple(
        seat for seat in ((me + k) % players for k in range(1, players))
        if state.seats[seat].city == city and can_join(state, seat, kind, city)
    )


def bid_in_reach(state: MaryliaState, seat: int, amount: int) -> bool:
    """A bid is 0 up to the coins the bidder holds."""
    return 0 <= amount <= state.seats[seat].coins


def can_discard(hand: tuple[int, ...], kind: int) -> bool:
    return hand[kind] > 0


# --- the legal actions -------------------------------------------------------------

TRAVEL_FROM = tuple(
    tuple(tuple(TRAVEL[d] for d in range(CITIES) if can_afford_journey(city, d, coins))
          for coins in range(CITIES))
    for city in range(CITIES)
)
"""TRAVEL_FROM[city][coins]: the journeys a merchant in `city` can pay for
(coins capped at 6, enough for any journey)."""
ROLLS = tuple(ROLL[face] for face in range(1, FACES + 1))
D8_OUTCOMES = tuple((roll, 1 / FACES) for roll in ROLLS)

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


def forge_options(state: MaryliaState, seat: int) -> tuple[tuple[Forge, int], ...]:
    """What `seat` could forge from its hand now, as (Forge action, market
    value) pairs, most valuable first; () for a hand this view hides."""
    hand = state.seats[seat].hand
    if hand[0] < 0:
        return ()
    options = [(FORGE[key], item_value(key[0], FORGE[key].parts)) for key in forge_keys(hand)]
    options.sort(key=lambda pair: -pair[1])
    return tuple(options)


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
        if not can_pay_to_join(state, seat):
            return (PASS,)
        if auction.kind == BUY_AUCTION:
            return (JOIN, PASS)
        city = state.seats[state.current].city
        return tuple(join(i) for i in sellable_items(state, seat, city)) + (PASS,)
    if step == DISCARD_STEP:
        hand = state.seats[state.current].hand
        return tuple(DISCARD[t] for t in range(TYPES) if can_discard(hand, t))
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
    if can_buy(seat, state.resources[city]):
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


def chance_outcomes(state: MaryliaState) -> tuple[tuple[Action, float], ...]:
    if state.to_move is not CHANCE:
        raise IllegalAction("this is not a chance step")
    return D8_OUTCOMES


# --- applying a legal action -----------------------------------------------------


def apply_action(state: MaryliaState, action: Action) -> MaryliaState:
    # The commonest moves of a playout change only a seat and the bank.
    if isinstance(action, Travel):
        return travel(state, action.city)
    if isinstance(action, Collect):
        return collect(state)
    if isinstance(action, Forge):
        return forge(state, action)
    table = Table(state)
    # Dice next: a fight or the start of every round (with two players, every turn).
    if isinstance(action, Roll):
        if table.step == FIGHT:
            fight(table, action.face)
        else:
            start_round(table, action.face)
    elif isinstance(action, Buy):
        buy_resource(table, joiners(state, BUY_AUCTION))
    elif isinstance(action, Sell):
        sell_to_acquirer(table, action.item, joiners(state, SELL_AUCTION))
    elif isinstance(action, Interact):
        interact(table)
    elif isinstance(action, Wait):
        wait(table)
    elif isinstance(action, Discard):
        discard(table, action.kind)
    elif isinstance(action, Join | Pass):
        answer(table, action)
    elif isinstance(action, Bid):
        commit(table, action.amount)
    elif isinstance(action, Place):
        place(table, action.city)
    else:  # pragma: no cover - State.apply checks legality first
        raise TypeError(f"not a Marylia action: {action!r}")
    return table.freeze()
