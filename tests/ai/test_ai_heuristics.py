"""The Jowhari heuristic and the score-only fallback."""

from __future__ import annotations

import random

import attrs
import pytest

from gemtable.ai.heuristics import DECIDED, Heuristic, heuristic_for
from gemtable.ai.heuristics.jowhari import turns_to_afford
from gemtable.engine import registry

JOWHARI = registry.get("jowhari")


def random_positions(players: int, count: int, seed: int):
    rng = random.Random(seed)
    state = JOWHARI.new(players, seed)
    out = []
    while len(out) < count:
        if state.is_over:
            state = JOWHARI.new(players, rng.randrange(10**6))
        out.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return out


def test_turns_to_afford():
    no_bonus, no_tokens = (0,) * 5, (0,) * 6
    assert turns_to_afford((0, 0, 0, 0, 0), no_bonus, no_tokens) == 0
    assert turns_to_afford((1, 1, 1, 0, 0), no_bonus, no_tokens) == 1
    assert turns_to_afford((4, 0, 0, 0, 0), no_bonus, no_tokens) == 2  # two a turn at most
    assert turns_to_afford((4, 0, 0, 0, 0), (2, 0, 0, 0, 0), no_tokens) == 1
    assert turns_to_afford((4, 0, 0, 0, 0), no_bonus, (2, 0, 0, 0, 0, 2)) == 0  # gold pays
    # more than the 10-gem limit: needs cheaper cards first
    assert turns_to_afford((7, 7, 0, 0, 0), no_bonus, no_tokens) > 5


def test_rewards_are_shares_of_the_win():
    h = heuristic_for("jowhari")
    for players in (2, 3, 4):
        for state in random_positions(players, 40, seed=players):
            rewards = h.rewards(state)
            assert len(rewards) == players
            assert sum(rewards) == pytest.approx(1.0)
            assert all(0.0 <= r <= 1.0 for r in rewards)


def test_reaching_the_goal_first_decides_the_rewards():
    h = heuristic_for("jowhari")
    state = JOWHARI.new(3, 1)
    decided = attrs.evolve(state, first_to_goal=2)
    assert h.rewards(decided) == (0.0, 0.0, 1.0)
    assert h.value(decided, 2) > h.value(decided, 0) + 10


def test_more_prestige_and_bonuses_are_worth_more():
    h = heuristic_for("jowhari")
    state = JOWHARI.new(2, 4)
    seat = state.seats[0]
    richer = attrs.evolve(seat, prestige=3, bonuses=(1, 1, 0, 0, 0))
    better = attrs.evolve(state, seats=(richer, state.seats[1]))
    assert h.value(better, 0) > h.value(state, 0) + 3
    assert h.value(better, 1) < h.value(state, 1)


def test_views_with_hidden_cards_can_be_judged():
    h = heuristic_for("jowhari")
    for state in random_positions(2, 30, seed=9):
        view = state.view(1)
        assert len(h.values(view)) == 2


def test_fallback_values_are_scores_and_finished_games_are_decided():
    h = Heuristic()
    state = JOWHARI.new(2, 0)
    ahead = attrs.evolve(state, seats=(attrs.evolve(state.seats[0], prestige=4), state.seats[1]))
    assert h.values(ahead) == (4.0, 0.0)
    assert h.value(ahead, 0) == 4.0 and h.value(ahead, 1) == -4.0
    assert h.rewards(ahead)[0] > h.rewards(ahead)[1]
    over = attrs.evolve(ahead, over=True, first_to_goal=1)
    assert h.value(over, 1) == DECIDED
    assert h.rewards(over) == (0.0, 1.0)
