"""Who won a Jowhari game, and how each seat's result is made up."""

from __future__ import annotations

from gemtable.engine.core import ScoreLine

from .components import LEVEL, LEVELS, PRESTIGE
from .state import PRESTIGE_GOAL, JowhariState


def scores(state: JowhariState) -> tuple[int, ...]:
    return tuple(seat.prestige for seat in state.seats)


def ranking(state: JowhariState) -> tuple[int, ...]:
    """Place per seat: whoever reached the goal first is first; the rest (or,
    if nobody reached it, everyone) by prestige, fewer bought cards breaking
    ties; seats equal on both share a place."""
    first = state.first_to_goal

    def key(seat_index: int) -> tuple[bool, int, int]:
        seat = state.seats[seat_index]
        return (seat_index != first, -seat.prestige, len(seat.bought))

    keys = [key(s) for s in range(state.players)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def score_breakdown(state: JowhariState, seat: int) -> tuple[ScoreLine, ...]:
    held = state.seats[seat]
    lines = []
    for level in LEVELS:
        points = sum(PRESTIGE[c] for c in held.bought if LEVEL[c] == level)
        lines.append(ScoreLine(f"Prestige from level {level}", points))
    lines.append(ScoreLine("Prestige", held.prestige))
    lines.append(ScoreLine("Cards bought (fewer wins a tie)", len(held.bought)))
    lines.append(ScoreLine(f"Reached {PRESTIGE_GOAL} first", 1 if state.first_to_goal == seat else 0))
    return tuple(lines)
