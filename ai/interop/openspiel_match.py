"""Our `mcts` against OpenSpiel's ISMCTSBot at equal time per move: the
external anchor for search strength (docs/performance.md).

    python -m gemtable.ai.interop.openspiel_match jowhari --games 200 --seconds 0.1 --seed 1

Two-player games on the OpenSpiel game (gemtable.ai.interop.openspiel). Seats
rotate: our bot sits at seat g mod 2 in game g. Game g is dealt and rolled
exactly as arena game g of the same seed (`arena.game_seed`, `chance_rng`).

- Ours is `mcts:SECONDSs`, one process, given its seat's view.
- OpenSpiel's ISMCTSBot (Python) takes a number of simulations, not a time,
  so its number is calibrated as it plays: each search is given as many
  simulations as its measured rate (simulations a second, a running average
  of its own searches in this run) fits in SECONDS, with what its earlier
  searches in the game over- or underspent carried over. Both sides' mean time per
  move is reported, so any gap shows. It evaluates with random rollouts to
  the end (OpenSpiel's RandomRolloutEvaluator) and resamples with the
  engine's determinization (`resample_from_infostate`).
- `--ismcts-seconds` gives ISMCTS another time a move than ours: how much
  more it needs to draw level is a measure too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from gemtable.ai.arena import game_seed
from gemtable.ai.base import make_bot
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.match import bot_seed
from gemtable.ai.stats import wilson
from gemtable.engine import chance_rng

from .openspiel import GemtableGame, GemtableState, load, seed_deal_ids

FIRST_RATE = 20.0
"""ISMCTS simulations a second assumed before its first search is timed."""


class Player(Protocol):
    name: str

    def choose(self, state: GemtableState) -> int: ...


class OurBot:
    """A gemtable bot of `kind`, shown only its seat's view."""

    def __init__(self, kind: str, game_id: str, seed: int) -> None:
        self.name = kind
        self.bot = make_bot(kind, game_id=game_id, seed=seed)

    def choose(self, state: GemtableState) -> int:
        engine = state.engine_state
        assert engine is not None
        action = self.bot.choose(engine.view(state.current_player()))
        return state.position.setup.space.id_of(action)


class Ismcts:
    """OpenSpiel's ISMCTSBot with our determinization as its resampler: a fixed
    number of simulations, or as many as fit in `seconds` at its measured rate."""

    def __init__(self, game: GemtableGame, seed: int, *, simulations: int | None = None,
                 seconds: float | None = None, rate: float = FIRST_RATE,
                 uct_c: float | None = None) -> None:
        self.name = "ismcts"
        self.game = game
        # Our own exploration constant by default: both search shares of the win in [0, 1].
        self.uct_c = (heuristic_for(game.setup.game.id).exploration
                      if uct_c is None else uct_c)
        self.simulations = simulations
        self.seconds = seconds
        self.rate = rate
        """Simulations a second, a running average of this player's searches."""
        self.random_state = np.random.RandomState(seed % 2**32)
        self.sampler = pyspiel.UniformProbabilitySampler(seed % 2**31, 0.0, 1.0)
        self.searched = 0
        """Searches run (moves with more than one legal action)."""
        self.simulations_run = 0
        """Simulations over those searches."""
        self.spent = 0.0
        """Seconds over those searches."""
        self.opening_rate: float | None = None
        """The rate of its first search: where the next game should start from,
        as rollouts are longest at the start of a game."""

    def budget(self) -> int:
        if self.simulations is not None:
            return self.simulations
        assert self.seconds is not None
        # Time owed or overspent by earlier searches is carried into this one, so
        # that the mean time a search stays at `seconds` while the rate drifts.
        allowance = self.seconds * self.searched - self.spent + self.seconds
        allowance = min(max(allowance, 0.5 * self.seconds), 2 * self.seconds)
        # Two at least: the first simulation only expands the root.
        return max(2, round(self.rate * allowance))

    def choose(self, state: GemtableState) -> int:
        count = self.budget()
        bot = ISMCTSBot(self.game, RandomRolloutEvaluator(1, self.random_state), self.uct_c,
                        max_simulations=count, random_state=self.random_state)
        bot.set_resampler(
            lambda root, player: root.resample_from_infostate(player, self.sampler))
        started = time.perf_counter()
        action = int(bot.step(state))
        elapsed = time.perf_counter() - started
        if len(state.legal_actions()) > 1:  # otherwise it plays without searching
            self.searched += 1
            self.simulations_run += count
            self.spent += elapsed
            measured = count / max(elapsed, 1e-6)
            if self.opening_rate is None:
                self.opening_rate = measured
            self.rate = 0.5 * self.rate + 0.5 * measured
        return action


@attrs.frozen
class GameRecord:
    index: int
    shares: tuple[float, ...]
    """Per seat, its share of the win."""
    think: tuple[float, ...]
    """Per seat, seconds spent choosing."""
    decisions: tuple[int, ...]
    actions: int


