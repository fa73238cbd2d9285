"""Jewel Box's action numbering (the same for every set-up: squares cover the
largest canvas, that of a 5x5 box).

In order: roll, the die's outcomes (rolled 1-6), take 1-5, glass pile and
glass 1-5, placing on each square (row 1 from a1 to i1, then row 2, up to i9),
forceps, each swap of two squares (by its first square in that same order,
then by the second, which comes later), done, and discard 1-5.
"""

from __future__ import annotations

from . import actions


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (
        actions.ROLL, *actions.ROLLED.values(), *actions.TAKE.values(), *actions.GLASS.values(),
        *actions.PLACE.values(), actions.FORCEPS, *actions.SWAP.values(), actions.DONE,
        *actions.DISCARD.values(),
    )
    return tuple(str(action) for action in every)
