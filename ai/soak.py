"""Soak runs: many seeded games of every registered game, every invariant
checked after every action (gemtable.engine.invariants).

A soak game is a `SoakTask`: the game, player count, variant, which seats
are random and which greedy, and its seed. It depends on nothing else, so
any backend and any number of workers play the same games. A failing game
keeps its action texts, which with the seed replay it to the broken
position; `save_failure` writes them as a game log the replay viewer opens.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from gemtable.engine import CHANCE, State, chance_rng, registry
from gemtable.engine.gamelog import Header, write_complete
from gemtable.engine.invariants import Checked, end_problems, position_problems, state_problems

from .backends import Backend
from .base import make_bot
from .match import bot_seed

SEAT_KINDS = ("random", "greedy")
GREEDY_SHARE = 0.25
"""Share of seats played by the greedy bot: it plays like a person aiming at
points (long hands, full boxes) where random play rarely goes, but is slower."""
ACTIONS_PER_TURN = 200
"""A generous bound on actions within one turn: a game that takes more than
this many actions per turn of its `max_turns` is stuck in a loop."""


@attrs.frozen
class SoakTask:
    index: int
    game: str
    players: int
    variant: str
    seats: tuple[str, ...]
    seed: int
    thorough: bool = True
    """Every check at every position; otherwise only the cheap ones (the
    game's own invariants, conservation, whose move, the turn bound and the
    results), which lets a test run many more games in the same time."""


@attrs.frozen
class SoakResult:
    index: int
    game: str
    players: int
    variant: str
    seats: tuple[str, ...]
    seed: int
    actions: int
    """Actions applied, chance outcomes included."""
    turns: int
    seconds: float
    problems: tuple[str, ...] = ()
    """Empty for a game that kept every invariant."""
    played: tuple[str, ...] = ()
    """A failed game's action texts up to the broken position (kept only on failure)."""

    @property
    def failed(self) -> bool:
        return bool(self.problems)

    def describe(self) -> str:
        """The failure as a person reads it: what was played, and how to play it again."""
        lines = [
            f"{self.game} {self.players}p {self.variant}, seats {', '.join(self.seats)}, "
            f"seed {self.seed}: broken after action {len(self.played)}",
            *(f"  - {problem}" for problem in self.problems),
            f"  actions: {'; '.join(self.played) if self.played else '(none)'}",
        ]
        return "\n".join(lines)


def cases(game_id: str) -> list[tuple[int, str]]:
    """Every (player count, variant) the game offers."""
    game = registry.get(game_id)
    return [(players, variant.id) for players in game.player_counts()
            for variant in game.variants_for(players)]


def soak_tasks(game_ids: Sequence[str], games: int, seed: int = 0, *,
               greedy_share: float = GREEDY_SHARE, thorough_every: int = 1,
               first: int = 0) -> Iterator[SoakTask]:
    """`games` tasks per game, going round its cases so each is played alike;
    every `thorough_every`-th game of each gets every check.

    Games are numbered per game from 0 and each depends on its number alone,
    so games `first` to `first + games - 1` are exactly that stretch of a
    longer run: a long run can be played as ranges over several sittings.
    """
    index = 0
    for game_id in game_ids:
        table = cases(game_id)
        for number in range(first, first + games):
            players, variant = table[number % len(table)]
            game_seed = random.Random(f"soak:{seed}:{game_id}:{number}").getrandbits(63)
            picker = random.Random(game_seed)
            seats = tuple("greedy" if picker.random() < greedy_share else "random"
                          for _ in range(players))
            thorough = number % thorough_every == 0
            yield SoakTask(index, game_id, players, variant, seats, game_seed, thorough)
            index += 1


