"""Applying a legal action: the turn, the round, fights and the set-up placement."""

from __future__ import annotations

from . import auction
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
from .cards import ABILITY, COST, INTERACT_COST, IS_MONSTER, STRENGTH
from .events import draw_event, use_mercenary
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
    new_seat,
    new_state,
)
from .table import Table
from .turns import end_turn, spend


def apply_action(state: MaryliaState, action: object) -> MaryliaState:
    # The two commonest moves of a playout change only a seat and the bank.
    if isinstance(action, Travel):
        return _travel(state, action.city)
    if isinstance(action, Collect):
        return _collect(state)
    if isinstance(action, Forge):
        return _forge(state, action)
    table = Table(state)
    # Dice next: a fight or the start of every round (with two players, every turn).
    if isinstance(action, Roll):
        if table.step == FIGHT:
            _fight(table, action.face)
        else:
            start_round(table, action.face)
    elif isinstance(action, Buy):
        _buy(table)
    elif isinstance(action, Sell):
        _sell(table, action.item)
    elif isinstance(action, Interact):
        _interact(table)
    elif isinstance(action, Wait):
        table.fill(table.seats[table.current].city)
        spend(table)
    elif isinstance(action, Discard):
        _discard(table, action.kind)
    elif isinstance(action, Join | Pass):
        auction.answer(table, action)
    elif isinstance(action, Bid):
        auction.commit(table, action.amount)
    elif isinstance(action, Place):
        _place(table, action.city)
    else:  # pragma: no cover - apply checks legality first
        raise TypeError(f"not a Marylia action: {action!r}")
    return table.freeze()


def _after_action(state: MaryliaState, seats: tuple[Seat, ...], bank: int) -> MaryliaState:
    """A new state after a plain action that changed only seats and the bank."""
    s = state
    if s.actions_left > 1:
        return new_state(
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


def _travel(state: MaryliaState, city: int) -> MaryliaState:
    seat = state.seats[state.current]
    cost = max(0, abs(city - seat.city) - 1)
    seats = list(state.seats)
    seats[state.current] = new_seat(seat.coins - cost, city, seat.hand, seat.held, seat.items)
    return _after_action(state, tuple(seats), state.bank + cost)


def _collect(state: MaryliaState) -> MaryliaState:
    seat = state.seats[state.current]
    seats = list(state.seats)
    seats[state.current] = new_seat(seat.coins + 1, seat.city, seat.hand, seat.held, seat.items)
    return _after_action(state, tuple(seats), state.bank - 1)


def start_round(table: Table, face: int) -> None:
    """Start of a round: Change (this D8), Market Fluctuation, Refill."""
    table.last_roll = face
    if face > len(table.characters) or not table.discard_city(face - 1):
        draw_event(table)
    table.fluctuate()
    table.refill()
    table.step = ACT


def _place(table: Table, city: int) -> None:
    s = table.seats[table.current]
    table.seats[table.current] = new_seat(s.coins, city, s.hand, s.held, s.items)
    table.current = (table.current + 1) % table.players
    if table.current == table.first:
        # Every merchant is placed: enter-play abilities of the opening cities.
        for card in table.characters:
            if card >= 0 and ABILITY[card] == "leprechaun":
                table.everyone_draws(1)
        table.step = ACT
        table.actions_left = ACTIONS_PER_TURN


def _buy(table: Table) -> None:
    me = table.current
    city = table.seats[me].city
    if auction.open_auction(table, BUY_AUCTION, -1):
        return
    kind = table.resources[city]
    table.pay(me, COST[kind])
    cards = [0] * len(COST)
    cards[kind] = 1
    table.add_cards(me, tuple(cards))
    table.resources[city] = -1
    spend(table)


def _forge(state: MaryliaState, action: Forge) -> MaryliaState:
    me = state.current
    s = state.seats[me]
    hand = tuple(a - b for a, b in zip(s.hand, action.parts, strict=True))
    item = Item(action.recipe, action.parts, state.round)
    seats = list(state.seats)
    seats[me] = new_seat(s.coins, s.city, hand, s.held - sum(action.parts), s.items + (item,))
    return _after_action(state, tuple(seats), state.bank)


def _sell(table: Table, item: int) -> None:
    if auction.open_auction(table, SELL_AUCTION, item):
        return
    auction.sell_item(table, table.current, item)
    spend(table)


def _interact(table: Table) -> None:
    me = table.current
    city = table.seats[me].city
    card = table.characters[city]
    table.pay(me, INTERACT_COST[card])  # the card's own cost, Mercenary or Monster
    if IS_MONSTER[card]:
        table.step = FIGHT
        return
    use_mercenary(table, me, city)
    spend(table)


def _fight(table: Table, face: int) -> None:
    table.last_roll = face
    me = table.current
    city = table.seats[me].city
    if face >= STRENGTH[table.characters[city]]:
        table.remove_character(city, me)
    spend(table)


def _discard(table: Table, kind: int) -> None:
    me = table.current
    s = table.seats[me]
    hand = list(s.hand)
    hand[kind] -= 1
    table.seats[me] = new_seat(s.coins, s.city, tuple(hand), s.held - 1, s.items)
    table.resource_discard[kind] += 1
    if s.held - 1 <= HAND_LIMIT:
        end_turn(table)

