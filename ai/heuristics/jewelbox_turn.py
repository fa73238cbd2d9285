"""One Jewel Box turn looked at exactly, with a learned box value.

Given a value of boxes (jewelbox_tuples.py), this works out what a turn is
worth and which choice is best: where a beetle goes, whether to roll or
spend a Magnifying Glass, which log beetle a 6 takes, whether the Forceps
swap, and which log beetle solo discards. The die is taken in exact
expectation (each log space 1/6, and a 6 the best space), and so is the
beetle the pile turns up, from the families still unseen: nothing here
looks at the order of the face-down pile.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from gemtable.engine import State
from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.components import (
    COPIES,
    EITHER,
    EMPTY,
    FAMILY_COUNT,
    FORCEPS,
    GLASS,
)
from gemtable.engine.games.jewelbox.rules import spent_tool
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
)

from .jewelbox_tuples import TupleValue, shipped

Masks = tuple[int, ...]


def unseen_supply(state: JewelBoxState) -> list[int]:
    """Beetles of each family in no box, hand or discard pile: the log and
    the face-down pile together (what a box value counts as still to come)."""
    counts = list(COPIES)
    for seat in state.seats:
        for family, mask in enumerate(seat.masks):
            counts[family] -= mask.bit_count()
    for family, count in enumerate(state.discards):
        counts[family] -= count
    if state.holding != EMPTY:
        counts[state.holding] -= 1
    return counts


def pile_counts(state: JewelBoxState) -> list[int]:
    """Beetles of each family still face down."""
    counts = unseen_supply(state)
    for family in state.log:
        if family != EMPTY:
            counts[family] -= 1
    return counts


def without_glass(tools: int) -> int:
    return tools & ~spent_tool(tools, GLASS)


def without_forceps(tools: int) -> int:
    return tools & ~spent_tool(tools, FORCEPS)


class TurnPlanner:
    """Best choices and their expected values for one seat's turn."""

    def __init__(self, value: TupleValue, *, lookahead: bool = False) -> None:
        self.value = value
        self.geo = value.geo
        self.lookahead = lookahead
        """Solo: place each beetle by the expected next turn (refill, discard
        and the next beetle), not by the box value alone."""

    # --- boxes -------------------------------------------------------------------
    def box(self, masks: Masks, tools: int, supply: Sequence[int]) -> float:
        if not (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]):
            return 0.0
        return self.value.value(masks, tools, supply)

    def best_place(self, masks: Masks, tools: int, family: int,
                   supply: Sequence[int]) -> tuple[float, int]:
        """(value, cell) of the best square for a `family` beetle; `supply`
        no longer counts that beetle."""
        values = self.value.place_values(masks, tools, supply, family)
        cell = max(values, key=values.__getitem__)
        return values[cell], cell

    def draw_table(self, masks: Masks, tools: int, supply: Sequence[int],
                   families: Sequence[int]) -> list[float]:
        """Per family, the value of the box once a beetle of it is placed well."""
        table = [-math.inf] * FAMILY_COUNT
        for f in set(families):
            after = list(supply)
            after[f] -= 1
            table[f] = self.best_place(masks, tools, f, after)[0]
        return table

    def tables(self, masks: Masks, tools: int,
               supply: Sequence[int]) -> tuple[list[float], list[float] | None]:
        """`draw_table` for every family still to come, with the tools as they
        are and (if a Glass is left) with it spent; None for the latter if not."""
        families = [f for f in range(FAMILY_COUNT) if supply[f] > 0]
        table = self.draw_table(masks, tools, supply, families)
        if not tools & (GLASS | EITHER):
            return table, None
        occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
        empties = self.geo.size ** 2 - occupied.bit_count() - 1
        change = self.value.tool_change(empties, tools, without_glass(tools))
        return table, [v + change for v in table]

    @staticmethod
    def roll_value(log: Sequence[int], table: Sequence[float]) -> float:
        """Expected value of rolling: each face takes its space, and the
        engine's one choice face (CHOICE_FACE) the best space."""
        values = [table[f] for f in log if f != EMPTY]
        return (sum(values) + max(values)) / len(actions.FACES)

    def start_value(self, masks: Masks, tools: int, supply: Sequence[int],
                    log: Sequence[int]) -> float:
        """A turn's worth before collecting: rolling, or the Glass if better."""
        table, glass = self.tables(masks, tools, supply)
        best = self.roll_value(log, table)
        if glass is not None:
            best = max(best, *(glass[f] for f in log if f != EMPTY))
        return best

    # --- choices ---------------------------------------------------------------------
    def discard_values(self, masks: Masks, tools: int, supply: Sequence[int],
                       log: Sequence[int], pile: Sequence[int]) -> dict[int, float]:
        """Solo: per log space, the expected next turn if it is discarded."""
        table, glass = self.tables(masks, tools, supply)
        total = sum(pile)
        out: dict[int, float] = {}
        done: dict[int, float] = {}
        for space, family in enumerate(log, start=1):
            if family == EMPTY:
                continue
            if family in done:
                out[space] = done[family]
                continue
            expected = 0.0
            trial = list(log)
            for refill in range(FAMILY_COUNT):
                if pile[refill] <= 0:
                    continue
                trial[space - 1] = refill
                v = self.roll_value(trial, table)
                if glass is not None:
                    v = max(v, max(glass[f] for f in trial if f != EMPTY))
                expected += pile[refill] * v
            out[space] = done[family] = expected / total if total else 0.0
        return out

    def best_swap(self, masks: Masks, tools: int,
                  supply: Sequence[int]) -> tuple[float, tuple[int, int] | None]:
        """(value, cells) of the best swap of two beetles of different families."""
        values = self.value.swap_values(masks, tools, supply)
        if not values:
            return -math.inf, None
        pair = max(values, key=values.__getitem__)
        return values[pair], pair

    def turn_end_places(self, state: JewelBoxState) -> dict[int, float]:
        """A beetle in hand: per square, the expected start of this seat's next
        turn. Solo, the log is refilled and the best beetle discarded; with
        two seats, it is refilled and the rival takes a beetle (each space a
        sixth, a 6 the one its own box likes best), and that space refilled.
        Every refill the unseen beetles allow counts, weighted by how many
        there are."""
        me = state.current
        box = state.seats[me]
        masks, tools = box.masks, box.tools
        supply = unseen_supply(state)
        pile = pile_counts(state)
        empty = state.log.index(EMPTY) if EMPTY in state.log else None
        rival_table: list[float] | None = None
        if state.players == 2:
            rival = state.seats[1 - me]
            if not self.value.full(rival.masks):
                rival_table = self.tables(rival.masks, rival.tools, supply)[0]
        out: dict[int, float] = {}
        for cell in self.value.place_values(masks, tools, supply, state.holding):
            placed = list(masks)
            placed[state.holding] |= 1 << cell
            after = tuple(placed)
            expected = 0.0
            for log, left, chance in _refilled(state.log, pile, empty):
                if state.players == 1:
                    turn = max(self.discard_values(after, tools, supply, log, left).values())
                elif rival_table is None:
                    turn = self.start_value(after, tools, supply, log)
                else:
                    turn = self._after_rival(after, tools, supply, log, left, rival_table)
                expected += chance * turn
            out[cell] = expected
        return out

    def _after_rival(self, masks: Masks, tools: int, supply: Sequence[int],
                     log: Sequence[int], pile: Sequence[int],
                     rival_table: Sequence[float]) -> float:
        """This seat's next start once the rival has rolled for a beetle."""
        best = max(range(len(log)), key=lambda s: rival_table[log[s]])
        expected = 0.0
        for space in range(len(log)):
            weight = (2 if space == best else 1) / len(actions.FACES)  # the choice face: best
            for refilled, _, chance in _refilled(log, pile, space):
                expected += weight * chance * self.start_value(masks, tools, supply, refilled)
        return expected

    def choose(self, state: JewelBoxState) -> actions.Action:
        """The planner's move for the seat to act in `state` (a view will do):
        the legal move it values most, the first in legal order on a tie."""
        values = self.action_values(state)
        return max(values, key=values.__getitem__)

    def action_values(self, state: JewelBoxState) -> dict[actions.Action, float]:
        """Every legal move of the seat to act, with the expected final score
        the planner reckons it leads to (a view will do)."""
        box = state.seats[state.current]
        masks, tools = box.masks, box.tools
        supply = unseen_supply(state)
        phase = state.phase
        squares = self.geo.squares
        legal = state.legal_actions()
        if phase == PLACING:
            last = (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]).bit_count() + 1 \
                == self.geo.size ** 2
            if self.lookahead and state.players <= 2 and not last:
                places = self.turn_end_places(state)
            else:
                places = self.value.place_values(masks, tools, supply, state.holding)
            return {actions.PLACE[squares[cell]]: v for cell, v in places.items()}
        if phase == CHOOSING:
            table, _ = self.tables(masks, tools, supply)
            return {actions.TAKE[s]: table[f] for s, f in enumerate(state.log, start=1) if f != EMPTY}
        if phase == DISCARDING:
            values = self.discard_values(masks, tools, supply, state.log, pile_counts(state))
            return {actions.DISCARD[s]: v for s, v in values.items()}
        if phase in (SWAP_FIRST, SWAP_LAST):
            swaps = self.value.swap_values(masks, tools, supply)
            return {actions.swap(squares[a], squares[b]): v for (a, b), v in swaps.items()}
        out: dict[actions.Action, float] = {}
        if phase == AFTER:
            out[actions.DONE] = self.box(masks, tools, supply)
            if actions.FORCEPS in legal:
                out[actions.FORCEPS] = self.best_swap(masks, without_forceps(tools), supply)[0]
            return out
        assert phase == START
        table, glass = self.tables(masks, tools, supply)
        out[actions.ROLL] = self.roll_value(state.log, table)
        if glass is not None:
            for space, f in enumerate(state.log, start=1):
                if actions.GLASS[space] in legal:
                    out[actions.GLASS[space]] = glass[f]
            pile = pile_counts(state)
            total = sum(pile)
            if total and actions.GLASS[actions.PILE] in legal:
                out[actions.GLASS[actions.PILE]] = sum(pile[f] * glass[f] for f in range(FAMILY_COUNT)
                                           if pile[f] > 0) / total
        if actions.FORCEPS in legal:
            spent = without_forceps(tools)
            value, pair = self.best_swap(masks, spent, supply)
            if pair is not None:
                out[actions.FORCEPS] = self.roll_value(
                    state.log, self.tables(swapped_masks(masks, *pair), spent, supply)[0])
        return out


