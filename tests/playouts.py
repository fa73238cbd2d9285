"""Cases and positions the registry-wide tests share: every game, at its
fewest players and one more, in each variant; seeded random playouts of them."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from gemtable.engine import CHANCE, chance_rng, registry

MAX_ACTIONS = 20_000
"""A playout longer than this did not end: a test fails rather than spin."""


def registry_cases(known_gaps: dict[str, str] | None = None) -> list:
    """pytest params (game, players, variant id) for every registered game;
    games in `known_gaps` are expected to fail (strictly) for the reason given."""
    cases = []
    for game in registry.all():
        marks = []
        if known_gaps and game.id in known_gaps:
            marks = [pytest.mark.xfail(reason=known_gaps[game.id], strict=True)]
        for players in sorted({game.min_players, min(game.max_players, game.min_players + 1)}):
            for variant in game.variants_for(players):
                cases.append(pytest.param(game, players, variant.id, marks=marks,
                                          id=f"{game.id}-{players}p-{variant.id}"))
    return cases


def playout_steps(game, players: int, variant: str, seed: int) -> Iterator[tuple]:
    """(state, action, after) for every step of a seeded random playout, chance
    steps included (rolled as a table would, from the seed)."""
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for n in range(MAX_ACTIONS):
        if state.is_over:
            return
        if state.to_move is CHANCE:
            action = state.sample_chance(chance_rng(seed, n))
        else:
            action = rng.choice(state.legal_actions())
        after = state.apply(action)
        yield state, action, after
        state = after
    pytest.fail("playout did not end")


def played_out(game_id: str, players: int, seed: int) -> tuple[list, list[str]]:
    """The states and action texts of a seeded random playout of the default variant,
    first state to last: the makings of a game log."""
    game = registry.get(game_id)
    states, texts = [game.new(players, seed=seed)], []
    for _, action, after in playout_steps(game, players, game.default_variant(players).id,
                                          seed):
        states.append(after)
        texts.append(str(action))
    return states, texts


def sample_positions(states: list, count: int, seed: int) -> list:
    """`count` of `states` (or all), picked by `seed`, in playout order."""
    picks = random.Random(seed + 1).sample(range(len(states)), min(count, len(states)))
    return [states[i] for i in sorted(picks)]
