"""The owner's rulings 13 to 15: a Monster fed once by Wait (the Refill keeps its order),
Interact whenever its cost is paid, and the public bottom of the event deck."""

from __future__ import annotations

import random

import attrs
import pytest
from marylia_positions import (
    DIAMOND,
    RUBY,
    card_named,
    mercenary,
    play,
    set_city,
    set_seat,
    started,
)

from gemtable.engine import SPECTATOR
from gemtable.engine.games.marylia import MaryliaState
from gemtable.engine.games.marylia.actions import INTERACT
from gemtable.engine.games.marylia.components import (
    ABILITY,
    EMPTY,
    EVENT_TOTAL,
    HIDDEN,
    INTERACT_COST,
    IS_MERCENARY,
)
from gemtable.engine.games.marylia.state import ACT, CHANGE


def _on_top(state: MaryliaState, *cards: int) -> MaryliaState:
    """These encounter cards on top of their deck, the first named drawn first."""
    deck = [card for card in state.encounter_deck if card not in cards]
    return attrs.evolve(state, encounter_deck=tuple(deck) + tuple(reversed(cards)))


def _alone_in_city_1(players: int = 2) -> MaryliaState:
    """The active player in city 1, every other merchant in city 7."""
    state = started(players)
    for seat in range(players):
        if seat != state.current:
            state = set_seat(state, seat, city=6)
    return state


# --- ruling 13: Wait fills only the spaces that were empty ---------------------------


def test_a_monster_met_by_wait_swallows_the_resource_and_nothing_is_drawn_for_it():
    troll = card_named("Troll")
    state = set_city(_alone_in_city_1(), 0, EMPTY, DIAMOND)
    state = _on_top(state, troll)
    decks = len(state.encounter_deck) + len(state.resource_deck)
    after = play(state, "wait")
    assert after.characters[0] == troll
    assert after.treasure[0] == tuple(int(t == DIAMOND) for t in range(8))
    assert after.resources[0] == EMPTY  # empty until the next Refill
    assert len(after.encounter_deck) == len(state.encounter_deck) - 1
    assert len(after.resource_deck) == len(state.resource_deck)
    assert len(after.encounter_deck) + len(after.resource_deck) == decks - 1
    assert after.component_counts() == state.component_counts()


def test_wait_in_a_city_with_both_spaces_empty_still_fills_both():
    troll = card_named("Troll")
    state = _on_top(set_city(_alone_in_city_1(), 0), troll)
    top_resource = state.resource_deck[-1]
    after = play(state, "wait")
    assert after.characters[0] == troll and after.resources[0] == EMPTY
    assert after.treasure[0] == tuple(int(t == top_resource) for t in range(8))
    assert len(after.resource_deck) == len(state.resource_deck) - 1


def test_the_refill_keeps_the_rulebooks_order_for_a_monster_arriving_on_a_resource():
    """Decision (rules document): ruling 13 is about Wait. The Refill fills the
    characters, then every resource space empty by then, and a Monster takes
    the resource in its city each time: one arriving on a card takes it and
    the card then placed there."""
    state = started(3)
    while state.step != CHANGE:
        state = play(state, "collect")
    troll, courier = card_named("Troll"), card_named("Courier")
    state = set_city(state, 3, EMPTY, DIAMOND)
    state = set_city(state, 6, card_named("Banker"), RUBY, coins=3)
    state = _on_top(state, troll, courier)
    after = play(state, "roll 7")  # the Change clears city 7
    assert after.characters[3] == troll and after.characters[6] == courier
    placed_in_troll_city = state.resource_deck[-1 - sum(
        1 for city in range(3) if state.resources[city] == EMPTY)]
    assert sum(after.treasure[3]) == 2
    assert after.treasure[3][DIAMOND] >= 1 and after.treasure[3][placed_in_troll_city] >= 1
    assert after.resources[3] == EMPTY
    empty_after_characters = [city for city in range(7)
                              if city in (3, 6) or state.resources[city] == EMPTY]
    assert len(after.resource_deck) == len(state.resource_deck) - len(empty_after_characters)
    assert after.resources[6] >= 0
    assert not after.last_round


