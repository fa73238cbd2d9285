"""Review of a finished game: for every move a person made, what the search
would have played and what the move cost.

Each decision is searched from the view the person had then (never the true
state, so a review tells nothing the player could not have known), with the
same budget and seed for every move. The cost of a move is the search's
value of its preferred move minus its value of the move played, never below
0: in win chance (0..1) with several players, in points in solo (and in a
game whose search weighs points with any number of seats). The three
costliest moves are the mistakes a review highlights.

Decisions are independent, so they are searched in parallel on every core,
one process each; a progress callback hears each one as it is done. The
result is cached beside the log (LOG.review.json), keyed by the log's text
and the review's budget and seed, so reading a review again is immediate.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from gemtable.engine import State, gamelog

from .backends import default_workers
from .base import BotKindError, make_bot
from .heuristics import heuristic_for
from .hints import hint, in_points

REVIEW_ITERATIONS = 1500
REVIEW_SEED = 0
MISTAKES = 3
CACHE_VERSION = 2

Progress = Callable[[int, int], None]
"""Called as (decisions reviewed, decisions in all)."""


@attrs.frozen
class ReviewedMove:
    index: int
    """Index of this action in the log (chance outcomes counted)."""
    seat: int
    turn: int
    played: str
    preferred: str
    """The search's choice (the played move when they agree)."""
    loss: float
    """What the move cost: win chance 0..1, or points in solo; 0 when it was the choice."""
    played_value: float
    preferred_value: float
    legal: int
    """How many moves were legal (1: nothing to choose)."""


@attrs.frozen
class GameReview:
    game: str
    seats: tuple[str, ...]
    solo: bool
    budget: int
    seed: int
    moves: tuple[ReviewedMove, ...]
    """Every decision of a person, in the order played."""
    scores: tuple[float, ...]

    @property
    def mistakes(self) -> tuple[ReviewedMove, ...]:
        """The costliest moves (at most three, each with a real loss), worst first."""
        costly = [m for m in self.moves if m.loss > 0]
        return tuple(sorted(costly, key=lambda m: (-m.loss, m.index))[:MISTAKES])

    def total_loss(self, seat: int) -> float:
        return sum(m.loss for m in self.moves if m.seat == seat)

    def choices(self, seat: int) -> tuple[ReviewedMove, ...]:
        """The seat's moves where more than one was legal."""
        return tuple(m for m in self.moves if m.seat == seat and m.legal > 1)

    def differing(self, seat: int) -> int:
        """How many of the seat's choices were not the search's."""
        return sum(1 for m in self.choices(seat) if m.played != m.preferred)

    def mean_loss(self, seat: int) -> float:
        """What a choice of the seat's cost on average (0 with no choices)."""
        return self.total_loss(seat) / max(1, len(self.choices(seat)))


def human_seats(seats: Sequence[str], game_id: str) -> tuple[int, ...]:
    """Seats played by people: every seat whose kind names no bot."""
    out = []
    for index, kind in enumerate(seats):
        try:
            make_bot(kind, game_id=game_id, seed=0)
        except BotKindError:
            out.append(index)
    return tuple(out)


@attrs.frozen
class Decision:
    """One move of a reviewed seat, as a worker process searches it."""

    index: int
    before: State[Any]
    """The true state before the move: only its view is searched."""
    played: str
    budget: int
    seed: int


def review_decision(decision: Decision) -> ReviewedMove:
    """Top level so worker processes can run it."""
    state = decision.before
    seat = state.to_move
    assert isinstance(seat, int)
    view = state.view(seat)
    legal = view.legal_actions()
    if len(legal) == 1:
        return ReviewedMove(decision.index, seat, state.turn, decision.played,
                            decision.played, 0.0, 0.0, 0.0, 1)
    found = hint(view, decision.seed, decision.budget, top=None)
    best = found.best
    played = next((m for m in found.moves if m.text == decision.played), None)
    played_value = played.value if played is not None else min(m.value for m in found.moves)
    loss = 0.0 if best.text == decision.played else max(0.0, best.value - played_value)
    return ReviewedMove(decision.index, seat, state.turn, decision.played, best.text, loss,
                        played_value, best.value, len(legal))


def cache_path(log_path: Path, seats: Sequence[int] | None = None) -> Path:
    """Where the review of `seats` (None: the default seats) is kept beside the log."""
    mark = "" if seats is None else "-seats-" + "-".join(str(s + 1) for s in sorted(seats))
    return log_path.with_name(f"{log_path.name}{mark}.review.json")


def _key(log_path: Path, budget: int, seed: int) -> str:
    digest = hashlib.sha256(log_path.read_bytes()).hexdigest()
    return f"{CACHE_VERSION}:{budget}:{seed}:{digest}"


