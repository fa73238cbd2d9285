"""What each legal action does to the position: the turn, the round, fights
and the set-up placement. rules.apply_action says which of these an action
calls; none of them checks legality."""

from __future__ import annotations

from . import auction
from .actions import Forge
from .components import ABILITY, COST, INTERACT_COST, IS_MONSTER, STRENGTH
from .events import draw_event, use_mercenary
from .records import build_seat, build_state
from .state import (
    ACT,
    ACTIONS_PER_TURN,
    BUY_AUCTION,
    FIGHT,
    HAND_LIMIT,
    SELL_AUCTION,
    Item,
    MaryliaState,
    Seat,
)
from .table import Table
from .turns import end_turn, spend


def _after_action(state: MaryliaState, seats: tuple[Seat, ...], bank: int) -> MaryliaState:
    """A new state after a plain action that changed only seats and the bank."""
    s = state
    if s.actions_left > 1:
        return build_state(
            s.players, s.variant, ACT, s.current, s.first, s.round, s.actions_left - 1,
            s.last_round, seats, s.characters, s.character_coins, s.resources, s.treasure,
            s.resource_deck, s.encounter_deck, s.event_deck, s.resource_discard,
            s.encounter_discard, bank, None, s.last_auction, s.last_roll, s.last_event,
            s.events_drawn, s.events_at_auction, s.turns,
        )
    table = Table(s)
    table.seats = list(seats)
    table.bank = bank
    spend(table)
    return table.freeze()


def travel_cost(start: int, city: int) -> int:
    """Moving k cities in one action costs k - 1 coins."""
    return max(0, abs(city - start) - 1)


def travel(state: MaryliaState, city: int) -> MaryliaState:
    seat = state.seats[state.current]
    cost = travel_cost(seat.city, city)
    seats = list(state.seats)
    seats[state.current] = build_seat(seat.coins - cost, city, seat.hand, seat.held, seat.items)
    return _after_action(state, tuple(seats), state.bank + cost)


def collect(state: MaryliaState) -> MaryliaState:
    seat = state.seats[state.current]
    seats = list(state.seats)
    seats[state.current] = build_seat(seat.coins + 1, seat.city, seat.hand, seat.held, seat.items)
    return _after_action(state, tuple(seats), state.bank - 1)


def start_round(table: Table, face: int) -> None:
    """Start of a round: Change (this D8), Market Fluctuation, Refill."""
    table.last_roll = face
    if face > len(table.characters) or not table.discard_city(face - 1):
        draw_event(table)
    table.fluctuate()
    table.refill()
    table.step = ACT


def place(table: Table, city: int) -> None:
    s = table.seats[table.current]
    table.seats[table.current] = build_seat(s.coins, city, s.hand, s.held, s.items)
    table.current = (table.current + 1) % table.players
    if table.current == table.first:
        # Every merchant is placed: enter-play abilities of the opening cities.
        for card in table.characters:
            if card >= 0 and ABILITY[card] == "leprechaun":
                table.everyone_draws(1)
        table.step = ACT
        table.actions_left = ACTIONS_PER_TURN


def buy_resource(table: Table, asking: tuple[int, ...]) -> None:
    me = table.current
    city = table.seats[me].city
    if auction.open_auction(table, BUY_AUCTION, -1, asking):
        return
    kind = table.resources[city]
    table.pay(me, COST[kind])
    cards = [0] * len(COST)
    cards[kind] = 1
    table.add_cards(me, tuple(cards))
    table.resources[city] = -1
    spend(table)


def forge(state: MaryliaState, action: Forge) -> MaryliaState:
    me = state.current
    s = state.seats[me]
    hand = tuple(a - b for a, b in zip(s.hand, action.parts, strict=True))
    item = Item(action.recipe, action.parts, state.round)
    seats = list(state.seats)
    seats[me] = build_seat(s.coins, s.city, hand, s.held - sum(action.parts), s.items + (item,))
    return _after_action(state, tuple(seats), state.bank)


def sell_to_acquirer(table: Table, item: int, asking: tuple[int, ...]) -> None:
    if auction.open_auction(table, SELL_AUCTION, item, asking):
        return
    auction.sell_item(table, table.current, item)
    spend(table)


def interact(table: Table) -> None:
    me = table.current
    city = table.seats[me].city
    card = table.characters[city]
    table.pay(me, INTERACT_COST[card])  # the card's own cost, Mercenary or Monster
    if IS_MONSTER[card]:
        table.step = FIGHT
        return
    use_mercenary(table, me, city)
    spend(table)


def wait(table: Table) -> None:
    """Fill the active player's city from the decks."""
    table.fill(table.seats[table.current].city)
    spend(table)


def fight(table: Table, face: int) -> None:
    table.last_roll = face
    me = table.current
    city = table.seats[me].city
    if face >= STRENGTH[table.characters[city]]:
        table.remove_character(city, me)
    spend(table)


def discard(table: Table, kind: int) -> None:
    me = table.current
    s = table.seats[me]
    hand = list(s.hand)
    hand[kind] -= 1
    table.seats[me] = build_seat(s.coins, s.city, tuple(hand), s.held - 1, s.items)
    table.resource_discard[kind] += 1
    if s.held - 1 <= HAND_LIMIT:
        end_turn(table)

