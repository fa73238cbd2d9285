"""The engine, the bots' heuristic and the board's explanations give the same
figures for the same box: checked on 10,000 seeded random partial boxes."""

from __future__ import annotations

import random

import attrs
import pytest

from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic, Weights
from gemtable.engine import registry
from gemtable.engine.games.jewelbox.board import bits, family_at
from gemtable.engine.games.jewelbox.boxes import box_rows
from gemtable.engine.games.jewelbox.components import (
    ALL_TOOLS,
    COPIES,
    FAMILY_COUNT,
    SCARAB,
    TOOL_POINTS,
    tool_count,
)
from gemtable.engine.games.jewelbox.scoring import SCARAB_EDGE, SCARAB_INNER, family_points
from gemtable.engine.games.jewelbox.state import JewelBoxState, Seat
from gemtable.tui.boards.jewelbox.explain import note

GAME = registry.get("jewelbox")
BOXES = 10_000
SCORED_ONLY = JewelBoxHeuristic(Weights.scored_only())


def random_box(rng: random.Random, start: JewelBoxState) -> JewelBoxState:
    """`start` with seat 1's box built by legal placements of random beetles,
    stopped at a random count (empty and full boxes included)."""
    geo = start.geometry
    masks = [0] * FAMILY_COUNT
    occupied = 0
    for _ in range(rng.randint(0, geo.size * geo.size)):
        spots = bits(geo.placement_mask(occupied))
        cell = rng.choice(spots)
        masks[rng.randrange(FAMILY_COUNT)] |= 1 << cell
        occupied |= 1 << cell
    seat = Seat(tuple(masks), rng.randrange(ALL_TOOLS + 1))
    return attrs.evolve(start, seats=(seat, *start.seats[1:]))


def random_boxes(seed: int, count: int) -> list[JewelBoxState]:
    rng = random.Random(seed)
    starts = [GAME.new(2, seed=0, variant="standard"), GAME.new(1, seed=0, variant="solo")]
    return [random_box(rng, starts[i % 2]) for i in range(count)]


def settled(state: JewelBoxState) -> bool:
    """The box spans N squares both ways: every square's edge is known."""
    occupied = state.seats[0].occupied
    if not occupied:
        return True
    top, bottom, left, right = state.geometry.bounds(occupied)
    return bottom - top + 1 == right - left + 1 == state.size


def scoring_scarabs(state: JewelBoxState) -> int:
    return sum(
        note(state, 0, state.geometry.squares[cell]).points > 0  # type: ignore[union-attr]
        for cell in bits(state.seats[0].masks[SCARAB])
    )


def test_board_notes_add_up_to_the_engine_score_on_random_boxes() -> None:
    for state in random_boxes(seed=1, count=BOXES):
        geo, masks = state.geometry, state.seats[0].masks
        units: list[dict[int, int]] = [{} for _ in range(FAMILY_COUNT)]
        for cell in bits(state.seats[0].occupied):
            found = note(state, 0, geo.squares[cell])
            assert found is not None
            assert found.unit >> cell & 1, "a beetle belongs to the unit it is scored in"
            units[family_at(masks, cell)][found.unit] = found.points
        figures = tuple(sum(unit.values()) for unit in units)
        assert figures == family_points(state, 0), box_rows(state, 0)


def test_heuristic_without_prospects_is_the_engine_score_on_random_boxes() -> None:
    checked_settled = checked_open = 0
    for state in random_boxes(seed=2, count=BOXES):
        box = state.seats[0]
        supply = tuple(c - m.bit_count() for c, m in zip(COPIES, box.masks, strict=True))
        value = SCORED_ONLY.box_value(state.geometry, box.masks, box.tools, supply)
        engine = sum(family_points(state, 0)) + TOOL_POINTS * tool_count(box.tools)
        if settled(state):
            assert value == pytest.approx(engine), box_rows(state, 0)
            checked_settled += 1
        else:
            # An unsettled Scarab scores inner points for the engine and a
            # share between edge and inner points for the heuristic.
            spread = (SCARAB_INNER - SCARAB_EDGE) * scoring_scarabs(state)
            assert engine - spread - 1e-9 <= value <= engine + 1e-9, box_rows(state, 0)
            checked_open += 1
    assert checked_settled > BOXES // 4 and checked_open > BOXES // 4
