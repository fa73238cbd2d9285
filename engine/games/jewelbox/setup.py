"""The deal of a Jewel Box game: the beetles shuffled face down, five of them
laid out on the log, and every seat with an empty box and all three tools."""

from __future__ import annotations

import random

from .components import ALL_TOOLS, COPIES, FAMILY_COUNT, LOG_SPACES
from .state import SIZES, START, JewelBoxState, Seat


def new_state(players: int, rng: random.Random, variant: str) -> JewelBoxState:
    pile = [family for family in range(FAMILY_COUNT) for _ in range(COPIES[family])]
    rng.shuffle(pile)
    log = tuple(pile.pop() for _ in range(LOG_SPACES))
    empty_box = Seat((0,) * FAMILY_COUNT, ALL_TOOLS)
    return JewelBoxState(
        players=players,
        variant=variant,
        seats=(empty_box,) * players,
        log=log,
        pile=tuple(pile),
        discards=(0,) * FAMILY_COUNT,
        current=0,
        phase=START,
        holding=-1,
        tool_used=False,
        turns=0,
    )


def max_turns(players: int, variant: str) -> int:
    # Every turn fills one square of the turn player's box, and the game
    # ends when all boxes are full.
    size = SIZES[variant]
    return players * size * size
