"""The log's words: what a move did, which moves reveal something or are
secret, and where the game stands."""

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
from .components import ABILITY, COST, ENCOUNTER_NAME, IS_MONSTER, RESOURCES, STRENGTH
from .rules import travel_cost
from .scoring import item_label
from .state import FIGHT, JOIN, NO_BID, PLACE, MaryliaState
from .words import event_text

DRAWING = frozenset({"leprechaun", "courier", "prospector", "herald"})
"""Mercenaries whose Interact draws a card or an event."""


def who(seat: int) -> str:
    """A seat as the board and the log name it."""
    return f"Seat {seat + 1}"


def city_name(city: int) -> str:
    return f"city {city + 1}"


def progress(state: MaryliaState) -> str:
    if state.step == PLACE:
        # Short, so the game's name still fits beside it at 80 columns.
        return "Set-up"
    last = ", last round" if state.last_round else ""
    return f"Round {state.round}{last}"


def secret_action(state: MaryliaState, action: Action) -> bool:
    """A sealed bid's amount is for the bidder only; the log tells the others
    that a bid is in, and the reveal tells everyone every bid."""
    return isinstance(action, Bid)


def describe(state: MaryliaState, action: Action, after: MaryliaState) -> str:
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


def reveals(state: MaryliaState, action: Action) -> bool:
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
