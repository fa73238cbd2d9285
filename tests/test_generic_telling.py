"""What every registered game promises about telling moves and taking them back.

- `reveals(action)` False means nobody learns anything from the move but the
  move itself: each seat's view after it follows from that seat's view before
  it and the action. Checked by applying the action to determinizations of
  the view and comparing the views they lead to. (Undo stops before any move
  whose `reveals` is True, so this is what makes undo safe.)
- `describe(action, after)` names nothing hidden: the same text comes out of
  every determinization of the public view that the move leaves looking the
  same to a spectator.

Positions come from seeded random playouts of every game, player count and
variant, as in test_generic_games.
"""

from __future__ import annotations

import random

import pytest
from playouts import playout_steps, registry_cases, sample_positions

from gemtable.engine import CHANCE, SPECTATOR, IllegalAction

POSITIONS = 24
"""Positions sampled from each playout."""
ACTIONS = 4
"""Actions tried at each position."""
SAMPLES = 3
"""Determinizations per view."""


KNOWN_REVEALS_GAPS: dict[str, str] = {}
"""Games whose `reveals` this test has found wrong, with what is wrong: their
case is expected to fail (strictly, so the entry must go once it is fixed)."""


CASES = registry_cases()
REVEALS_CASES = registry_cases(KNOWN_REVEALS_GAPS)


def _positions(game, players, variant, seed):
    """A seeded random playout's states (chance steps included), thinned to POSITIONS."""
    states = [state for state, _, _ in playout_steps(game, players, variant, seed)]
    return sample_positions(states, POSITIONS, seed)


def _some_actions(state, rng):
    legal = list(state.legal_actions())
    return rng.sample(legal, min(ACTIONS, len(legal)))


@pytest.mark.parametrize(("game", "players", "variant"), REVEALS_CASES)
def test_a_move_that_reveals_nothing_follows_from_each_view(game, players, variant):
    checked = 0
    for seed in (21, 22):
        rng = random.Random(seed)
        for state in _positions(game, players, variant, seed):
            if state.to_move is CHANCE:
                assert all(state.reveals(a) for a, _ in state.chance_outcomes()), \
                    "a chance outcome always comes to light"
                continue
            for action in _some_actions(state, rng):
                if state.reveals(action):
                    continue
                after = state.apply(action)
                for seat in range(players):
                    before_view = state.view(seat)
                    expected = after.view(seat)
                    for sample in range(SAMPLES):
                        guess = before_view.determinize(random.Random(seed * 100 + sample))
                        try:
                            guessed = guess.apply(action)
                        except IllegalAction as error:
                            pytest.fail(f"{action} is legal in the game but not in a "
                                        f"determinization of seat {seat}'s view: {error}")
                        assert guessed.view(seat) == expected, (
                            f"{action} was said to reveal nothing, but seat {seat}'s view "
                            "after it depends on what that seat could not see")
                        checked += 1
    assert checked, "no move that reveals nothing was found to check"


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_describe_names_nothing_hidden(game, players, variant):
    compared = 0
    for seed in (31, 32):
        rng = random.Random(seed)
        for state in _positions(game, players, variant, seed):
            if state.to_move is CHANCE:
                actions = [state.sample_chance(rng)]
            else:
                actions = _some_actions(state, rng)
            public = state.view(SPECTATOR)
            for action in actions:
                after = state.apply(action)
                told = state.describe(action, after)
                assert isinstance(told, str) and told.strip()
                shown = after.view(SPECTATOR)
                for sample in range(SAMPLES):
                    guess = public.determinize(random.Random(seed * 100 + sample))
                    try:
                        guessed_after = guess.apply(action)
                    except IllegalAction:
                        continue  # the guess dealt the mover other cards
                    if guessed_after.view(SPECTATOR) != shown:
                        continue  # the move brought different cards to light there
                    assert guess.describe(action, guessed_after) == told, (
                        f"describing {action} depends on what a spectator cannot see")
                    compared += 1
    assert compared, "no description could be compared"
