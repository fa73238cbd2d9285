"""Levels a person understands: easy, normal, hard, expert.

Each level is a name for a bot and a budget, the same for every game (the
game's heuristic does the game-specific part):

- easy: greedy's judgement with a wandering eye. It ranks the moves as greedy
  does, plays the best one only now and then and otherwise any of the
  better half: always legal and never absurd, but it misses what an
  attentive beginner sees (a sure purchase, a block).
- normal: greedy, the one-move look-ahead.
- hard: a short search, `mcts:100`, in one process.
- expert: the default search, `mcts` (1,500 iterations a move, on the spare
  cores when there are any).

`hard` and `expert` take `@WORKERS` like any search kind.

Why these gaps: each level should beat the one below it clearly, or a
person cannot tell them apart. When easy played greedy's best move 35% of
the time (else one of the better third) and hard was `mcts:300`, Jowhari's
easy won 12 of 27 games against normal and hard 12 of 26 against expert
(docs/performance.md, "Levels"). In Jewel Box hard and expert are still
even: its search gains nothing past a hundred iterations.
"""

from __future__ import annotations

import random

from gemtable.engine import State

from .base import check_view, decision_rng
from .heuristics import Heuristic
from .simple import GreedyBot

LEVELS: dict[str, str] = {
    "easy": "easy",
    "normal": "greedy",
    "hard": "mcts:100",
    "expert": "mcts",
}
"""Level -> the kind it plays as (easy is its own bot)."""

LEVEL_KINDS = tuple(LEVELS)

LEVEL_WORDS: dict[str, str] = {
    "easy": "a beginner: often misses the best move",
    "normal": "looks one move ahead (greedy)",
    "hard": "a short search (mcts:100)",
    "expert": "the full search, about a second a move",
}
"""One line per level for menus: what playing against it is like."""


def level_words(kind: str) -> str:
    """The one-line description of a level (`hard@2` too); '' for other kinds."""
    return LEVEL_WORDS.get(kind.partition("@")[0], "")

EASY_BEST_SHARE = 0.15
"""How often easy plays the move greedy likes best."""
EASY_POOL_SHARE = 0.5
"""Otherwise it picks uniformly among this share of the moves, greedy's best first."""
EASY_POOL_MIN = 3


def level_kind(kind: str) -> str:
    """The technical kind behind a level (`hard@2` -> `mcts:100@2`); other kinds unchanged."""
    base, at, workers = kind.partition("@")
    if base in LEVELS and base != "easy":
        return LEVELS[base] + at + workers
    return kind


class EasyBot:
    """Greedy's ranking, followed loosely (see the module's notes)."""

    def __init__(self, heuristic: Heuristic, *, seed: int, kind: str = "easy") -> None:
        self.kind = kind
        self.seed = seed
        self.greedy = GreedyBot(heuristic, seed=seed)
        self.heuristic = heuristic

    def choose(self, view: State) -> object:
        seat = check_view(view)
        legal = list(view.legal_actions())
        if len(legal) == 1:
            return legal[0]
        forced = self.heuristic.policy_action(view)
        if forced is not None:
            return forced
        rng = decision_rng(self.seed, view)
        rng.shuffle(legal)  # a seeded tie-break, as in greedy
        sample = view.determinize(rng)
        ranked = sorted(legal, key=lambda a: self.greedy.expected_value(sample.apply(a), seat, rng),
                        reverse=True)
        return pick_loosely(ranked, rng)


def pick_loosely(ranked: list[object], rng: random.Random) -> object:
    """The best move now and then, else any of the better half."""
    if rng.random() < EASY_BEST_SHARE:
        return ranked[0]
    pool = max(EASY_POOL_MIN, round(len(ranked) * EASY_POOL_SHARE))
    return rng.choice(ranked[:pool])