def reviewed_seats(loaded: gamelog.LoadedLog, seats: Sequence[int] | None) -> tuple[int, ...]:
    """`seats`, or every seat a person played, or every seat when bots played them all."""
    header = loaded.header
    if seats is not None:
        return tuple(seats)
    return human_seats(header.seats, header.game) or tuple(range(header.players))


def decisions_of(loaded: gamelog.LoadedLog, seats: Sequence[int], budget: int,
                 seed: int) -> list[Decision]:
    """The moves of `seats` in a finished game (ValueError if it is not over)."""
    if not loaded.final.is_over:
        raise ValueError(f"{loaded.path}: the game is not finished, so there is nothing "
                         "to review yet")
    return [Decision(i, state, text, budget, seed)
            for i, (state, text) in enumerate(zip(loaded.states, loaded.actions, strict=False))
            if isinstance(state.to_move, int) and state.to_move in seats]


def assembled(loaded: gamelog.LoadedLog, moves: Sequence[ReviewedMove], budget: int,
              seed: int) -> GameReview:
    header = loaded.header
    return GameReview(game=header.game, seats=header.seats,
                      solo=in_points(heuristic_for(header.game), header.players),
                      budget=budget, seed=seed, moves=tuple(moves),
                      scores=tuple(float(s) for s in loaded.final.scores()))


def cached_review(path: Path, budget: int, seed: int,
                  seats: Sequence[int] | None = None) -> GameReview | None:
    """The kept review of the log at `path` for this budget, seed and seats, if any
    (OSError if the log cannot be read)."""
    return _read_cache(cache_path(path, seats), _key(path, budget, seed))


def keep_review(path: Path, review: GameReview, seats: Sequence[int] | None = None) -> None:
    """Keep `review` beside its log (nothing if the folder cannot be written)."""
    with contextlib.suppress(OSError):
        key = _key(path, review.budget, review.seed)
        cache_path(path, seats).write_text(
            json.dumps({"key": key, "review": attrs.asdict(review)}))


def review_log(path: str | Path, *, budget: int = REVIEW_ITERATIONS, seed: int = REVIEW_SEED,
               workers: int | None = None, progress: Progress | None = None,
               use_cache: bool = True, seats: Sequence[int] | None = None) -> GameReview:
    """Review the finished game in the log at `path` (gamelog.GameLogError if
    it cannot be read, ValueError if the game is not over).

    `seats`: whose moves to review (default: every seat a person played, or
    every seat when bots played them all)."""
    path = Path(path)
    try:
        cached = cached_review(path, budget, seed, seats) if use_cache else None
    except OSError as error:
        raise gamelog.GameLogError(f"{path}: cannot read ({error.strerror})") from None
    if cached is not None:
        return cached
    loaded = gamelog.load(path)
    decisions = decisions_of(loaded, reviewed_seats(loaded, seats), budget, seed)
    moves = _run(decisions, default_workers() if workers is None else workers, progress)
    review = assembled(loaded, moves, budget, seed)
    keep_review(path, review, seats)
    return review


def _run(decisions: list[Decision], workers: int, progress: Progress | None,
         ) -> list[ReviewedMove]:
    total = len(decisions)
    if progress:
        progress(0, total)
    if workers <= 1 or total <= 1:
        out = []
        for decision in decisions:
            out.append(review_decision(decision))
            if progress:
                progress(len(out), total)
        return out
    results: list[ReviewedMove] = []
    # A fork server, not a fork: a screen asking for a review runs threads.
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(min(workers, total), mp_context=context)
    try:
        try:
            # map keeps the order; chunks of one let progress tick per decision
            moves = pool.map(review_decision, decisions)
        except (OSError, ValueError, RuntimeError):
            # No processes to be had here: the same review, in this process.
            moves = map(review_decision, decisions)
        for move in moves:
            results.append(move)
            if progress:
                progress(len(results), total)
    finally:
        # A progress callback that raises gives the review up: what has not
        # started is dropped, not searched for nobody.
        pool.shutdown(wait=True, cancel_futures=True)
    return results


def _read_cache(where: Path, key: str) -> GameReview | None:
    try:
        record = json.loads(where.read_text())
        if record.get("key") != key:
            return None
        data = record["review"]
        return GameReview(
            game=data["game"], seats=tuple(data["seats"]), solo=data["solo"],
            budget=data["budget"], seed=data["seed"],
            moves=tuple(ReviewedMove(**m) for m in data["moves"]),
            scores=tuple(data["scores"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no cache, or one from another version: review afresh
