"""Mercenary abilities, the Saboteur's discard, and the events."""

from __future__ import annotations

import attrs
from marylia_positions import DIAMOND, mercenary, play, set_city, set_seat, started

from gemtable.engine.games.marylia import effects
from gemtable.engine.games.marylia.components import (
    EVENT_EFFECT,
    INTERACT_COST,
    IS_ACQUIRER,
    IS_MERCENARY,
)
from gemtable.engine.games.marylia.events import resolve_event
from gemtable.engine.games.marylia.table import Table


def _three_in_a_row(ability: str, coins_on: int = 0):
    """Seat 0 to act in city 2 with the Mercenary; seat 1 beside it in city 3,
    seat 2 far away in city 7; everyone holds 10 coins."""
    state = attrs.evolve(started(3), current=0, first=0)
    state = set_city(state, 1, mercenary(ability), DIAMOND, coins=coins_on)
    for seat, city in ((0, 1), (1, 2), (2, 6)):
        state = set_seat(state, seat, coins=10, city=city)
    return state


def test_tax_collector_takes_a_coin_from_every_other_player():
    after = play(_three_in_a_row("tax_collector"), "interact")
    assert [s.coins for s in after.seats] == [12, 9, 9]
    assert after.characters[1] == -1 and after.encounter_discard[-1] == mercenary(
        "tax_collector")


def test_bandit_hits_merchants_in_and_next_to_your_city():
    after = play(_three_in_a_row("bandit"), "interact")
    assert [s.coins for s in after.seats] == [10, 8, 10]


def test_banker_pays_its_coins_and_one_more():
    after = play(_three_in_a_row("banker", coins_on=3), "interact")
    assert after.seats[0].coins == 14


def test_couriers_and_prospectors_draw_from_the_resource_deck():
    state = _three_in_a_row("courier")
    after = play(state, "interact")
    assert after.seats[0].held == state.seats[0].held + 2
    assert len(after.resource_deck) == len(state.resource_deck) - 2
    state = _three_in_a_row("prospector")
    after = play(state, "interact")
    assert after.seats[0].held == state.seats[0].held + 3 and after.seats[0].coins == 8


def test_a_mercenary_costs_what_its_card_says(monkeypatch):
    """The cost paid is the card's (the one the board, the words and the check
    for Interact read), not a number of the ability's own: a Courier printed
    with a cost of 1 would take that coin."""
    courier = mercenary("courier")
    priced = tuple(1 if card == courier else cost for card, cost in enumerate(INTERACT_COST))
    monkeypatch.setattr(effects, "INTERACT_COST", priced)
    state = _three_in_a_row("courier")
    after = play(state, "interact")
    assert after.seats[0].coins == 9 and after.seats[0].held == state.seats[0].held + 2


def test_the_saboteur_costs_everyone_else_a_coin_when_it_leaves():
    after = play(_three_in_a_row("saboteur", coins_on=1), "interact")
    assert [s.coins for s in after.seats] == [12, 9, 9]


def test_the_herald_draws_an_event():
    state = _three_in_a_row("herald")
    after = play(state, "interact")
    assert after.events_drawn == state.events_drawn + 1
    assert after.last_event == state.event_deck[-1]


def test_events_move_coins_and_cards_as_they_say():
    state = started(3)
    state = set_seat(state, 0, coins=45)
    state = set_seat(state, 1, coins=3)
    state = set_seat(state, 2, coins=30)
    effects = {effect: index for index, effect in enumerate(EVENT_EFFECT)}

    def after(effect):
        table = Table(state)
        resolve_event(table, effects[effect])
        return table.freeze()

    assert [s.coins for s in after("windfall").seats] == [47, 5, 32]
    assert [s.coins for s in after("highwaymen").seats] == [43, 1, 28]
    assert [s.coins for s in after("royal_tax").seats] == [41, 3, 30]
    assert [s.coins for s in after("patronage").seats] == [45, 8, 30]
    drawn = after("gold_rush")
    assert [s.held for s in drawn.seats] == [s.held + 1 for s in state.seats]
    flooded = after("flood")
    assert all(flooded.resources[c] == -1 for c in (4, 5, 6))
    assert flooded.resources[:4] == state.resources[:4]
    plague = after("plague")
    assert not any(c >= 0 and IS_MERCENARY[c] for c in plague.characters)
    festival = after("festival")
    for city, card in enumerate(state.characters):
        extra = 2 if card >= 0 and IS_ACQUIRER[card] else 0
        assert festival.character_coins[city] == state.character_coins[city] + extra
    for effect in effects:
        assert after(effect).component_counts() == state.component_counts()
    crash = after("market_crash")
    assert all(crash.character_coins[c] == 0 for c, card in enumerate(state.characters)
               if card >= 0 and IS_ACQUIRER[card])
