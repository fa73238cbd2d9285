"""Per-game knowledge for the generic bots, looked up by game id.

A game with no entry here still gets every generic bot: `Heuristic` itself
values a position by score difference, plays out at random and has no bots of
its own. Adding a game's knowledge is one module in this folder that exposes
`HEURISTIC` (an instance of a `Heuristic` subclass) and `LEVELS` (where the
game's levels differ from the common mapping of ai/levels.py, and why), and
one line in HEURISTIC_MODULES.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping
from functools import cache
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

import attrs

from gemtable.engine import CHANCE, State

if TYPE_CHECKING:
    from gemtable.ai.base import Bot

HEURISTIC_MODULES: dict[str, str] = {
    "jowhari": "gemtable.ai.heuristics.jowhari",
    "jewelbox": "gemtable.ai.heuristics.jewelbox",
    "workbench": "gemtable.ai.heuristics.workbench",
    "marylia": "gemtable.ai.heuristics.marylia",
    "iridescia": "gemtable.ai.heuristics.iridescia",
}

S = TypeVar("S", bound=State[Any])
"""The state type of the game a heuristic knows."""


@attrs.frozen
class Loose:
    """How loosely a bot follows greedy's ranking of the moves (a level's bot,
    ai/levels.py)."""

    best: float
    """How often it plays the move greedy likes best."""
    pool: float
    """Otherwise it picks uniformly among this share of the moves, greedy's best first."""
    least: int = 3
    """... and among at least this many (or all there are)."""


SLIPPING = Loose(best=0.85, pool=0.1, least=2)
"""Greedy that now and then plays its second or third choice."""

LevelTarget: TypeAlias = str | Loose
"""What a level plays as: a bot kind, or how loosely it follows greedy."""

DECIDED = 1_000_000.0
"""`Heuristic.value` of a finished game won outright; no estimate comes near it."""


