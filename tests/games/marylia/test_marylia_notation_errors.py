"""Marylia's answers to typed lines: the rules' reason for a well-written move
no position allows (cards that forge nothing, a city that does not exist), and
what is wrong with a line that names no action."""

from __future__ import annotations

import pytest
from marylia_positions import set_hand, set_seat, started

from gemtable.engine import IllegalAction


def refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(text)
    return refused.value.reason


def test_forging_two_diamonds_with_one_in_hand_says_they_make_nothing_and_one_is_missing():
    state = set_hand(started(), 0, "d")
    message = refusal(state, "forge dd")
    assert message.startswith("2 diamonds make no item: an item is one gem card alone, or gold")
    assert message.endswith("you hold 1 diamond, not 2")


def test_a_forge_the_hand_cannot_pay_for_says_what_is_missing():
    state = set_hand(started(), 0, "gdd")
    assert "needs 1 diamond more in your hand" in refusal(state, "forge gddd")


def test_travel_to_a_city_that_does_not_exist_says_which_cities_there_are():
    assert refusal(started(), "travel 8") == "there is no city 8: the cities are 1 to 7"


def test_travel_beyond_the_coins_held_says_what_it_costs():
    state = set_seat(started(), 0, coins=1)
    assert refusal(state, "travel 6") == "travelling 5 cities costs 4 coins and you have 1"


@pytest.mark.parametrize(("text", "words"), [
    ("forge dx", "x is not a card letter: write forge and one letter per card (g gold, a amethyst"),
    ("travel 0", "cities are numbered from 1: write travel and a city (1 to 7)"),
    ("travel far", "far is not a number"),
    ("buy 3", "nothing follows buy: write buy alone; for example `buy`"),
    ("discard rr", "discard one card at a time"),
])
def test_a_verb_followed_by_what_it_does_not_read_says_what_is_wrong(text, words):
    state = set_hand(started(), 0, "gdd")
    assert words in refusal(state, text)


def test_a_line_that_is_no_action_lists_the_actions_of_the_turn_with_examples():
    message = refusal(set_hand(started(), 0, "d"), "sail away")
    assert message.startswith("not an action in Jewels: Merchants of Marylia. Actions now: "
                              "travel and a city (1 to 7); ")
    assert "; collect. For example `travel 2`, " in message
