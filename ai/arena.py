"""Many headless games between bot kinds, with win rates people can trust.

Why it is built this way:
- Seats rotate: game g seats given kind i at table seat (i - g) mod n, so
  over every n games each kind sits once in each seat and the advantage of
  moving first cancels out.
- Game g is played with a seed derived from the arena seed and g alone, and
  results are added up in game order, so the figures are identical whatever
  the backend (local processes or Ray, `backends.py`) and the number of
  workers, and an interrupted run continues from its results file
  (`results.py`) without losing or repeating a game.
- Win rates come with Wilson 95% intervals, which stay honest for small runs
  and for rates near 0 or 1. A win shared by k seats counts 1/k to each.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from gemtable.engine import registry

from .backends import Backend, GameTask, LocalBackend, PlayedGame, default_workers, play_task
from .base import seating_problem
from .results import ResultsWriter, RunSpec, open_results, play_games
from .stats import wilson

PROBLEMS_SHOWN = 5
"""Failures of outside programs a summary keeps in words."""

T = TypeVar("T")


@attrs.frozen
class GameRecord:
    """One arena game, indexed by given seat (not by table seat)."""

    index: int
    shares: tuple[float, ...]
    scores: tuple[float, ...]
    turns: int
    think: tuple[float, ...]
    decisions: tuple[int, ...]
    slowest: tuple[float, ...]
    achievements: tuple[tuple[str, ...], ...] = ()
    """Per given seat, the names it reached (solo titles)."""
    fallbacks: tuple[int, ...] = ()
    """Per given seat, moves the fallback played for a failing outside program."""
    problems: tuple[str, ...] = ()
    """The first few such failures in words."""


@attrs.frozen
class ArenaResult:
    game: str
    games: int
    seats: tuple[str, ...]
    wins: tuple[float, ...]
    win_rate: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    mean_turns: float
    seconds: float
    mean_move_seconds: tuple[float, ...]
    max_move_seconds: tuple[float, ...]
    titles: dict[str, int] | None = None
    """Games in which each achievement of the game was reached (summed over
    seats); None for games that award none."""
    fallbacks: tuple[int, ...] = ()
    """Per given seat, moves the fallback bot played because an outside program
    (`exec:`) crashed, hung or answered badly; all 0 for bots of gemtable."""
    decisions: tuple[int, ...] = ()
    """Per given seat, moves its bot was asked for."""
    problems: tuple[str, ...] = ()
    """The first few of those failures in words (the earliest games first)."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON shape, one entry per given seat (plus `titles`
        for games that award achievements)."""
        data = {
            "game": self.game,
            "games": self.games,
            "seats": list(self.seats),
            "win_rate": [round(r, 4) for r in self.win_rate],
            "ci95": [[round(lo, 4), round(hi, 4)] for lo, hi in self.ci95],
            "mean_score": [round(s, 4) for s in self.mean_score],
            "mean_turns": round(self.mean_turns, 4),
            "seconds": round(self.seconds, 3),
        }
        if self.titles is not None:
            data["titles"] = dict(self.titles)
        if any(self.fallbacks):
            data["fallbacks"] = list(self.fallbacks)
            data["problems"] = list(self.problems)
        return data


def game_seed(seed: int, index: int) -> int:
    """The seed of arena game `index`; depends on nothing else."""
    return random.Random(f"{seed}:arena:{index}").getrandbits(32)


def arena_task(game_id: str, kinds: Sequence[str], seed: int, variant: str | None,
               index: int) -> GameTask:
    """Game `index`: given seat i sits at table seat (i - index) mod n."""
    n = len(kinds)
    return GameTask(index, game_id, tuple(kinds[(seat + index) % n] for seat in range(n)),
                    game_seed(seed, index), variant)


def to_record(played: PlayedGame) -> GameRecord:
    """A game's figures re-indexed from table seats to given seats."""
    n = len(played.seats)
    by_given = [(given - played.index) % n for given in range(n)]  # given seat -> table seat

    def pick(values: Sequence[T]) -> tuple[T, ...]:
        return tuple(values[t] for t in by_given)

    return GameRecord(
        index=played.index,
        shares=pick(played.shares),
        scores=pick(played.scores),
        turns=played.turns,
        think=pick(played.think),
        decisions=pick(played.decisions),
        slowest=pick(played.slowest),
        achievements=pick(played.achievements),
        fallbacks=pick(played.fallbacks) if played.fallbacks else (0,) * n,
        problems=played.problems,
    )


