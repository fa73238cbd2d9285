"""Jowhari's answers to typed lines: what is wrong with a line that names no
action, and the rules' reason for a well-written move no position allows."""

from __future__ import annotations

import attrs
import pytest

from gemtable.engine import IllegalAction, registry

GAME = registry.get("jowhari")


def opening(supply: tuple[int, ...] = (4, 4, 4, 4, 4, 5)):
    """A two-player deal's first move, with seat 1's hand emptied so it may reserve."""
    state = GAME.new(2, seed=3)
    first = attrs.evolve(state.seats[0], hand=(), hand_public=())
    return attrs.evolve(state, seats=(first, *state.seats[1:]), supply=supply)


def refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(text)
    return refused.value.reason


def test_a_letter_that_is_no_colour_is_named_and_the_colour_letters_listed():
    message = refusal(opening(), "take BGX")
    assert message.startswith("X is not a colour")
    assert "R red, B blue, G green, W white, K black" in message
    assert "for example `take RBG`" in message


def test_gold_cannot_be_taken_and_the_line_says_so():
    assert refusal(opening(), "take bgy").startswith("Y is gold")


@pytest.mark.parametrize(("text", "words"), [
    ("take RRB", "up to three gems of different colours, or two gems of one colour"),
    ("take RBGW", "up to three gems of different colours"),
    ("buy d1", "never bought unseen: reserve it (reserve d1)"),
    ("reserve h1", "already reserved: buy one (buy h1)"),
    ("take WW", "taking two white needs at least 4 in the supply; there is 1"),
])
def test_a_well_written_move_no_position_allows_gets_the_rules_reason(text, words):
    state = opening(supply=(4, 4, 4, 1, 4, 5))
    assert state.parse_syntax(text.lower()) is not None
    assert words in refusal(state, text)


@pytest.mark.parametrize(("text", "words"), [
    ("buy 4a", "4a is not a card's place: write buy and a card's place (1a to 1d, 2a to 2c"),
    ("reserve 2d", "2d is not a card's place"),
    ("return WW", "return one token at a time"),
    ("pass now", "nothing follows pass"),
    ("take", "take needs colour letters"),
])
def test_a_verb_followed_by_what_it_does_not_read_says_what_is_wrong_and_how_to_write_it(
        text, words):
    assert words in refusal(opening(), text)


def test_a_line_that_is_no_action_lists_what_may_be_written_now_with_examples():
    message = refusal(opening(), "zzz 9")
    assert message.startswith("not an action in Jowhari. Actions now: take and up to three")
    assert "reserve and a card's place" in message and "buy and" not in message
    assert "For example `take RBG`, `reserve 1a` or `take RR`" in message


def test_a_verb_not_possible_now_says_so_and_shows_what_is():
    state = opening()
    over_the_limit = attrs.evolve(state.seats[0], tokens=(3, 3, 3, 2, 0, 2))
    returning = attrs.evolve(state, seats=(over_the_limit, state.seats[1]), returning=True)
    message = refusal(returning, "take BGX")
    assert message.endswith("Take is not possible now: you may play, for example, `return R`")
