"""The start of a round (Change, events, fluctuation, refill), the two-player
variant, and the end of the game."""

from __future__ import annotations

import attrs
from marylia_positions import DIAMOND, acquirer_for, play, set_city, started

from gemtable.engine import CHANCE
from gemtable.engine.games.marylia import GAME
from gemtable.engine.games.marylia.components import RING_SYMBOL
from gemtable.engine.games.marylia.state import ACT, CHANGE, OVER


def _to_round_start(state):
    """Every seat collects until the round's Change is rolled."""
    while state.step != CHANGE:
        state = play(state, "collect") if state.step == ACT else play(
            state, str(state.legal_actions()[0]))
    return state


def test_the_first_round_has_no_start_and_the_second_starts_with_the_change():
    state = started(3)
    first = state.first
    assert state.round == 1 and state.step == ACT
    state = _to_round_start(state)
    assert state.to_move is CHANCE and state.round == 2
    assert state.first == (first + 1) % 3 and state.current == state.first
    assert state.turns == 3


def test_change_discards_a_city_then_acquirers_gain_a_coin_and_spaces_refill():
    state = _to_round_start(started(3))
    buyer = acquirer_for(RING_SYMBOL)
    other = next(c for c in range(67) if c != buyer and c in state.encounter_deck
                 and c in {acquirer_for(RING_SYMBOL, n) for n in range(2, 6)})
    state = set_city(state, 2, buyer, DIAMOND, coins=1)
    state = set_city(state, 5, other, -1, coins=2)
    top_character = state.encounter_deck[-1]
    after = play(state, "roll 3")
    assert after.encounter_discard[-1] == buyer and after.resource_discard[DIAMOND] >= 1
    assert after.characters[2] == top_character  # refilled from the deck, left to right
    assert after.events_drawn == state.events_drawn
    assert after.character_coins[5] == 3  # market fluctuation
    assert all(after.characters[c] >= 0 for c in range(7))
    assert after.step == ACT and after.actions_left == 3
    assert after.component_counts() == state.component_counts()


def test_an_eight_or_an_empty_city_draws_an_event():
    state = _to_round_start(started(3))
    eight = play(state, "roll 8")
    assert eight.events_drawn == state.events_drawn + 1
    assert eight.last_event == state.event_deck[-1]
    assert eight.event_deck[0] == state.event_deck[-1]  # the event goes under the deck
    empty = set_city(state, 3)
    after = play(empty, "roll 4")
    assert after.events_drawn == state.events_drawn + 1


def test_a_refill_that_cannot_fill_a_space_makes_the_round_the_last():
    state = _to_round_start(started(3))
    state = set_city(state, 0)
    spare = state.encounter_deck
    state = attrs.evolve(state, encounter_deck=(),
                         encounter_discard=state.encounter_discard + spare)
    after = play(state, "roll 8")
    assert after.last_round and "last round" in after.progress()
    while after.step != OVER:
        after = play(after, "collect") if after.step == ACT else play(
            after, str(after.legal_actions()[0]))
    assert after.is_over and after.round == state.round and after.turns == state.turns + 3


def test_with_two_players_every_turn_is_a_round():
    state = started(2)
    first = state.first
    state = play(state, "collect", "collect", "collect")
    assert state.step == CHANGE and state.round == 2
    assert state.first == 1 - first and state.current == 1 - first
    state = play(state, "roll 8", "collect", "collect", "collect")
    assert state.step == CHANGE and state.current == first and state.round == 3


def test_a_game_of_coin_collectors_ends_within_max_turns():
    for players in (2, 5):
        state = started(players)
        while not state.is_over:
            state = (play(state, "roll 1") if state.to_move is CHANCE
                     else play(state, "collect") if state.step == ACT
                     else play(state, str(state.legal_actions()[0])))
        assert state.turns <= GAME.max_turns(players, "standard")
