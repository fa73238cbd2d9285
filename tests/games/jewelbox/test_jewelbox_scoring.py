"""Jewel Box scoring: hand-scored boxes kept as data, plus the Weevil search
checked against brute force."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gemtable.engine.games.jewelbox import score_rows
from gemtable.engine.games.jewelbox.scoring import WEEVIL_LINE, best_weevil_lines

CASES = json.loads(Path(__file__).with_name("scoring_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_hand_scored_boxes(case):
    expected = dict(case["expected"])
    expected["total"] = sum(expected.values())
    assert score_rows(case["rows"]) == expected, case["why"]


def test_ruling_13_example_scores_35_with_its_breakdown():
    assert score_rows(["WWWW", "LHLH", "HLHL", "JJSS"]) == {
        "scarab": 4, "weevil": 10, "ladybug": 8, "longhorn": 8, "jewel": 5, "total": 35,
    }


def test_lower_case_letters_are_accepted():
    assert score_rows(["wwww", "lhlh", "hlhl", "jjss"])["total"] == 35


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "N rows of N letters"),
        (["WWW", "WW"], "N rows of N letters"),
        (["WW", "WX"], "'X' is no beetle"),
    ],
)
def test_bad_boxes_are_refused_with_a_reason(rows, message):
    with pytest.raises(ValueError, match=message):
        score_rows(rows)


@pytest.mark.parametrize(("isolated", "points"), [
    (0, 0), (1, 0), (2, 1), (3, 4), (4, 8), (5, 15), (6, 15), (7, 16), (8, 19), (9, 23),
    (10, 30), (13, 34),
])
def test_ladybug_sets_of_five_and_remainders(isolated, points):
    # Lone Ladybugs on the dark squares of a 5x5 checkerboard, holes elsewhere.
    squares = [(r, c) for r in range(5) for c in range(5) if (r + c) % 2 == 0][:isolated]
    rows = ["".join("L" if (r, c) in squares else "." for c in range(5)) for r in range(5)]
    assert score_rows(rows)["ladybug"] == points


# --- Weevils: the best split, checked against trying every set of lines -------


def _all_lines(mask: int, width: int) -> list[tuple[int, int]]:
    lines = []
    for cell in range(width * width):
        row, col = divmod(cell, width)
        for length, points in WEEVIL_LINE.items():
            if col + length <= width:
                lines.append((sum(1 << (cell + k) for k in range(length)), points))
            if row + length <= width:
                lines.append((sum(1 << (cell + k * width) for k in range(length)), points))
    return [(line, points) for line, points in lines if line & mask == line]


def _brute_force(mask: int, width: int) -> int:
    lines = _all_lines(mask, width)
    best = 0
    for count in range(1, len(lines) + 1):
        found = False
        for chosen in combinations(lines, count):
            used = 0
            for line, _ in chosen:
                if used & line:
                    break
                used |= line
            else:
                found = True
                best = max(best, sum(points for _, points in chosen))
        if not found:  # no disjoint set of this size, so none larger either
            break
    return best


@settings(max_examples=200, deadline=None)
@given(width=st.integers(2, 5), data=st.data())
def test_weevil_split_is_the_best_of_all_splits(width, data):
    cells = data.draw(st.sets(st.integers(0, width * width - 1), max_size=9))
    mask = sum(1 << cell for cell in cells)
    assert best_weevil_lines(mask, width)[0] == _brute_force(mask, width)


def test_weevil_split_names_its_lines():
    rows = ["WWWS", "LWHJ", "HWSL", "WWWJ"]
    mask = sum(1 << (r * 4 + c) for r in range(4) for c in range(4) if rows[r][c] == "W")
    points, lines = best_weevil_lines(mask, 4)
    assert points == 15
    row_1, row_4, column_b_middle = 0b111, 0b111 << 12, (1 << 5) | (1 << 9)
    assert sorted(lines) == sorted([row_1, row_4, column_b_middle])
