"""PettingZoo's own API test, and a whole game by random agents, on every
registered game and set-up (gemtable.ai.interop.pettingzoo). Needs the
`pettingzoo` extra, which `make test` installs."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from gemtable.ai.interop.pettingzoo import GemtableEnv, observation_text  # noqa: E402
from gemtable.engine import registry  # noqa: E402
from gemtable.engine.viewjson import view_to_json  # noqa: E402


def _cases():
    for game in registry.all():
        for players in game.player_counts():
            for variant in game.variants_for(players):
                yield pytest.param(game.id, players, variant.id,
                                   id=f"{game.id}-{players}p-{variant.id}")


CASES = list(_cases())


# Both warnings concern the shape every masked environment has (a dict of the
# observation and its action mask), PettingZoo's own board games included.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_pettingzoos_api_test_passes(game, players, variant):
    api_test(GemtableEnv(game, players, variant), num_cycles=100)


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_random_agents_play_a_whole_game_seeing_only_their_own_views(game, players, variant):
    env = GemtableEnv(game, players, variant)
    env.reset(seed=4)
    rng = random.Random(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        seat = env.possible_agents.index(agent)
        state = env.state_now
        assert json.loads(observation_text(observation)) == view_to_json(state.view(seat))
        if terminated or truncated:
            env.step(None)
            continue
        legal = [i for i, flag in enumerate(observation["action_mask"]) if flag]
        assert legal == sorted(env.space.legal_ids(state))
        env.step(rng.choice(legal))
    assert state.is_over and not env.agents
    assert list(totals.values()) == pytest.approx(list(state.outcome()))
    assert sum(totals.values()) == pytest.approx(1.0)


def test_the_same_seed_and_actions_give_the_same_game():
    first, second = GemtableEnv("workbench", 2), GemtableEnv("workbench", 2)
    for env in (first, second):
        env.reset(seed=9)
    for _ in range(30):
        observation = first.observe(first.agent_selection)
        legal = [i for i, flag in enumerate(observation["action_mask"]) if flag]
        first.step(legal[-1])
        second.step(legal[-1])
        assert first.state_now == second.state_now


def test_the_docs_example_runs_a_random_agent_through_a_game_of_each(capsys, shipped_games):
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "docs" / "examples" / "pettingzoo_random.py"
    assert example.read_text() in (example.parents[1] / "interop.md").read_text()
    runpy.run_path(str(example), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(registry.ids())


def test_an_id_that_is_not_legal_is_refused_and_changes_nothing():
    from gemtable.engine import IllegalAction

    env = GemtableEnv("jowhari", 2)
    env.reset(seed=2)
    before = env.state_now
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = next(i for i, flag in enumerate(mask) if not flag)
    with pytest.raises(IllegalAction, match="not legal here"):
        env.step(illegal)
    assert env.state_now == before
