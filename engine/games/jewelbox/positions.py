"""Jewel Box positions written as text, for tests, puzzles and screen previews.

    position(["SWLH", "W...", "L...", "HWLS"], ["S"], at=["a1", "d4"], log="SWLHJ")

builds a two-player standard game where seat 1 has that 4x4 ring and seat 2
one Scarab on d4. Everything else is a consistent real game: the face-down
pile holds exactly the beetles not in sight, in an order drawn from `seed`,
so views, determinization and component counts behave as in play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from . import GAME
from .board import masks_from_rows
from .components import ALL_TOOLS, COPIES, FAMILY_COUNT, LETTERS, NAMES
from .state import SIZES, JewelBoxState, Seat
from .views import seen_counts


def position(
    *boxes: Sequence[str],
    variant: str | None = None,
    at: Sequence[str | None] | None = None,
    log: str = "SWLHJ",
    tools: Sequence[int] | None = None,
    seed: int = 0,
    **fields: Any,
) -> JewelBoxState:
    """One box per seat, as rows of letters (`.` for a hole) whose first letter
    lies on the square named in `at` (default: the centre square, where every
    box starts). `tools` are masks of unused tools per seat (default: all).
    Other keyword arguments set state fields (current, phase, holding, turns...).
    """
    start = GAME.new(len(boxes), seed=seed, variant=variant)
    size = SIZES[start.variant]
    corners = at if at is not None else [None] * len(boxes)
    kits = tools if tools is not None else [ALL_TOOLS] * len(boxes)
    seats = tuple(
        Seat(masks_from_rows(rows, size, corner), kit)
        for rows, corner, kit in zip(boxes, corners, kits, strict=True)
    )
    state = attrs.evolve(
        start, seats=seats, log=tuple(LETTERS.index(ch) for ch in log.upper()), **fields
    )
    seen = seen_counts(state)
    for family in range(FAMILY_COUNT):
        if seen[family] > COPIES[family]:
            raise ValueError(
                f"{seen[family]} {NAMES[family]}s in sight; the game has {COPIES[family]}"
            )
    pile = [f for f in range(FAMILY_COUNT) for _ in range(COPIES[f] - seen[f])]
    random.Random(seed).shuffle(pile)
    return attrs.evolve(state, pile=tuple(pile))
