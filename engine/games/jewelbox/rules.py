"""What may be played in a Jewel Box position, what it does, and who won.

A turn is a short chain of phases (state.py); steps with only one possible
outcome (taking the rolled space, the only square left, a roll when no tool
can be used) are played at once rather than asked for. Rollouts spend their
time here, so the code works on bitmasks, tuples and pre-built actions.
"""

from __future__ import annotations

from functools import cache

from gemtable.engine.core import IllegalAction, ScoreLine

from . import actions as A
from .board import Geometry, bits, family_at, geometry
from .components import (
    ALL_TOOLS,
    EITHER,
    EMPTY,
    FAMILY_COUNT,
    FORCEPS,
    GLASS,
    HIDDEN,
    LOG_SPACES,
    PLURALS,
    TOOL_POINTS,
    tool_count,
)
from .scoring import grid_points
from .state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    OVER,
    PHASE_NAMES,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
    Seat,
)

SOLO_TITLES = ((63, "Master Entomologist"), (57, "Pro Entomologist"), (50, "Amateur Entomologist"))
"""Solo score needed for each title, best first."""
CHOICE_FACE = A.FACES[-1]
"""The die face that lets the roller take any log space; every other face
takes the space of its number."""
CHANCE_OUTCOMES = tuple((A.ROLLED[face], 1 / len(A.FACES)) for face in A.FACES)
_ROLL_OUTCOMES = tuple(A.ROLLED[face] for face in A.FACES)
_GLASS_LOG = tuple(A.GLASS[space] for space in A.SPACES)
_GLASS_ALL = (*_GLASS_LOG, A.GLASS[A.PILE])


@cache
def _tables(size: int) -> tuple[tuple, tuple]:
    """Per canvas cell, its Place action; per cell pair (a < b), its Swap action."""
    squares = geometry(size).squares
    place = tuple(A.PLACE[square] for square in squares)
    pairs = tuple(
        tuple(A.SWAP[a, b] if a < b else None for b in squares) for a in squares
    )
    return place, pairs


# --- legal actions ----------------------------------------------------------


def can_glass(seat: Seat) -> bool:
    return bool(seat.tools & (GLASS | EITHER))


def can_forceps(seat: Seat) -> bool:
    """An unused Forceps or Either, and two beetles of different families to swap."""
    if not seat.tools & (FORCEPS | EITHER):
        return False
    return sum(1 for mask in seat.masks if mask) >= 2


def swap_actions(state: JewelBoxState, seat: Seat) -> tuple:
    """Every swap of two beetles of different families in `seat`'s box."""
    pairs = _tables(state.size)[1]
    cells = sorted((cell, f) for f, mask in enumerate(seat.masks) for cell in bits(mask))
    result: list[A.Swap] = []
    for i, (a, fa) in enumerate(cells):
        row = pairs[a]
        result.extend(row[b] for b, fb in cells[i + 1 :] if fb != fa)
    return tuple(result)


def _place_actions(size: int, mask: int) -> tuple:
    place = _tables(size)[0]
    return tuple(place[cell] for cell in bits(mask))


def legal_actions(state: JewelBoxState) -> tuple:
    phase = state.phase
    if phase == ROLLING:
        return _ROLL_OUTCOMES
    if phase == PLACING:
        mask = state.geometry.placement_mask(state.seats[state.current].occupied)
        return _place_actions(state.size, mask)
    if phase == CHOOSING:
        return tuple(A.TAKE[i] for i, f in enumerate(state.log, start=1) if f != EMPTY)
    if phase == DISCARDING:
        return tuple(A.DISCARD[i] for i, f in enumerate(state.log, start=1) if f != EMPTY)
    if phase == OVER:
        return ()
    seat = state.seats[state.current]
    if phase in (SWAP_FIRST, SWAP_LAST):
        return swap_actions(state, seat)
    result: list[A.Action] = [A.ROLL] if phase == START else [A.DONE]
    if phase == START and can_glass(seat):
        result.extend(_GLASS_ALL if state.pile else _GLASS_LOG)
    if can_forceps(seat):
        result.append(A.FORCEPS)
    return tuple(result)


def chance_outcomes(state: JewelBoxState) -> tuple:
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


def _swap(seat: Seat, state: JewelBoxState, action: A.Swap) -> Seat:
    geo = state.geometry
    a, b = geo.cell(*action.first), geo.cell(*action.second)
    fa, fb = family_at(seat.masks, a), family_at(seat.masks, b)
    masks = list(seat.masks)
    masks[fa] ^= (1 << a) | (1 << b)
    masks[fb] ^= (1 << a) | (1 << b)
    return Seat(tuple(masks), seat.tools)


def _with_seat(state: JewelBoxState, seat: Seat) -> tuple[Seat, ...]:
    me = state.current
    return state.seats[:me] + (seat,) + state.seats[me + 1 :]


def _draw(pile: tuple[int, ...]) -> int:
    family = pile[-1]
    if family == HIDDEN:
        raise ValueError(
            "this view hides the face-down pile, so no beetle can be drawn from it; "
            "play ahead on view.determinize(rng) instead"
        )
    return family


