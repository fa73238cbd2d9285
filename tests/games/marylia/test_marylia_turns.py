"""Set-up, the three-action turn, travel, buying, waiting, the hand limit."""

from __future__ import annotations

import pytest
from marylia_positions import (
    DIAMOND,
    GOLD,
    card_named,
    mercenary,
    play,
    set_city,
    set_hand,
    set_seat,
    started,
)

from gemtable.engine import IllegalAction
from gemtable.engine.games.marylia import GAME
from gemtable.engine.games.marylia.components import (
    COST,
    ENCOUNTER_TOTAL,
    IS_MONSTER,
    RESOURCE_TOTAL,
)
from gemtable.engine.games.marylia.state import ACT, CHANGE, DISCARD, PLACE


def test_set_up_deals_coins_by_seat_order_from_the_first_player():
    for seed in range(6):
        state = GAME.new(4, seed=seed)
        first = state.first
        assert state.step == PLACE and state.current == first
        for offset in range(4):
            assert state.seats[(first + offset) % 4].coins == 25 + offset
        assert all(seat.held == 3 for seat in state.seats)
        for city in range(7):
            assert state.characters[city] >= 0
            # A Monster has swallowed the resource of its city at once.
            assert (state.resources[city] < 0) == IS_MONSTER[state.characters[city]]


def test_merchants_are_placed_in_seat_order_then_leprechauns_deal_a_card():
    for seed in range(40):
        state = GAME.new(3, seed=seed)
        if any(card == card_named("Leprechaun", n) for n in range(3)
               for card in state.characters):
            break
    else:
        pytest.fail("no opening with a Leprechaun in 40 seeds")
    leprechauns = sum(1 for c in state.characters if c >= 0 and c in
                      {card_named("Leprechaun", n) for n in range(3)})
    order = []
    for city in (2, 5, 5):
        order.append(state.current)
        state = play(state, f"start {city}")
    assert order == [state.first, (state.first + 1) % 3, (state.first + 2) % 3]
    assert state.step == ACT and state.current == state.first
    assert [s.city for s in state.seats] == [
        {order[0]: 1, order[1]: 4, order[2]: 4}[seat] for seat in range(3)]
    assert all(seat.held == 3 + leprechauns for seat in state.seats)


def test_travel_costs_one_coin_per_city_beyond_the_first():
    state = started()
    me = state.current
    coins = state.seats[me].coins
    state = play(state, "travel 2")
    assert state.seats[me].coins == coins and state.actions_left == 2
    state = play(state, "travel 6")
    assert state.seats[me].coins == coins - 3 and state.seats[me].city == 5
    poor = set_seat(state, me, coins=1)
    with pytest.raises(IllegalAction, match="costs 4 coins and you have 1"):
        poor.apply(poor.parse_action("travel 1"))


def test_three_actions_make_a_turn_then_the_next_seat_plays():
    state = started(3)
    me = state.current
    state = set_hand(state, me, "")
    state = play(state, "collect", "collect")
    assert state.current == me and state.actions_left == 1
    state = play(state, "collect")
    assert state.current == (me + 1) % 3 and state.actions_left == 3 and state.turns == 1


def test_buying_pays_the_cost_and_takes_the_card():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    state = set_city(state, 0, card_named("Courier"), DIAMOND)
    coins = state.seats[me].coins
    held = state.seats[me].held
    after = play(state, "buy")
    assert after.seats[me].coins == coins - COST[DIAMOND] == coins - 8
    assert after.seats[me].hand[DIAMOND] == state.seats[me].hand[DIAMOND] + 1
    assert after.seats[me].held == held + 1 and after.resources[0] == -1
    assert after.component_counts() == state.component_counts()
    with pytest.raises(IllegalAction, match="no resource card"):
        after.apply(after.parse_action("buy"))
    broke = set_seat(state, me, coins=7)
    with pytest.raises(IllegalAction, match="diamond costs 8 coins and you have 7"):
        broke.apply(broke.parse_action("buy"))


def test_wait_fills_the_empty_spaces_of_your_city():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    state = set_city(state, 0)
    top_character, top_resource = state.encounter_deck[-1], state.resource_deck[-1]
    after = play(state, "wait")
    assert after.characters[0] == top_character
    if not IS_MONSTER[top_character]:
        assert after.resources[0] == top_resource
    full = set_city(state, 0, card_named("Courier"), GOLD)
    with pytest.raises(IllegalAction, match="both spaces of city 1 are filled"):
        full.apply(full.parse_action("wait"))


def test_hand_limit_is_checked_at_the_end_of_your_own_turn():
    state = started(2)
    me = state.current
    state = set_hand(state, me, "ggaatzer")
    state = play(state, "collect", "collect")
    assert state.step == ACT  # eight cards mid-turn is fine
    state = play(state, "collect")
    assert state.step == DISCARD and state.current == me
    assert state.reveals(state.parse_action("discard r"))
    state = play(state, "discard r")
    assert state.step == DISCARD
    with pytest.raises(IllegalAction, match="discard down to 6"):
        state.apply(state.parse_action("collect"))
    state = play(state, "discard a")
    assert state.seats[me].held == 6 and state.step == CHANGE


def test_apprentice_hands_over_the_city_resource():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    state = set_city(state, 0, mercenary("apprentice"), DIAMOND)
    after = play(state, "interact")
    assert after.seats[me].hand[DIAMOND] == state.seats[me].hand[DIAMOND] + 1
    assert after.resources[0] == -1 and after.characters[0] == -1
    assert after.seats[me].coins == state.seats[me].coins


def test_component_totals():
    counts = started(5).component_counts()
    assert sum(v for k, v in counts.items() if k.endswith(" cards") and k not in (
        "encounter cards", "event cards")) == RESOURCE_TOTAL == 72
    assert counts["encounter cards"] == ENCOUNTER_TOTAL == 67
    assert counts["event cards"] == 12
