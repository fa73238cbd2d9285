"""Why an action cannot be played: the first rule of rules.py against it, in
words; "" exactly when it is legal."""

from __future__ import annotations

from gemtable.engine.core import CHANCE
from gemtable.engine.wording import article

from .actions import (
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
)
from .components import (
    COST,
    ENCOUNTER_NAME,
    INTERACT_COST,
    IS_MONSTER,
    RESOURCES,
    SYMBOL_NAMES,
    SYMBOLS,
)
from .notation import never_legal
from .rules import (
    acquirer_buys,
    bid_in_reach,
    can_afford_journey,
    can_buy,
    can_discard,
    can_pay_to_join,
    can_use,
    can_wait,
    holds,
    is_acquirer,
    is_face,
    sellable_items,
    travel_cost,
)
from .state import BID, BUY_AUCTION, DISCARD, HAND_LIMIT, JOIN, OVER, PLACE, MaryliaState
from .telling import city_name


def why_illegal(state: MaryliaState, action: Action) -> str:
    step = state.step
    if step == OVER:
        return "the game is over"
    impossible = never_legal(state, action)
    if impossible:
        return impossible
    if state.to_move is CHANCE:
        if isinstance(action, Roll):
            return "" if is_face(action.face) else "a D8 shows a number from 1 to 8"
        return "the D8 is being rolled: no player acts now"
    if isinstance(action, Roll):
        return "no die is being rolled now: dice are rolled only for the Change and for fights"
    if step == PLACE:
        if isinstance(action, Place):
            return ""  # never_legal has refused a city that does not exist
        return ("players are still placing their merchants: choose a starting city "
                "(start 1 to start 7)")
    if isinstance(action, Place):
        return "merchants are placed only at set-up"
    if step == JOIN:
        return _why_not_join(state, action)
    if step == BID:
        return _why_not_bid(state, action)
    if isinstance(action, Join | Pass | Bid):
        return "there is no auction going on"
    if step == DISCARD:
        seat = state.seats[state.current]
        if isinstance(action, Discard):
            if can_discard(seat.hand, action.kind):
                return ""
            return f"you hold no {RESOURCES[action.kind]} to discard"
        return (f"your turn is over but you hold {seat.held} cards: discard down to "
                f"{HAND_LIMIT} first")
    if isinstance(action, Discard):
        return (f"cards are discarded only at the end of your turn, when you hold more "
                f"than {HAND_LIMIT}")
    return _why_not_act(state, action)


def _why_not_join(state: MaryliaState, action: Action) -> str:
    auction = state.auction
    assert auction is not None
    seat = auction.asking[0]
    if isinstance(action, Pass):
        return ""
    if not isinstance(action, Join):
        # Spoken to the seat asked, who is the one trying a move now.
        return "you must first say whether you join the auction (join or pass)"
    if not can_pay_to_join(state, seat):
        return "joining an auction costs 1 coin and you have none"
    if auction.kind == BUY_AUCTION:
        return "" if action.item < 0 else "a purchase auction is joined with a plain 'join'"
    if action.item < 0:
        return "name the item you would sell: join 1, join 2, ..."
    return _why_not_sellable(state, seat, action.item)


def _why_not_bid(state: MaryliaState, action: Action) -> str:
    auction = state.auction
    assert auction is not None
    seat = auction.bidding
    assert seat is not None
    if not isinstance(action, Bid):
        return "you must first commit your sealed bid, as every bidder does"
    if bid_in_reach(state, seat, action.amount):
        return ""
    return f"a bid is 0 up to the coins you hold ({state.seats[seat].coins})"


def _why_not_sellable(state: MaryliaState, seat: int, index: int) -> str:
    """Why `seat` may not sell its item `index` to the Acquirer of the active
    player's city; "" when it may."""
    city = state.seats[state.current].city
    if index in sellable_items(state, seat, city):
        return ""
    card = state.characters[city]
    if not is_acquirer(card):
        return f"there is no Acquirer in {city_name(city)} to sell to"
    items = state.seats[seat].items
    if index >= len(items):
        return f"you have no forged item {index + 1} (you have {len(items)})"
    if not acquirer_buys(SYMBOLS[card], items[index]):
        wanted = " and ".join(SYMBOL_NAMES[s] for s in SYMBOLS[card])
        return f"the {ENCOUNTER_NAME[card]} buys only {wanted}"
    # What is left of sellable_items against it: not forged_earlier.
    return f"item {index + 1} was forged this round: it can be sold from the next round on"


def _why_not_act(state: MaryliaState, action: Action) -> str:
    seat = state.seats[state.current]
    city = seat.city
    if isinstance(action, Travel):
        if action.city == city:
            return f"you are already in {city_name(city)}"
        if can_afford_journey(city, action.city, seat.coins):
            return ""
        cost = travel_cost(city, action.city)
        return (f"travelling {abs(action.city - city)} cities costs {cost} coins and you "
                f"have {seat.coins}")
    if isinstance(action, Buy):
        kind = state.resources[city]
        if can_buy(seat, kind):
            return ""
        if kind < 0:
            card = state.characters[city]
            if card >= 0 and IS_MONSTER[card]:
                return f"the {ENCOUNTER_NAME[card]} swallows every resource of {city_name(city)}"
            return f"{city_name(city)} has no resource card to buy"
        return f"{article(RESOURCES[kind])} costs {COST[kind]} coins and you have {seat.coins}"
    if isinstance(action, Forge):
        if holds(seat.hand, action.parts):
            return ""
        missing = [f"{n - seat.hand[t]} {RESOURCES[t]}" for t, n in enumerate(action.parts)
                   if n > seat.hand[t]]
        return f"{article(action.name)} of these cards needs {', '.join(missing)} more in your hand"
    if isinstance(action, Sell):
        return _why_not_sellable(state, state.current, action.item)
    if isinstance(action, Interact):
        card = state.characters[city]
        if card < 0:
            return f"there is no character in {city_name(city)}"
        if is_acquirer(card):
            return "you deal with an Acquirer by selling it an item: sell 1, sell 2, ..."
        if can_use(state, state.current, card):
            return ""
        return (f"the {ENCOUNTER_NAME[card]} asks {INTERACT_COST[card]} coins and you "
                f"have {seat.coins}")
    if isinstance(action, Wait):
        if can_wait(state, city):
            return ""
        if state.characters[city] >= 0 and state.resources[city] >= 0:
            return f"both spaces of {city_name(city)} are filled: there is nothing to wait for"
        return "the deck that would fill this city is empty"
    if isinstance(action, Collect):
        return ""  # a coin from the bank is always there to take
    return "that action is not possible now"
