"""The generic bots on every registered game, with no per-game test code.

A game added to the registry is covered here at once: each generic bot
plays legal moves at every player count, through chance steps and hidden
information, whether or not the game has a heuristic of its own.
"""

from __future__ import annotations

import pytest

from gemtable.ai import make_bot
from gemtable.ai.match import play_match
from gemtable.engine import registry

MOVES = 40


@pytest.mark.parametrize("game_id", registry.ids())
def test_generic_bots_play_every_player_count(game_id):
    game = registry.get(game_id)
    kinds = ["greedy", "mcts:12", "random", "greedy"]
    for players in game.player_counts():
        seats = [make_bot(kinds[i % len(kinds)], game_id=game_id, seed=players * 10 + i)
                 for i in range(players)]
        result = play_match(game_id, seats, seed=players, max_actions=MOVES)
        assert len(result.actions) == MOVES or result.final.is_over
        assert sum(result.decisions) > 0
