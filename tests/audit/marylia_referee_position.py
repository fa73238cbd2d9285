"""The referee's own Marylia table: a position in plain lists, read from a game
state's public fields, and the things that happen to it (coins, draws,
characters entering and leaving, the events, the start of a round).

Written from the rulebook (002_09264d034d0be24e) and the owner's rulings,
including 13 (a space is filled only if it was empty when the filling
began), 14 (Interact whenever its cost is paid) and 15 (a resolved event
lies at the bottom of the event deck, known to all). Nothing here imports
the engine's rules; the position it reads is the state's public record.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from marylia_referee_cards import (
    ABILITY,
    CITIES,
    ENTRY_COINS,
    EVENT_EFFECT,
    is_acquirer,
    is_mercenary,
    is_monster,
)

from gemtable.engine import CHANCE

PLACE, ACT, DISCARD, JOIN, BID, FIGHT, CHANGE, OVER = (
    "place", "act", "discard", "join", "bid", "fight", "change", "over")
CHANCE_PHASES = (FIGHT, CHANGE)
UNFILLED = "refill: a space its deck could not fill (the round becomes the last)"


@dataclass
class Seat:
    coins: int
    city: int
    hand: list[int]
    items: list[tuple[tuple[int, ...], int]]
    """Forged items: (cards per type, round forged), in the order forged."""


@dataclass
class Auction:
    buying: bool
    bidders: list[int]
    items: list[int]
    """Per bidder, the item it would sell (a sale), or -1 (a purchase)."""
    asking: list[int]
    bids: list[int | None]
    """None until the bidder commits."""


@dataclass
class Position:
    players: int
    phase: str
    current: int
    first: int
    round: int
    actions_left: int
    last_round: bool
    turns: int
    seats: list[Seat]
    characters: list[int]
    character_coins: list[int]
    resources: list[int]
    treasure: list[list[int]]
    resource_deck: list[int]
    """Top card last, as the state keeps it."""
    encounter_deck: list[int]
    event_deck: list[int]
    resource_discard: list[int]
    encounter_discard: list[int]
    bank: int
    auction: Auction | None
    last_auction: list[tuple[int, int]]
    last_roll: int
    last_event: int
    events_drawn: int
    notes: list[str] = field(default_factory=list, compare=False)
    """What fired during the move just predicted (for the referee's tallies)."""

    def copy(self) -> Position:
        other = copy.deepcopy(self)
        other.notes = []
        return other

    def differences(self, other: Position) -> list[str]:
        """Field by field, what `other` (the engine) shows against this prediction."""
        found = []
        for f in fields(self):
            if not f.compare:
                continue
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "phase" and mine in CHANCE_PHASES and theirs == "chance":
                continue
            if mine != theirs:
                found.append(f"{f.name}: expected {_short(mine)}, engine {_short(theirs)}")
        return found

    # --- coins -------------------------------------------------------------
    def gain(self, seat: int, coins: int) -> None:
        self.seats[seat].coins += coins
        self.bank -= coins

    def pay(self, seat: int, coins: int) -> int:
        """Pay what one can of `coins` to the bank."""
        paid = min(coins, self.seats[seat].coins)
        self.seats[seat].coins -= paid
        self.bank += paid
        return paid

    # --- cards -------------------------------------------------------------
    def draw(self, seat: int, count: int) -> None:
        for _ in range(count):
            if self.resource_deck:
                self.seats[seat].hand[self.resource_deck.pop()] += 1

    def everyone_draws(self) -> None:
        """Each player draws a card, from the active player clockwise."""
        for offset in range(self.players):
            self.draw((self.current + offset) % self.players, 1)

    def swallow(self, city: int) -> None:
        """A Monster takes the resource card of its city under it."""
        kind = self.resources[city]
        if kind >= 0 and is_monster(self.characters[city]):
            self.treasure[city][kind] += 1
            self.resources[city] = -1

    def enter(self, city: int, card: int) -> None:
        self.characters[city] = card
        self.character_coins[city] = ENTRY_COINS[card]
        self.bank -= ENTRY_COINS[card]
        if ABILITY[card] == "leprechaun":
            self.everyone_draws()
        self.swallow(city)

    def place_resource(self, city: int, kind: int) -> None:
        self.resources[city] = kind
        self.swallow(city)

    def leave(self, city: int, taker: int | None) -> None:
        """The character of `city` is discarded: its coins and treasure to the
        one who dealt with it, or to the bank and the discard pile."""
        card = self.characters[city]
        coins, treasure = self.character_coins[city], self.treasure[city]
        self.characters[city] = -1
        self.character_coins[city] = 0
        self.treasure[city] = [0] * 8
        self.encounter_discard.append(card)
        if taker is None:
            self.bank += coins
            self.resource_discard = [a + b for a, b in zip(self.resource_discard, treasure,
                                                            strict=True)]
        else:
            self.seats[taker].coins += coins
            self.seats[taker].hand = [a + b for a, b in zip(self.seats[taker].hand, treasure,
                                                            strict=True)]
        if ABILITY[card] == "saboteur":
            for seat in range(self.players):
                if seat != taker:
                    self.pay(seat, 1)

    def discard_resource(self, city: int) -> None:
        kind = self.resources[city]
        if kind >= 0:
            self.resource_discard[kind] += 1
            self.resources[city] = -1

    # --- events and the start of a round ------------------------------------
    def draw_event(self) -> None:
        """The top event resolves and goes under the deck (ruling 15: all see it)."""
        event = self.event_deck.pop()
        self.event_deck.insert(0, event)
        self.last_event = event
        self.events_drawn += 1
        self.notes.append("event resolved and put at the bottom")
        self.resolve(EVENT_EFFECT[event])

    def resolve(self, effect: str) -> None:
        seats = range(self.players)
        if effect in ("festival", "crown_bounty", "market_crash"):
            wanted = is_monster if effect == "crown_bounty" else is_acquirer
            for city in range(CITIES):
                if wanted(self.characters[city]):
                    change = -self.character_coins[city] if effect == "market_crash" else 2
                    self.character_coins[city] += change
                    self.bank -= change
        elif effect == "windfall":
            for seat in seats:
                self.gain(seat, 2)
        elif effect == "highwaymen":
            for seat in seats:
                self.pay(seat, 2)
        elif effect == "royal_tax":
            for seat in seats:
                if self.seats[seat].coins >= 40:
                    self.pay(seat, 4)
        elif effect == "gold_rush":
            self.everyone_draws()
        elif effect in ("landslide", "flood"):
            for city in (range(0, 3) if effect == "landslide" else range(4, 7)):
                self.discard_resource(city)
        elif effect == "plague":
            for city in range(CITIES):
                if is_mercenary(self.characters[city]):
                    self.leave(city, None)
        elif effect == "monster_hunger":
            for city in range(CITIES):
                if is_monster(self.characters[city]) and self.resource_deck:
                    self.treasure[city][self.resource_deck.pop()] += 1
        elif effect == "patronage":
            poorest = min(s.coins for s in self.seats)
            for seat in seats:
                if self.seats[seat].coins == poorest:
                    self.gain(seat, 5)
        else:
            raise ValueError(f"the referee does not know the event {effect!r}")

    def start_round(self, face: int) -> None:
        """Change (this D8), Market Fluctuation, Refill."""
        self.last_roll = face
        city = face - 1
        if face <= CITIES and (self.characters[city] >= 0 or self.resources[city] >= 0):
            if self.characters[city] >= 0:
                self.leave(city, None)
            self.discard_resource(city)
        else:
            self.draw_event()
        for city in range(CITIES):
            if is_acquirer(self.characters[city]):
                self.character_coins[city] += 1
                self.bank -= 1
        self.refill()
        self.phase = ACT

    def refill(self) -> None:
        """Characters left to right, then every resource space empty by then:
        the rulebook's order (ruling 13 speaks of Wait only)."""
        for city in range(CITIES):
            if self.characters[city] < 0:
                if not self.encounter_deck:
                    self.last_round = True
                    self.notes.append(UNFILLED)
                    continue
                card = self.encounter_deck.pop()
                if is_monster(card) and self.resources[city] >= 0:
                    self.notes.append("refill: a Monster arrived on a resource")
                self.enter(city, card)
        for city in range(CITIES):
            if self.resources[city] >= 0:
                continue
            if self.resource_deck:
                self.place_resource(city, self.resource_deck.pop())
            else:
                self.last_round = True
                self.notes.append(UNFILLED)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) < 160 else text[:157] + "..."


