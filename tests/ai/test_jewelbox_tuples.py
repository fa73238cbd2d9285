"""The learned Jewel Box value (ai/heuristics/jewelbox_tuples.py): its fast
paths agree with valuing each box afresh, full boxes are worth their score,
and the shipped tables load and fit their layout."""

from __future__ import annotations

import random

import pytest

from gemtable.ai.heuristics.jewelbox_tuples import (
    STATES,
    TupleValue,
    layout,
    load_weights,
    save_weights,
    shipped,
    weights_path,
)
from gemtable.engine import registry
from gemtable.engine.games.jewelbox.board import masks_from_rows
from gemtable.engine.games.jewelbox.components import ALL_TOOLS, EITHER, GLASS, geometry
from gemtable.engine.games.jewelbox.scoring import mask_total

SIZES = (4, 5)


def random_boxes(size: int, count: int, seed: int, *, least: int = 0):
    """Legal boxes grown at random, with random tools and unseen counts."""
    rng = random.Random(seed)
    geo = geometry(size)
    for _ in range(count):
        masks, occupied = [0] * 5, 0
        for _ in range(rng.randint(least, size * size - 1)):
            spots = geo.placement_mask(occupied)
            cells = [c for c in range(geo.cells) if spots >> c & 1]
            cell = rng.choice(cells)
            masks[rng.randrange(5)] |= 1 << cell
            occupied |= 1 << cell
        yield tuple(masks), rng.randrange(8), [rng.randint(0, 12) for _ in range(5)]


def with_beetle(masks, family, cell):
    placed = list(masks)
    placed[family] |= 1 << cell
    return tuple(placed)


@pytest.mark.parametrize("size", SIZES)
def test_the_shipped_tables_fit_their_layout(size):
    value = shipped(size)
    assert value is not None
    assert len(value.w) == layout(size).weights
    assert any(value.w), "a table of zeros would value every box by its points alone"


@pytest.mark.parametrize("size", SIZES)
def test_a_beetle_on_each_square_is_valued_as_the_box_afresh(size):
    value = shipped(size)
    for masks, tools, supply in random_boxes(size, 40, seed=size):
        for family in range(5):
            values = value.place_values(masks, tools, supply, family)
            legal = value.geo.placement_mask(masks[0] | masks[1] | masks[2] | masks[3] | masks[4])
            assert sorted(values) == [c for c in range(value.geo.cells) if legal >> c & 1]
            for cell, v in values.items():
                assert v == pytest.approx(value.value(with_beetle(masks, family, cell),
                                                      tools, supply), abs=1e-9)


@pytest.mark.parametrize("size", SIZES)
def test_every_swap_is_valued_as_the_box_afresh(size):
    value = shipped(size)
    for masks, tools, supply in random_boxes(size, 12, seed=10 + size, least=2):
        swaps = value.swap_values(masks, tools, supply)
        count = 0
        for (a, b), v in swaps.items():
            fa = next(f for f in range(5) if masks[f] >> a & 1)
            fb = next(f for f in range(5) if masks[f] >> b & 1)
            assert a < b and fa != fb
            traded = list(masks)
            traded[fa] ^= (1 << a) | (1 << b)
            traded[fb] ^= (1 << a) | (1 << b)
            assert v == pytest.approx(value.value(traded, tools, supply), abs=1e-9)
            count += 1
        beetles = [sum(m >> c & 1 for m in masks) for c in range(value.geo.cells)]
        assert count <= sum(beetles) * (sum(beetles) - 1) // 2


@pytest.mark.parametrize("size", SIZES)
def test_a_full_box_is_worth_exactly_its_score(size):
    game = registry.get("jewelbox")
    value = shipped(size)
    state = game.new(1 if size == 5 else 2, 3, "solo" if size == 5 else "standard")
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    box = state.seats[0]
    assert value.value(box.masks, box.tools, [0] * 5) == state.scores()[0]
    assert value.final(box.masks, box.tools) == mask_total(state.geometry, box.masks, box.tools)


def test_an_unsettled_box_takes_its_best_frame():
    value = shipped(5)
    masks = masks_from_rows(["SW"], 5)
    frames = value.frames(masks)
    assert len(frames) == 4 * 5  # two columns wide, one row tall, in a 5x5 frame
    best = max(value.frame_total(value.frame(masks, *f), ALL_TOOLS, [12] * 5) for f in frames)
    assert value.value(masks, ALL_TOOLS, [12] * 5) == best


@pytest.mark.parametrize("size", SIZES)
def test_spending_a_tool_changes_every_square_alike(size):
    value = shipped(size)
    for masks, _, supply in random_boxes(size, 10, seed=20 + size, least=1):
        empties = size * size - sum(m.bit_count() for m in masks) - 1
        change = value.tool_change(empties, ALL_TOOLS, ALL_TOOLS & ~GLASS)
        kept = value.place_values(masks, ALL_TOOLS, supply, 2)
        spent = value.place_values(masks, ALL_TOOLS & ~GLASS, supply, 2)
        for cell in kept:
            assert spent[cell] == pytest.approx(kept[cell] + change, abs=1e-9)
    assert value.tool_change(0, EITHER, 0) == -2


def test_every_image_is_a_symmetric_copy_of_its_shape():
    lay = layout(5)
    assert all(len(set(cells)) == len(cells) for _, cells in lay.images)
    by_table: dict[int, set[frozenset[int]]] = {}
    for offset, cells in lay.images:
        by_table.setdefault(offset, set()).add(frozenset(cells))
    assert all(1 <= len(shapes) <= 8 for shapes in by_table.values())
    row_tables = [o for o, cells in lay.images if len(cells) == 5 and cells == tuple(range(5))]
    assert len(row_tables) == 1  # the top row is one table, read from all four sides
    last, cells = lay.images[-1]
    assert lay.lone_ladybugs == last + STATES ** len(cells)  # the tables do not overlap


def test_tables_save_and_load_exactly(tmp_path):
    weights = [random.Random(1).uniform(-3, 3) for _ in range(layout(4).weights)]
    path = tmp_path / "t.bin"
    save_weights(path, weights)
    loaded = load_weights(path)
    assert loaded == pytest.approx(weights, rel=1e-6)
    assert TupleValue(4, loaded).w == loaded


def test_a_table_of_the_wrong_size_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="a 4x4 table has .* weights, not 3"):
        TupleValue(4, [0.0, 0.0, 0.0])


def test_the_shipped_tables_live_beside_the_module():
    assert weights_path(5).parent.name == "heuristics" and weights_path(5).exists()
