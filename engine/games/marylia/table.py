"""A mutable working copy of a position, for rules that touch many places at once.

Effects copy a state into a `Table`, change it with the small operations
here (draw, pay, discard a character, refill...), and `freeze` it into a new
state. States themselves are never changed.
"""

from __future__ import annotations

from .components import (
    ABILITY,
    EMPTY,
    ENTRY_COINS,
    IS_ACQUIRER,
    IS_MONSTER,
    NO_CARDS,
)
from .records import build_seat, build_state
from .state import Auction, Item, MaryliaState, Seat


class Table:
    __slots__ = (
        "players", "variant", "step", "current", "first", "round", "actions_left",
        "last_round", "seats", "characters", "character_coins", "resources", "treasure",
        "resource_deck", "encounter_deck", "event_deck", "resource_discard",
        "encounter_discard", "bank", "auction", "last_auction", "last_roll", "last_event",
        "events_drawn", "events_at_auction", "turns",
    )

    def __init__(self, s: MaryliaState) -> None:
        self.players = s.players
        self.variant = s.variant
        self.step = s.step
        self.current = s.current
        self.first = s.first
        self.round = s.round
        self.actions_left = s.actions_left
        self.last_round = s.last_round
        self.seats: list[Seat] = list(s.seats)
        self.characters = list(s.characters)
        self.character_coins = list(s.character_coins)
        self.resources = list(s.resources)
        self.treasure: list[tuple[int, ...]] = list(s.treasure)
        # The decks and the encounter discard stay tuples: most actions leave
        # them alone, and copying sixty cards to a list and back costs more
        # than the odd slice when a card is drawn.
        self.resource_deck = s.resource_deck
        self.encounter_deck = s.encounter_deck
        self.event_deck = s.event_deck
        self.resource_discard = list(s.resource_discard)
        self.encounter_discard = s.encounter_discard
        self.bank = s.bank
        self.auction: Auction | None = s.auction
        self.last_auction = s.last_auction
        self.last_roll = s.last_roll
        self.last_event = s.last_event
        self.events_drawn = s.events_drawn
        self.events_at_auction = s.events_at_auction
        self.turns = s.turns

    def freeze(self) -> MaryliaState:
        return build_state(
            self.players, self.variant, self.step, self.current, self.first, self.round,
            self.actions_left, self.last_round, tuple(self.seats), tuple(self.characters),
            tuple(self.character_coins), tuple(self.resources), tuple(self.treasure),
            self.resource_deck, self.encounter_deck, self.event_deck,
            tuple(self.resource_discard), self.encounter_discard, self.bank,
            self.auction, self.last_auction, self.last_roll, self.last_event, self.events_drawn,
            self.events_at_auction, self.turns,
        )

    # --- coins -------------------------------------------------------------
    def gain(self, seat: int, coins: int) -> None:
        """`seat` takes `coins` from the bank."""
        s = self.seats[seat]
        self.seats[seat] = build_seat(s.coins + coins, s.city, s.hand, s.held, s.items)
        self.bank -= coins

    def pay(self, seat: int, coins: int) -> int:
        """`seat` pays up to `coins` to the bank; returns what it paid."""
        s = self.seats[seat]
        paid = min(coins, s.coins)
        self.seats[seat] = build_seat(s.coins - paid, s.city, s.hand, s.held, s.items)
        self.bank += paid
        return paid

    def take_from(self, payer: int, taker: int, coins: int) -> None:
        """`payer` gives up to `coins` to `taker`."""
        self.gain(taker, self.pay(payer, coins))

    # --- cards -------------------------------------------------------------
    def pop_resource(self) -> int:
        """Take the top resource card off its deck (the deck is not empty)."""
        deck = self.resource_deck
        self.resource_deck = deck[:-1]
        return deck[-1]

    def pop_encounter(self) -> int:
        """Take the top encounter card off its deck (the deck is not empty)."""
        deck = self.encounter_deck
        self.encounter_deck = deck[:-1]
        return deck[-1]

    def add_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        """Put cards (counts per type) into `seat`'s hand."""
        s = self.seats[seat]
        hand = tuple(a + b for a, b in zip(s.hand, cards, strict=True))
        self.seats[seat] = build_seat(s.coins, s.city, hand, s.held + sum(cards), s.items)

    def draw(self, seat: int, count: int = 1) -> int:
        """`seat` draws up to `count` resource cards from the deck; returns how many."""
        deck = self.resource_deck
        drawn = min(count, len(deck))
        if drawn:
            s = self.seats[seat]
            hand = list(s.hand)
            for kind in deck[-drawn:]:
                hand[kind] += 1
            self.resource_deck = deck[:-drawn]
            self.seats[seat] = build_seat(s.coins, s.city, tuple(hand), s.held + drawn, s.items)
        return drawn

    def everyone_draws(self, count: int = 1) -> None:
        """Every player draws, starting with the active player and going clockwise."""
        for offset in range(self.players):
            self.draw((self.current + offset) % self.players, count)

    def discard_resources(self, cards: tuple[int, ...]) -> None:
        self.resource_discard = [a + b for a, b in zip(self.resource_discard, cards, strict=True)]

    def discard_resource_at(self, city: int) -> None:
        kind = self.resources[city]
        if kind >= 0:
            self.resource_discard[kind] += 1
            self.resources[city] = EMPTY

    def set_items(self, seat: int, items: tuple[Item, ...]) -> None:
        s = self.seats[seat]
        self.seats[seat] = build_seat(s.coins, s.city, s.hand, s.held, items)

    # --- characters ----------------------------------------------------------
    def enter_play(self, city: int, card: int) -> None:
        """`card` arrives in `city`: its coins, its enter-play ability, its appetite."""
        self.characters[city] = card
        coins = ENTRY_COINS[card]
        self.character_coins[city] = coins
        self.bank -= coins
        if ABILITY[card] == "leprechaun":
            self.everyone_draws(1)
        if IS_MONSTER[card]:
            self.feed_monster(city)

    def feed_monster(self, city: int) -> None:
        """A Monster swallows the resource card of its city into its treasure."""
        kind = self.resources[city]
        if kind >= 0 and IS_MONSTER[self.characters[city]]:
            treasure = list(self.treasure[city])
            treasure[kind] += 1
            self.treasure[city] = tuple(treasure)
            self.resources[city] = EMPTY

    def place_resource(self, city: int, kind: int) -> None:
        self.resources[city] = kind
        self.feed_monster(city)

    def remove_character(self, city: int, taker: int | None) -> None:
        """Discard the character of `city`. `taker` (the player who interacted
        or defeated it) collects its coins and treasure; with None they go back
        to the bank and the discard pile. Discard abilities resolve."""
        card = self.characters[city]
        coins = self.character_coins[city]
        treasure = self.treasure[city]
        self.characters[city] = EMPTY
        self.character_coins[city] = 0
        self.treasure[city] = NO_CARDS
        self.encounter_discard += (card,)
        if taker is None:
            self.bank += coins
            self.discard_resources(treasure)
        else:
            self.bank += coins
            self.gain(taker, coins)
            if any(treasure):
                self.add_cards(taker, treasure)
        if ABILITY[card] == "saboteur":
            for seat in range(self.players):
                if seat != taker:
                    self.pay(seat, 1)

    def discard_city(self, city: int) -> bool:
        """The Change: discard every card of `city`; False if there was none."""
        found = False
        if self.characters[city] >= 0:
            self.remove_character(city, None)
            found = True
        if self.resources[city] >= 0:
            self.discard_resource_at(city)
            found = True
        return found

    def fill(self, city: int) -> None:
        """Wait: fill the spaces of `city` that were empty when the action
        began, character first. A Monster arriving on a resource card swallows
        it, and that space stays empty until the next Refill (ruling 13)."""
        resource_was_empty = self.resources[city] == EMPTY
        if self.characters[city] == EMPTY and self.encounter_deck:
            self.enter_play(city, self.pop_encounter())
        if resource_was_empty and self.resource_deck:
            self.place_resource(city, self.pop_resource())

    def refill(self) -> None:
        """The Refill: characters left to right, then every resource space empty
        by then (a Monster that just arrived has swallowed the card in its city,
        and takes the new one too); a space that cannot be filled makes this
        round the last. Unlike Wait, this is the rulebook's order, step by step."""
        for city in range(len(self.characters)):
            if self.characters[city] == EMPTY:
                if self.encounter_deck:
                    self.enter_play(city, self.pop_encounter())
                else:
                    self.last_round = True
        for city in range(len(self.resources)):
            if self.resources[city] == EMPTY:
                if self.resource_deck:
                    self.place_resource(city, self.pop_resource())
                else:
                    self.last_round = True

    def fluctuate(self) -> None:
        """Market Fluctuation: 1 coin on every Acquirer in play."""
        for city, card in enumerate(self.characters):
            if card >= 0 and IS_ACQUIRER[card]:
                self.character_coins[city] += 1
                self.bank -= 1
