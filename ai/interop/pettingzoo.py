"""Every gemtable game as a PettingZoo AEC environment (`gemtable[pettingzoo]`).

    env = GemtableEnv("jowhari", players=2)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        ...
        env.step(None if terminated else chosen_id)

Agents are "seat_0", "seat_1"...; the agent to act is the seat to move, which
may act several times running (a turn of several steps). An action is an id
of the game's action numbering; the observation's `action_mask` marks the
legal ones. Chance steps (dice) never reach an agent: the environment rolls
them with a generator derived from the reset seed, the way a table does, so
the same seed and the same actions give the same game.

The observation holds only what that seat may know: its view
(`state.view(seat)`) as the JSON text programs at a table receive
(gemtable.engine.viewjson), UTF-8 encoded and padded with zero bytes to
OBSERVATION_BYTES. `observation_text` decodes it. At the end each seat is
rewarded its share of the win (1/k to each of k winners, 0 to the others).
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from gemtable.engine import CHANCE, State, chance_rng, registry
from gemtable.engine.actionspace import ActionSpace, action_space
from gemtable.engine.core import random_seed
from gemtable.engine.viewjson import view_to_json

OBSERVATION_BYTES = 16_384
"""Room for a view's JSON: the largest seen in random games is about 2,300
bytes (Iridescia and Marylia with four or five seats)."""


def observation_text(observation: dict[str, Any]) -> str:
    """The view JSON an observation carries."""
    return bytes(observation["observation"]).rstrip(b"\0").decode("utf-8")


def _agent(seat: int) -> str:
    return f"seat_{seat}"


class GemtableEnv(AECEnv):  # pettingzoo ships no types: AECEnv is Any to mypy
    metadata = {"name": "gemtable", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, variant: str | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = registry.get(game)
        self.variant = variant or self.game.default_variant(players).id
        self.players = players
        self.render_mode = render_mode
        self.space: ActionSpace = action_space(self.game, players, self.variant)
        self.possible_agents = [_agent(seat) for seat in range(players)]
        self.metadata = {**self.metadata, "name": f"gemtable_{game}"}
        # The same space objects on every call: PettingZoo's seeding relies on it.
        self.action_spaces = {a: gymnasium.spaces.Discrete(len(self.space))
                              for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.reset()

    def _observation_space(self) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, 255, (OBSERVATION_BYTES,), np.uint8),
            "action_mask": gymnasium.spaces.Box(0, 1, (len(self.space),), np.int8),
        })

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> State[Any]:
        """The true position (for tests and tools; never hand it to an agent)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._seed = random_seed() if seed is None else seed
        self._steps = 0
        self._state = self._settle(self.game.new(self.players, self._seed, self.variant))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _settle(self, state: State[Any]) -> State[Any]:
        """Roll every chance step in front of the next player's move."""
        while state.to_move is CHANCE:
            state = state.apply(state.sample_chance(chance_rng(self._seed, self._steps)))
            self._steps += 1
        return state

    def _select(self) -> None:
        mover = self._state.to_move
        self.agent_selection = _agent(mover) if isinstance(mover, int) else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        text = json.dumps(view_to_json(self._state.view(seat)), separators=(",", ":"))
        data = text.encode("utf-8")
        if len(data) > OBSERVATION_BYTES:
            raise ValueError(f"{self.game.id}'s view is {len(data)} bytes, more than "
                             f"OBSERVATION_BYTES ({OBSERVATION_BYTES})")
        observation = np.zeros(OBSERVATION_BYTES, np.uint8)
        observation[:len(data)] = np.frombuffer(data, np.uint8)
        mask = np.zeros(len(self.space), np.int8)
        if self._state.to_move == seat:
            mask[list(self.space.legal_ids(self._state))] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id")
        chosen = self.space.action_of(self._state, int(action))  # IllegalAction says why
        self._cumulative_rewards[agent] = 0.0
        after = self._state.apply(chosen)
        self._steps += 1  # chance steps are numbered among all actions, as in a game log
        self._state = self._settle(after)
        self._clear_rewards()
        if self._state.is_over:
            for seat, share in enumerate(self._state.outcome()):
                self.rewards[_agent(seat)] = share
                self.terminations[_agent(seat)] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.game.title}: {self._state.progress()}, {self.agent_selection} to move"

    def close(self) -> None:
        pass
