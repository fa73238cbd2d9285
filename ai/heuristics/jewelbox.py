"""Jewel Box knowledge for the bots: what a box still being built will score.

A box is valued in expected final points. Finished parts count what they
score; unfinished parts count a share of what they could still become, the
share set by the room left around them and the beetles still to come:

- Scarabs: their inner or edge points (a share of each while the box has
  not settled its frame), kept only while no family shows twice around them;
  every open neighbour is a risk, more so the more families already there.
- Weevils: the best split into lines, plus part of the next step of each line
  that has an empty square at an end, and part of a pair for a lone Weevil
  with room beside it.
- Ladybugs: the lone ones score as the rules say; an unfinished set of five
  counts up to a fifth of a set's points a Ladybug when free squares out of reach of other Ladybugs
  (one colour of the chequerboard: no two touch) and Ladybugs still to come
  leave room to finish it.
- Longhorns: an odd count is worth more while another Longhorn may come.
- Jewel beetles: pairs score; a lone one with a square beside it that
  touches no other Jewel beetle counts part of a pair.
- Tools: their points, plus an option value that fades as the box fills.
- Every empty square is worth `empty` points, what a beetle scores on
  average, so boxes at different stages compare.

Those are the hand-set `Weights` of the terms (jewelbox_terms.py). A
learned table of weights, one row per box size and number of beetles fitted
to the final scores of greedy self-play (jewelbox_value.py, jewelbox_fit.py),
can take their place (`learned`); it is shipped but off, as measured.

The seat to act also gets what its turn still brings: the best square for a
beetle in hand, the best log beetle after a 6, the expected best gain of the
die over the log at the start of a turn (or the Magnifying Glass, if that is
better), and the best swap while the Forceps are in hand. The face-down pile
is never looked at, only how many of each family are still unseen.

Search (`rewards`) values positions the same way but, to stay fast, does not
look for the best swap while the Forceps are in hand. With several seats it
also counts, for every seat, what its next beetle is expected to bring from
the log as it stands, and each seat's reward is its own box rather than its
share of the win (see `multi_lookahead`, `own_value`, `multi_expand_after`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from operator import mul

import attrs

from gemtable.engine.games.jewelbox.board import Geometry
from gemtable.engine.games.jewelbox.components import (
    COPIES,
    EITHER,
    EMPTY,
    FAMILY_COUNT,
    GLASS,
    TOOL_POINTS,
    tool_count,
)
from gemtable.engine.games.jewelbox.state import (
    CHOOSING,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
    Seat,
)

from . import Heuristic
from .jewelbox_rollout import playout_values
from .jewelbox_tables import keep_chance, tables
from .jewelbox_terms import box_terms, hand_row
from .jewelbox_value import learned_rows


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
    exploration = 0.1
    root_prior = 0.0
    temperature = 4.0
    search_tool_bonus = 0.0
    """Search only: extra worth of an unused tool, fading as the box fills."""
    own_value = True
    """Search for several: each seat's reward is its own value (as in solo),
    not its share of the win. Boxes barely interact (only through the log),
    and the share of the win swings with the rivals' sampled beetles, which
    drowns the difference between two squares for this one."""
    multi_expand_after = 12
    """With several seats, a node below the root is judged as it stands (the
    heuristic already counts the best square for the beetle in hand) for this
    many visits before it branches, so the rivals' moves are not averaged
    over random untried squares. Solo search branches at once."""
    lookahead = 0.0
    """Search, solo: weight of the next beetle's expected gain (from the log
    as it stands) once this turn's is placed."""
    multi_lookahead = 1.5
    """The same with several seats. There the tree seldom reaches a seat's
    next turn within its budget (the rivals' turns come between), so without
    it search cannot tell a square that suits the beetles waiting in the log
    from one that does not."""
    margin_span = 0.0
    """Search for several, when above 0: a seat's reward is its value's margin
    over the best rival, mapped from [-span, +span] to [0, 1], so that taking
    a beetle a rival wanted counts too. Off: on 60 paired two-player games
    against greedy, span 10 lost 1.4 points of margin a game
    (docs/performance.md, `python -m gemtable.ai.trial`)."""
    fill_offsets: tuple[float, ...] = ()
    """Search only, when it has one entry per beetle count of a box (0 to
    N*N): points added to a box's value by how full it is, to make the
    value an unbiased guess of the final score at every depth. Off: the
    offsets measured from the search's own solo games cost it 2.3 points
    a game (docs/performance.md)."""
    deny = 0.0
    """Search for several, when above 0: each seat's value less this share of
    what the log as it stands is expected to bring its rivals' next beetles,
    so taking the beetle a rival was waiting for counts. Unlike the margin,
    it leaves out the rivals' boxes, whose values swing with the samples.
    Off: over 60 paired two-player games against greedy, 0.5 moved the
    margin by -0.4 (-1.8 to +1.0) and won 39.5 against 45
    (docs/performance.md)."""
    playouts = 0
    """Search, when above 0: this many greedy playouts to the end
    (jewelbox_rollout.py) judge each leaf instead of the value as it stands.
    Off: an iteration costs 6 times as much with several seats and 55 times
    solo, and on the same games it bought little: two-player `mcts:500`
    against greedy +1.0 points (-0.2 to +2.2) over 40 games but its margin
    -0.5 and 27 wins against 29; solo `mcts:300` +0.35 (-2.5 to +3.2) over 20
    (docs/performance.md)."""
    solo_low = 20.0
    solo_span = 60.0
    """Solo rewards: the score mapped linearly from [low, low + span] to [0, 1]."""

    observes = False
    """Search, when on: a beetle drawn from the pile (a refill of the log, the
    Glass's unseen top beetle) is a branch of the tree, as a die roll is, so
    that the moves below it are those made seeing that beetle (`observation`).
    Off: on the same games it cost 2.55 points solo (1.03 to 4.07, 40 games)
    and moved the two-player margin over greedy by +0.02 (-1.46 to +1.50,
    60 games). Split five ways at every refill, the 1,500 visits below a
    placement are too few for each log's discard, and the merged node's
    average of them judges a placement better (docs/performance.md)."""

    learned = False
    """On: value boxes with the learned rows (jewelbox_value.py) where there
    are some. Off: the hand-set `Weights` alone. Off because the rows make
    greedy better and the search no better: greedy solo +1.0 points on 600
    fresh seeds, the search solo -0.3 (-1.6 to +1.0) over 40 paired games,
    and in 60 paired two-player games the search's margin over greedy fell
    by 1.8 points, greedy gaining 2.1 and the search 0.3
    (docs/performance.md, "A value learned from self-play")."""

    def __init__(self, weights: Weights | None = None,
                 table: Mapping[int, Mapping[int, tuple[float, ...]]] | None = None) -> None:
        """`table`: {box size: {beetles: row}}; None takes the shipped one, {} none."""
        self.weights = weights or Weights()
        self._draw_cache: dict[tuple, float] = {}
        w = self.weights
        self._scarab_keep = tuple(
            tuple(keep_chance(w.scarab_risk, seen, open_) for open_ in range(5)) for seen in range(5)
        )
        self._hand_row = hand_row(w)
        self._table = learned_rows() if table is None else table

    # --- the box ------------------------------------------------------------------
    @property
    def hand_row(self) -> tuple[float, ...]:
        """The hand-set weights as a row of `TERMS` weights."""
        return self._hand_row

    def terms(self, geo: Geometry, box: Seat, supply: tuple[int, ...]) -> list[float]:
        """A seat's box measured in `TERMS` (what the learned value is fitted on)."""
        return box_terms(geo, box.masks, box.tools, supply, self._scarab_keep)

    def box_value(self, geo: Geometry, masks: tuple[int, ...], tools: int,
                  supply: tuple[int, ...]) -> float:
        """Expected final points of a box with these family masks, tools included:
        its terms weighted by the learned row for its size and beetle count, or
        by the hand-set weights where there is none (always for a full box)."""
        terms = box_terms(geo, masks, tools, supply, self._scarab_keep)
        row = self._hand_row
        if self.learned:
            rows = self._table.get(geo.size)
            if rows:
                row = rows.get(geo.size * geo.size - int(terms[0]), row)
        return sum(map(mul, row, terms))

    # --- positions ------------------------------------------------------------------
    @staticmethod
    def supply(state: JewelBoxState) -> tuple[int, ...]:
        """Beetles of each family not in any box, hand or discard: the log and pile."""
        counts = list(COPIES)
        for seat in state.seats:
            for family, mask in enumerate(seat.masks):
                counts[family] -= mask.bit_count()
        for family, count in enumerate(state.discards):
            counts[family] -= count
        if state.holding != EMPTY:
            counts[state.holding] -= 1
        return tuple(counts)

    def best_place(self, state: JewelBoxState, seat: int, family: int, supply) -> float:
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

    def best_swap(self, state: JewelBoxState, seat: int, supply) -> float:
        """The best box value one swap can reach (the tool is spent already)."""
        box = state.seats[seat]
        return self.best_swap_of(state.geometry, box.masks, box.tools, supply)[0]

    def best_swap_of(self, geo: Geometry, masks: tuple[int, ...], tools: int,
                     supply: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        """The best box value one swap of two beetles of different families can
        reach, and the masks after it (the masks unchanged if none can)."""
        cells = [(low, f) for f, mask in enumerate(masks)
                 for low in (1 << b for b in range(mask.bit_length()) if mask >> b & 1)]
        best, best_masks = -math.inf, masks
        for i, (a, fa) in enumerate(cells):
            for b, fb in cells[i + 1:]:
                if fa != fb:
                    trial = list(masks)
                    trial[fa] ^= a | b
                    trial[fb] ^= a | b
                    swapped = tuple(trial)
                    value = self.box_value(geo, swapped, tools, supply)
                    if value > best:
                        best, best_masks = value, swapped
        return best, best_masks

    def next_draw(self, state: JewelBoxState, seat: int, supply, base: float, *,
                  discard: bool, glass: bool) -> float:
        """Expected gain of the seat's next beetle from the log: the die picks a
        space (a 6 the best one), or the Magnifying Glass the best one at a cost.
        With `discard` (solo, before the discard) the worst log beetle is first
        swapped for an average one from the pile."""
        families = {f for f in state.log if f >= 0}
        pile = list(supply)
        for family in state.log:
            if family >= 0:
                pile[family] -= 1
        if discard:
            families |= {f for f in range(FAMILY_COUNT) if pile[f] > 0}
        gains = {f: self.best_place(state, seat, f, supply) - base for f in families}
        log = [gains[f] for f in state.log if f >= 0]
        if not log:
            return 0.0
        if discard and sum(pile):
            log.remove(min(log))
            log.append(sum(pile[f] * gains[f] for f in gains if pile[f] > 0) / sum(pile))
        best = max(log)
        expected = (sum(log) + best) / 6
        if glass:
            n = state.size
            left = n * n - state.seats[seat].occupied.bit_count() - 1
            expected = max(expected, best - TOOL_POINTS - self.weights.tool_option * left / (n * n))
        return expected

    def _next_draw_cached(self, state: JewelBoxState, seat: int, supply, base: float, *,
                          discard: bool, glass: bool) -> float:
        """`next_draw` remembered by what it depends on: search meets the
        same box and log again and again under different die rolls."""
        box = state.seats[seat]
        key = (state.size, box.masks, box.tools, state.log, supply, discard, glass)
        cache = self._draw_cache
        found = cache.get(key)
        if found is None:
            if len(cache) > 50_000:
                cache.clear()
            found = cache[key] = self.next_draw(state, seat, supply, base,
                                                discard=discard, glass=glass)
        return found

    def turn_value(self, state: JewelBoxState, seat: int, supply, base: float,
                   search: bool) -> float:
        """The seat to act: its box value with what this turn still brings;
        for search, also what the next beetle may bring once this one is placed."""
        phase = state.phase
        if phase == PLACING:
            return self.best_place(state, seat, state.holding, supply)
        if phase in (SWAP_FIRST, SWAP_LAST):
            if not search:
                return self.best_swap(state, seat, supply)
            # Search: as if the swap were worth the tool it uses, no more, no less.
            n2 = state.size ** 2
            left = (n2 - state.seats[seat].beetles) / n2
            return base + TOOL_POINTS + (self.weights.tool_option + self.search_tool_bonus) * left
        if phase == CHOOSING:
            return base + max(self.best_place(state, seat, f, supply) - base
                              for f in set(state.log) if f >= 0)
        tools = state.seats[seat].tools & (GLASS | EITHER)  # what can act as a glass
        if phase in (START, ROLLING):
            return base + self.next_draw(state, seat, supply, base, discard=False,
                                         glass=phase == START and bool(tools))
        lookahead = self.multi_lookahead if state.players > 1 else self.lookahead
        if search and lookahead and state.seats[seat].beetles < state.size ** 2:
            return base + lookahead * self._next_draw_cached(
                state, seat, supply, base, discard=state.players == 1, glass=bool(tools))
        return base

    def _values(self, state: JewelBoxState, search: bool) -> tuple[float, ...]:
        values, gains = self._values_and_gains(state, search)
        if search and self.deny and state.players > 1:
            total = sum(gains)
            return tuple(v - self.deny * (total - g) for v, g in zip(values, gains, strict=True))
        return values

    def _values_and_gains(self, state: JewelBoxState,
                          search: bool) -> tuple[tuple[float, ...], list[float]]:
        """Each seat's value, and the part of it its next beetle from the log
        as it stands is expected to bring: counted for the seats not to move
        (the seat to move has its turn in `turn_value` instead), 0 elsewhere."""
        supply = self.supply(state)
        geo = state.geometry
        out = []
        gains = [0.0] * state.players
        full = state.size ** 2
        lookahead = self.multi_lookahead if state.players > 1 else self.lookahead
        for index, box in enumerate(state.seats):
            value = self.box_value(geo, box.masks, box.tools, supply)
            if search and len(self.fill_offsets) == full + 1:
                value += self.fill_offsets[box.beetles]
            if search and self.search_tool_bonus and box.tools:
                value += (self.search_tool_bonus * tool_count(box.tools)
                          * (full - box.beetles) / full)
            if state.is_over:
                pass
            elif index == state.current:
                value = self.turn_value(state, index, supply, value, search)
            elif search and lookahead and box.beetles < full:
                gain = lookahead * self._next_draw_cached(state, index, supply, value,
                                                          discard=False, glass=False)
                gains[index] = gain
                value += gain
            out.append(value)
        return tuple(out), gains

    def values(self, state: JewelBoxState) -> tuple[float, ...]:
        return self._values(state, False)

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

    def rewards(self, state: JewelBoxState) -> tuple[float, ...]:
        if state.players > 1 and self.margin_span > 0:
            values = state.scores() if state.is_over else self._values(state, True)
            return tuple(self._margin_reward(v, values[:i] + values[i + 1:])
                         for i, v in enumerate(values))
        if state.players == 1 or self.own_value:
            values = state.scores() if state.is_over else self._values(state, True)
            return tuple(min(1.0, max(0.0, (v - self.solo_low) / self.solo_span)) for v in values)
        if state.is_over:
            return state.outcome()
        values = self._values(state, True)
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        total = sum(weights)
        return tuple(x / total for x in weights)

    def playout_rewards(self, state: JewelBoxState, rng: random.Random) -> tuple[float, ...]:
        if not self.playouts or state.is_over:
            return self.rewards(state)
        totals = [0.0] * state.players
        for _ in range(self.playouts):
            for seat, value in enumerate(playout_values(self, state, rng)):
                totals[seat] += value
        return tuple(min(1.0, max(0.0, (t / self.playouts - self.solo_low) / self.solo_span))
                     for t in totals)

    def _margin_reward(self, value: float, rivals: tuple[float, ...]) -> float:
        return min(1.0, max(0.0, 0.5 + (value - max(rivals)) / (2 * self.margin_span)))

    def observation(self, before: JewelBoxState, after: JewelBoxState) -> Hashable | None:
        """The log and the beetle in hand once a step drew from the pile:
        both face up, so every seat sees them."""
        if len(after.pile) < len(before.pile):
            return after.log, after.holding
        return None

    def expansion_delay(self, view: JewelBoxState) -> int:
        return 0 if view.players == 1 else self.multi_expand_after

    def playout_action(self, state: JewelBoxState, rng: random.Random) -> object:
        return rng.choice(state.legal_actions())


HEURISTIC = JewelBoxHeuristic()

__all__ = ["HEURISTIC", "JewelBoxHeuristic", "Weights", "tables"]
