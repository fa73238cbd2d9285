"""Sentences for people: why an action is illegal, what a move did, and the
state's own consistency checks."""

from __future__ import annotations

from gemtable.engine.core import CHANCE
from gemtable.engine.wording import article

from .actions import (
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
from .cards import (
    ABILITY,
    COST,
    ENCOUNTER_NAME,
    INTERACT_COST,
    IS_ACQUIRER,
    IS_MONSTER,
    RESOURCES,
    STRENGTH,
    SYMBOL_NAMES,
    SYMBOLS,
    TYPES,
)
from .notation import never_legal
from .rules import can_wait, travel_cost
from .scoring import item_label
from .state import (
    ACT,
    ACTIONS_PER_TURN,
    BID,
    BUY_AUCTION,
    DISCARD,
    FIGHT,
    HAND_LIMIT,
    JOIN,
    NO_BID,
    OVER,
    PLACE,
    MaryliaState,
)
from .words import event_text

DRAWING = frozenset({"leprechaun", "courier", "prospector", "herald"})
"""Mercenaries whose Interact draws a card or an event."""


def who(seat: int) -> str:
    """A seat as the board and the log name it."""
    return f"Seat {seat + 1}"


def city_name(city: int) -> str:
    return f"city {city + 1}"


def why_illegal(state: MaryliaState, action: object) -> str:
    step = state.step
    if step == OVER:
        return "the game is over"
    impossible = never_legal(state, action)
    if impossible:
        return impossible
    if state.to_move is CHANCE:
        if isinstance(action, Roll):
            return "a D8 shows a number from 1 to 8"
        return "the D8 is being rolled: no player acts now"
    if isinstance(action, Roll):
        return "no die is being rolled now: dice are rolled only for the Change and for fights"
    if step == PLACE:
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
            return f"you hold no {RESOURCES[action.kind]} to discard"
        return (f"your turn is over but you hold {seat.held} cards: discard down to "
                f"{HAND_LIMIT} first")
    if isinstance(action, Discard):
        return (f"cards are discarded only at the end of your turn, when you hold more "
                f"than {HAND_LIMIT}")
    return _why_not_act(state, action)


def _why_not_join(state: MaryliaState, action: object) -> str:
    auction = state.auction
    assert auction is not None
    seat = auction.asking[0]
    if not isinstance(action, Join | Pass):
        # Spoken to the seat asked, who is the one trying a move now.
        return "you must first say whether you join the auction (join or pass)"
    if state.seats[seat].coins < 1:
        return "joining an auction costs 1 coin and you have none"
    assert isinstance(action, Join)
    if auction.kind == BUY_AUCTION:
        return "a purchase auction is joined with a plain 'join'"
    if action.item < 0:
        return "name the item you would sell: join 1, join 2, ..."
    return _why_not_sellable(state, seat, action.item)


def _why_not_bid(state: MaryliaState, action: object) -> str:
    auction = state.auction
    assert auction is not None
    seat = auction.bidding
    assert seat is not None
    if not isinstance(action, Bid):
        return "you must first commit your sealed bid, as every bidder does"
    return f"a bid is 0 up to the coins you hold ({state.seats[seat].coins})"


def _why_not_sellable(state: MaryliaState, seat: int, index: int) -> str:
    city = state.seats[state.current].city
    card = state.characters[city]
    if card < 0 or not IS_ACQUIRER[card]:
        return f"there is no Acquirer in {city_name(city)} to sell to"
    items = state.seats[seat].items
    if index >= len(items):
        return f"you have no forged item {index + 1} (you have {len(items)})"
    item = items[index]
    if item.symbol not in SYMBOLS[card]:
        wanted = " and ".join(SYMBOL_NAMES[s] for s in SYMBOLS[card])
        return f"the {ENCOUNTER_NAME[card]} buys only {wanted}"
    if item.round >= state.round:
        return (f"item {index + 1} was forged this round: it can be sold from the next "
                "round on")
    return "that item cannot be sold here"


def _why_not_act(state: MaryliaState, action: object) -> str:
    seat = state.seats[state.current]
    city = seat.city
    if isinstance(action, Travel):
        if action.city == city:
            return f"you are already in {city_name(city)}"
        cost = travel_cost(city, action.city)
        return (f"travelling {abs(action.city - city)} cities costs {cost} coins and you "
                f"have {seat.coins}")
    if isinstance(action, Buy):
        kind = state.resources[city]
        if kind < 0:
            card = state.characters[city]
            if card >= 0 and IS_MONSTER[card]:
                return f"the {ENCOUNTER_NAME[card]} swallows every resource of {city_name(city)}"
            return f"{city_name(city)} has no resource card to buy"
        return f"{article(RESOURCES[kind])} costs {COST[kind]} coins and you have {seat.coins}"
    if isinstance(action, Forge):
        missing = [f"{n - seat.hand[t]} {RESOURCES[t]}" for t, n in enumerate(action.parts)
                   if n > seat.hand[t]]
        return f"{article(action.name)} of these cards needs {', '.join(missing)} more in your hand"
    card = state.characters[city]
    if isinstance(action, Sell):
        return _why_not_sellable(state, state.current, action.item)
    if isinstance(action, Interact):
        if card < 0:
            return f"there is no character in {city_name(city)}"
        if IS_ACQUIRER[card]:
            return "you deal with an Acquirer by selling it an item: sell 1, sell 2, ..."
        if seat.coins < INTERACT_COST[card]:
            return (f"the {ENCOUNTER_NAME[card]} asks {INTERACT_COST[card]} coins and you "
                    f"have {seat.coins}")
    if isinstance(action, Wait) and not can_wait(state, city):
        if state.characters[city] >= 0 and state.resources[city] >= 0:
            return f"both spaces of {city_name(city)} are filled: there is nothing to wait for"
        return "the deck that would fill this city is empty"
    return "that action is not possible now"


# --- the log ------------------------------------------------------------------


def describe(state: MaryliaState, action: object, after: MaryliaState) -> str:
    """One log line naming only what is public once `action` is made. The log
    already names the seat that moved ("Seat 2: travels to city 3"), so a line
    names seats only when they are someone else (the chance step's fighter,
    the bidders at a reveal)."""
    if isinstance(action, Roll):
        return _describe_roll(state, action.face, after)
    if isinstance(action, Place):
        # No pronoun: the line reads alike after "You:" and after "Seat 2:".
        return f"placed the merchant in {city_name(action.city)}"
    seat = state.seats[state.current]
    if isinstance(action, Travel):
        cost = travel_cost(seat.city, action.city)
        paid = f" for {cost} coin{'s' * (cost != 1)}" if cost else ""
        return f"travels to {city_name(action.city)}{paid}"
    if isinstance(action, Collect):
        return "collects 1 coin"
    if isinstance(action, Buy):
        kind = state.resources[seat.city]
        if after.step == JOIN:
            return f"wants to buy the {RESOURCES[kind]}: an auction is offered"
        return f"buys {article(RESOURCES[kind])} for {COST[kind]} coins"
    if isinstance(action, Forge):
        value = after.seats[state.current].items[-1].value
        return f"forges {article(item_label(action.recipe, action.parts))} (worth {value})"
    if isinstance(action, Sell):
        item = seat.items[action.item]
        if after.step == JOIN:
            return f"offers {article(item_label(item.recipe, item.parts))}: an auction is offered"
        return _describe_sale(state, item.value)
    if isinstance(action, Interact):
        card = state.characters[seat.city]
        if IS_MONSTER[card]:
            return f"challenges the {ENCOUNTER_NAME[card]} (strength {STRENGTH[card]})"
        if ABILITY[card] == "apprentice" and state.resources[seat.city] < 0:
            return f"interacts with the {ENCOUNTER_NAME[card]}: there is no resource card to take"
        return f"interacts with the {ENCOUNTER_NAME[card]}{_event_note(state, after)}"
    if isinstance(action, Wait):
        return f"waits in {city_name(seat.city)}{_arrivals(state, after, seat.city)}"
    if isinstance(action, Discard):
        return f"discards {article(RESOURCES[action.kind])} (hand limit)"
    if isinstance(action, Join):
        return "joins the auction (1 coin)" + _nobody_joined(after)
    if isinstance(action, Pass):
        return "stays out of the auction" + _nobody_joined(after)
    if isinstance(action, Bid):
        if after.auction is not None:
            return "commits a sealed bid"
        bids = ", ".join(f"{who(s)} bid {b}" for s, b in after.last_auction)
        winner = after.last_auction_winner
        assert winner is not None
        # The winner first: a log cut to one line keeps the outcome.
        return f"commits a sealed bid; {who(winner)} wins; bids revealed: {bids}"
    return str(action)


def _describe_sale(state: MaryliaState, value: int) -> str:
    city = state.seats[state.current].city
    card = state.characters[city]
    coins = state.character_coins[city]
    return f"sells to the {ENCOUNTER_NAME[card]} for {value} + {coins} coins"


def _nobody_joined(after: MaryliaState) -> str:
    return "; nobody joined, so the action goes ahead" if after.auction is None else ""


def _event_note(state: MaryliaState, after: MaryliaState) -> str:
    if after.events_drawn != state.events_drawn:
        event = after.last_event
        return f"; event {event_text(event)}"
    return ""


def _arrivals(state: MaryliaState, after: MaryliaState, city: int) -> str:
    notes = []
    if after.characters[city] != state.characters[city] and after.characters[city] >= 0:
        notes.append(f"the {ENCOUNTER_NAME[after.characters[city]]} arrives")
    if after.resources[city] != state.resources[city] and after.resources[city] >= 0:
        notes.append(f"{article(RESOURCES[after.resources[city]])} arrives")
    if after.treasure[city] != state.treasure[city]:
        notes.append("a resource goes into the Monster's treasure")
    return ": " + ", ".join(notes) if notes else ""


def _describe_roll(state: MaryliaState, face: int, after: MaryliaState) -> str:
    if state.step == FIGHT:
        city = state.seats[state.current].city
        card = state.characters[city]
        if after.characters[city] != card:
            return (f"D8 shows {face}: {who(state.current)} defeats the {ENCOUNTER_NAME[card]} "
                    "and takes its treasure and coins")
        return f"D8 shows {face}: the {ENCOUNTER_NAME[card]} holds out"
    text = f"Round {after.round} begins; the Change D8 shows {face}"
    if after.events_drawn != state.events_drawn:
        event = after.last_event
        text += f"; event {event_text(event)}"
    else:
        text += f": the cards of {city_name(face - 1)} are discarded"
    if after.last_round:
        text += "; the decks could not refill every space: this is the last round"
    return text


def reveals(state: MaryliaState, action: object) -> bool:
    """Chance outcomes, cards drawn or turned up, forged or discarded cards from
    a hand, and the reveal of an auction's bids."""
    if state.to_move is CHANCE or isinstance(action, Forge | Discard | Wait):
        return True
    if isinstance(action, Bid):
        auction = state.auction
        return auction is not None and auction.bids.count(NO_BID) == 1
    if isinstance(action, Interact):
        card = state.characters[state.seats[state.current].city]
        return card >= 0 and ABILITY[card] in DRAWING
    if isinstance(action, Place):
        after = state.apply(action)
        return len(after.resource_deck) != len(state.resource_deck)
    return False


def invariants(state: MaryliaState) -> tuple[str, ...]:
    problems = []
    if state.bank < 0:
        problems.append("the bank holds fewer than 0 coins")
    if not 0 <= state.actions_left <= ACTIONS_PER_TURN:
        problems.append(f"{state.actions_left} actions left is outside 0 to {ACTIONS_PER_TURN}")
    for index, seat in enumerate(state.seats):
        if seat.coins < 0:
            problems.append(f"{who(index)} holds {seat.coins} coins")
        if seat.hand[0] >= 0:
            if min(seat.hand) < 0:
                problems.append(f"{who(index)} holds a negative number of some card")
            if sum(seat.hand) != seat.held:
                problems.append(f"{who(index)}'s hand size {seat.held} is not its card count")
        if state.step != PLACE and not 0 <= seat.city < len(state.characters):
            problems.append(f"{who(index)}'s merchant is in no city")
    for city, card in enumerate(state.characters):
        if card >= 0 and IS_MONSTER[card] and state.resources[city] >= 0:
            problems.append(f"a resource lies beside the Monster of {city_name(city)}")
        if card < 0 and (state.character_coins[city] or any(state.treasure[city])):
            problems.append(f"coins or treasure lie in the empty character space of "
                            f"{city_name(city)}")
        if card >= 0 and not IS_MONSTER[card] and any(state.treasure[city]):
            problems.append(f"treasure lies under a non-Monster in {city_name(city)}")
    if state.step in (JOIN, BID) and state.auction is None:
        problems.append("an auction step without an auction")
    if state.step == ACT and state.auction is not None:
        problems.append("an auction left open during a turn")
    if any(state.resource_discard[t] < 0 for t in range(TYPES)):
        problems.append("a negative discard pile")
    return tuple(problems)
