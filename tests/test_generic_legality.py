"""One source of legality, checked for every registered game: on sampled
positions of seeded playouts, every text of the game's action space names an
action (`parse_syntax`), and that action is in `legal_actions()` exactly when
`why_illegal` finds nothing against it (""). The generator and the refusals
share each rule's condition; this is where a copy that drifted would show.

Chance steps are sampled too: their outcomes are the legal actions there.
"""

from __future__ import annotations

import pytest
from playouts import playout_steps, registry_cases, sample_positions

from gemtable.engine.core import normalise_text

POSITIONS = 12
CASES = registry_cases()


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_an_action_is_legal_exactly_when_no_reason_stands_against_it(game, players, variant):
    space = game.action_space(players, variant)
    checked = legal_seen = 0
    for seed in (61, 62):
        states = [state for state, _, _ in playout_steps(game, players, variant, seed)]
        for state in sample_positions(states, POSITIONS, seed):
            legal = set(state.legal_actions())
            for text in space:
                action = state.parse_syntax(normalise_text(text))
                assert action is not None, f"{text!r} is in the action space but is not read"
                reason = state.why_illegal(action)
                if action in legal:
                    assert reason == "", (
                        f"{text!r} is legal at turn {state.turns}, yet refused: {reason!r}")
                    legal_seen += 1
                else:
                    assert reason, f"{text!r} is not legal at turn {state.turns}, yet no reason"
                checked += 1
    assert checked and legal_seen
