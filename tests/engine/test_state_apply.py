"""State.apply: the very action object a legal list handed out, and an equal
copy of it (parsed, unpickled), give the same state; anything else is refused."""

import pickle
import random

import pytest

from gemtable.engine import CHANCE, IllegalAction, State, registry


def positions(game_id: str, count: int) -> list[State]:
    """The first `count` positions of a seeded random game."""
    game = registry.get(game_id)
    state = game.new(game.min_players, seed=3)
    rng = random.Random(3)
    seen = []
    while len(seen) < count and not state.is_over:
        seen.append(state)
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_copy_of_a_legal_action_plays_as_the_action_itself(game_id: str) -> None:
    for state in positions(game_id, 40):
        for action in state.legal_actions()[:5]:
            copy = pickle.loads(pickle.dumps(action))
            assert state.apply(copy) == state.apply(action)


@pytest.mark.parametrize("game_id", registry.ids())
def test_an_action_legal_elsewhere_is_refused_with_a_reason(game_id: str) -> None:
    states = positions(game_id, 40)
    refused = 0
    for state, later in zip(states, states[1:], strict=False):
        for action in later.legal_actions():
            if action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction) as raised:
                state.apply(action)
            assert raised.value.reason and raised.value.action == action
            refused += 1
    assert refused


def test_no_game_overrides_apply_but_for_its_dice() -> None:
    # The legality check lives once in State.apply; a game may put a quicker
    # check for its dice in front of it and must hand everything else on.
    state_types = {type(positions(game_id, 1)[0]) for game_id in registry.ids()}
    overriding = {cls.__name__ for cls in state_types if cls.apply is not State.apply}
    assert overriding <= {"MaryliaState", "WorkbenchState"}
