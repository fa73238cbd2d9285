"""How a Workbench round flows: the roll, the tray going round, turns, the end of a round.

Every function returns a new state; `evolve` builds it positionally from the
old one and the changed fields, which is the cheapest way attrs allows.
"""

from __future__ import annotations

import operator
from typing import Any, TypeVar

import attrs

from .components import CRUCIBLE, EMPTY, GEMS
from .state import (
    CHOOSE,
    MAKE,
    NO_DICE,
    OVER,
    ROLL,
    ROUNDS,
    TRAY_DICE_PER_COLOUR,
    Seat,
    WorkbenchState,
)

ZERO = (0, 0, 0, 0)
T = TypeVar("T")

_FIELDS = tuple(field.name for field in attrs.fields(WorkbenchState) if field.init)
_VALUES = operator.attrgetter(*_FIELDS)
_INDEX = {name: index for index, name in enumerate(_FIELDS)}


def evolve(state: WorkbenchState, **changes: Any) -> WorkbenchState:
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return WorkbenchState(*values)


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def commissions_in_play(variant: str, players: int) -> int:
    return 0 if variant == "introductory" else players + 1


def next_designer(state: WorkbenchState, offset: int, **changes: Any) -> WorkbenchState:
    """Hand the tray on, from `offset` seats after the Initiative holder; when
    it is back with the holder, the leftover tray dice return and manufacturing starts."""
    players = state.players
    tray = changes.get("tray", state.tray)
    tray_has_dice = any(tray)
    seats = changes.get("seats", state.seats)
    for step in range(offset, players):
        seat = (state.initiative + step) % players
        if tray_has_dice or seats[seat].tools[CRUCIBLE] >= 0:
            return evolve(state, current=seat, step=CHOOSE, **changes)
    reserve = list(changes.get("reserve", state.reserve))
    for index, count in enumerate(tray):
        reserve[index // 6] += count
    changes.update(tray=NO_DICE, reserve=tuple(reserve))
    first = next_holder(seats, state.initiative - 1, players)
    if first is None:
        return end_round(evolve(state, **changes))
    return evolve(state, current=first, step=MAKE, **changes)


def end_design_turn(state: WorkbenchState, **changes: Any) -> WorkbenchState:
    offset = (state.current - state.initiative) % state.players + 1
    return next_designer(state, offset, turns=state.turns + 1, **changes)


def next_holder(seats: tuple[Seat, ...], after: int, players: int) -> int | None:
    """The next seat clockwise after `after` (itself last) still holding dice."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        held = seats[seat].held
        if held[0] or held[1] or held[2] or held[3]:
            return seat
    return None


def end_making_turn(state: WorkbenchState, **changes: Any) -> WorkbenchState:
    seats = changes.get("seats", state.seats)
    following = next_holder(seats, state.current, state.players)
    if following is None:
        return end_round(evolve(state, turns=state.turns + 1, **changes))
    return evolve(state, current=following, step=MAKE, turns=state.turns + 1, **changes)


# --- rounds ------------------------------------------------------------------------------


def refill(deck: tuple[int, ...], showcase: tuple[int, ...]
           ) -> tuple[tuple[int, ...], tuple[int, ...], list[int]]:
    """Fill empty showcase slots in order from the top of the deck: (deck, showcase, filled slots)."""
    cards, slots = list(deck), list(showcase)
    filled = []
    for slot, card in enumerate(slots):
        if card == EMPTY and cards:
            slots[slot] = cards.pop()
            filled.append(slot)
    return tuple(cards), tuple(slots), filled


def end_round(state: WorkbenchState) -> WorkbenchState:
    finished_rounds = state.round + 1
    if finished_rounds >= ROUNDS[state.variant][state.players]:
        # The game ends here: no refill and no Initiative to pass, so the final
        # table shows the showcase as the last round left it.
        return evolve(state, round=finished_rounds, step=OVER)
    deck, showcase, filled = refill(state.deck, state.showcase)
    missing = list(state.missing)
    for slot in filled:
        card = showcase[slot]
        missing[slot] = GEMS[card] if card >= 0 else ZERO  # a view cannot see what is drawn
    initiative = (state.initiative + 1) % state.players
    return start_round(evolve(
        state, deck=deck, showcase=showcase, missing=tuple(missing), round=finished_rounds,
        initiative=initiative, current=initiative,
    ))


def start_round(state: WorkbenchState) -> WorkbenchState:
    """The Initiative holder takes the round's dice from the reserve to roll them."""
    per_colour = TRAY_DICE_PER_COLOUR[state.players]
    pending = tuple(min(per_colour, count) for count in state.reserve)
    reserve = tuple(count - taken for count, taken in zip(state.reserve, pending, strict=True))
    started = evolve(state, reserve=reserve, pending=pending, tray=NO_DICE, step=ROLL)
    if any(pending):
        return started
    return next_designer(started, 0)
