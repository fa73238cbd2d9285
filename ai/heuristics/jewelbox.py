"""Jewel Box knowledge for the bots: what a box still being built will score.

Two judges, for two kinds of bot:

- Search (MCTS, hints, review) judges a position with a value learned from
  self-play (jewelbox_tuples.py: the points a box holds plus tables of what
  its empty squares are expected to bring) and one turn reckoned exactly
  from there (jewelbox_turn.SearchJudge): the die in expectation over the
  log, the best square for each beetle, the Glass and Forceps when they pay,
  and solo the best discard over every refill the unseen beetles allow.
- Greedy (and the loose levels built on it) judges with a hand-set rule of
  thumb, the weighted terms of jewelbox_terms.py: finished parts count what
  they score; unfinished parts count a share of what they could still
  become, the share set by the room around them and the beetles still to
  come. Every empty square is worth `empty` points, what a beetle scores on
  average, so boxes at different stages compare. It is what a casual player
  weighs in one look, and stays the baseline the search is measured against.

Neither looks at the face-down pile, only at how many of each family are
still unseen.
"""

from __future__ import annotations

import math
from operator import mul
from types import MappingProxyType

import attrs

from gemtable.engine.games.jewelbox.actions import FACES
from gemtable.engine.games.jewelbox.components import (
    EITHER,
    GLASS,
    TOOL_POINTS,
    Geometry,
)
from gemtable.engine.games.jewelbox.state import (
    CHOOSING,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
)

from . import SLIPPING, Heuristic, LevelTarget
from .jewelbox_tables import keep_chance, tables
from .jewelbox_terms import box_terms, hand_row
from .jewelbox_tuples import shipped
from .jewelbox_turn import PlannerBot, SearchJudge, unseen_supply

# Levels moved from the common mapping (ai/levels.py; docs/performance.md,
# "Levels"). The full search starts from the planner's reckoning of every
# move, so any budget that keeps it is as strong; below it a search weighs
# only as many moves as it has iterations: twelve won 55% against greedy,
# thirty 80% (60 games each), the full search 84% (200). Greedy that slips
# wins 22 in 100 against greedy, so: slipping greedy, then mcts:12.
LEVELS: dict[str, LevelTarget] = {"normal": SLIPPING, "hard": "mcts:12"}


@attrs.frozen
class Weights:
    empty: float = 2.0
    """Points an empty square of the box is expected to bring."""
    scarab_risk: float = 0.25
    """Chance an open neighbour spoils a Scarab, per family around it already."""
    weevil_grow: float = 0.5
    """Share of a line's next step counted while an end is open."""
    weevil_pair: float = 0.35
    """Share of a two-line's points counted for a lone Weevil with room beside it."""
    ladybug_complete: float = 0.8
    """Share of the missing points counted for an unfinished set of five."""
    longhorn_fix: float = 0.6
    """Chance an odd number of Longhorns becomes even later."""
    jewel_pair: float = 0.45
    """Share of a pair's points counted for a lone Jewel beetle with room."""
    tool_option: float = 1.0
    """Worth of an unused tool beyond its points at the start, fading to 0."""

    @classmethod
    def scored_only(cls) -> Weights:
        """No prospects at all: a box is then valued at the points it already
        holds, as the engine scores them (a Scarab whose frame is not settled
        yet at its edge and inner points weighted by where the frame may end)."""
        return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


