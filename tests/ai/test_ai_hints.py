"""Hints and insight come from a view only, and read the search correctly."""

from __future__ import annotations

import math

import attrs
import pytest

from gemtable.ai import make_bot
from gemtable.ai.hints import TOP_MOVES, Hint, hint, insight, watch
from gemtable.ai.match import play_match


def jowhari_twins():
    """Two true Jowhari positions that differ only in the order of a deck,
    which no seat can see: the same view for the seat to move."""
    state = play_match("jowhari", ["greedy", "greedy"], seed=4, max_actions=4).final
    deck = state.decks[0]
    assert len(deck) >= 2 and deck[0] != deck[-1]
    swapped = (deck[-1],) + deck[1:-1] + (deck[0],)
    twin = attrs.evolve(state, decks=(swapped,) + state.decks[1:])
    return state, twin


def test_two_states_with_one_view_give_one_hint():
    state, twin = jowhari_twins()
    seat = state.to_move
    assert state != twin
    assert state.view(seat) == twin.view(seat)
    first = hint(state.view(seat), seed=9, budget=200)
    second = hint(twin.view(seat), seed=9, budget=200)
    assert first == second


def test_a_hint_names_the_top_moves_with_shares_and_chances():
    state, _ = jowhari_twins()
    seat = state.to_move
    view = state.view(seat)
    found = hint(view, seed=1, budget=300)
    assert isinstance(found, Hint) and found.seat == seat and not found.solo
    assert len(found.moves) == TOP_MOVES
    assert found.iterations == 300
    shares = [m.share for m in found.moves]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    assert all(0.0 <= m.value <= 1.0 for m in found.moves)
    assert all(m.action in view.legal_actions() for m in found.moves)
    assert found.best.text == str(found.best.action)
    # The hint's best move is the move the same search would play.
    assert make_bot("mcts:300", game_id="jowhari", seed=1).choose(view) == found.best.action


def test_a_hint_refuses_a_true_state():
    state, _ = jowhari_twins()
    with pytest.raises(ValueError):
        hint(state, seed=0, budget=10)


def test_solo_hints_are_expected_scores():
    state = next(s for s in (play_match("jewelbox", ["greedy"], seed=5, max_actions=n).final
                             for n in range(30))
                 if isinstance(s.to_move, int) and len(s.legal_actions()) >= 2)
    found = hint(state.view(state.to_move), seed=0, budget=150)
    assert found.solo
    # a solo score lies in points, far outside a 0..1 win chance
    assert all(m.value > 1.5 for m in found.moves)


def test_a_search_that_weighs_points_hints_in_points_with_two_players():
    """Jewel Box's search rewards each seat's own expected score, so its
    two-player hints say points, never a win chance they are not."""
    state = next(s for s in (play_match("jewelbox", ["greedy", "greedy"], seed=5,
                                        max_actions=n).final for n in range(30))
                 if isinstance(s.to_move, int) and len(s.legal_actions()) >= 2)
    found = hint(state.view(state.to_move), seed=0, budget=150)
    assert found.solo
    assert all(m.value > 1.5 for m in found.moves)


def test_insight_reads_a_thinking_bot():
    state, _ = jowhari_twins()
    view = state.view(state.to_move)
    bot = make_bot("mcts:250", game_id="jowhari", seed=2)
    seen: list[Hint] = []
    watch(bot, seen.append, every=50)
    move = bot.choose(view)
    assert [h.iterations for h in seen] == [50, 100, 150, 200, 250]
    final = insight(bot, view)
    assert final is not None and final.best.action == move
    assert seen[-1] == final
    assert insight(make_bot("greedy", game_id="jowhari", seed=0), view) is None


def test_a_single_legal_move_needs_no_search():
    state = play_match("jowhari", ["greedy", "greedy"], seed=4, max_actions=4).final
    view = state.view(state.to_move)
    one = attrs.evolve(view)
    object.__setattr__(one, "_legal", (view.legal_actions()[0],))  # only one move left
    found = hint(one, seed=0, budget=50)
    assert len(found.moves) == 1 and found.iterations == 0 and math.isnan(found.best.value)


def test_hints_are_off_by_default_only_among_people_at_a_shared_table():
    from gemtable.ai.hints import hints_on_by_default

    assert hints_on_by_default(1, shared=True)  # one person and bots over SSH
    assert not hints_on_by_default(2, shared=True)
    assert hints_on_by_default(2, shared=False)  # hot-seat on one terminal
    assert hints_on_by_default(1, shared=False)
