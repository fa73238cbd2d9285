"""Sampling hidden cards for search: quicker, and drawing exactly as before."""

from __future__ import annotations

import random

import pytest

from gemtable.engine import CHANCE, registry
from gemtable.engine.games.iridescia import fast


class CountingRandom(random.Random):
    """A generator subclass: the quick shuffle must leave it to the library."""


@pytest.mark.parametrize("seed", range(6))
def test_quick_shuffle_draws_as_the_library_does(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for length in range(0, 90):
        a, b = list(range(length)), list(range(length))
        fast.shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
    assert ours.getstate() == theirs.getstate()


def test_quick_shuffle_leaves_other_generators_to_the_library() -> None:
    ours, theirs = CountingRandom(3), CountingRandom(3)
    a, b = list(range(30)), list(range(30))
    fast.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()


def _states(players: int, seed: int) -> list:
    state = registry.get("iridescia").new(players, seed)
    rng = random.Random(seed)
    states = []
    while not state.is_over and len(states) < 6:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if rng.random() < 0.1:
            states.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sample_depends_only_on_the_view_and_the_generator(players: int) -> None:
    # What a view leaves unseen is kept for the latest view sampled: switching
    # views between samples must not carry one view's cards into another's.
    states = _states(players, 40 + players)
    assert len(states) >= 2
    views = [s.view(s.to_move) for s in states]
    alone = [[v.determinize(random.Random(k)) for k in range(3)] for v in views]
    for k in range(3):
        for i, s in enumerate(states):
            fresh = s.view(s.to_move)  # equal to views[i], but another object
            assert fresh is not views[i]
            sample = fresh.determinize(random.Random(k))
            assert sample == alone[i][k]
            assert repr(sample) == repr(alone[i][k])
            assert sample.view(s.to_move) == views[i]
    distinct = {alone[i][k] for i in range(len(views)) for k in range(3)}
    assert len(distinct) == 3 * len(views)