class JewelBoxHeuristic(Heuristic[JewelBoxState]):
    playout_depth = 0
    search_iterations = 200
    exploration = 0.1
    prior_visits = 100
    multi_expand_after = 12
    """With several seats, a node below the root is judged as it stands (the
    judge already counts the turn of the seat to act) for this many visits
    before it branches, so the rivals' moves are not averaged over random
    untried squares. Solo search branches at once."""
    rival_turn = 1.0
    """Search with several seats: how much of the coming turn a seat not to
    act is credited with, from the log as it stands (0: its box alone)."""
    rewards_are_points = True
    solo_low = 20.0
    solo_span = 60.0
    """Search rewards: each seat's value mapped linearly from [low, low + span]
    to [0, 1]. With several seats too: boxes meet only through the log, and
    a share of the win would swing with the beetles sampled for the rivals,
    drowning the difference between two squares for this one."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        w = self.weights
        self._scarab_keep = tuple(
            tuple(keep_chance(w.scarab_risk, seen, open_) for open_ in range(5)) for seen in range(5)
        )
        self._hand_row = hand_row(w)
        self._judges: dict[tuple[int, float], SearchJudge] = {}

    # --- greedy's value of a box -------------------------------------------------------
    @property
    def hand_row(self) -> tuple[float, ...]:
        """The hand-set weights as a row of `TERMS` weights."""
        return self._hand_row

    def box_value(self, geo: Geometry, masks: tuple[int, ...], tools: int,
                  supply: tuple[int, ...]) -> float:
        """Greedy's expected final points of a box with these family masks,
        tools included: its terms weighted by the hand-set weights."""
        terms = box_terms(geo, masks, tools, supply, self._scarab_keep)
        return sum(map(mul, self._hand_row, terms))

    @staticmethod
    def supply(state: JewelBoxState) -> tuple[int, ...]:
        """Beetles of each family not in any box, hand or discard: the log and pile."""
        return tuple(unseen_supply(state))

    def best_place(self, state: JewelBoxState, seat: int, family: int, supply: tuple[int, ...]) -> float:
        """The best box value after putting a `family` beetle on a legal square."""
        box = state.seats[seat]
        return self.best_square(state.geometry, box.masks, box.tools, family, supply)[0]

    def best_square(self, geo: Geometry, masks: tuple[int, ...], tools: int, family: int,
                    supply: tuple[int, ...]) -> tuple[float, int]:
        """The best box value for a `family` beetle in a box of these masks, and
        the square (a one-bit mask) that gives it; the first best on a tie."""
        trial = list(masks)
        original = masks[family]
        spots = geo.placement_mask(masks[0] | masks[1] | masks[2] | masks[3] | masks[4])
        best, best_spot = -math.inf, 0
        while spots:
            low = spots & -spots
            spots ^= low
            trial[family] = original | low
            value = self.box_value(geo, tuple(trial), tools, supply)
            if value > best:
                best, best_spot = value, low
        return best, best_spot

    def best_swap(self, state: JewelBoxState, seat: int, supply: tuple[int, ...]) -> float:
        """The best box value one swap can reach (the tool is spent already)."""
        box = state.seats[seat]
        geo, masks, tools = state.geometry, box.masks, box.tools
        cells = [(1 << b, f) for f, mask in enumerate(masks)
                 for b in range(mask.bit_length()) if mask >> b & 1]
        best = -math.inf
        for i, (a, fa) in enumerate(cells):
            for b, fb in cells[i + 1:]:
                if fa != fb:
                    trial = list(masks)
                    trial[fa] ^= a | b
                    trial[fb] ^= a | b
                    best = max(best, self.box_value(geo, tuple(trial), tools, supply))
        return best

    def next_draw(self, state: JewelBoxState, seat: int, supply: tuple[int, ...], base: float, *,
                  glass: bool) -> float:
        """Expected gain of the seat's next beetle from the log: the die picks a
        space (a 6 the best one), or the Magnifying Glass the best one at a cost."""
        gains = {f: self.best_place(state, seat, f, supply) - base
                 for f in set(state.log) if f >= 0}
        log = [gains[f] for f in state.log if f >= 0]
        if not log:
            return 0.0
        best = max(log)
        expected = (sum(log) + best) / len(FACES)  # the choice face takes the best
        if glass:
            n = state.size
            left = n * n - state.seats[seat].occupied.bit_count() - 1
            expected = max(expected, best - TOOL_POINTS - self.weights.tool_option * left / (n * n))
        return expected

    def turn_value(self, state: JewelBoxState, seat: int, supply: tuple[int, ...], base: float) -> float:
        """The seat to act: its box value with what this turn still brings."""
        phase = state.phase
        if phase == PLACING:
            return self.best_place(state, seat, state.holding, supply)
        if phase in (SWAP_FIRST, SWAP_LAST):
            return self.best_swap(state, seat, supply)
        if phase == CHOOSING:
            return base + max(self.best_place(state, seat, f, supply) - base
                              for f in set(state.log) if f >= 0)
        if phase in (START, ROLLING):
            glass = phase == START and bool(state.seats[seat].tools & (GLASS | EITHER))
            return base + self.next_draw(state, seat, supply, base, glass=glass)
        return base

    def values(self, state: JewelBoxState) -> tuple[float, ...]:
        """Greedy's standing of each seat: its box by the hand-set value, and
        the seat to act with what its turn still brings."""
        supply = self.supply(state)
        geo = state.geometry
        out = []
        for index, box in enumerate(state.seats):
            value = self.box_value(geo, box.masks, box.tools, supply)
            if not state.is_over and index == state.current:
                value = self.turn_value(state, index, supply, value)
            out.append(value)
        return tuple(out)

    def value(self, state: JewelBoxState, seat: int) -> float:
        """Greedy's measure; a finished solo game is worth its score, and a
        finished game for several counts the margin too, after the result."""
        if state.is_over:
            scores = state.scores()
            if state.players == 1:
                return float(scores[0])
            rival = max(s for i, s in enumerate(scores) if i != seat)
            return super().value(state, seat) + scores[seat] - rival
        return super().value(state, seat)

    # --- search's judge ---------------------------------------------------------------
    def judge(self, size: int) -> SearchJudge:
        """The search's judge of boxes of this size (learned tables; caches)."""
        key = (size, self.rival_turn)
        judge = self._judges.get(key)
        if judge is None:
            value = shipped(size)
            if value is None:
                raise ValueError(f"no learned Jewel Box table for {size}x{size} boxes")
            judge = self._judges[key] = SearchJudge(value, self.rival_turn, lookahead=True)
        return judge

    def rewards(self, state: JewelBoxState) -> tuple[float, ...]:
        values = state.scores() if state.is_over else self.judge(state.size).values(state)
        low, span = self.solo_low, self.solo_span
        return tuple(min(1.0, max(0.0, (v - low) / span)) for v in values)

    def first_move_rewards(self, view: JewelBoxState) -> dict[object, float]:
        """The planner's value of each move (jewelbox_turn.TurnPlanner), as rewards."""
        low, span = self.solo_low, self.solo_span
        values = self.judge(view.size).action_values(view)
        return {a: min(1.0, max(0.0, (v - low) / span)) for a, v in values.items()}

    def expansion_delay(self, view: JewelBoxState) -> int:
        return 0 if view.players == 1 else self.multi_expand_after


HEURISTIC = JewelBoxHeuristic()


def _planner(seed: int) -> PlannerBot:
    return PlannerBot(seed=seed)


def _planner2(seed: int) -> PlannerBot:
    return PlannerBot(seed=seed, kind="planner2", lookahead=True)


HEURISTIC.bots = MappingProxyType({"planner": _planner, "planner2": _planner2})

__all__ = ["HEURISTIC", "JewelBoxHeuristic", "Weights", "tables"]