def play_game(game: GemtableGame, players: Sequence[Player], seed: int,
              index: int = 0) -> GameRecord:
    """Game `index` of `seed` with `players[s]` at seat s, dealt and rolled as
    arena game `index`."""
    dealt = game_seed(seed, index)
    state = game.new_initial_state()
    for deal_id in seed_deal_ids(game.setup, dealt):
        state.apply_action(deal_id)
    think = [0.0] * len(players)
    decisions = [0] * len(players)
    steps = 0  # as the engine counts actions: the deal is not one
    while not state.is_terminal():
        if state.is_chance_node():
            engine = state.engine_state
            assert engine is not None
            outcome = engine.sample_chance(chance_rng(dealt, steps))
            state.apply_action(game.setup.space.id_of(outcome))
        else:
            seat = state.current_player()
            started = time.perf_counter()
            action = players[seat].choose(state)
            think[seat] += time.perf_counter() - started
            decisions[seat] += 1
            state.apply_action(action)
        steps += 1
    return GameRecord(index, tuple(state.returns()), tuple(think), tuple(decisions), steps)


@attrs.frozen
class Comparison:
    game: str
    games: int
    seconds: float
    seed: int
    wins: float
    """Our shares of the win, summed over the games."""
    ours_move_seconds: float
    ismcts_move_seconds: float
    ismcts_simulations: float
    """Mean ISMCTS simulations a searched move."""
    ismcts_seconds: float | None = None
    """ISMCTS's time a move when it is not `seconds` (a handicap)."""

    @property
    def ismcts_budget(self) -> float:
        return self.seconds if self.ismcts_seconds is None else self.ismcts_seconds

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"game": self.game, "games": self.games, "seconds": self.seconds,
                "ismcts_seconds": self.ismcts_budget,
                "seed": self.seed, "ours": f"mcts:{self.seconds}s", "win_rate":
                round(self.win_rate, 4), "ci95": [round(low, 4), round(high, 4)],
                "ours_move_seconds": round(self.ours_move_seconds, 4),
                "ismcts_move_seconds": round(self.ismcts_move_seconds, 4),
                "ismcts_simulations": round(self.ismcts_simulations, 1)}

    def line(self) -> str:
        low, high = wilson(self.wins, self.games)
        return (f"{self.game}: mcts:{self.seconds}s against ISMCTS at {self.ismcts_budget} s, "
                f"{self.games} games: "
                f"wins {self.win_rate:.3f} (95% {low:.3f}-{high:.3f}); seconds a move: "
                f"ours {self.ours_move_seconds:.3f}, ISMCTS {self.ismcts_move_seconds:.3f} "
                f"({self.ismcts_simulations:.1f} simulations)")


def compare(game_id: str, games: int, seconds: float, seed: int, *,
            ismcts_seconds: float | None = None, progress: bool = False,
            first: int = 0) -> Comparison:
    """`games` two-player games of ours against ISMCTS at `seconds` a move (or
    ISMCTS at `ismcts_seconds`, to see what time it needs to draw level): games
    `first` to `first + games - 1` of `seed`, so that ranges run apart add up."""
    game = load(game_id, 2)
    rate = FIRST_RATE
    wins = ours_time = ismcts_time = 0.0
    ours_moves = ismcts_moves = searched = simulations = 0
    for index in range(first, first + games):
        ours_seat = index % 2
        dealt = game_seed(seed, index)
        ours = OurBot(f"mcts:{seconds}s", game_id, bot_seed(dealt, ours_seat))
        # The opening's measured rate carries to the next game (the rate at the end
        # of a game, with short rollouts, would overspend its first moves); the
        # randomness is per game.
        ismcts = Ismcts(game, bot_seed(dealt, 1 - ours_seat), rate=rate,
                        seconds=seconds if ismcts_seconds is None else ismcts_seconds)
        players: list[Player] = [ours, ismcts] if ours_seat == 0 else [ismcts, ours]
        record = play_game(game, players, seed, index)
        rate = ismcts.opening_rate or rate
        wins += record.shares[ours_seat]
        ours_time += record.think[ours_seat]
        ours_moves += record.decisions[ours_seat]
        ismcts_time += record.think[1 - ours_seat]
        ismcts_moves += record.decisions[1 - ours_seat]
        searched += ismcts.searched
        simulations += ismcts.simulations_run
        if progress:
            print(f"game {index + 1}/{first + games}: ours (seat {ours_seat}) "
                  f"{record.shares[ours_seat]:g}, {wins:g} so far", file=sys.stderr, flush=True)
    return Comparison(game_id, games, seconds, seed, wins, ours_time / max(1, ours_moves),
                      ismcts_time / max(1, ismcts_moves), simulations / max(1, searched),
                      ismcts_seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id (jowhari, jewelbox, workbench, ...)")
    parser.add_argument("--games", type=int, default=200, help="games (seats rotate)")
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time a move")
    parser.add_argument("--ismcts-seconds", type=float, default=None,
                        help="ISMCTS's time a move, if not --seconds (a handicap)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0,
                        help="play games FIRST.. of the seed's run (ranges add up)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = parser.parse_args(argv)
    result = compare(args.game, args.games, args.seconds, args.seed,
                     ismcts_seconds=args.ismcts_seconds, progress=args.progress,
                     first=args.first)
    print(json.dumps(result.to_json()) if args.json else result.line())


if __name__ == "__main__":
    main()
