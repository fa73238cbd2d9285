"""Jowhari's action numbering (the same for every player count).

In order: the takes of different colours (one, two, then three colours, in
colour order R B G W K), the takes of two of one colour, reserving each
centre card (level 1 to 3, slots a-d), reserving each deck top, buying each
centre card, buying each hand card, returning each colour, and pass.
"""

from __future__ import annotations

from . import actions as A


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (*A.TAKE_DIFFERENT.values(), *A.TAKE_TWO, *A.RESERVE_CENTRE.values(),
             *A.RESERVE_DECK.values(), *A.BUY_CENTRE.values(), *A.BUY_HAND, *A.RETURN, A.PASS)
    return tuple(str(action) for action in every)
