"""The item-worth figures of the Iridescia balancing note: the restricted seat
really never buys the item, and the free seat does in the same seeds."""

from __future__ import annotations

from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.match import bot_seed, play_match
from gemtable.ai.simple import GreedyBot
from gemtable.engine.games.iridescia.components import ELIXIR
from iridescia_figures import WithoutItem, bought


def test_the_restricted_seat_never_buys_the_item_the_free_seat_buys():
    free_bought = False
    for seed in (5000, 5001, 5002):
        seats = [WithoutItem(ELIXIR, seed=bot_seed(seed, 0)),
                 GreedyBot(heuristic_for("iridescia"), seed=bot_seed(seed, 1))]
        result = play_match("iridescia", seats, seed=seed)
        assert result.final.is_over
        assert not bought(seed, result.actions, 0, ELIXIR)
        free_bought |= bought(seed, result.actions, 1, ELIXIR)
    assert free_bought
