"""What each Workbench action does: a new state from the old one and a legal action.

rules.apply_action picks the function for the action.
"""

from __future__ import annotations

from typing import Any

from . import actions
from .components import BURIN, CLOTH, CRUCIBLE, EMPTY, GEMS, LOUPE
from .dice import CRUCIBLE_CODE, pool_code
from .rounds import (
    ZERO,
    end_design_turn,
    end_making_turn,
    evolve,
    next_designer,
    replace_at,
)
from .scoring import claims
from .showcase import Stray, burin_moves
from .state import KEEP_LIMIT, MOVE, NO_DICE, PICK, ROLL_EXTRA, TRIM, Seat, WorkbenchState

# --- chance and design ------------------------------------------------------


def pass_turn(state: WorkbenchState) -> WorkbenchState:
    """Passing: the Burin's move declined, or the Crucible declined with an empty tray."""
    if state.step == MOVE:
        return end_making_turn(state)
    return end_design_turn(state)


def roll(state: WorkbenchState, roll: actions.Roll) -> WorkbenchState:
    """The next die shows `roll.face`. Built field by field: a game rolls 80 to
    130 dice, and playouts roll more, so this is the engine's commonest step."""
    colour = roll.colour
    extra = state.step == ROLL_EXTRA
    dice = state.extra if extra else state.tray
    index = colour * 6 + roll.face - 1
    dice = dice[:index] + (dice[index] + 1,) + dice[index + 1 :]
    pending = state.pending
    pending = pending[:colour] + (pending[colour] - 1,) + pending[colour + 1 :]
    if pending[0] or pending[1] or pending[2] or pending[3]:
        return WorkbenchState(
            state.players, state.variant, state.round, state.initiative, state.current,
            state.step, state.deck, state.showcase, state.missing, state.strays,
            state.reserve, state.tray if extra else dice, dice if extra else state.extra,
            pending, state.pool, state.seats, state.commissions, state.turns, state.observer,
        )
    if extra:
        return evolve(state, pending=pending, extra=dice, step=PICK)
    return next_designer(state, 0, pending=pending, tray=dice)


def crucible(state: WorkbenchState, action: actions.Crucible) -> WorkbenchState:
    me = state.current
    seat = state.seats[me]
    die = seat.tools[CRUCIBLE]
    reserve = list(state.reserve)
    reserve[die] += 1  # using the tool returns its die first
    for c in range(4):
        reserve[c] -= action.dice[c]
    seat = Seat(seat.held, replace_at(seat.tools, CRUCIBLE, -1), seat.finished, seat.commissions)
    return evolve(
        state, reserve=tuple(reserve), pending=action.dice, step=ROLL_EXTRA,
        seats=replace_at(state.seats, me, seat),
    )


