"""What may be played in a Jewel Box position and what it does.

A turn is a short chain of phases (state.py); steps with only one possible
outcome (taking the rolled space, the only square left, a roll when no tool
can be used) are played at once rather than asked for. Rollouts spend their
time here, so the code works on bitmasks, tuples and pre-built actions.

Each rule's condition is a small predicate here, which both `legal_actions`
and the refusals (refusals.py) ask, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from gemtable.engine.core import IllegalAction

from . import actions
from .actions import Action
from .board import bits, family_at
from .components import EITHER, EMPTY, FORCEPS, GLASS, HIDDEN, geometry
from .state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    OVER,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
    Seat,
)

CHOICE_FACE = actions.FACES[-1]
"""The die face that lets the roller take any log space; every other face
takes the space of its number."""
CHANCE_OUTCOMES = tuple((actions.ROLLED[face], 1 / len(actions.FACES)) for face in actions.FACES)
_ROLL_OUTCOMES = tuple(actions.ROLLED[face] for face in actions.FACES)
_GLASS_LOG = tuple(actions.GLASS[space] for space in actions.SPACES)
_GLASS_ALL = (*_GLASS_LOG, actions.GLASS[actions.PILE])
Seats = tuple[Seat, ...]
Beetles = tuple[int, ...]
"""The log or the pile: families, EMPTY for an empty log space."""
SWAPPING = (SWAP_FIRST, SWAP_LAST)
"""The phases where the Forceps are in hand and a swap must follow."""


@cache
def _tables(size: int) -> tuple[tuple[actions.Place, ...], tuple[tuple[actions.Swap, ...], ...]]:
    """Per canvas cell, its Place action; per cell a, the Swap actions with
    each later cell b, at index b - a - 1."""
    squares = geometry(size).squares
    place = tuple(actions.PLACE[square] for square in squares)
    later = tuple(
        tuple(actions.SWAP[first, second] for second in squares[index + 1 :])
        for index, first in enumerate(squares)
    )
    return place, later


# --- each rule's condition ----------------------------------------------------


def can_glass(seat: Seat) -> bool:
    """An unused Magnifying Glass or Either."""
    return bool(seat.tools & (GLASS | EITHER))


def has_forceps(seat: Seat) -> bool:
    """An unused Forceps or Either."""
    return bool(seat.tools & (FORCEPS | EITHER))


def has_two_families(seat: Seat) -> bool:
    """The box holds two families, so the Forceps have something to swap."""
    return sum(1 for mask in seat.masks if mask) >= 2


def can_forceps(seat: Seat) -> bool:
    """An unused Forceps or Either, and two beetles of different families to swap."""
    return has_forceps(seat) and has_two_families(seat)


def swappable(first: int, second: int) -> bool:
    """Whether the Forceps may swap beetles of these two families: only
    different ones, as swapping alike beetles would change nothing."""
    return first != second


def space_filled(log: Beetles, space: int) -> bool:
    """Log space `space` (1 to 5) holds a beetle."""
    return log[space - 1] != EMPTY


def glass_reaches(state: JewelBoxState, space: int) -> bool:
    """A Magnifying Glass on `space` finds a beetle there: a filled log space,
    or a face-down pile that is not empty."""
    return bool(state.pile) if space == actions.PILE else space_filled(state.log, space)


def placement_mask(state: JewelBoxState, seat: Seat) -> int:
    """The squares where `seat` may put a beetle next, as a canvas mask."""
    return state.geometry.placement_mask(seat.occupied)


def placements(state: JewelBoxState, seat: int) -> tuple[tuple[int, int], ...]:
    """Squares (row, col) where `seat` could put a beetle next."""
    squares = state.geometry.squares
    return tuple(squares[cell] for cell in bits(placement_mask(state, state.seats[seat])))


# --- legal actions ----------------------------------------------------------


def swap_actions(state: JewelBoxState, seat: Seat) -> tuple[actions.Swap, ...]:
    """Every swap of two beetles of different families in `seat`'s box."""
    later = _tables(state.size)[1]
    cells = sorted((cell, f) for f, mask in enumerate(seat.masks) for cell in bits(mask))
    result: list[actions.Swap] = []
    for i, (a, fa) in enumerate(cells):
        row, shift = later[a], a + 1
        result.extend(row[b - shift] for b, fb in cells[i + 1 :] if swappable(fa, fb))
    return tuple(result)


def _place_actions(size: int, mask: int) -> tuple[actions.Place, ...]:
    place = _tables(size)[0]
    return tuple(place[cell] for cell in bits(mask))


