"""What may be played in a Workbench position, and what playing it does.

Each rule's condition is written once, here or in showcase.py, and both the
legal-action generator and the refusals (refusals.py) ask it.

Rollouts spend most of their time listing manufacturing moves, so placements
come from caches keyed only by what decides them, and every action value is
shared (built once in actions.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from gemtable.engine.core import IllegalAction

from . import actions, effects
from .components import BURIN, CLOTH, CRUCIBLE, LOUPE
from .dice import pool_code, pool_die
from .rounds import replace_at
from .showcase import burin_moves
from .state import CHOOSE, MAKE, MOVE, PICK, ROLL_EXTRA, TRIM, WorkbenchState

Counts = tuple[int, ...]
"""Dice or gems per colour (R B Y G)."""

# --- chance -------------------------------------------------------------------


def chance_outcomes(state: WorkbenchState) -> tuple[tuple[actions.Roll, float], ...]:
    if state.step > ROLL_EXTRA:
        raise IllegalAction("this is not a chance step")
    return _ODDS[state.rolling_colour]


_ODDS = tuple(tuple((roll, 1 / 6) for roll in rolls) for rolls in actions.ROLLS)


# --- the design phase -------------------------------------------------------------


def faces_showing(state: WorkbenchState) -> tuple[int, ...]:
    tray, extra = state.tray, state.extra
    return tuple(
        face
        for face in range(1, 7)
        if tray[face - 1] or tray[face + 5] or tray[face + 11] or tray[face + 17]
        or extra[face - 1] or extra[face + 5] or extra[face + 11] or extra[face + 17]
    )


def cloth_neighbour(number: int) -> int:
    """The number the Cloth adds to `number`: the next one up, 1 after 6."""
    return number % 6 + 1


def may_use_crucible(step: int, tools: Counts) -> bool:
    """Before picking, a seat with a die on the Melting Crucible may roll reserve dice."""
    return step == CHOOSE and tools[CRUCIBLE] >= 0


def crucible_reserve(state: WorkbenchState) -> Counts:
    """The reserve the Crucible draws from: using the tool returns its die first."""
    colour = state.seats[state.current].tools[CRUCIBLE]
    return replace_at(state.reserve, colour, state.reserve[colour] + 1)


def crucible_size(available: Counts) -> int:
    """How many dice the Crucible rolls from a reserve holding `available`."""
    return min(4, sum(available))


@cache
def crucible_choices(available: Counts) -> tuple[actions.Crucible, ...]:
    """Every way to take crucible_size(available) dice from the reserve."""
    size = crucible_size(available)
    if not size:
        return ()
    return tuple(
        actions.CRUCIBLE[counts]
        for counts in sorted(actions.CRUCIBLE, reverse=True)
        if sum(counts) == size and all(counts[c] <= available[c] for c in range(4))
    )


def may_pass_design(showing: tuple[int, ...], crucible_usable: bool) -> bool:
    """An empty tray lets a seat that may use the Crucible decline it and keep nothing."""
    return not showing and crucible_usable


def may_leave(state: WorkbenchState, action: actions.Leave) -> bool:
    return pool_code(action.colour, action.face, action.extra) in state.pool


def _design_actions(state: WorkbenchState) -> tuple[actions.Action, ...]:
    tools = state.seats[state.current].tools
    showing = faces_showing(state)
    result: list[actions.Action] = [actions.PICK[n] for n in showing]
    if tools[CLOTH] >= 0:
        result.extend(actions.PICK_PAIR[n] for n in showing if cloth_neighbour(n) in showing)
    crucible_usable = may_use_crucible(state.step, tools)
    if crucible_usable:
        result.extend(crucible_choices(crucible_reserve(state)))
        if may_pass_design(showing, crucible_usable):
            result.append(actions.PASS)
    return tuple(result)


# --- the manufacturing phase ------------------------------------------------------


def tool_fits(left: Sequence[int], colour: int) -> bool:
    """Whether a tool die may cover a gem of `colour` (-1: no die) among the `left` open gems."""
    return colour >= 0 and left[colour] > 0


def fits(state: WorkbenchState, held: Counts) -> bool:
    """Whether some held die matches an open gem on some showcase card."""
    for card, missing in zip(state.showcase, state.missing, strict=True):
        if card >= 0 and (
            held[0] and missing[0] or held[1] and missing[1]
            or held[2] and missing[2] or held[3] and missing[3]
        ):
            return True
    return False


def may_store(held: Counts, any_fits: bool) -> bool:
    """A die may go on a tool when none fits a card, or when it is the last one held."""
    return not any_fits or sum(held) == 1


def may_discard(any_fits: bool) -> bool:
    return not any_fits


@cache
def _plain_placements(caps: Counts) -> tuple[tuple[actions.Put, ...], ...]:
    return _placement_actions(caps, caps, False, -1)


@cache
def _tool_placements(caps: Counts, room: Counts, loupe: bool,
                     burin: int) -> tuple[tuple[actions.Put, ...], ...]:
    return _placement_actions(caps, room, loupe, burin)


def _placement_actions(held: Counts, missing: Counts, loupe: bool,
                       burin: int) -> tuple[tuple[actions.Put, ...], ...]:
    """A subset of the held dice, then maybe the Burin die, then maybe the Loupe die;
    the same options for every slot, as action tuples indexed by slot."""
    options = []
    for dice in product(*(range(min(held[c], missing[c]) + 1) for c in range(4))):
        left = [missing[c] - dice[c] for c in range(4)]
        for use_burin in (False, True) if tool_fits(left, burin) else (False,):
            if use_burin:
                left[burin] -= 1
            loupe_options = [-1]
            if loupe:
                loupe_options.extend(c for c in range(4) if tool_fits(left, c))
            for gem in loupe_options:
                if any(dice) or use_burin or gem >= 0:
                    options.append((dice, gem, use_burin))
    return tuple(
        tuple(actions.put(slot, dice, gem, use_burin) for dice, gem, use_burin in options)
        for slot in range(actions.MAX_SLOTS)
    )


def shortfall(missing: Sequence[int], held: Sequence[int], loupe: bool, burin: int) -> int:
    """Open gems of a card that these held dice cannot cover, with the Loupe
    die (any one colour) if `loupe` and the Burin die (one more die of colour
    `burin`; -1 for none)."""
    short = 0
    burin_used = burin < 0
    for c in range(4):
        gap = missing[c] - held[c]
        if gap > 0:
            if not burin_used and c == burin:
                gap -= 1
                burin_used = True
            short += gap
    return short - 1 if loupe and short > 0 else short


def fitting(held: Sequence[int], missing: Sequence[int]) -> int:
    """How many of these dice (per colour) match a gem the card still needs."""
    return sum(min(held[c], missing[c]) for c in range(4))


def _making_actions(state: WorkbenchState) -> tuple[actions.Action, ...]:
    """Placements on every card, then storing and discarding where allowed.

    Placements depend only on how many dice of each colour can go on a card
    (`caps`) and, for the tool dice, whether one or two gems of a colour stay
    open (`room`): the caches are keyed by just that, so few keys cover every
    position. This is the hottest function of a rollout, hence the inlining
    (`can_fit` comes out as `fits(state, held)` would).
    """
    seat = state.seats[state.current]
    held, tools = seat.held, seat.tools
    h0, h1, h2, h3 = held
    loupe, burin = tools[LOUPE] >= 0, tools[BURIN]
    plain = not loupe and burin < 0
    result: list[actions.Action] = []
    can_fit = False
    for slot, (card, missing) in enumerate(zip(state.showcase, state.missing, strict=True)):
        if card >= 0:
            m0, m1, m2, m3 = missing
            caps = (h0 if h0 < m0 else m0, h1 if h1 < m1 else m1,
                    h2 if h2 < m2 else m2, h3 if h3 < m3 else m3)
            if plain:
                result += _plain_placements(caps)[slot]
            else:
                room = (m0 if m0 < caps[0] + 2 else caps[0] + 2,
                        m1 if m1 < caps[1] + 2 else caps[1] + 2,
                        m2 if m2 < caps[2] + 2 else caps[2] + 2,
                        m3 if m3 < caps[3] + 2 else caps[3] + 2)
                result += _tool_placements(caps, room, loupe, burin)[slot]
            if not can_fit and (caps[0] or caps[1] or caps[2] or caps[3]):
                can_fit = True
    # may_store and may_discard, unrolled for the hottest function of a rollout
    if not can_fit:
        result += _stores(held, tools)
        result.append(actions.DISCARD)
    elif h0 + h1 + h2 + h3 == 1:
        result += _stores(held, tools)
    return tuple(result)


@cache
def _stores(held: Counts, tools: Counts) -> tuple[actions.Store, ...]:
    """Storing one held die on each empty tool slot."""
    return tuple(
        actions.STORE[colour, tool] for tool in range(4) if tools[tool] < 0
        for colour in range(4) if held[colour]
    )


# --- the whole list, and playing one ------------------------------------------------


def legal_actions(state: WorkbenchState) -> tuple[actions.Action, ...]:
    step = state.step
    if step == MAKE:
        return _making_actions(state)
    if step <= ROLL_EXTRA:
        return actions.ROLLS[state.rolling_colour]
    if step in (CHOOSE, PICK):
        return _design_actions(state)
    if step == TRIM:
        return tuple(dict.fromkeys(actions.LEAVE[pool_die(code)] for code in state.pool))
    if step == MOVE:
        return burin_moves(state) + (actions.PASS,)
    return ()


def apply_action(state: WorkbenchState, action: actions.Action) -> WorkbenchState:
    """The state after `action`, which State.apply has found legal."""
    if isinstance(action, actions.Roll):  # most actions of a game are rolls
        return effects.roll(state, action)
    if isinstance(action, actions.Put):
        return effects.put(state, action)
    if isinstance(action, actions.Pick):
        return effects.pick(state, action)
    if isinstance(action, actions.Store):
        return effects.store(state, action)
    if isinstance(action, actions.Discard):
        return effects.discard(state)
    if isinstance(action, actions.Move):
        return effects.move(state, action)
    if isinstance(action, actions.Leave):
        return effects.leave(state, action)
    if isinstance(action, actions.Crucible):
        return effects.crucible(state, action)
    return effects.pass_turn(state)

