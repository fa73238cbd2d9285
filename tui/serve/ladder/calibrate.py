"""`gemtable serve --calibrate-bots`: the bot levels placed on the ladder before
people meet them.

For each game, the bot kinds the server offers (its new-table form's list,
as the hub makes it) play each other in a tournament (ai/tournament.py:
every pairing in turn, seats rotated, each game's seed fixed by the run's
seed and the game's index), on this machine's cores: every two levels meet
the same number of times. Every game is recorded on the ladder as a
calibration game (`Ladder.record`, one transaction each), so the levels are
rated on the scale people share.

Why it is built this way:
- Two players a table in every game: every game here is playable by two,
  two seats tell the most per CPU second about which of two levels is the
  stronger, and Plackett-Luce rates a table of any size on the same scale.
- A seat role (Iridescia's Rhom) is left out: a level beside the game's
  automaton is a solo game, and a solo game rates nobody.
- A game's table id is fixed by the game, the seed, the kinds and the
  game's index, and the ladder counts a table id once: a rerun with the same
  seed adds nothing (it plays only the games missing, say after Ctrl-C), and
  another seed adds new games. A change in the kinds offered changes the
  pairings, hence the ids.
- Games are recorded in index order, a game that finishes early waiting for
  those before it: the ratings after a run do not depend on the workers'
  timing or number, and a run stopped by Ctrl-C has recorded the first games
  (each whole, and said), so the next run plays the rest.
- One process at a time holds the data folder (tui/serve/datalock.py):
  the ladder has one writer, so it is refused while a server runs there.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

import attrs

from gemtable.ai.backends import Backend, GameTask, LocalBackend, PlayedGame, default_workers
from gemtable.ai.base import seat_role
from gemtable.ai.tournament import TournamentError, check_pool, tournament_tasks

from ..botpool import offered_kinds
from ..datalock import DataFolderInUse, hold_data_folder, release_data_folder
from ..store import DataDir, DataDirError, default_data_dir
from .results import FinishedGame, SeatResult
from .store import Ladder, LadderError

PLAYERS = 2
"""Seats at every calibration table (see the module's notes)."""


GENERIC_KINDS = ("random", "greedy", "mcts")
"""Bots every game has by these names; `normal` and `expert` play as greedy and mcts
in most games, so calibrating both would pay twice for the same ratings."""


def calibration_kinds(game_id: str, exec_bots: Sequence[str] = ()) -> tuple[str, ...]:
    """The levels people choose from, the game's own bots and the operator's
    programs: every offered kind but the generic ones, and none that plays as
    the game's automaton."""
    return tuple(kind for kind in offered_kinds(game_id, exec_bots)
                 if kind not in GENERIC_KINDS and seat_role(kind, game_id) is None)


@attrs.frozen
class Plan:
    """`games` calibration games of one game among `kinds`, from `seed`."""

    game_id: str
    kinds: tuple[str, ...]
    games: int
    seed: int

    def tasks(self) -> list[GameTask]:
        return tournament_tasks(self.game_id, self.kinds, PLAYERS, games=self.games,
                                seed=self.seed)

    def table_id(self, index: int) -> str:
        # The kinds name the pairings: another list of kinds plays other games.
        kinds = hashlib.sha256("\n".join(self.kinds).encode()).hexdigest()[:8]
        return f"calibration-{self.game_id}-{self.seed}-{kinds}-{index}"


def make_plans(game_ids: Iterable[str], per_pairing: int, seed: int,
               exec_bots: Sequence[str] = ()) -> list[Plan]:
    """A plan per game, `per_pairing` games for each two of its kinds (so every
    level meets every other as often, however many a game has); TournamentError
    if a game's kinds cannot make a tournament."""
    plans = []
    for game_id in game_ids:
        kinds = calibration_kinds(game_id, exec_bots)
        check_pool(game_id, kinds, PLAYERS)
        plans.append(Plan(game_id, kinds, per_pairing * math.comb(len(kinds), PLAYERS), seed))
    return plans


def finished_game(plan: Plan, played: PlayedGame, finished_at: float) -> FinishedGame:
    """A calibration game as the ladder records it: each seat its kind, as a table's
    bot seat is named."""
    seats = [SeatResult(kind, "bot", int(place), float(score), moves=int(moves))
             for kind, place, score, moves in zip(played.seats, played.ranking, played.scores,
                                                  played.decisions, strict=True)]
    return FinishedGame(table_id=plan.table_id(played.index), game_id=played.game,
                        variant=played.variant, finished_at=finished_at, seats=seats,
                        source="calibration")


@attrs.frozen
class Progress:
    """A game recorded: the `done`th of `total` this run plays."""

    done: int
    total: int
    plan: Plan
    game: PlayedGame


@attrs.define
class Account:
    """What a run did for one game."""

    plan: Plan
    recorded_before: int = 0
    recorded_now: int = 0
    seconds: float = 0.0


def in_index_order(games: Iterator[PlayedGame], indexes: Sequence[int]) -> Iterator[PlayedGame]:
    """`games` (which arrive in any order) in the order of `indexes`."""
    waiting: dict[int, PlayedGame] = {}
    wanted = iter(indexes)
    next_index = next(wanted, None)
    for game in games:
        waiting[game.index] = game
        while next_index is not None and next_index in waiting:
            yield waiting.pop(next_index)
            next_index = next(wanted, None)


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C waits for the end of the block: a game recorded is counted and said too.
    (Python runs signal handlers on the main thread only; blocking the signal would
    not do, as the workers' manager thread would take it.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(signal.SIGINT, None)  # Python's own raises KeyboardInterrupt


def calibrate(ladder: Ladder, plans: Sequence[Plan], backend: Backend, *,
              progress: Callable[[Progress], None] = lambda _: None,
              accounts: list[Account] | None = None,
              clock: Callable[[], float] = time.time) -> list[Account]:
    """Play and record every planned game the ladder lacks. `accounts` (given,
    it is filled as the run goes) tells what was done should the run stop early."""
    accounts = [] if accounts is None else accounts
    missing = {plan: [task for task in plan.tasks() if not ladder.has_table(
        plan.table_id(task.index))] for plan in plans}
    total, done = sum(len(tasks) for tasks in missing.values()), 0
    for plan in plans:
        tasks = missing[plan]
        account = Account(plan, recorded_before=plan.games - len(tasks))
        accounts.append(account)
        started = time.perf_counter()
        games = backend.run(tasks)
        try:
            for played in in_index_order(games, [task.index for task in tasks]):
                with interrupts_held():
                    ladder.record(finished_game(plan, played, clock()))
                    done += 1
                    account.recorded_now += 1
                    progress(Progress(done, total, plan, played))
        finally:
            account.seconds = time.perf_counter() - started
            close = getattr(games, "close", None)
            if close is not None:
                close()  # the workers stop now, not when the generator is collected
    return accounts


def progress_line(step: Progress) -> str:
    game = step.game
    first = ", ".join(kind for kind, place in zip(game.seats, game.ranking, strict=True)
                      if place == 1)
    return (f"game {step.done} of {step.total}: {step.plan.game_id}, "
            f"{' v '.join(game.seats)}: {first} first ({sum(game.think):.1f} s)")


def duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{seconds:.1f} s"


def ratings_text(ladder: Ladder, account: Account) -> list[str]:
    """A game's levels as the ladder rates them now, best first, and the run's cost."""
    plan = account.plan
    played = account.recorded_now
    lines = [f"{plan.game_id}: {played} games played in {duration(account.seconds)}"
             + (f" ({account.seconds / played:.2f} s a game)" if played else "")
             + (f"; {account.recorded_before} recorded before" if account.recorded_before
                else "")]
    rows = [row for row in ladder.leaderboard(plan.game_id)
            if row.kind == "bot" and row.name in plan.kinds]
    width = max((len(row.name) for row in rows), default=0)
    for row in rows:
        lines.append(f"  {row.name:<{width}}  ordinal {row.ordinal:6.2f}   "
                     f"mu {row.mu:6.2f} ± {row.sigma:5.2f}   {row.games} games")
    return lines


@attrs.frozen
class CalibrationOptions:
    data: Path | None
    per_pairing: int
    """Games for each two levels of a game."""
    seed: int
    game_ids: tuple[str, ...]
    workers: int | None = None
    """Processes playing the games; None: every core."""
    exec_bots: tuple[str, ...] = ()


def run_calibration(options: CalibrationOptions, out: TextIO = sys.stdout,
                    err: TextIO = sys.stderr) -> int:
    """The command: 0 when done, 1 when refused, 130 when stopped by Ctrl-C."""
    try:
        plans = make_plans(options.game_ids, options.per_pairing, options.seed,
                           options.exec_bots)
        data = DataDir(options.data or default_data_dir())
        held = hold_data_folder(data.root)
    except (TournamentError, DataDirError, DataFolderInUse) as error:
        print(f"gemtable serve --calibrate-bots: {error}", file=err)
        return 1
    try:
        ladder = Ladder(data.ladder)
    except (LadderError, OSError) as error:
        release_data_folder(held)
        print(f"gemtable serve --calibrate-bots: {error}", file=err)
        return 1
    workers = options.workers or default_workers()
    print(f"Calibrating the bots of {', '.join(plan.game_id for plan in plans)}: "
          f"{options.per_pairing} games for each two levels (seed {options.seed}), {PLAYERS} "
          f"players a table, on {workers} processes. Ctrl-C stops; what is recorded stays.",
          file=out, flush=True)
    accounts: list[Account] = []
    started = time.perf_counter()
    stopped = False
    try:
        calibrate(ladder, plans, LocalBackend(workers), accounts=accounts,
                  progress=lambda step: print(progress_line(step), file=out, flush=True))
    except KeyboardInterrupt:
        stopped = True
    try:
        for account in accounts:
            print("\n".join(ratings_text(ladder, account)), file=out)
        recorded = sum(account.recorded_now for account in accounts)
        if stopped:
            print(f"Stopped: the {recorded} games recorded are kept; the same command again "
                  f"plays the rest.", file=out, flush=True)
            return 130
        print(f"Calibrated in {duration(time.perf_counter() - started)}: {recorded} games "
              f"recorded.", file=out, flush=True)
        return 0
    finally:
        ladder.close()
        release_data_folder(held)
