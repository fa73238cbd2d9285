"""Jowhari's action numbering (the same for every player count).

In order: the takes of different colours (one, two, then three colours, in
colour order R B G W K), the takes of two of one colour, reserving each
centre card (level 1 to 3, slots a-d), reserving each deck top, buying each
centre card, buying each hand card, returning each colour, and pass.
"""

from __future__ import annotations

from . import actions


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (
        *actions.TAKE_DIFFERENT.values(), *actions.TAKE_TWO,
        *actions.RESERVE_CENTRE.values(), *actions.RESERVE_DECK.values(),
        *actions.BUY_CENTRE.values(), *actions.BUY_HAND, *actions.RETURN, actions.PASS,
    )
    return tuple(str(action) for action in every)