def soak_game(task: SoakTask) -> SoakResult:
    """Play one task, checking every position; stop at the first broken one."""
    started = time.perf_counter()
    game = registry.get(task.game)
    bound = game.max_turns(task.players, task.variant)
    # Random seats pick straight from the legal actions (what a random bot
    # does, without building the view it would be shown: the thorough games
    # check views), so that cheap games are cheap to soak.
    bots = [None if kind == "random" else
            make_bot(kind, game_id=task.game, seed=bot_seed(task.seed, seat))
            for seat, kind in enumerate(task.seats)]
    pick_rng = random.Random(f"{task.seed}:random seats")
    check_rng = random.Random(f"{task.seed}:checks")

    # A thorough check applies every legal action and builds every seat's
    # view: the move played next is taken from those (the same states, as
    # apply and view are functions of the position) instead of made again.
    built = Checked()

    def check(position: State[Any]) -> list[str]:
        built.successors.clear()
        built.views.clear()
        if task.thorough:
            return position_problems(position, start_counts, bound, check_rng, built)
        problems = state_problems(position, start_counts, bound)
        return problems + end_problems(position) if position.is_over else problems

    played: list[str] = []
    state: State[Any] | None = None

    def result(problems: Iterable[str] = ()) -> SoakResult:
        problems = tuple(problems)
        return SoakResult(
            task.index, task.game, task.players, task.variant, task.seats, task.seed,
            len(played), state.turns if state is not None else 0,
            time.perf_counter() - started, problems, tuple(played) if problems else (),
        )

    try:
        state = game.new(task.players, task.seed, task.variant)
        start_counts = state.component_counts()
        problems = check(state)
        while not problems and not state.is_over:
            if len(played) > ACTIONS_PER_TURN * max(bound, 1):
                return result([f"{len(played)} actions without the game ending"])
            mover = state.to_move
            if mover is CHANCE:
                action = state.sample_chance(chance_rng(task.seed, len(played)))
            else:
                assert isinstance(mover, int)
                bot = bots[mover]
                if bot is None:
                    action = pick_rng.choice(state.legal_actions())
                else:
                    view = built.views.get(mover)
                    action = bot.choose(view if view is not None else state.view(mover))
            text = str(action)
            state = _next_state(state, action, built.successors)
            played.append(text)
            problems = check(state)
        return result(problems)
    except Exception as error:  # noqa: BLE001 - a crash is a finding, reported like any other
        where = traceback.extract_tb(error.__traceback__)[-1]
        return result([f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno})"])


def _next_state(state: State[Any], action: object, successors: list[State[Any]]) -> State[Any]:
    """`state.apply(action)`, taken from the successors the checks made when they did."""
    if successors:
        for index, legal in enumerate(state.legal_actions()):
            if legal == action:
                return successors[index]
    return state.apply(action)


def save_failure(failure: SoakResult, folder: Path) -> Path:
    """Write a failed game as a log (seed and actions up to the broken position)."""
    game = registry.get(failure.game)
    state = game.new(failure.players, failure.seed, failure.variant)
    states, actions = [state], []
    for text in failure.played:
        action = state.parse_action(text)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    header = Header(failure.game, failure.variant, failure.players, failure.seats, failure.seed)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"soak-{failure.game}-{failure.seed}.jsonl"
    if path.exists():
        path.unlink()  # the same seed failing again: its log is the same game
    write_complete(path, header, states, actions)
    return path


@attrs.define
class SoakTotals:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    """Time spent playing and checking, summed over workers."""
    failures: list[SoakResult] = attrs.field(factory=list)

    def add(self, played: SoakResult) -> None:
        self.games += 1
        self.actions += played.actions
        self.seconds += played.seconds
        if played.failed:
            self.failures.append(played)


def run_soak(tasks: Iterable[SoakTask], backend: Backend, *,
             on_game: Callable[[SoakResult], None] | None = None) -> SoakTotals:
    """Play every task on `backend` (local processes or Ray) and add them up."""
    totals = SoakTotals()
    for played in backend.run_each(soak_game, tasks):
        totals.add(played)
        if on_game is not None:
            on_game(played)
    totals.failures.sort(key=lambda f: f.index)
    return totals