def read(state: Any) -> Position:
    """A Marylia state's public record as the referee's position (the true
    state: every deck in order). The two dice steps read as "chance"."""
    auction = None
    if state.auction is not None:
        a = state.auction
        auction = Auction(a.items[0] < 0, list(a.bidders), list(a.items), list(a.asking),
                          [None if b < 0 else b for b in a.bids])
    seats = [Seat(x.coins, x.city, list(x.hand), [(i.parts, i.round) for i in x.items])
             for x in state.seats]
    return Position(
        players=state.players, phase=_phase(state, auction), current=state.current,
        first=state.first, round=state.round, actions_left=state.actions_left,
        last_round=state.last_round, turns=state.turns, seats=seats,
        characters=list(state.characters), character_coins=list(state.character_coins),
        resources=list(state.resources), treasure=[list(t) for t in state.treasure],
        resource_deck=list(state.resource_deck), encounter_deck=list(state.encounter_deck),
        event_deck=list(state.event_deck), resource_discard=list(state.resource_discard),
        encounter_discard=list(state.encounter_discard), bank=state.bank,
        auction=auction, last_auction=list(state.last_auction), last_roll=state.last_roll,
        last_event=state.last_event, events_drawn=state.events_drawn,
    )


def _phase(state: Any, auction: Auction | None) -> str:
    """What the position waits for, from public facts only."""
    if state.is_over:
        return OVER
    if state.to_move is CHANCE:
        return "chance"
    if auction is not None:
        return JOIN if auction.asking else BID
    if any(seat.city < 0 for seat in state.seats):
        return PLACE
    return ACT if state.actions_left > 0 else DISCARD