class Heuristic(Generic[S]):
    """How bots judge positions of one game; the base class knows only scores.

    Generic over the game's state type: a game's heuristic subclasses
    `Heuristic[ItsState]`, and its methods take that state type.

    `values` is the one method a game usually overrides. The others turn those
    values into what each bot needs, and a game may override them too.
    """

    playout_depth: int = 8
    """Plies an MCTS playout runs before `rewards` judges where it stopped."""
    exploration: float = 0.7
    """UCT exploration constant; rewards lie in [0, 1]."""
    expand_after: int = 0
    """Visits a node below the MCTS root is judged as it stands before it
    branches; 0 branches at once. `expansion_delay` may vary it by position."""
    root_prior: float = 0.0
    """Weight of greedy's opinion of each first move in MCTS (progressive bias);
    0 leaves the search unbiased."""
    search_iterations: int | None = None
    """Budget of a plain `mcts` bot in this game; None: the common default
    (ai/mcts.py). A game whose judgement of a position costs far more than
    most sets a smaller one, so a move still takes about a second."""
    prior_visits: int = 0
    """Visits that the game's own reckoning of each first move
    (`first_move_rewards`) is worth at the MCTS root: each move starts with
    that many visits at that reward, so the search leaves the reckoning only
    for a move its own iterations find better. 0: not asked. An iteration
    budget below this many goes without it (ai/mcts.py, `_seed_root`)."""
    rewards_are_points: bool = False
    """True: with any number of seats, `rewards` are each seat's own expected
    score squeezed into [0, 1] (`solo_low`, `solo_span`), not a share of
    the win, so hints, insight and reviews report points, as in solo."""
    temperature: float = 1.0
    """Value difference worth a factor e in estimated winning chances."""
    solo_scale: float = 10.0
    """With one seat there is no rival to compare with: a value of `solo_scale`
    counts as odds of e to 1 of winning."""
    bots: Mapping[str, Callable[[int], Bot]] = MappingProxyType({})
    """Per-game bots: KIND -> factory taking the bot's seed."""
    roles: Mapping[str, str] = MappingProxyType({})
    """Per-game bots that play one of the game's seat roles (`Game.seat_roles`,
    an automaton such as the Rhom deck): KIND -> role."""

    def values(self, state: S) -> tuple[float, ...]:
        """Each seat's standing, higher is better; the fallback is the score."""
        return tuple(float(score) for score in state.scores())

    def value(self, state: S, seat: int) -> float:
        """How good `state` is for `seat` against its best rival (greedy's measure)."""
        if state.is_over:
            shares = state.outcome()
            rival = max((s for i, s in enumerate(shares) if i != seat), default=0.0)
            return DECIDED * (shares[seat] - rival)
        values = self.values(state)
        if len(values) == 1:
            return values[0]
        return values[seat] - max(v for i, v in enumerate(values) if i != seat)

    def expansion_delay(self, view: S) -> int:
        """`expand_after` for a search from `view`."""
        return self.expand_after

    def rewards(self, state: S) -> tuple[float, ...]:
        """Estimated share of the win per seat (sums to 1), for MCTS cut-offs.

        A softmax of the values: equal standing splits the win evenly, and a
        lead of `temperature` multiplies a seat's odds by e.
        """
        if state.is_over:
            return state.outcome()
        values = self.values(state)
        if len(values) == 1:
            return (1.0 / (1.0 + math.exp(-values[0] / self.solo_scale)),)
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def playout_action(self, state: S, rng: random.Random) -> object:
        """The move a playout makes for the seat to act (chance steps excluded)."""
        return rng.choice(state.legal_actions())

    def playout_rewards(self, state: S, rng: random.Random) -> tuple[float, ...]:
        """What an MCTS playout that stopped at `state` earns each seat; a game
        may play on from there in its own way, drawing chance from `rng`."""
        return self.rewards(state)

    observes: bool = False
    """Whether `observation` can name anything: MCTS asks it only when set."""

    def observation(self, before: S, after: S) -> Hashable | None:
        """What the searching seat learns by the step from `before` to `after`
        beyond the step itself (a card turned face up for all to see), or None.

        MCTS branches on it as on a chance outcome, so that the moves below
        are told apart by what the seat would then see: without it, a node
        reached by the same actions holds positions the seat could tell
        apart (a different card drawn in each sample). It must name only
        what the root's seat sees once the step is made, never a secret of
        another seat, or the tree would plan on knowledge it lacks."""
        return None

    def first_move_rewards(self, view: S) -> Mapping[object, float] | None:
        """The reward (as `rewards` gives the seat to move) that the game's own
        exact reckoning expects from each legal move of `view`, or None. Asked
        once a search when `prior_visits` is set; it must read only `view`."""
        return None

    def policy_action(self, state: S) -> object | None:
        """A move the game's own policy makes without search (a sealed bid,
        say), or None to let the bot decide. Greedy and MCTS play it directly,
        in their choice and inside the search. It must read only what the seat
        to move may know, since `state` may be a sampled position."""
        return None


def advance_chance(state: S, rng: random.Random) -> S:
    """`state` after sampling every chance step in a row that starts at it."""
    while state.to_move is CHANCE:
        state = state.apply(state.sample_chance(rng))
    return state


@cache
def heuristic_for(game_id: str) -> Heuristic[Any]:
    """The game's heuristic, or the score-only fallback when it has none."""
    module = HEURISTIC_MODULES.get(game_id)
    if module is None:
        return Heuristic()
    return import_module(module).HEURISTIC


def levels_for(game_id: str) -> Mapping[str, LevelTarget]:
    """Where the game's levels differ from the common mapping: its heuristic
    module's `LEVELS`; nothing for a game without a heuristic of its own."""
    module = HEURISTIC_MODULES.get(game_id)
    if module is None:
        return MappingProxyType({})
    levels: Mapping[str, LevelTarget] = import_module(module).LEVELS
    return levels


__all__ = ["DECIDED", "HEURISTIC_MODULES", "SLIPPING", "Heuristic", "LevelTarget", "Loose",
           "advance_chance", "heuristic_for", "levels_for"]
