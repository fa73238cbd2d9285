"""Jewel Box placement: side adjacency and the floating N×N square."""

from __future__ import annotations

import random

import pytest

from gemtable.engine import CHANCE, IllegalAction, registry
from gemtable.engine.games.jewelbox.boxes import box_rows, family_on
from gemtable.engine.games.jewelbox.components import LADYBUG, LETTERS, WEEVIL
from gemtable.engine.games.jewelbox.positions import position
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.state import PLACING

GAME = registry.get("jewelbox")


def placing(*rows, at="a1", holding=WEEVIL, variant="standard"):
    """Seat 1 of two holds a beetle to place; its box is `rows` from `at`."""
    return position(rows, (), at=[at, None], variant=variant, phase=PLACING, holding=holding)


def play(state, *moves):
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def legal_texts(state):
    return [str(action) for action in state.legal_actions()]


@pytest.mark.parametrize(("players", "variant", "centre"), [
    (3, "standard", "d4"), (2, "long", "e5"), (1, "solo", "e5"),
])
def test_first_beetle_goes_on_the_centre_by_itself(players, variant, centre):
    start = GAME.new(players, seed=8, variant=variant)
    state = play(start, "roll", "rolled 2")
    (row, col), rows = box_rows(state, 0)
    assert rows == (LETTERS[start.log[1]],)
    assert family_on(state, 0, row, col) == start.log[1]
    assert f"{'abcde'[col]}{row + 1}" == centre


def test_a_beetle_must_share_a_side_with_the_box():
    state = placing("S", at="d4")
    assert legal_texts(state) == ["place d3", "place c4", "place e4", "place d5"]
    with pytest.raises(IllegalAction, match="does not touch the box.*corners do not count"):
        play(state, "place e5")


def test_placements_helper_matches_the_legal_squares():
    state = placing("SW", ".L", at="c3")
    squares = placements(state, 0)
    assert [f"place {'abcdefg'[c]}{r + 1}" for r, c in squares] == legal_texts(state)


# Boxes four long in one direction; the square beyond each end is refused
# while both sides of the line stay open.
@pytest.mark.parametrize(("rows", "at", "beyond", "still_open"), [
    (["SWLH"], "a4", "e4", ["a3", "a5", "d3", "d5"]),
    (["SWLH"], "d4", "c4", ["d3", "g5"]),
    (["S", "W", "L", "H"], "d1", "d5", ["c1", "e4"]),
    (["S", "W", "L", "H"], "d4", "d3", ["c4", "e7"]),
])
def test_the_box_never_grows_past_n_squares(rows, at, beyond, still_open):
    state = placing(*rows, at=at)
    legal = legal_texts(state)
    assert f"place {beyond}" not in legal
    assert all(f"place {square}" in legal for square in still_open)
    with pytest.raises(IllegalAction, match="beyond 4x4"):
        play(state, f"place {beyond}")


def test_a_box_spanning_n_both_ways_only_fills_its_holes():
    state = placing("SWLH", "W...", "L...", "HWLS")
    assert legal_texts(state) == [
        "place b2", "place c2", "place d2", "place b3", "place c3", "place d3",
    ]


def test_the_box_floats_in_every_direction_before_it_is_full_size():
    state = placing("SW", "LH", at="d4")
    legal = legal_texts(state)
    assert {"place d3", "place c4", "place f4", "place d6"} <= set(legal)


def test_five_by_five_boxes_reach_five():
    state = placing("SWLH", at="e5", variant="long")
    legal = legal_texts(state)
    assert "place i5" in legal and "place d5" in legal
    state = placing("SWLHJ", at="e5", variant="long")
    assert "place d5" not in legal_texts(state)


@pytest.mark.parametrize(("square", "reason"), [
    ("h8", "off the table: squares run from a1 to g7"),
    ("d4", "d4 already holds a beetle"),
])
def test_bad_squares_get_a_reason(square, reason):
    state = placing("S", at="d4")
    with pytest.raises(IllegalAction, match=reason):
        play(state, f"place {square}")


def test_the_placed_beetle_is_the_one_collected():
    state = play(placing("S", at="d4", holding=LADYBUG), "place e4")
    assert box_rows(state, 0) == ((3, 3), ("SL",))


@pytest.mark.parametrize(("players", "variant", "size"), [
    (1, "solo", 5), (2, "long", 5), (4, "standard", 4),
])
def test_random_games_keep_every_box_connected_and_square(players, variant, size):
    state = GAME.new(players, seed=21, variant=variant)
    rng = random.Random(21)
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        for s in range(players):
            _, rows = box_rows(state, s)
            assert len(rows) <= size and all(len(row) <= size for row in rows)
            assert _connected(rows)
    for s in range(players):
        _, rows = box_rows(state, s)
        assert len(rows) == size and all(len(row) == size and "." not in row for row in rows)


def _connected(rows) -> bool:
    filled = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    if not filled:
        return True
    seen = [next(iter(filled))]
    for r, c in seen:
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in filled and near not in seen:
                seen.append(near)
    return len(seen) == len(filled)