class SearchJudge(TurnPlanner):
    """What search reads at a leaf: every seat's expected final score.

    The seat to act gets its box with what its turn still brings, reckoned
    exactly (a beetle in hand on its best square, the die over the log, the
    Forceps' best swap, solo the best discard); a seat not to act gets its
    box and, weighted by `rival_turn`, what the log as it stands offers its
    next turn. Tables, boxes and swaps are remembered by box: a search meets
    the same box under many logs and dice.
    """

    def __init__(self, value: TupleValue, rival_turn: float = 1.0, *,
                 lookahead: bool = False) -> None:
        super().__init__(value, lookahead=lookahead)
        self.rival_turn = rival_turn
        # Keyed by (masks, tools, *supply).
        self._tables: dict[tuple[object, ...], tuple[list[float], list[float] | None]] = {}
        self._boxes: dict[tuple[object, ...], float] = {}
        self._swaps: dict[tuple[object, ...], tuple[float, tuple[int, int] | None]] = {}

    def box(self, masks: Masks, tools: int, supply: Sequence[int]) -> float:
        key = (masks, tools, *supply)
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) > CACHED * 8:
                self._boxes.clear()
            found = self._boxes[key] = super().box(masks, tools, supply)
        return found

    def tables(self, masks: Masks, tools: int,
               supply: Sequence[int]) -> tuple[list[float], list[float] | None]:
        key = (masks, tools, *supply)
        found = self._tables.get(key)
        if found is None:
            if len(self._tables) > CACHED:
                self._tables.clear()
            found = self._tables[key] = super().tables(masks, tools, supply)
        return found

    def best_swap(self, masks: Masks, tools: int,
                  supply: Sequence[int]) -> tuple[float, tuple[int, int] | None]:
        key = (masks, tools, *supply)
        found = self._swaps.get(key)
        if found is None:
            if len(self._swaps) > CACHED:
                self._swaps.clear()
            found = self._swaps[key] = super().best_swap(masks, tools, supply)
        return found

    def values(self, state: JewelBoxState) -> list[float]:
        if state.is_over:
            return [float(score) for score in state.scores()]
        supply = unseen_supply(state)
        out = []
        for index, seat in enumerate(state.seats):
            masks, tools = seat.masks, seat.tools
            if index == state.current:
                out.append(self.turn_value(state, masks, tools, supply))
                continue
            value = self.box(masks, tools, supply)
            if self.rival_turn and not self.value.full(masks):
                value += self.rival_turn * (self.start_value(masks, tools, supply, state.log)
                                            - value)
            out.append(value)
        return out

    def turn_value(self, state: JewelBoxState, masks: Masks, tools: int,
                   supply: list[int]) -> float:
        """The seat to act: its expected final score with this turn played well."""
        phase = state.phase
        if phase == PLACING:
            return self.best_place(masks, tools, state.holding, supply)[0]
        if phase == CHOOSING:
            table, _ = self.tables(masks, tools, supply)
            return max(table[f] for f in state.log if f != EMPTY)
        if phase == SWAP_FIRST:
            _, swapped = self._swapped(masks, tools, supply)
            return self.start_value(swapped, tools, supply, state.log)
        if phase in (SWAP_LAST, AFTER, DISCARDING):
            ending = [(masks, tools)]
            if phase == SWAP_LAST:
                ending = [(self._swapped(masks, tools, supply)[1], tools)]
            elif phase == AFTER and tools & (FORCEPS | EITHER) and not state.tool_used:
                spent = without_forceps(tools)
                ending.append((self._swapped(masks, spent, supply)[1], spent))
            if state.players == 1 and (phase == DISCARDING or not self.value.full(masks)):
                pile = pile_counts(state)
                return max(max(self.discard_values(m, t, supply, state.log, pile).values())
                           for m, t in ending)
            return max(self.box(m, t, supply) for m, t in ending)
        return self.start_value(masks, tools, supply, state.log)

    def _swapped(self, masks: Masks, tools: int,
                 supply: Sequence[int]) -> tuple[float, Masks]:
        """The best swap's value and the masks after it (unchanged if none)."""
        value, pair = self.best_swap(masks, tools, supply)
        if pair is None:
            return self.box(masks, tools, supply), masks
        return value, swapped_masks(masks, *pair)


