"""Levels a person understands: easy, normal, hard, expert.

Each level is a name for a bot and a budget (the game's heuristic does the
game-specific part). The common mapping:

- easy: greedy's judgement with a wandering eye. It ranks the moves as greedy
  does, plays the best one only now and then and otherwise any of the
  better half: always legal and never absurd, but it misses what an
  attentive beginner sees (a sure purchase, a block).
- normal: greedy, the one-move look-ahead.
- hard: a short search, `mcts:100`, in one process.
- expert: the default search, `mcts` (1,500 iterations a move, or the
  game's own budget, on the spare cores when there are any).

Where the common mapping leaves two neighbours of the same strength, a game
moves its middle levels (`LEVELS` in its module of ai/heuristics/, beside
the rest of its bots' knowledge): a normal that slips from greedy's
choice now and then, a hard with another budget. A game may change what a
level plays as, never whether it searches, so `hard` and `expert` take
`@WORKERS` like any search kind in every game.

Why these gaps: each level should beat the one below it clearly, or a
person cannot tell them apart, and a tournament of the four must rank them
apart (docs/performance.md, "Levels"). When easy played greedy's best move
35% of the time (else one of the better third) and hard was `mcts:300`,
Jowhari's easy won 12 of 27 games against normal and hard 12 of 26 against
expert.
"""

from __future__ import annotations

import random
from typing import Any

from gemtable.engine import State

from .base import check_view, decision_rng
from .heuristics import Heuristic, LevelTarget, Loose, levels_for
from .simple import GreedyBot

EASY = Loose(best=0.15, pool=0.5)

LEVELS: dict[str, LevelTarget] = {
    "easy": EASY,
    "normal": "greedy",
    "hard": "mcts:100",
    "expert": "mcts",
}
"""Level -> the kind it plays as, or how loosely it follows greedy (its own bot)."""

LEVEL_KINDS = tuple(LEVELS)


def target_words(target: LevelTarget) -> str:
    """What playing against a level's target is like, in one line for menus.

    Worded from the target itself, so a game that moves a level (its `LEVELS`)
    is described as it plays there, and the README's table agrees."""
    if isinstance(target, Loose):
        if target.best < 0.25:
            return "a beginner: often misses the best move"
        if target.best < 0.6:
            return "a casual player who often slips"
        return "looks one move ahead, slips at times"
    name, _, budget = target.partition(":")
    if name == "greedy" and not budget:
        return "a casual player: looks one move ahead"
    if name == "mcts" and budget:
        return f"a short search: {budget} tries a move"
    if name == "mcts":
        return "the full search, about a second a move"
    return target


def level_words(kind: str, game_id: str | None = None) -> str:
    """The one-line description of a level (`hard@2` too) as it plays in `game_id`
    (without a game, the common mapping); '' for other kinds."""
    base = kind.partition("@")[0]
    if base not in LEVELS:
        return ""
    return target_words(level_target(base, game_id))


def level_target(level: str, game_id: str | None = None) -> LevelTarget:
    """What `level` plays as in `game_id` (without a game, the common mapping)."""
    moved = levels_for(game_id) if game_id else {}
    return moved.get(level, LEVELS[level])


LOOSE = "loose"
"""The technical kind `loose:BEST/POOL/LEAST`: a Loose written out."""


def loose_kind(loose: Loose) -> str:
    return f"{LOOSE}:{loose.best}/{loose.pool}/{loose.least}"


def level_kind(kind: str, game_id: str | None = None) -> str:
    """The technical kind behind a level in `game_id` (`hard@2` -> `mcts:100@2`,
    `easy` -> `loose:0.15/0.5/3`); any other kind comes back unchanged.

    A results file records it, so that a resumed run notices changed levels.
    A game may change what a level plays as but not whether it searches (a
    test holds every game to it), so the mapping without a game is enough
    for `@WORKERS`."""
    base, at, workers = kind.partition("@")
    if base not in LEVELS:
        return kind
    target = level_target(base, game_id)
    return (target if isinstance(target, str) else loose_kind(target)) + at + workers


def parse_loose(kind: str) -> Loose | None:
    """The Loose a `loose:...` kind names; None if it is no such kind; ValueError if bad."""
    name, colon, text = kind.partition(":")
    if name != LOOSE or not colon:
        return None
    parts = text.split("/")
    try:
        if len(parts) != 3:
            raise ValueError
        best, pool, least = float(parts[0]), float(parts[1]), int(parts[2])
    except ValueError:
        raise ValueError(f"bad {kind!r}: use loose:BEST/POOL/LEAST, e.g. loose:0.85/0.1/2") from None
    if not (0 <= best <= 1 and 0 < pool <= 1 and least >= 1):
        raise ValueError(f"bad {kind!r}: BEST lies in 0-1, POOL in (0, 1], LEAST is 1 or more")
    return Loose(best, pool, least)


class EasyBot:
    """Greedy's ranking, followed loosely (see the module's notes)."""

    def __init__(self, heuristic: Heuristic[Any], *, seed: int, kind: str = "easy",
                 loose: Loose = EASY) -> None:
        self.kind = kind
        self.loose = loose
        self.seed = seed
        self.greedy = GreedyBot(heuristic, seed=seed)
        self.heuristic = heuristic

    def choose(self, view: State[Any]) -> object:
        seat = check_view(view)
        legal = list(view.legal_actions())
        settled = self.greedy.settled(view, legal)
        if settled is not None:
            return settled
        rng = decision_rng(self.seed, view)
        return pick_loosely(self.greedy.rank(view, seat, legal, rng), rng, self.loose)


def pick_loosely(ranked: list[object], rng: random.Random, loose: Loose = EASY) -> object:
    """The best move now and then, else any of the better share (half, for easy)."""
    if rng.random() < loose.best:
        return ranked[0]
    pool = max(loose.least, round(len(ranked) * loose.pool))
    return rng.choice(ranked[:pool])
