"""Prospect's action numbering, the same for every player count: the four
plain verbs, buying each market slot, then the die's faces."""

from __future__ import annotations

from . import actions


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (actions.DIG, actions.STOP, actions.PAN, actions.DRAW, *actions.BUYS, *actions.ROLLS)
    return tuple(str(action) for action in every)
