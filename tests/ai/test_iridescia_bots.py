"""The Iridescia bots: the Rhom deck as a bot kind, greedy and MCTS from views."""

from __future__ import annotations

from gemtable.ai.base import bot_kinds, make_bot
from gemtable.ai.match import play_match
from gemtable.engine.games.iridescia import actions as A
from gemtable.engine.games.iridescia.board import FINISHED


def test_rhom_is_a_bot_kind_of_iridescia():
    assert "rhom" in bot_kinds("iridescia")
    assert make_bot("rhom", game_id="iridescia", seed=1).kind == "rhom"


def test_solo_against_the_rhom_plays_to_the_end_with_the_rhom_first():
    result = play_match("iridescia", ["greedy", "rhom"], seed=4)
    final = result.final
    assert final.is_over and final.rhom == 1 and final.order == (1, 0)
    assert str(result.actions[0]) == "explorer" and str(result.actions[1]) == "rhom"
    assert all(s.position == FINISHED for s in final.seats)
    rhom_turns = sum(1 for a in result.actions if a == A.RHOM_TURN)
    assert rhom_turns >= 9  # at most one row a turn, nine rows to the Castle


def test_a_rhom_joins_two_explorers():
    final = play_match("iridescia", ["random", "rhom", "random"], seed=2).final
    assert final.is_over and final.rhom == 1 and final.order == (1, 0, 2)
    assert final.tokens == () or len(final.tokens) < 2


def test_other_bots_never_become_the_rhom():
    for kinds in (["greedy", "random"], ["random", "greedy"]):
        result = play_match("iridescia", kinds, seed=3, max_actions=4)
        assert all(a != A.RHOM for a in result.actions[:2])
