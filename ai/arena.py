"""Many headless games between bot kinds, with win rates people can trust.

Why it is built this way:
- Seats rotate: game g seats given kind i at table seat (i - g) mod n, so
  over every n games each kind sits once in each seat and the advantage of
  moving first cancels out.
- Game g is played with a seed derived from the arena seed and g alone, and
  results are added up in game order, so the figures are identical whatever
  the number of worker processes.
- Win rates come with Wilson 95% intervals, which stay honest for small runs
  and for rates near 0 or 1. A win shared by k seats counts 1/k to each.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

import attrs

from gemtable.engine import registry

from .match import play_match

Z95 = 1.959964


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

    def to_json(self) -> dict:
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
        return data


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def game_seed(seed: int, index: int) -> int:
    """The seed of arena game `index`; depends on nothing else."""
    return random.Random(f"{seed}:arena:{index}").getrandbits(32)


def play_arena_game(game_id: str, kinds: Sequence[str], seed: int, variant: str | None,
                    index: int) -> GameRecord:
    """Play game `index` of an arena (top level so worker processes can run it)."""
    n = len(kinds)
    order = [(seat + index) % n for seat in range(n)]  # table seat -> given seat
    result = play_match(game_id, [kinds[g] for g in order], seed=game_seed(seed, index),
                        variant=variant)
    final = result.final
    by_given = [0] * n
    for table_seat, given in enumerate(order):
        by_given[given] = table_seat
    outcome, scores = final.outcome(), final.scores()
    return GameRecord(
        index=index,
        shares=tuple(outcome[t] for t in by_given),
        scores=tuple(float(scores[t]) for t in by_given),
        turns=final.turn,
        think=tuple(result.think_seconds[t] for t in by_given),
        decisions=tuple(result.decisions[t] for t in by_given),
        slowest=tuple(result.slowest[t] for t in by_given),
        achievements=tuple(final.achievements(t) for t in by_given),
    )


def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run_arena(
    game_id: str,
    kinds: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    variant: str | None = None,
    workers: int | None = None,
    on_start: Callable[[], None] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
) -> ArenaResult:
    """Play `games` games and sum them up; `on_game` hears of each as it ends.

    `on_start` runs once the worker processes exist: a progress display that
    starts a thread should start there, since forking a process that runs
    threads is unsafe.
    """
    game = registry.get(game_id)
    kinds = tuple(kinds)
    game.new(len(kinds), 0, variant)  # a bad player count or variant fails here, clearly
    workers = default_workers() if workers is None else workers
    started = time.perf_counter()
    records: list[GameRecord] = []
    if workers <= 1 or games == 1:
        if on_start:
            on_start()
        for index in range(games):
            records.append(play_arena_game(game_id, kinds, seed, variant, index))
            if on_game:
                on_game(records[-1])
    else:
        with ProcessPoolExecutor(max_workers=min(workers, games)) as pool:
            futures = [pool.submit(play_arena_game, game_id, kinds, seed, variant, index)
                       for index in range(games)]
            if on_start:
                on_start()
            try:
                for future in as_completed(futures):
                    records.append(future.result())
                    if on_game:
                        on_game(records[-1])
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    records.sort(key=lambda r: r.index)
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
        titles=_count_titles(game_id, records),
    )


def _count_titles(game_id: str, records: Sequence[GameRecord]) -> dict[str, int] | None:
    names = registry.get(game_id).achievement_names
    if not names:
        return None
    reached = [name for r in records for seat in r.achievements for name in seat]
    return {name: reached.count(name) for name in names}


def _ms(seconds: float) -> str:
    """Milliseconds, with a decimal where whole ones would all read 0."""
    ms = 1000 * seconds
    return f"{ms:.1f}" if ms < 10 else f"{ms:.0f}"


def results_table(result: ArenaResult, seed: int):
    """A rich table of the results, one row per given seat."""
    from rich.table import Table

    title = registry.get(result.game).title
    table = Table(
        title=f"{title}: {result.games} games, seed {seed}",
        caption=(f"score: mean final score; ms: thinking time per move. "
                 f"{result.mean_turns:.1f} turns a game, {result.seconds:.1f} s in all"
                 + "".join(f"\n{name}: reached in {count} of {result.games} games"
                           for name, count in (result.titles or {}).items())),
    )
    for header in ("seat", "kind", "wins", "win rate", "95% CI", "score", "ms/move", "max ms"):
        table.add_column(header, justify="left" if header == "kind" else "right")
    for i, kind in enumerate(result.seats):
        lo, hi = result.ci95[i]
        table.add_row(
            str(i + 1), kind, f"{result.wins[i]:g}", f"{result.win_rate[i]:.1%}",
            f"{lo:.0%}-{hi:.0%}", f"{result.mean_score[i]:.2f}",
            _ms(result.mean_move_seconds[i]), _ms(result.max_move_seconds[i]),
        )
    return table


def arena_command(
    game_id: str,
    kinds: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    variant: str | None = None,
    workers: int | None = None,
    json_path: str | None = None,
) -> int:
    """`gemtable arena`: progress on stderr, the table (or only JSON) on stdout."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    err = Console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(),
        console=err, transient=True, disable=not err.is_terminal,
    )
    task = progress.add_task(f"{game_id}: {' vs '.join(kinds)}", total=games)
    try:
        result = run_arena(
            game_id, kinds, games=games, seed=seed, variant=variant, workers=workers,
            on_start=progress.start, on_game=lambda _record: progress.advance(task),
        )
    except ValueError as error:
        err.print(f"gemtable arena: error: {error}", markup=False, highlight=False)
        return 2
    except KeyboardInterrupt:
        err.print("gemtable arena: interrupted", markup=False, highlight=False)
        return 130
    finally:
        progress.stop()
    payload = json.dumps(result.to_json())
    if json_path == "-":
        sys.stdout.write(payload + "\n")
        return 0
    if json_path is not None:
        try:
            with open(json_path, "w", encoding="utf-8") as f:
                f.write(payload + "\n")
        except OSError as error:
            err.print(f"gemtable arena: cannot write {json_path}: {error}", markup=False)
            return 1
    Console().print(results_table(result, seed))
    return 0