def play_arena_game(game_id: str, kinds: Sequence[str], seed: int, variant: str | None,
                    index: int) -> GameRecord:
    """Play game `index` of an arena in this process."""
    return to_record(play_task(arena_task(game_id, kinds, seed, variant, index)))


def arena_spec(game_id: str, kinds: Sequence[str], seed: int, variant: str | None) -> RunSpec:
    return RunSpec("arena", game_id, variant, tuple(kinds), len(kinds), seed)


def _kinds(kinds: Sequence[str]) -> tuple[str, ...]:
    return tuple(kinds)


@attrs.frozen
class ArenaOptions:
    """What an arena plays: `games` games of `game` between these bot kinds, given
    seat by given seat, from `seed`. How it plays them is the runner's (`RunOptions`)."""

    game: str
    kinds: tuple[str, ...] = attrs.field(converter=_kinds)
    games: int
    seed: int = 0
    variant: str | None = None

    @property
    def spec(self) -> RunSpec:
        """What its results file records, to be found and continued again."""
        return arena_spec(self.game, self.kinds, self.seed, self.variant)


def run_arena(
    arena: ArenaOptions,
    *,
    workers: int | None = None,
    backend: Backend | None = None,
    results: Path | None = None,
    resume: bool = False,
    on_start: Callable[[], None] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    on_played: Callable[[PlayedGame], None] | None = None,
) -> ArenaResult:
    """Play the arena's games and sum them up.

    `backend` runs the games (default: `workers` local processes, every core
    if None). With `results`, each game is appended to that file as it ends;
    with `resume` too, the games the file already holds are kept and only
    the others played. `on_game` hears of every game: first those already in
    the file, then each as it ends; `on_played` hears of each game played
    now, actions included. `on_start` runs once the workers exist: a progress
    display that starts a thread should start there.
    """
    game_id, kinds, games = arena.game, arena.kinds, arena.games
    registry.get(game_id).new(len(kinds), 0, arena.variant)  # a bad count or variant fails here
    problem = seating_problem(game_id, kinds)  # the game's say on who may sit together
    if problem:
        raise ValueError(problem)
    backend = backend or LocalBackend(default_workers() if workers is None else workers)
    tasks = [arena_task(game_id, kinds, arena.seed, arena.variant, index)
             for index in range(games)]
    writer: ResultsWriter | None = None
    done: dict[int, PlayedGame] = {}
    if results is not None:
        writer, done = open_results(results, arena.spec, games, resume=resume)
    started = time.perf_counter()
    try:
        for index in sorted(done):
            if index < games and on_game:
                on_game(to_record(done[index]))

        def finished(played: PlayedGame) -> None:
            if on_played:
                on_played(played)
            if on_game:
                on_game(to_record(played))

        played = play_games(tasks, backend, done=done, writer=writer, on_start=on_start,
                            on_game=finished)
    finally:
        if writer is not None:
            writer.close()
    records = [to_record(p) for p in played]
    return summarise(game_id, kinds, records, time.perf_counter() - started)


def summarise(game_id: str, kinds: tuple[str, ...], records: Sequence[GameRecord],
              seconds: float) -> ArenaResult:
    n, games = len(kinds), len(records)
    wins = tuple(sum(r.shares[i] for r in records) for i in range(n))
    decisions = [sum(r.decisions[i] for r in records) for i in range(n)]
    return ArenaResult(
        game=game_id,
        games=games,
        seats=kinds,
        wins=wins,
        win_rate=tuple(w / games for w in wins),
        ci95=tuple(wilson(w, games) for w in wins),
        mean_score=tuple(sum(r.scores[i] for r in records) / games for i in range(n)),
        mean_turns=sum(r.turns for r in records) / games,
        seconds=seconds,
        mean_move_seconds=tuple(
            sum(r.think[i] for r in records) / decisions[i] if decisions[i] else 0.0
            for i in range(n)),
        max_move_seconds=tuple(max(r.slowest[i] for r in records) for i in range(n)),
        titles=_count_titles(game_id, records) if n == 1 else None,
        fallbacks=tuple(sum(r.fallbacks[i] for r in records if r.fallbacks) for i in range(n)),
        decisions=tuple(decisions),
        problems=tuple(text for r in records for text in r.problems)[:PROBLEMS_SHOWN],
    )


def _count_titles(game_id: str, records: Sequence[GameRecord]) -> dict[str, int] | None:
    """How often each title was reached; titles are solo results, so only
    one-seat runs report them (a table of zeros would say nothing)."""
    names = registry.get(game_id).achievement_names
    if not names:
        return None
    reached = [name for r in records for seat in r.achievements for name in seat]
    return {name: reached.count(name) for name in names}
