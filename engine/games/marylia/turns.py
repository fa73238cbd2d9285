"""The end of an action, of a turn and of a round."""

from __future__ import annotations

from .state import ACT, ACTIONS_PER_TURN, CHANGE, DISCARD, HAND_LIMIT, OVER, ROUND_LIMIT
from .table import Table


def spend(table: Table) -> None:
    """The active player has used one action; the turn may end."""
    table.step = ACT
    table.auction = None
    table.actions_left -= 1
    if table.actions_left == 0:
        if table.seats[table.current].held > HAND_LIMIT:
            table.step = DISCARD
        else:
            end_turn(table)


def end_turn(table: Table) -> None:
    table.turns += 1
    players = table.players
    following = (table.current + 1) % players
    if players > 2 and following != table.first:
        table.current = following
        table.step = ACT
        table.actions_left = ACTIONS_PER_TURN
        return
    # The round is over (with two players every turn is a round).
    if table.last_round or table.round >= ROUND_LIMIT[players]:
        table.step = OVER
        table.actions_left = 0
        return
    table.first = (table.first + 1) % players
    table.current = table.first
    table.round += 1
    table.step = CHANGE
    table.actions_left = ACTIONS_PER_TURN