def _filled_spaces(log: Beetles, table: Mapping[int, Action]) -> tuple[Action, ...]:
    return tuple(table[space] for space in actions.SPACES if space_filled(log, space))


def legal_actions(state: JewelBoxState) -> tuple[Action, ...]:
    phase = state.phase
    if phase == ROLLING:
        return _ROLL_OUTCOMES
    if phase == PLACING:
        return _place_actions(state.size, placement_mask(state, state.seats[state.current]))
    if phase == CHOOSING:
        return _filled_spaces(state.log, actions.TAKE)
    if phase == DISCARDING:
        return _filled_spaces(state.log, actions.DISCARD)
    if phase == OVER:
        return ()
    seat = state.seats[state.current]
    if phase in SWAPPING:
        return swap_actions(state, seat)
    result: list[Action] = [actions.ROLL] if phase == START else [actions.DONE]
    if phase == START and can_glass(seat):
        if EMPTY in state.log:  # a log space stays empty only once the pile has run out
            result.extend(glass for glass in _GLASS_ALL if glass_reaches(state, glass.space))
        else:
            result.extend(_GLASS_ALL if glass_reaches(state, actions.PILE) else _GLASS_LOG)
    if can_forceps(seat):
        result.append(actions.FORCEPS)
    return tuple(result)


def chance_outcomes(state: JewelBoxState) -> tuple[tuple[actions.Rolled, float], ...]:
    if state.phase != ROLLING:
        raise IllegalAction("this is not a chance step: nobody is rolling the die")
    return CHANCE_OUTCOMES


# --- effects ----------------------------------------------------------------


def spent_tool(tools: int, tool: int) -> int:
    """The tool that `glass` or `forceps` spends from `tools`: that very tool while
    unused, else the Either (rules.md, "Which tool is spent")."""
    return tool if tools & tool else EITHER


def _spend(tools: int, tool: int) -> int:
    return tools & ~spent_tool(tools, tool)


def _swap(seat: Seat, state: JewelBoxState, action: actions.Swap) -> Seat:
    geo = state.geometry
    a, b = geo.cell(*action.first), geo.cell(*action.second)
    fa, fb = family_at(seat.masks, a), family_at(seat.masks, b)
    masks = list(seat.masks)
    masks[fa] ^= (1 << a) | (1 << b)
    masks[fb] ^= (1 << a) | (1 << b)
    return Seat(tuple(masks), seat.tools)


def _with_seat(state: JewelBoxState, seat: Seat) -> Seats:
    me = state.current
    return state.seats[:me] + (seat,) + state.seats[me + 1 :]


def _draw(pile: Beetles) -> int:
    family = pile[-1]
    if family == HIDDEN:
        raise ValueError(
            "this view hides the face-down pile, so no beetle can be drawn from it; "
            "play ahead on view.determinize(rng) instead"
        )
    return family


def _take_space(log: Beetles, space: int) -> tuple[int, Beetles]:
    return log[space - 1], log[: space - 1] + (EMPTY,) + log[space:]


def apply_action(state: JewelBoxState, action: Action) -> JewelBoxState:
    phase = state.phase
    log, pile = state.log, state.pile
    if isinstance(action, actions.Rolled):  # legal only while the die rolls
        if action.face == CHOICE_FACE:
            return _step(state, state.seats, log, pile, CHOOSING, EMPTY, state.tool_used,
                         die=CHOICE_FACE)
        family, log = _take_space(log, action.face)
        return _collected(state, state.seats, log, pile, family, state.tool_used, action.face)
    if isinstance(action, actions.Take):
        family, log = _take_space(log, action.space)
        return _collected(state, state.seats, log, pile, family, state.tool_used, state.die)
    if isinstance(action, actions.Place):
        seat = state.seats[state.current]
        cell = state.geometry.cell(action.row, action.col)
        masks = list(seat.masks)
        masks[state.holding] |= 1 << cell
        seats = _with_seat(state, Seat(tuple(masks), seat.tools))
        return _placed(state, seats, log, pile, state.tool_used, state.die)
    if isinstance(action, actions.Roll):
        return _step(state, state.seats, log, pile, ROLLING, EMPTY, False)
    if isinstance(action, actions.Glass):
        seat = state.seats[state.current]
        seats = _with_seat(state, Seat(seat.masks, _spend(seat.tools, GLASS)))
        if action.space == actions.PILE:
            family, pile = _draw(pile), pile[:-1]
        else:
            family, log = _take_space(log, action.space)
        return _collected(state, seats, log, pile, family, True, 0)
    if isinstance(action, actions.Forceps):
        seat = state.seats[state.current]
        seats = _with_seat(state, Seat(seat.masks, _spend(seat.tools, FORCEPS)))
        swapping = _step(state, seats, log, pile, SWAP_FIRST if phase == START else SWAP_LAST,
                         EMPTY, True)
        swaps = swap_actions(state, seat)
        if len(swaps) == 1:  # no choice to make: swap at once
            return apply_action(swapping, swaps[0])
        object.__setattr__(swapping, "_legal", swaps)  # known already
        return swapping
    if isinstance(action, actions.Swap):
        seats = _with_seat(state, _swap(state.seats[state.current], state, action))
        if phase == SWAP_FIRST:  # the one tool of the turn is spent: only the die is left
            return _step(state, seats, log, pile, ROLLING, EMPTY, True)
        return _turn_end(state, seats, log, pile, True)
    if isinstance(action, actions.Done):
        return _turn_end(state, state.seats, log, pile, False)
    if isinstance(action, actions.Discard):
        discards = list(state.discards)
        family, log = _take_space(log, action.space)
        discards[family] += 1
        log, pile = _refill(log, pile)
        return _next_turn(state, state.seats, log, pile, tuple(discards), state.die)
    raise TypeError(f"not a Jewel Box action: {action!r}")  # pragma: no cover


