"""Hints and insight: what the search thinks of a position, from one seat's view.

`hint(view, seed, budget)` searches from the view of the seat to move and
returns its top moves, each with its share of the root's visits and its
estimated win chance (in solo: the expected final score). `insight(bot)` reads
the same figures from a thinking bot's latest tree, and `watch(bot, ...)`
hands them over while it thinks. Everything here starts from a view, so a
hint tells nothing a seat could not know: two true positions with the same
view give the same hint for the same seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs

from gemtable.engine import State

from .base import check_view
from .heuristics import Heuristic, heuristic_for
from .mcts import MctsBot
from .mcts_tree import Node

HINT_ITERATIONS = 1500
"""A hint's default budget: the default bot's, about a second on one core."""
TOP_MOVES = 3


@attrs.frozen
class MoveEstimate:
    action: object
    text: str
    """The action in the game's notation (what a log or `:` line takes)."""
    visits: int
    share: float
    """Share of the root's visits, 0..1: how much the search believed in it."""
    value: float
    """Estimated win chance 0..1, or the expected final score (`Hint.solo`)."""


@attrs.frozen
class Hint:
    seat: int
    solo: bool
    """True: `value` is an expected score, not a win chance (`in_points`)."""
    moves: tuple[MoveEstimate, ...]
    """Best first (most visited); at most `TOP_MOVES` unless asked for more."""
    iterations: int

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]


def hints_on_by_default(people: int, *, shared: bool) -> bool:
    """A table's default for its hint setting: on when one person plays
    (against bots, or alone), off at a shared table with more than one person,
    where a hint would be help one rival gets and another may not ask for.
    Hot-seat play on one terminal counts as not shared: everyone sees the hint
    key and may use it alike."""
    return not (shared and people > 1)


def solo_score(heuristic: Heuristic[Any], reward: float) -> float:
    """A solo reward turned back into points. Solo rewards are the heuristic's
    score estimate squeezed into [0, 1]: linearly (`solo_low`, `solo_span`,
    where a game defines them) or else by the base class's logistic curve."""
    low = getattr(heuristic, "solo_low", None)
    span = getattr(heuristic, "solo_span", None)
    if isinstance(low, float) and isinstance(span, float):
        return low + span * reward
    r = min(1 - 1e-9, max(1e-9, reward))
    return heuristic.solo_scale * math.log(r / (1 - r))


def in_points(heuristic: Heuristic[Any], players: int) -> bool:
    """Whether the search's values are expected points (solo, or a game whose
    rewards are points with any number of seats) rather than win chances."""
    return players == 1 or heuristic.rewards_are_points


def estimates(root: Node, view: State[Any], heuristic: Heuristic[Any], top: int | None = TOP_MOVES,
              ) -> tuple[MoveEstimate, ...]:
    """The root's moves, most visited first (mean reward, then legal order, break ties)."""
    legal = view.legal_actions()
    seen = [a for a in legal if a in root.children and root.children[a].visits > 0]
    total = sum(root.children[a].visits for a in seen) or 1
    order = sorted(seen, key=lambda a: (-root.children[a].visits,
                                        -root.children[a].reward / root.children[a].visits,
                                        legal.index(a)))
    solo = in_points(heuristic, view.players)
    out = []
    for action in order if top is None else order[:top]:
        child = root.children[action]
        mean = child.reward / child.visits
        out.append(MoveEstimate(action=action, text=str(action), visits=child.visits,
                                share=child.visits / total,
                                value=solo_score(heuristic, mean) if solo else mean))
    return tuple(out)


def _single_move(view: State[Any], seat: int) -> Hint:
    action = view.legal_actions()[0]
    return Hint(seat, in_points(heuristic_for(view.game.id), view.players),
                (MoveEstimate(action, str(action), 0, 1.0, math.nan),), 0)


def hint(view: State[Any], seed: int, budget: int = HINT_ITERATIONS, *, workers: int = 1,
         top: int | None = TOP_MOVES, progress: Callable[[Hint], None] | None = None,
         every: int = 100) -> Hint:
    """The search's top moves for the seat whose view this is (it must be to move).

    Reproducible: the same view, seed, budget and workers give the same hint.
    With a single legal move there is nothing to weigh: it comes back with no
    visits and an unknown (NaN) value. `progress` hears the top moves so far
    every `every` iterations (as `watch`); an exception it raises stops the
    search and comes out of here (how a caller gives up on a hint)."""
    seat = check_view(view)
    if len(view.legal_actions()) == 1:
        return _single_move(view, seat)
    heuristic = heuristic_for(view.game.id)
    bot = MctsBot(heuristic, seed=seed, iterations=budget, workers=workers)
    if progress is not None:
        watch(bot, progress, every=every)
    if workers > 1:
        root = bot.search_parallel(view, workers)
    else:
        from .base import decision_rng

        root = bot.search(view, decision_rng(seed, view))
    return Hint(seat, in_points(heuristic, view.players), estimates(root, view, heuristic, top),
                bot.last_iterations)


def insight(bot: object, view: State[Any], top: int | None = TOP_MOVES) -> Hint | None:
    """What a search bot considered for its latest move, from `view` (the view
    it was given); None for a bot that does not search or has not yet."""
    if not isinstance(bot, MctsBot) or bot.last_root is None:
        return None
    seat = check_view(view)
    return Hint(seat, in_points(bot.heuristic, view.players),
                estimates(bot.last_root, view, bot.heuristic, top),
                bot.last_iterations)


def watch(bot: object, on_insight: Callable[[Hint], None], *, every: int = 100) -> None:
    """Have a search bot call `on_insight` every `every` iterations while it
    thinks (from the thread it thinks in), with its top moves so far. A
    search in several processes reports once, when its trees are merged.
    A bot that does not search is left alone."""
    if not isinstance(bot, MctsBot):
        return

    def report(root: Node, view: State[Any], iterations: int) -> None:
        seat = check_view(view)
        on_insight(Hint(seat, in_points(bot.heuristic, view.players),
                        estimates(root, view, bot.heuristic),
                        iterations))

    bot.progress = report
    bot.progress_every = every