def pick(state: WorkbenchState, action: actions.Pick) -> WorkbenchState:
    me = state.current
    seat = state.seats[me]
    reserve = list(state.reserve)
    tools = seat.tools
    faces = (action.number, action.neighbour) if action.neighbour else (action.number,)
    if action.neighbour:
        reserve[tools[CLOTH]] += 1
        tools = replace_at(tools, CLOTH, -1)
    tray, extra = list(state.tray), state.extra
    pool: list[int] = []
    for c in range(4):
        for face in faces:
            index = c * 6 + face - 1  # dice.tray_index, inlined: picks are frequent
            pool.extend([index] * tray[index])
            pool.extend([index + CRUCIBLE_CODE] * extra[index])
            tray[index] = 0
    if extra is not NO_DICE:  # Crucible dice that do not qualify go back
        for index, count in enumerate(extra):
            if count and index % 6 + 1 not in faces:
                reserve[index // 6] += count
    seat = Seat(seat.held, tools, seat.finished, seat.commissions)
    if len(pool) > KEEP_LIMIT:
        return evolve(
            state, step=TRIM, pool=tuple(sorted(pool)), tray=tuple(tray), extra=NO_DICE,
            reserve=tuple(reserve), seats=replace_at(state.seats, me, seat),
        )
    return _keep(state, pool, tuple(tray), tuple(reserve), seat)


def _keep(state: WorkbenchState, pool: list[int], tray: tuple[int, ...],
          reserve: tuple[int, ...], seat: Seat) -> WorkbenchState:
    held = [0, 0, 0, 0]
    for code in pool:
        held[(code % CRUCIBLE_CODE) // 6] += 1  # dice.pool_colour, inlined
    seat = Seat(tuple(held), seat.tools, seat.finished, seat.commissions)
    return end_design_turn(
        state, pool=(), tray=tray, extra=NO_DICE, reserve=reserve,
        seats=replace_at(state.seats, state.current, seat),
    )


def leave(state: WorkbenchState, action: actions.Leave) -> WorkbenchState:
    code = pool_code(action.colour, action.face, action.extra)
    pool = list(state.pool)
    pool.remove(code)
    tray, reserve = state.tray, state.reserve
    if action.extra:
        reserve = replace_at(reserve, action.colour, reserve[action.colour] + 1)
    else:
        tray = replace_at(tray, code, tray[code] + 1)
    if len(pool) > KEEP_LIMIT:
        return evolve(state, pool=tuple(pool), tray=tray, reserve=reserve)
    return _keep(state, pool, tray, reserve, state.seats[state.current])


# --- manufacturing -------------------------------------------------------------------


def _take(me: int, slot: int, showcase: list[int], missing: list[tuple[int, ...]],
          strays: list[tuple[Stray, ...]], reserve: list[int], seats: list[Seat],
          commissions: list[int]) -> None:
    """The card in `slot` is complete: `me` takes it and its dice go back to the reserve."""
    card = showcase[slot]
    gems = GEMS[card]
    for c in range(4):
        reserve[c] += gems[c]
    for gem, die in strays[slot]:
        reserve[gem] -= 1
        reserve[die] += 1
    showcase[slot], missing[slot], strays[slot] = EMPTY, ZERO, ()
    seat = seats[me]
    finished = seat.finished + (card,)
    won = claims(finished, commissions)
    for commission in won:
        commissions.remove(commission)
    seats[me] = Seat(seat.held, seat.tools, finished, seat.commissions + won)


def put(state: WorkbenchState, action: actions.Put) -> WorkbenchState:
    me, slot = state.current, action.slot
    d0, d1, d2, d3 = action.dice
    seat = state.seats[me]
    tools = seat.tools
    m = state.missing[slot]
    left = [m[0] - d0, m[1] - d1, m[2] - d2, m[3] - d3]
    h = seat.held
    held = (h[0] - d0, h[1] - d1, h[2] - d2, h[3] - d3)
    strays = state.strays
    if action.loupe >= 0:
        left[action.loupe] -= 1
        if tools[LOUPE] != action.loupe:
            strays = replace_at(strays, slot, strays[slot] + ((action.loupe, tools[LOUPE]),))
        tools = replace_at(tools, LOUPE, -1)
    if action.burin:
        left[tools[BURIN]] -= 1
        tools = replace_at(tools, BURIN, -1)
    seats = replace_at(state.seats, me, Seat(held, tools, seat.finished, seat.commissions))
    if left[0] or left[1] or left[2] or left[3]:
        changes: dict[str, Any] = {"missing": replace_at(state.missing, slot, tuple(left)), "strays": strays, "seats": seats}
    else:
        lists = (list(state.showcase), list(state.missing), list(strays), list(state.reserve),
                 list(seats), list(state.commissions))
        _take(me, slot, *lists)
        changes = dict(zip(("showcase", "missing", "strays", "reserve", "seats", "commissions"),
                           (tuple(part) for part in lists), strict=True))
    if action.burin:
        after = evolve(state, step=MOVE, **changes)
        if burin_moves(after):
            return after
    return end_making_turn(state, **changes)


def move(state: WorkbenchState, action: actions.Move) -> WorkbenchState:
    source, target, die, gem = action.source, action.target, action.die, action.gem
    missing = list(state.missing)
    strays = list(state.strays)
    missing[source] = replace_at(missing[source], gem, missing[source][gem] + 1)
    if gem != die:
        rest = list(strays[source])
        rest.remove((gem, die))
        strays[source] = tuple(rest)
    missing[target] = replace_at(missing[target], die, missing[target][die] - 1)
    showcase, reserve = list(state.showcase), list(state.reserve)
    seats, commissions = list(state.seats), list(state.commissions)
    if not any(missing[target]):
        _take(state.current, target, showcase, missing, strays, reserve, seats, commissions)
    return end_making_turn(
        state, showcase=tuple(showcase), missing=tuple(missing), strays=tuple(strays),
        reserve=tuple(reserve), seats=tuple(seats), commissions=tuple(commissions),
    )


def discard(state: WorkbenchState) -> WorkbenchState:
    seat = state.seats[state.current]
    reserve = tuple(r + h for r, h in zip(state.reserve, seat.held, strict=True))
    seat = Seat(ZERO, seat.tools, seat.finished, seat.commissions)
    return end_making_turn(state, reserve=reserve, seats=replace_at(state.seats, state.current, seat))


def store(state: WorkbenchState, action: actions.Store) -> WorkbenchState:
    me = state.current
    seat = state.seats[me]
    reserve = list(state.reserve)
    for c in range(4):
        reserve[c] += seat.held[c]
    reserve[action.colour] -= 1
    tools = replace_at(seat.tools, action.tool, action.colour)
    seat = Seat(ZERO, tools, seat.finished, seat.commissions)
    return end_making_turn(state, reserve=tuple(reserve), seats=replace_at(state.seats, me, seat))
