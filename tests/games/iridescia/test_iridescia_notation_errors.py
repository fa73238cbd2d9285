"""Iridescia's answers to typed lines: the rules' reason for each refused item
play or small step, and what is wrong with a line that names no action."""

from __future__ import annotations

import attrs
import pytest
from iridescia_positions import seated, with_seat

from gemtable.engine import IllegalAction
from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import row_cells
from gemtable.engine.games.iridescia.components import CART, CAULDRON, DYNAMITE, JACKHAMMER, TILES
from gemtable.engine.games.iridescia.state import OPTIONAL


def refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(text)
    return refused.value.reason


def on_tile(items: tuple[int, ...] = (), cargo: tuple[int, int, int, int] = (0, 0, 0, 0)):
    """A two-seat game: seat 1 stands on a plain gem tile of row 1, holding `items`."""
    state = seated(2, seed=7)
    cell = next(c for c in row_cells(0) if state.cells[c] >= 0 and TILES[state.cells[c]].gem < 4)
    state = state.apply(actions.OnCell("reveal", cell)).apply(actions.OnCell("move", cell))
    assert state.step == OPTIONAL
    return with_seat(state, state.current, items=items, cargo=cargo, stones=0)


def test_the_reveal_step_refuses_a_discard_while_a_tile_is_ahead():
    message = refusal(seated(2, seed=7), "discard a")
    assert message == ("you are not blocked: a tile ahead of or beside you can be revealed "
                       "or moved onto")


@pytest.mark.parametrize(("items", "cargo", "text", "reason"), [
    ((), (0, 0, 0, 0), "stone", "you hold no stone die"),
    ((CAULDRON,), (1, 0, 0, 0), "cauldron aa s", "you hold 1 amethyst, not 2"),
    ((JACKHAMMER,), (0, 0, 0, 0), "jackhammer a +2",
     "the Jolty Jackhammer changes a die by -1 or +1, not +2"),
    ((DYNAMITE,), (0, 0, 0, 0), "dynamite die 1 +1",
     "no mining roll is waiting: only a market die can be changed now"),
    ((), (1, 0, 0, 0), "give a to 5", "there is no seat 5: seats are 1 to 2"),
])
def test_a_refused_play_says_why(items, cargo, text, reason):
    assert refusal(on_tile(items, cargo), text) == reason


def test_a_mine_cart_already_in_play_is_refused_with_that_reason():
    state = attrs.evolve(on_tile((CART,)), cart=True)
    assert refusal(state, "cart") == "the Marvelous Mine Cart is already in play this turn"


@pytest.mark.parametrize(("text", "words"), [
    ("reveal 9z", "9z is not a hex (rows 1 to 9, letters a to g): write reveal and a hex"),
    ("wish q", "q is not a gem letter: write wish and a gem letter (a amethyst, c citrine"),
    ("buy 0", "numbers start from 1: write buy and a market slot's number"),
    ("end now", "nothing follows end: write end alone; for example `end`"),
])
def test_a_verb_followed_by_what_it_does_not_read_says_what_is_wrong(text, words):
    assert words in refusal(on_tile(), text)


def test_a_line_that_is_no_action_lists_the_actions_of_the_step_with_examples():
    message = refusal(on_tile(), "dig deeper")
    assert message.startswith("not an action in Gems of Iridescia. Actions now: end; mine")
    assert "For example `end`, `mine`" in message