# --- ruling 14: Interact whenever the cost can be paid ------------------------------


def test_an_apprentice_in_a_city_without_a_resource_is_used_and_leaves():
    apprentice = mercenary("apprentice")
    state = set_city(_alone_in_city_1(), 0, apprentice, EMPTY)
    me = state.current
    assert state.parse_action("interact") in state.legal_actions()
    after = play(state, "interact")
    assert after.seats[me].hand == state.seats[me].hand
    assert after.seats[me].coins == state.seats[me].coins
    assert after.characters[0] == EMPTY and after.encounter_discard[-1] == apprentice
    assert after.actions_left == state.actions_left - 1 and after.step == ACT
    assert after.component_counts() == state.component_counts()


@pytest.mark.parametrize("ability", sorted({ABILITY[c] for c in range(67) if IS_MERCENARY[c]}))
def test_every_mercenary_is_usable_when_its_cost_is_paid_with_nothing_to_act_on(ability):
    """No resource in the city, an empty resource deck, every rival broke and far."""
    card = mercenary(ability)
    state = set_city(_alone_in_city_1(3), 0, card, EMPTY)
    state = attrs.evolve(state, resource_deck=(),
                         resource_discard=tuple(a + b for a, b in zip(
                             state.resource_discard, _counts(state.resource_deck),
                             strict=True)))
    me = state.current
    for seat in range(3):
        state = set_seat(state, seat, coins=INTERACT_COST[card] if seat == me else 0)
    assert INTERACT in state.legal_actions()
    after = play(state, "interact")
    assert after.seats[me].hand == state.seats[me].hand
    assert after.characters[0] == EMPTY
    assert after.component_counts() == state.component_counts()
    if INTERACT_COST[card]:  # one coin short of the cost: no Interact
        broke = set_seat(state, me, coins=INTERACT_COST[card] - 1)
        assert INTERACT not in broke.legal_actions()


def _counts(deck: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(deck.count(t) for t in range(8))


# --- ruling 15: the public bottom of the event deck ---------------------------------


def _events_drawn(rolls: int) -> MaryliaState:
    """A two-player game in which `rolls` Changes drew an event each (roll 8)."""
    state = started(2, seed=5)
    for _ in range(rolls):
        state = play(state, "collect", "collect", "collect")
        while state.step != CHANGE:  # a hand over the limit: discard first
            state = play(state, str(state.legal_actions()[0]))
        state = play(state, "roll 8")
    return state


def test_every_view_keeps_a_resolved_event_at_the_bottom_of_the_event_deck():
    state = _events_drawn(1)
    event = state.last_event
    assert state.event_deck[0] == event
    for seat in (SPECTATOR, 0, 1):
        view = state.view(seat)
        assert view.event_deck[0] == event
        assert view.event_deck[1:] == (HIDDEN,) * (EVENT_TOTAL - 1)


def test_samples_of_a_view_keep_the_public_bottom_and_shuffle_only_the_rest():
    state = _events_drawn(2)
    bottom = state.event_deck[:2]
    view = state.view(state.current)
    assert view.event_deck[:2] == bottom
    tops = set()
    for seed in range(40):
        sample = view.determinize(random.Random(seed))
        assert sample.event_deck[:2] == bottom
        assert sorted(sample.event_deck) == list(range(EVENT_TOTAL))
        tops.add(sample.event_deck[2:])
        assert sample.view(state.current) == view
    assert len(tops) > 20  # the unknown part still varies


def test_once_every_event_has_been_drawn_the_whole_order_is_public():
    state = _events_drawn(EVENT_TOTAL + 1)
    view = state.view(SPECTATOR)
    assert view.event_deck == state.event_deck
    assert view.determinize(random.Random(3)).event_deck == state.event_deck


def test_the_resource_and_encounter_decks_stay_hidden():
    """The only public order is the event deck's bottom: the other decks lose
    cards from the top and never take one back."""
    view = _events_drawn(1).view(0)
    assert set(view.resource_deck) == {HIDDEN} and set(view.encounter_deck) == {HIDDEN}
