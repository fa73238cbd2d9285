"""The 12 events (data/events.csv) and the Mercenaries' Interact abilities."""

from __future__ import annotations

from .components import ABILITY, EVENT_EFFECT, IS_ACQUIRER, IS_MERCENARY, IS_MONSTER, TYPES
from .table import Table

ROYAL_TAX_THRESHOLD = 40
ROYAL_TAX = 4
PATRONAGE = 5


def draw_event(table: Table) -> None:
    """Draw the top event, resolve it, and put it at the bottom of the event deck."""
    deck = table.event_deck
    event = deck[-1]
    table.event_deck = (event,) + deck[:-1]
    table.last_event = event
    table.events_drawn += 1
    resolve_event(table, event)


def resolve_event(table: Table, event: int) -> None:
    effect = EVENT_EFFECT[event]
    players = range(table.players)
    cities = range(len(table.characters))
    if effect == "festival":
        for city in cities:
            card = table.characters[city]
            if card >= 0 and IS_ACQUIRER[card]:
                table.character_coins[city] += 2
                table.bank -= 2
    elif effect == "windfall":
        for seat in players:
            table.gain(seat, 2)
    elif effect == "highwaymen":
        for seat in players:
            table.pay(seat, 2)
    elif effect == "royal_tax":
        for seat in players:
            if table.seats[seat].coins >= ROYAL_TAX_THRESHOLD:
                table.pay(seat, ROYAL_TAX)
    elif effect == "gold_rush":
        table.everyone_draws(1)
    elif effect in ("landslide", "flood"):
        for city in (range(0, 3) if effect == "landslide" else range(4, 7)):
            table.discard_resource_at(city)
    elif effect == "market_crash":
        for city in cities:
            card = table.characters[city]
            if card >= 0 and IS_ACQUIRER[card]:
                table.bank += table.character_coins[city]
                table.character_coins[city] = 0
    elif effect == "plague":
        for city in cities:
            card = table.characters[city]
            if card >= 0 and IS_MERCENARY[card]:
                table.remove_character(city, None)
    elif effect == "monster_hunger":
        for city in cities:
            card = table.characters[city]
            if card >= 0 and IS_MONSTER[card] and table.resource_deck:
                treasure = list(table.treasure[city])
                treasure[table.pop_resource()] += 1
                table.treasure[city] = tuple(treasure)
    elif effect == "patronage":
        poorest = min(seat.coins for seat in table.seats)
        for seat in players:
            if table.seats[seat].coins == poorest:
                table.gain(seat, PATRONAGE)
    elif effect == "crown_bounty":
        for city in cities:
            card = table.characters[city]
            if card >= 0 and IS_MONSTER[card]:
                table.character_coins[city] += 2
                table.bank -= 2
    else:  # pragma: no cover - the data file names only the effects above
        raise ValueError(f"unknown event effect {effect!r}")


def use_mercenary(table: Table, seat: int, city: int) -> None:
    """`seat` has paid the Mercenary of `city` its cost: resolve, discard, collect."""
    card = table.characters[city]
    ability = ABILITY[card]
    if ability == "leprechaun":
        table.draw(seat, 1)
    elif ability == "courier":
        table.draw(seat, 2)
    elif ability == "banker":
        table.gain(seat, 1)
    elif ability == "tax_collector":
        for other in range(table.players):
            if other != seat:
                table.take_from(other, seat, 1)
    elif ability == "bandit":
        for other in range(table.players):
            if other != seat and abs(table.seats[other].city - city) <= 1:
                table.pay(other, 2)
    elif ability == "herald":
        table.gain(seat, 1)
        draw_event(table)
    elif ability == "saboteur":
        table.gain(seat, 1)
    elif ability == "apprentice":
        kind = table.resources[city]
        if kind >= 0:  # with no resource card the Apprentice still leaves
            cards = [0] * TYPES
            cards[kind] = 1
            table.resources[city] = -1
            table.add_cards(seat, tuple(cards))
    elif ability == "prospector":
        table.draw(seat, 3)
    else:  # pragma: no cover
        raise ValueError(f"unknown ability {ability!r}")
    if table.characters[city] == card:  # a Herald's event may have discarded it already
        table.remove_character(city, seat)