def _step(state: JewelBoxState, seats: Seats, log: Beetles, pile: Beetles, phase: int,
          holding: int, tool_used: bool, die: int | None = None) -> JewelBoxState:
    return JewelBoxState(
        state.players, state.variant, seats, log, pile, state.discards,
        state.current, phase, holding, tool_used, state.turns,
        state.die if die is None else die, state.observer,
    )


def _collected(state: JewelBoxState, seats: Seats, log: Beetles, pile: Beetles, family: int,
               tool_used: bool, die: int) -> JewelBoxState:
    """The current player holds `family`: place it at once if only one square fits."""
    seat = seats[state.current]
    mask = placement_mask(state, seat)
    if mask & (mask - 1):
        placing = _step(state, seats, log, pile, PLACING, family, tool_used, die)
        object.__setattr__(placing, "_legal", _place_actions(state.size, mask))  # known already
        return placing
    masks = list(seat.masks)
    masks[family] |= mask
    seats = seats[: state.current] + (Seat(tuple(masks), seat.tools),) + seats[state.current + 1 :]
    return _placed(state, seats, log, pile, tool_used, die)


def _refill(log: Beetles, pile: Beetles) -> tuple[Beetles, Beetles]:
    """Fill empty log spaces from the top of the pile, lowest space first."""
    while EMPTY in log and pile:
        space = log.index(EMPTY)
        log = log[:space] + (_draw(pile),) + log[space + 1 :]
        pile = pile[:-1]
    return log, pile


def _placed(state: JewelBoxState, seats: Seats, log: Beetles, pile: Beetles, tool_used: bool,
            die: int) -> JewelBoxState:
    log, pile = _refill(log, pile)
    if not tool_used and can_forceps(seats[state.current]):
        return _step(state, seats, log, pile, AFTER, EMPTY, False, die)
    return _turn_end(state, seats, log, pile, tool_used, die)


def _is_last_turn(state: JewelBoxState) -> bool:
    return state.turns + 1 == state.players * state.size * state.size


def _turn_end(state: JewelBoxState, seats: Seats, log: Beetles, pile: Beetles, tool_used: bool,
              die: int | None = None) -> JewelBoxState:
    if state.variant == "solo" and not _is_last_turn(state):
        return _step(state, seats, log, pile, DISCARDING, EMPTY, tool_used, die)
    return _next_turn(state, seats, log, pile, state.discards, die)


def _next_turn(state: JewelBoxState, seats: Seats, log: Beetles, pile: Beetles,
               discards: tuple[int, ...], die: int | None = None) -> JewelBoxState:
    turns = state.turns + 1
    if _is_last_turn(state):  # the last face stays on show with the final boxes
        return JewelBoxState(
            state.players, state.variant, seats, log, pile, discards,
            state.current, OVER, EMPTY, False, turns,
            state.die if die is None else die, state.observer,
        )
    nxt = state.current + 1 if state.current + 1 < state.players else 0
    seat = seats[nxt]
    phase = START if can_glass(seat) or can_forceps(seat) else ROLLING
    return JewelBoxState(
        state.players, state.variant, seats, log, pile, discards,
        nxt, phase, EMPTY, False, turns, 0, state.observer,
    )