def _take_space(log: tuple[int, ...], space: int) -> tuple[int, tuple[int, ...]]:
    return log[space - 1], log[: space - 1] + (EMPTY,) + log[space:]


def apply_action(state: JewelBoxState, action: object) -> JewelBoxState:
    phase = state.phase
    log, pile = state.log, state.pile
    if isinstance(action, A.Rolled):  # legal only while the die rolls
        if action.face == CHOICE_FACE:
            return _step(state, state.seats, log, pile, CHOOSING, EMPTY, state.tool_used,
                         die=CHOICE_FACE)
        family, log = _take_space(log, action.face)
        return _collected(state, state.seats, log, pile, family, state.tool_used, action.face)
    if isinstance(action, A.Take):
        family, log = _take_space(log, action.space)
        return _collected(state, state.seats, log, pile, family, state.tool_used, state.die)
    if isinstance(action, A.Place):
        seat = state.seats[state.current]
        cell = state.geometry.cell(action.row, action.col)
        masks = list(seat.masks)
        masks[state.holding] |= 1 << cell
        seats = _with_seat(state, Seat(tuple(masks), seat.tools))
        return _placed(state, seats, log, pile, state.tool_used, state.die)
    if isinstance(action, A.Roll):
        return _step(state, state.seats, log, pile, ROLLING, EMPTY, False)
    if isinstance(action, A.Glass):
        seat = state.seats[state.current]
        seats = _with_seat(state, Seat(seat.masks, _spend(seat.tools, GLASS)))
        if action.space == A.PILE:
            family, pile = _draw(pile), pile[:-1]
        else:
            family, log = _take_space(log, action.space)
        return _collected(state, seats, log, pile, family, True, 0)
    if isinstance(action, A.Forceps):
        seat = state.seats[state.current]
        seats = _with_seat(state, Seat(seat.masks, _spend(seat.tools, FORCEPS)))
        swapping = _step(state, seats, log, pile, SWAP_FIRST if phase == START else SWAP_LAST,
                         EMPTY, True)
        swaps = swap_actions(state, seat)
        if len(swaps) == 1:  # no choice to make: swap at once
            return apply_action(swapping, swaps[0])
        object.__setattr__(swapping, "_legal", swaps)  # known already
        return swapping
    if isinstance(action, A.Swap):
        seats = _with_seat(state, _swap(state.seats[state.current], state, action))
        if phase == SWAP_FIRST:  # the one tool of the turn is spent: only the die is left
            return _step(state, seats, log, pile, ROLLING, EMPTY, True)
        return _turn_end(state, seats, log, pile, True)
    if isinstance(action, A.Done):
        return _turn_end(state, state.seats, log, pile, False)
    if isinstance(action, A.Discard):
        discards = list(state.discards)
        family, log = _take_space(log, action.space)
        discards[family] += 1
        log, pile = _refill(log, pile)
        return _next_turn(state, state.seats, log, pile, tuple(discards), state.die)
    raise TypeError(f"not a Jewel Box action: {action!r}")  # pragma: no cover


def _step(state, seats, log, pile, phase, holding, tool_used, die=None) -> JewelBoxState:
    return JewelBoxState(
        state.players, state.variant, seats, log, pile, state.discards,
        state.current, phase, holding, tool_used, state.turns,
        state.die if die is None else die, state.observer,
    )


def _collected(state, seats, log, pile, family, tool_used, die) -> JewelBoxState:
    """The current player holds `family`: place it at once if only one square fits."""
    seat = seats[state.current]
    mask = state.geometry.placement_mask(seat.occupied)
    if mask & (mask - 1):
        placing = _step(state, seats, log, pile, PLACING, family, tool_used, die)
        object.__setattr__(placing, "_legal", _place_actions(state.size, mask))  # known already
        return placing
    masks = list(seat.masks)
    masks[family] |= mask
    seats = seats[: state.current] + (Seat(tuple(masks), seat.tools),) + seats[state.current + 1 :]
    return _placed(state, seats, log, pile, tool_used, die)


