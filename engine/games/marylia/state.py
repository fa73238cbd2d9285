"""The Marylia state: flat tuples, with small frozen records for seats, items and auctions.

Public names here are read by the board and the bots; keep them stable.
Cities, seats and items are 0-based in the state and 1-based in text.
"""

from __future__ import annotations

import attrs

from gemtable.engine.core import CHANCE, Mover, Observer, State

from .actions import Action  # the action type is data too; actions import no rules
from .components import TYPES, item_value, symbol_of

CITIES = 7
ACTIONS_PER_TURN = 3
HAND_LIMIT = 6
JOINING_COST = 1
"""Coins a merchant pays the bank to join an auction."""
STARTING_CARDS = 3
STARTING_COINS = 25
"""The first player's coins; each later seat in turn order gets one more."""
BANK_COINS = 10_000
"""The bank is unlimited in play (see Rulings); this is only its bookkeeping total."""
ROUND_LIMIT = {2: 120, 3: 60, 4: 60, 5: 60}
"""Rounds after which the game ends even if the decks last (see Rulings)."""

# Steps: what the position is waiting for.
PLACE = 0
"""Set-up: `current` places a merchant."""
ACT = 1
"""`current` takes one of their `actions_left` actions."""
DISCARD = 2
"""End of `current`'s turn: they discard down to the hand limit."""
JOIN = 3
"""An auction is offered: `auction.asking[0]` joins or passes."""
BID = 4
"""Sealed bids: the first bidder without a committed bid commits one."""
FIGHT = 5
"""Chance: the D8 for `current`'s fight with the Monster of their city."""
CHANGE = 6
"""Chance: the D8 of the Change at the start of a round."""
OVER = 7

BUY_AUCTION = 0
SELL_AUCTION = 1
NO_BID = -1
"""A bidder who has not committed yet."""
SEALED = -2
"""A committed bid this view may not see."""


def winning_bid(bids: tuple[int, ...]) -> int:
    """Which of an auction's revealed bids (in bidder order) wins: the highest,
    a tie going to the earliest bidder (the active player, then clockwise)."""
    return bids.index(max(bids))


HIDDEN_HAND = (-1,) * TYPES
"""Another seat's hand in a view (its size stays public in `Seat.held`)."""


@attrs.frozen(slots=True, cache_hash=True)
class Item:
    """A forged single gem or jewel, face up in front of its owner."""

    recipe: int
    """Recipe id (components.GEM, RING_MIXED, ...)."""
    parts: tuple[int, ...]
    """The cards it is made of, counts per resource type."""
    round: int
    """The round it was forged in: it cannot be sold in that round."""

    @property
    def value(self) -> int:
        """Market value: its cards' values plus the recipe bonus."""
        return item_value(self.recipe, self.parts)

    @property
    def symbol(self) -> int:
        """The Acquirer symbol it answers to (a gem type, or RING/BRACELET/NECKLACE_SYMBOL)."""
        return symbol_of(self.recipe, self.parts)


@attrs.frozen(slots=True, cache_hash=True)
class Seat:
    coins: int
    city: int
    """0-based city where the merchant stands; -1 before set-up placement."""
    hand: tuple[int, ...]
    """Resource cards in hand, counts per type; HIDDEN_HAND in other seats' views."""
    held: int
    """Number of cards in hand (public)."""
    items: tuple[Item, ...]
    """Forged items not sold yet, in the order forged."""


@attrs.frozen(slots=True, cache_hash=True)
class Auction:
    """An auction in progress (purchase or sale) in the active player's city."""

    kind: int
    """BUY_AUCTION (the city's resource card) or SELL_AUCTION (the right to sell
    to the city's Acquirer)."""
    bidders: tuple[int, ...]
    """Seats in the auction: the active player first, then joiners clockwise."""
    items: tuple[int, ...]
    """Per bidder, the item it would sell (sale auction); -1 for a purchase."""
    asking: tuple[int, ...]
    """Seats in the city still to be asked whether they join, in clockwise order."""
    bids: tuple[int, ...]
    """Per bidder: the committed bid, NO_BID before committing, SEALED where a
    view may not see it."""

    @property
    def bidding(self) -> int | None:
        """The next bidder to commit, or None while seats are still asked to join."""
        if self.asking:
            return None
        for seat, bid in zip(self.bidders, self.bids, strict=True):
            if bid == NO_BID:
                return seat
        return None


@attrs.frozen(slots=True, cache_hash=True)
class MaryliaState(State[Action]):
    players: int
    variant: str
    step: int
    current: int
    """The active player (or the seat placing its merchant during set-up)."""
    first: int
    """The seat holding the first player marker this round."""
    round: int
    """The round being played, from 1."""
    actions_left: int
    """Actions the active player still has this turn."""
    last_round: bool
    """A refill failed: this round is the last."""
    seats: tuple[Seat, ...]
    characters: tuple[int, ...]
    """Per city, the encounter card in its character space, or EMPTY."""
    character_coins: tuple[int, ...]
    """Per city, the coins lying on its character card."""
    resources: tuple[int, ...]
    """Per city, the resource type in its resource space, or EMPTY."""
    treasure: tuple[tuple[int, ...], ...]
    """Per city, the resource cards under its Monster (counts per type)."""
    resource_deck: tuple[int, ...]
    """Face-down resource types, top card last; HIDDEN in views."""
    encounter_deck: tuple[int, ...]
    """Face-down encounter cards, top card last; HIDDEN in views."""
    event_deck: tuple[int, ...]
    """Face-down events, top last; a resolved event goes to the bottom, where
    every view shows it (ruling 15); the events above stay HIDDEN in views."""
    resource_discard: tuple[int, ...]
    """Discarded resource cards (face up), counts per type."""
    encounter_discard: tuple[int, ...]
    """Discarded encounter cards (face up), in the order discarded."""
    bank: int
    auction: Auction | None
    last_auction: tuple[tuple[int, int], ...]
    """The latest auction's revealed bids, (seat, bid) in bidder order; () before any."""
    last_roll: int
    """The latest D8 result (0 before any roll)."""
    last_event: int
    """The latest event drawn, or -1."""
    events_drawn: int
    """How many events have been drawn so far (tells a repeated event apart)."""
    events_at_auction: int
    """`events_drawn` when the latest auction's bids were revealed (0 before
    any): an event drawn since then makes `events_drawn` the larger."""
    turns: int
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False,
                                                    repr=False)

    @property
    def to_move(self) -> Mover:
        step = self.step
        if step <= DISCARD:  # PLACE, ACT or DISCARD: the current seat
            return self.current
        if step == OVER:
            return None
        if step >= FIGHT:
            return CHANCE
        auction = self.auction
        assert auction is not None
        if step == JOIN:
            return auction.asking[0]
        return auction.bidding

    @property
    def last_auction_winner(self) -> int | None:
        """The seat that won the latest auction; None before any."""
        if not self.last_auction:
            return None
        return self.last_auction[winning_bid(tuple(b for _, b in self.last_auction))][0]

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def round_limit(self) -> int:
        return ROUND_LIMIT[self.players]
