"""The Marylia state: flat tuples, with small frozen records for seats, items and auctions.

Public names here are read by the board and the bots; keep them stable.
Cities, seats and items are 0-based in the state and 1-based in text.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from gemtable.engine.core import CHANCE, Game, IllegalAction, Mover, Observer, ScoreLine, State

from .cards import TYPES
from .recipes import forge_keys, item_value, symbol_of
from .records import quick_builder

CITIES = 7
ACTIONS_PER_TURN = 3
HAND_LIMIT = 6
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
    """Recipe id (recipes.GEM, RING_MIXED, ...)."""
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
class MaryliaState(State):
    game: ClassVar[Game[Any]]

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
    _legal: tuple[object, ...] | None = attrs.field(default=None, init=False, eq=False,
                                                    repr=False)

    # --- protocol ----------------------------------------------------------
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

    def progress(self) -> str:
        if self.step == PLACE:
            # Short, so the game's name still fits beside it at 80 columns.
            return "Set-up"
        last = ", last round" if self.last_round else ""
        return f"Round {self.round}{last}"

    def _legal_actions(self) -> tuple[object, ...]:
        return rules.legal_actions(self)

    def apply(self, action: object) -> MaryliaState:
        # Dice are a third of a playout's actions: checked directly.
        if self.step >= FIGHT and self.step != OVER:
            if type(action) is actions.Roll and 1 <= action.face <= 8:
                return effects.apply_action(self, action)
            raise IllegalAction(self.why_illegal(action), action)
        return State.apply(self, action)

    def _apply(self, action: object) -> MaryliaState:
        return effects.apply_action(self, action)

    def why_illegal(self, action: object) -> str:
        return explain.why_illegal(self, action)

    def parse_syntax(self, text: str) -> object | None:
        return actions.parse(text)

    def notation_problem(self, text: str) -> str:
        return notation.problem(text)

    def chance_outcomes(self) -> tuple[tuple[object, float], ...]:
        if self.to_move is not CHANCE:
            raise IllegalAction("this is not a chance step")
        return rules.D8_OUTCOMES

    def sample_chance(self, rng: random.Random) -> object:
        if self.to_move is not CHANCE:
            raise IllegalAction("this is not a chance step")
        return actions.ROLL[1 + int(rng.random() * 8)]

    def describe(self, action: object, after: MaryliaState) -> str:
        return explain.describe(self, action, after)

    def reveals(self, action: object) -> bool:
        return explain.reveals(self, action)

    def secret_action(self, action: object) -> bool:
        """A sealed bid's amount is for the bidder only; the log tells the others
        that a bid is in, and the reveal tells everyone every bid."""
        return isinstance(action, actions.Bid)

    def invariants(self) -> tuple[str, ...]:
        return explain.invariants(self)

    def scores(self) -> tuple[int, ...]:
        return tuple(scoring.wealth(self, seat) for seat in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        return scoring.ranking(self)

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return scoring.score_breakdown(self, seat)

    def component_counts(self) -> dict[str, int]:
        return scoring.component_counts(self)

    def _view(self, seat: Observer) -> MaryliaState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> MaryliaState:
        return views.determinize(self, rng)

    # --- helpers for bots and screens -------------------------------------
    def wealth(self, seat: int) -> int:
        """Coins plus half the market value (rounded down) of each unsold item."""
        return scoring.wealth(self, seat)

    def sellable(self, seat: int, city: int | None = None) -> tuple[int, ...]:
        """Indices of `seat`'s items the Acquirer of `city` (default: the seat's
        city) would buy this round."""
        return rules.sellable_items(self, seat, self.seats[seat].city if city is None else city)

    def forge_options(self, seat: int) -> tuple[tuple[object, int], ...]:
        """What `seat` could forge from its hand now, as (Forge action, market
        value) pairs, most valuable first; () for a hand this view hides."""
        hand = self.seats[seat].hand
        if hand[0] < 0:
            return ()
        options = [(actions.FORGE[key], item_value(key[0], actions.FORGE[key].parts))
                   for key in forge_keys(hand)]
        options.sort(key=lambda pair: -pair[1])
        return tuple(options)

    def item_label(self, item: Item) -> str:
        """An item in words ("identical ring of 3 diamond")."""
        return scoring.item_label(item.recipe, item.parts)

    def travel_cost(self, seat: int, city: int) -> int:
        """Coins `seat` pays to travel to `city` in one action."""
        return rules.travel_cost(self.seats[seat].city, city)


# Playouts make a state and a seat or two per action: these build them quicker
# than the classes' own __init__, with the same arguments and the same result.
new_state = quick_builder(MaryliaState)
new_seat = quick_builder(Seat)

from . import actions, effects, explain, notation, rules, scoring, views  # noqa: E402  (they need the classes above)
