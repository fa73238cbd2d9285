"""The Iridescia bots: the Rhom deck as a bot kind, greedy and MCTS from views."""

from __future__ import annotations

from gemtable.ai.base import bot_kinds, make_bot
from gemtable.ai.match import play_match
from gemtable.engine.games.iridescia import actions
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
    rhom_turns = sum(1 for a in result.actions if a == actions.RHOM_TURN)
    assert rhom_turns >= 9  # at most one row a turn, nine rows to the Castle


def test_a_rhom_joins_two_explorers():
    final = play_match("iridescia", ["random", "rhom", "random"], seed=2).final
    assert final.is_over and final.rhom == 1 and final.order == (1, 0, 2)
    assert final.tokens == () or len(final.tokens) < 2


def test_other_bots_never_become_the_rhom():
    for kinds in (["greedy", "random"], ["random", "greedy"]):
        result = play_match("iridescia", kinds, seed=3, max_actions=4)
        assert all(a != actions.RHOM for a in result.actions[:2])


def _solo_state_after_the_rhoms_first_turn():
    from gemtable.engine.games.iridescia.board import AIRSHIP

    state = play_match("iridescia", ["greedy", "rhom"], seed=4, max_actions=40).final
    assert state.rhom >= 0 and state.seats[state.rhom].position not in (AIRSHIP, FINISHED)
    return state


def _with_rhom_cargo(state, cargo):
    import attrs

    seats = list(state.seats)
    seats[state.rhom] = attrs.evolve(seats[state.rhom], cargo=cargo)
    return attrs.evolve(state, seats=tuple(seats))


def test_filling_the_rhoms_hold_counts_for_the_rhom():
    # A full Rhom scores each gem it collects afterwards: a gem that fills its
    # hold (given to it, say) must raise its standing, not lower it as a full
    # hold lowers a person's.
    from gemtable.ai.heuristics.iridescia import HEURISTIC

    state = _solo_state_after_the_rhoms_first_turn()
    six = HEURISTIC.seat_value(_with_rhom_cargo(state, (2, 2, 1, 1)), state.rhom)
    seven = HEURISTIC.seat_value(_with_rhom_cargo(state, (2, 2, 2, 1)), state.rhom)
    assert seven - six >= 2.0  # about a market die more than the gem itself
