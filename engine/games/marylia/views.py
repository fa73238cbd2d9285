"""What each seat may know in Marylia, and sampling the rest for search.

Hidden from a seat (ruling 11): the order of the three decks, the cards in
other players' hands (their number stays public), and the bids other players
have committed in an auction that is still collecting bids. Everything else
is face up: coins, forged items, city cards, monster treasure, discards,
where every merchant stands, and the bids of an auction once revealed.

One part of a deck's order is public (ruling 15): a resolved event goes to
the bottom of the event deck, so everyone knows the bottom cards, in order,
and once every event has been drawn, the whole deck. Views show those cards
and samples keep them in place. The other decks only ever lose their top
card, so nothing of their order is known.
"""

from __future__ import annotations

import random

from gemtable.engine.core import Observer

from .components import ENCOUNTER_TOTAL, EVENT_TOTAL, HIDDEN, RESOURCE_COUNTS, TYPES
from .records import build_seat, build_state
from .state import HIDDEN_HAND, NO_BID, SEALED, Auction, MaryliaState, Seat


def _copy(state: MaryliaState, seats: tuple[Seat, ...], resource_deck: tuple[int, ...],
          encounter_deck: tuple[int, ...], event_deck: tuple[int, ...],
          auction: Auction | None, observer: Observer | None) -> MaryliaState:
    s = state
    return build_state(
        s.players, s.variant, s.step, s.current, s.first, s.round, s.actions_left,
        s.last_round, seats, s.characters, s.character_coins, s.resources, s.treasure,
        resource_deck, encounter_deck, event_deck, s.resource_discard, s.encounter_discard,
        s.bank, auction, s.last_auction, s.last_roll, s.last_event, s.events_drawn,
        s.events_at_auction, s.turns, observer,
    )


def _sealed(auction: Auction | None, seat: Observer) -> Auction | None:
    if auction is None:
        return None
    bids = tuple(bid if bid == NO_BID or bidder == seat else SEALED
                 for bidder, bid in zip(auction.bidders, auction.bids, strict=True))
    return Auction(auction.kind, auction.bidders, auction.items, auction.asking, bids)


def public_events(state: MaryliaState) -> tuple[int, ...]:
    """The event deck as everyone knows it: the resolved events at the bottom
    (the start of the tuple) in the order they went there, HIDDEN above them."""
    deck = state.event_deck
    known = min(state.events_drawn, len(deck))
    return deck[:known] + (HIDDEN,) * (len(deck) - known)


def view(state: MaryliaState, seat: Observer) -> MaryliaState:
    """`seat`'s view (State.view has checked the seat)."""
    seats = tuple(
        s if index == seat else build_seat(s.coins, s.city, HIDDEN_HAND, s.held, s.items)
        for index, s in enumerate(state.seats)
    )
    return _copy(
        state, seats, (HIDDEN,) * len(state.resource_deck),
        (HIDDEN,) * len(state.encounter_deck), public_events(state),
        _sealed(state.auction, seat), seat,
    )


def unseen_resources(state: MaryliaState) -> list[int]:
    """Resource cards (as types) this view cannot place: the deck and hidden hands."""
    counts = list(RESOURCE_COUNTS)
    for kind in state.resources:
        if kind >= 0:
            counts[kind] -= 1
    for treasure in state.treasure:
        for t in range(TYPES):
            counts[t] -= treasure[t]
    for t in range(TYPES):
        counts[t] -= state.resource_discard[t]
    for seat in state.seats:
        if seat.hand is not HIDDEN_HAND and seat.hand[0] >= 0:
            for t in range(TYPES):
                counts[t] -= seat.hand[t]
        for item in seat.items:
            for t in range(TYPES):
                counts[t] -= item.parts[t]
    return [t for t in range(TYPES) for _ in range(counts[t])]


def unseen_encounters(state: MaryliaState) -> list[int]:
    seen = {card for card in state.characters if card >= 0}
    seen.update(state.encounter_discard)
    return [card for card in range(ENCOUNTER_TOTAL) if card not in seen]


def _keep_known(deck: tuple[int, ...], every_card: list[int],
                rng: random.Random) -> tuple[int, ...]:
    """`deck` with each HIDDEN place dealt, in a random order, one of the cards
    of `every_card` that the deck does not show; shown cards stay where they are."""
    shown = [card for card in deck if card != HIDDEN]
    unseen = list(every_card)
    for card in shown:
        unseen.remove(card)
    rng.shuffle(unseen)
    return tuple(card if card != HIDDEN else unseen.pop() for card in deck)


def determinize(state: MaryliaState, rng: random.Random) -> MaryliaState:
    """A full position agreeing with this view: hidden hands and decks dealt
    from the unseen cards in a random order (the event deck's public bottom
    kept in place), sealed bids drawn from 0 up to each bidder's coins."""
    if state.observer is None:
        return state
    pool = unseen_resources(state)
    rng.shuffle(pool)
    seats = []
    for s in state.seats:
        if s.hand[0] < 0:
            hand = [0] * TYPES
            for _ in range(s.held):
                hand[pool.pop()] += 1
            s = build_seat(s.coins, s.city, tuple(hand), s.held, s.items)
        seats.append(s)
    encounters = unseen_encounters(state)
    rng.shuffle(encounters)
    events = _keep_known(state.event_deck, list(range(EVENT_TOTAL)), rng)
    auction = state.auction
    if auction is not None and SEALED in auction.bids:
        bids = tuple(
            rng.randint(0, state.seats[bidder].coins) if bid == SEALED else bid
            for bidder, bid in zip(auction.bidders, auction.bids, strict=True)
        )
        auction = Auction(auction.kind, auction.bidders, auction.items, auction.asking, bids)
    return _copy(state, tuple(seats), tuple(pool), tuple(encounters), tuple(events),
                 auction, None)

