"""How fast a game plays and searches, on one core, through the public API.

- Random playouts: whole games from set-up to the end, each move a uniform
  pick from `legal_actions()` passed to `apply` (chance steps sampled): the
  cost any search pays per simulated action.
- MCTS: iterations per second of the default search bot, timed on positions
  taken from a greedy game at several stages, so early and late game count.

Figures are only comparable on the same machine under the same load.
"""

from __future__ import annotations

import random
import time
from typing import Any

import attrs

from gemtable.engine import CHANCE, State, registry

from .heuristics import heuristic_for
from .match import play_match
from .mcts import MctsBot, default_iterations

SAMPLE_STAGES = (0.0, 0.25, 0.5, 0.75)
"""Where in a game (as a share of its actions) the MCTS positions are taken."""


@attrs.frozen
class BenchResult:
    game: str
    players: int
    games: int
    actions: int
    playout_seconds: float
    mcts_iterations: int
    mcts_seconds: float

    @property
    def default_iterations(self) -> int:
        """The budget of this game's plain `mcts`."""
        return default_iterations(heuristic_for(self.game))

    @property
    def games_per_s(self) -> float:
        return self.games / self.playout_seconds if self.playout_seconds else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.playout_seconds if self.playout_seconds else 0.0

    @property
    def mcts_iterations_per_s(self) -> float:
        return self.mcts_iterations / self.mcts_seconds if self.mcts_seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        per_s = self.mcts_iterations_per_s
        return {
            "game": self.game,
            "players": self.players,
            "games_per_s": round(self.games_per_s, 2),
            "actions_per_s": round(self.actions_per_s, 1),
            "mcts_iterations_per_s": round(per_s, 1),
            "mean_actions_per_game": round(self.actions / self.games, 2) if self.games else 0.0,
            "default_mcts_iterations": self.default_iterations,
            "default_mcts_move_seconds":
                round(self.default_iterations / per_s, 3) if per_s else None,
        }


def random_playouts(game_id: str, players: int, seconds: float) -> tuple[int, int, float]:
    """(games, actions, elapsed) of random games played for about `seconds`."""
    game = registry.get(game_id)
    rng = random.Random(0)
    games = actions = 0
    clock = time.perf_counter
    started = clock()
    while True:
        state = game.new(players, games)
        while not state.is_over:
            if state.to_move is CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
        elapsed = clock() - started
        if elapsed >= seconds:
            return games, actions, elapsed


def sample_positions(game_id: str, players: int) -> list[State[Any]]:
    """Views of the player to move at several stages of one seeded greedy game."""
    record = play_match(game_id, ["greedy"] * players, seed=1)
    state = registry.get(game_id).new(players, 1)
    marks = {int(stage * len(record.actions)) for stage in SAMPLE_STAGES}
    positions = []
    for step, action in enumerate(record.actions):
        if step in marks and isinstance(state.to_move, int) and len(state.legal_actions()) > 1:
            positions.append(state.view(state.to_move))
        state = state.apply(action)
    return positions


def mcts_speed(game_id: str, players: int, seconds: float) -> tuple[int, float]:
    """(iterations, elapsed) of the default search on sample positions."""
    positions = sample_positions(game_id, players)
    bot = MctsBot(heuristic_for(game_id), seed=0, seconds=seconds / max(1, len(positions)),
                  keep_tree=False)
    iterations = 0
    clock = time.perf_counter
    started = clock()
    for view in positions:
        bot.choose(view)
        iterations += bot.last_iterations
    return iterations, clock() - started


def run_bench(game_id: str, *, seconds: float = 3.0, players: int | None = None) -> BenchResult:
    """Random playouts for `seconds`, then MCTS for `seconds`, in this process."""
    game = registry.get(game_id)
    players = game.min_players if players is None else players
    games, actions, playout_seconds = random_playouts(game_id, players, seconds)
    iterations, mcts_seconds = mcts_speed(game_id, players, seconds)
    return BenchResult(game_id, players, games, actions, playout_seconds, iterations,
                       mcts_seconds)