def _refill(log, pile) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fill empty log spaces from the top of the pile, lowest space first."""
    while EMPTY in log and pile:
        space = log.index(EMPTY)
        log = log[:space] + (_draw(pile),) + log[space + 1 :]
        pile = pile[:-1]
    return log, pile


def _placed(state, seats, log, pile, tool_used, die) -> JewelBoxState:
    log, pile = _refill(log, pile)
    if not tool_used and can_forceps(seats[state.current]):
        return _step(state, seats, log, pile, AFTER, EMPTY, False, die)
    return _turn_end(state, seats, log, pile, tool_used, die)


def _is_last_turn(state: JewelBoxState) -> bool:
    return state.turns + 1 == state.players * state.size * state.size


def _turn_end(state, seats, log, pile, tool_used, die=None) -> JewelBoxState:
    if state.variant == "solo" and not _is_last_turn(state):
        return _step(state, seats, log, pile, DISCARDING, EMPTY, tool_used, die)
    return _next_turn(state, seats, log, pile, state.discards, die)


def _next_turn(state, seats, log, pile, discards, die=None) -> JewelBoxState:
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


def invariants(state: JewelBoxState) -> tuple[str, ...]:
    """Jewel Box's own consistency checks (see State.invariants)."""
    broken = []
    players = state.players
    if not 0 <= state.current < players:
        broken.append(f"current seat {state.current} is not at the table")
    if not 0 <= state.phase < len(PHASE_NAMES):
        broken.append(f"phase {state.phase} is not a phase of a turn")
    if not 0 <= state.die <= 6:
        broken.append(f"the die shows {state.die}")
    if len(state.log) != LOG_SPACES or any(not EMPTY <= f < FAMILY_COUNT for f in state.log):
        broken.append(f"the log {state.log} is not {LOG_SPACES} spaces of families")
    if (state.holding == EMPTY) == (state.phase == PLACING):
        broken.append(f"holding {state.holding} in the {PHASE_NAMES[state.phase]} phase")
    full = geometry(state.size).full
    turns_done, extra = divmod(state.turns, players)
    for index, seat in enumerate(state.seats):
        who = f"seat {index}"
        union = 0
        for mask in seat.masks:
            if mask & union:
                broken.append(f"{who} has two beetles on one square")
            union |= mask
        if union & ~full:
            broken.append(f"{who} has a beetle outside its box")
        if seat.tools & ~ALL_TOOLS:
            broken.append(f"{who} holds unknown tools {seat.tools:b}")
        # One beetle a completed turn, and one more once the current turn placed it.
        done = turns_done + (index < extra)
        placed_now = index == state.current and state.phase in (AFTER, SWAP_LAST, DISCARDING)
        if seat.beetles != done + placed_now and not state.is_over:
            broken.append(f"{who} has {seat.beetles} beetles after {done} turns")
    return tuple(broken)


# --- results ------------------------------------------------------------------


def box_points(state: JewelBoxState, seat_index: int) -> tuple[int, ...]:
    """Points per family of a box as it stands (rules.md, "Provisional score")."""
    return mask_points(state.geometry, state.seats[seat_index].masks)


def mask_points(geo: Geometry, masks: tuple[int, ...]) -> tuple[int, ...]:
    """Points per family of the box these family masks draw.

    A square counts as an edge once the box spans the full N in that
    direction and the square lies on that side; a finished box is then scored
    exactly as the rules say.
    """
    occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
    if not occupied:
        return (0,) * FAMILY_COUNT
    top, bottom, left, right = geo.bounds(occupied)
    width, height = right - left + 1, bottom - top + 1
    return grid_points(geo.cut(masks, top, left, width, height), width, height,
                       _provisional_edge(geo.size, width, height))


@cache
def _provisional_edge(size: int, width: int, height: int) -> int:
    """Edge squares of a width×height box as it stands (rules.md, "Provisional
    score"): the rows or columns at its sides once it spans N that way."""
    edge = 0
    for row in range(height):
        for col in range(width):
            if (height == size and row in (0, height - 1)) or (
                    width == size and col in (0, width - 1)):
                edge |= 1 << (row * width + col)
    return edge


def mask_total(geo: Geometry, masks: tuple[int, ...], tools: int) -> int:
    """A box's total from its family masks and unused tools (as `total`)."""
    return sum(mask_points(geo, masks)) + TOOL_POINTS * tool_count(tools)


def total(state: JewelBoxState, seat_index: int) -> int:
    tools = tool_count(state.seats[seat_index].tools)
    return sum(state.family_points(seat_index)) + TOOL_POINTS * tools


def ranking(state: JewelBoxState) -> tuple[int, ...]:
    """Place per seat: higher score first; more unused tools breaks a tie;
    seats equal on both share a place."""
    keys = [
        (-total(state, seat), -tool_count(state.seats[seat].tools))
        for seat in range(state.players)
    ]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def solo_title(score: int) -> str | None:
    for needed, title in SOLO_TITLES:
        if score >= needed:
            return title
    return None


def score_breakdown(state: JewelBoxState, seat_index: int) -> tuple[ScoreLine, ...]:
    seat = state.seats[seat_index]
    points = state.family_points(seat_index)
    lines = [
        ScoreLine(f"{PLURALS[f]} ({seat.masks[f].bit_count()})", points[f])
        for f in range(FAMILY_COUNT)
    ]
    tools = tool_count(seat.tools)
    lines.append(ScoreLine(f"Unused tools ({tools})", TOOL_POINTS * tools))
    score = total(state, seat_index)
    lines.append(ScoreLine("Total", score))
    if state.variant == "solo":
        title = solo_title(score)
        lines.append(ScoreLine(f"Title: {title or 'none (50 for Amateur)'}", score))
    return tuple(lines)


from .reasons import why_illegal  # noqa: E402,F401  (re-exported for the state)
