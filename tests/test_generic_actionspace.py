"""The action numbering every registered game must keep (engine/actionspace.py):
every action that is ever legal, and every chance outcome, has an id of its
own that leads back to it. Covers each registered game with no code of its own.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gemtable.engine import CHANCE, IllegalAction, chance_rng, registry
from gemtable.engine.actionspace import action_space, all_spaces_markdown
from gemtable.engine.core import normalise_text

ROOT = Path(__file__).resolve().parents[1]
MAX_ACTIONS = 20_000


def _cases():
    for game in registry.all():
        for players in game.player_counts():
            for variant in game.variants_for(players):
                yield pytest.param(game, players, variant.id,
                                   id=f"{game.id}-{players}p-{variant.id}")


CASES = list(_cases())


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_every_text_of_the_space_names_the_action_the_game_reads(game, players, variant):
    state = game.new(players, seed=1, variant=variant)
    for text in action_space(game, players, variant).texts:
        action = state.parse_syntax(normalise_text(text))
        assert action is not None and str(action) == text, text


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
@pytest.mark.parametrize("seed", [5, 6])
def test_every_legal_action_and_chance_outcome_has_an_id_that_leads_back(
        game, players, variant, seed):
    space = action_space(game, players, variant)
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        assert steps < MAX_ACTIONS, "playout did not end"
        if state.to_move is CHANCE:
            pairs = space.chance_ids(state)
            ids = [action_id for action_id, _ in pairs]
            choices = [outcome for outcome, _ in state.chance_outcomes()]
            assert sum(p for _, p in pairs) == pytest.approx(1.0)
        else:
            ids = list(space.legal_ids(state))
            choices = list(state.legal_actions())
        assert len(set(ids)) == len(ids), "two actions of one position share an id"
        for action_id, action in zip(ids, choices, strict=True):
            assert 0 <= action_id < len(space)
            assert space.id_of(action) == action_id
            assert space.action_of(state, action_id) == action
        if state.to_move is CHANCE:
            action = state.sample_chance(chance_rng(seed, steps))
        else:
            action = rng.choice(choices)
        state = state.apply(space.action_of(state, space.id_of(action)))
        steps += 1


@pytest.mark.parametrize(("game", "players", "variant"), CASES[:: max(1, len(CASES) // 5)])
def test_an_id_out_of_range_or_not_legal_here_is_refused_with_a_reason(game, players, variant):
    space = action_space(game, players, variant)
    state = game.new(players, seed=3, variant=variant)
    legal = set(space.chance_ids(state) if state.to_move is CHANCE else space.legal_ids(state))
    legal_ids = {i if isinstance(i, int) else i[0] for i in legal}
    for bad in (-1, len(space)):
        with pytest.raises(IllegalAction, match="not an action number"):
            space.action_of(state, bad)
    not_here = next(i for i in range(len(space)) if i not in legal_ids)
    with pytest.raises(IllegalAction, match="not legal here"):
        space.action_of(state, not_here)


def test_the_docs_hold_every_games_numbering_as_generated(shipped_games):
    text = (ROOT / "docs" / "interop.md").read_text()
    start = text.index("-->\n", text.index("<!-- action numbering")) + len("-->\n")
    held = text[start:text.index("<!-- end of action numbering -->")]
    assert held == all_spaces_markdown(), (
        "docs/interop.md's action numbering is out of date: paste the output of "
        "`python -m gemtable.engine.actionspace` between its markers")