def _refilled(
    log: Sequence[int], pile: Sequence[int], space: int | None
) -> Iterator[tuple[list[int], list[int], float]]:
    """(log, pile left, chance) for each beetle the pile may put on `space`
    (the log as it is, once, when there is no space to fill or no pile)."""
    total = sum(pile)
    if space is None or not total:
        yield list(log), list(pile), 1.0
        return
    for family in range(FAMILY_COUNT):
        if pile[family] > 0:
            refilled, left = list(log), list(pile)
            refilled[space] = family
            left[family] -= 1
            yield refilled, left, pile[family] / total


CACHED = 20_000
"""Boxes whose tables a judge remembers before it starts afresh."""


def swapped_masks(masks: Masks, a: int, b: int) -> Masks:
    """The family masks after the beetles on cells `a` and `b` trade places."""
    both = (1 << a) | (1 << b)
    return tuple(mask ^ both if (mask >> a ^ mask >> b) & 1 else mask for mask in masks)


class PlannerBot:
    """A bot kind of Jewel Box's own: every choice by `TurnPlanner` on the
    learned tables, one turn reckoned exactly and no search beyond it.
    Deterministic: it draws no random numbers, so the seed changes nothing."""

    def __init__(self, *, seed: int, kind: str = "planner", lookahead: bool = False) -> None:
        self.kind = kind
        self.seed = seed
        self.lookahead = lookahead
        self._planners: dict[int, TurnPlanner] = {}

    def choose(self, view: State[Any]) -> object:
        from gemtable.ai.base import check_view

        check_view(view)
        assert isinstance(view, JewelBoxState)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        planner = self._planners.get(view.size)
        if planner is None:
            value = shipped(view.size)
            if value is None:
                raise ValueError(f"no learned Jewel Box table for {view.size}x{view.size} boxes")
            planner = self._planners[view.size] = SearchJudge(value, lookahead=self.lookahead)
        return planner.choose(view)
