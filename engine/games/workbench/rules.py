"""What may be played in a Workbench position: chance outcomes and legal actions.

Rollouts spend most of their time listing manufacturing moves, so placements
come from caches keyed only by what decides them, and every action value is
shared (built once in actions.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from . import actions as A
from .cards import BURIN, CLOTH, CRUCIBLE, GEMS, LOUPE
from .rounds import replace_at
from .state import CHOOSE, MAKE, MOVE, PICK, ROLL_EXTRA, TRIM, WorkbenchState

# --- chance -------------------------------------------------------------------


def rolling_colour(state: WorkbenchState) -> int:
    """The colour rolled at this chance step: the first one with dice pending."""
    pending = state.pending
    for colour in range(4):
        if pending[colour]:
            return colour
    raise AssertionError("a chance step with no dice to roll")  # pragma: no cover


def chance_outcomes(state: WorkbenchState) -> tuple[tuple[A.Roll, float], ...]:
    return _ODDS[rolling_colour(state)]


_ODDS = tuple(tuple((roll, 1 / 6) for roll in rolls) for rolls in A.ROLLS)


# --- legal actions ----------------------------------------------------------------


def legal_actions(state: WorkbenchState) -> tuple:
    step = state.step
    if step == MAKE:
        return _making_actions(state)
    if step <= ROLL_EXTRA:
        return A.ROLLS[rolling_colour(state)]
    if step in (CHOOSE, PICK):
        return _design_actions(state)
    if step == TRIM:
        return tuple(dict.fromkeys(A.LEAVE[_die(code)] for code in state.pool))
    if step == MOVE:
        return burin_moves(state) + (A.PASS,)
    return ()


def _die(code: int) -> tuple[int, int, bool]:
    """(colour, face, from the Crucible) of a die code in the trimming pool."""
    return (code % 24) // 6, code % 6 + 1, code >= 24


def faces_showing(state: WorkbenchState) -> tuple[int, ...]:
    tray, extra = state.tray, state.extra
    return tuple(
        face
        for face in range(1, 7)
        if tray[face - 1] or tray[face + 5] or tray[face + 11] or tray[face + 17]
        or extra[face - 1] or extra[face + 5] or extra[face + 11] or extra[face + 17]
    )


def _design_actions(state: WorkbenchState) -> tuple:
    tools = state.seats[state.current].tools
    showing = faces_showing(state)
    result: list[A.Action] = [A.PICK[n] for n in showing]
    if tools[CLOTH] >= 0:
        result.extend(A.PICK_PAIR[n] for n in showing if n % 6 + 1 in showing)
    if state.step == CHOOSE and tools[CRUCIBLE] >= 0:
        result.extend(A.crucible_choices(replace_at(state.reserve, tools[CRUCIBLE], state.reserve[tools[CRUCIBLE]] + 1)))
        if not showing:
            result.append(A.PASS)
    return tuple(result)


@cache
def _plain_placements(caps: tuple) -> tuple[tuple, ...]:
    return _placement_actions(caps, caps, False, -1)


@cache
def _tool_placements(caps: tuple, room: tuple, loupe: bool, burin: int) -> tuple[tuple, ...]:
    return _placement_actions(caps, room, loupe, burin)


def _placement_actions(held: tuple, missing: tuple, loupe: bool, burin: int) -> tuple[tuple, ...]:
    """A subset of the held dice, then maybe the Burin die, then maybe the Loupe die;
    the same options for every slot, as action tuples indexed by slot."""
    options = []
    for dice in product(*(range(min(held[c], missing[c]) + 1) for c in range(4))):
        left = [missing[c] - dice[c] for c in range(4)]
        burin_options = (False, True) if burin >= 0 and left[burin] else (False,)
        for use_burin in burin_options:
            if use_burin:
                left[burin] -= 1
            loupe_options = [-1]
            if loupe:
                loupe_options.extend(c for c in range(4) if left[c])
            for gem in loupe_options:
                if any(dice) or use_burin or gem >= 0:
                    options.append((dice, gem, use_burin))
    return tuple(
        tuple(A.put(slot, dice, gem, use_burin) for dice, gem, use_burin in options)
        for slot in range(A.MAX_SLOTS)
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


def fits(state: WorkbenchState, held: tuple[int, ...]) -> bool:
    """Whether some held die matches an open gem on some showcase card."""
    for card, missing in zip(state.showcase, state.missing, strict=True):
        if card >= 0 and (
            held[0] and missing[0] or held[1] and missing[1]
            or held[2] and missing[2] or held[3] and missing[3]
        ):
            return True
    return False


def _making_actions(state: WorkbenchState) -> tuple:
    """Placements on every card, then storing and discarding where allowed.

    Placements depend only on how many dice of each colour can go on a card
    (`caps`) and, for the tool dice, whether one or two gems of a colour stay
    open (`room`): the caches are keyed by just that, so few keys cover every
    position. This is the hottest function of a rollout, hence the inlining.
    """
    seat = state.seats[state.current]
    held, tools = seat.held, seat.tools
    h0, h1, h2, h3 = held
    loupe, burin = tools[LOUPE] >= 0, tools[BURIN]
    plain = not loupe and burin < 0
    result: list = []
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
    if not can_fit:
        result += _stores(held, tools)
        result.append(A.DISCARD)
    elif h0 + h1 + h2 + h3 == 1:
        result += _stores(held, tools)
    return tuple(result)


@cache
def _stores(held: tuple, tools: tuple) -> tuple:
    """Storing one held die on each empty tool slot."""
    return tuple(
        A.STORE[colour, tool] for tool in range(4) if tools[tool] < 0
        for colour in range(4) if held[colour]
    )


def burin_moves(state: WorkbenchState) -> tuple:
    """Moves of one die from a showcase card to an open gem of its colour on another."""
    showcase, missing = state.showcase, state.missing
    result = []
    for source, card in enumerate(showcase):
        if card < 0:
            continue
        strays = state.strays[source]
        gems, open_gems = GEMS[card], missing[source]
        dice = []
        for colour in range(4):
            covered = gems[colour] - open_gems[colour]
            if covered and (not strays or covered > sum(1 for gem, _ in strays if gem == colour)):
                dice.append((colour, colour))
        dice.extend(dict.fromkeys((die, gem) for gem, die in strays))
        for die, gem in dice:
            for target, other in enumerate(showcase):
                if target != source and other >= 0 and missing[target][die]:
                    result.append(A.move(source, target, die, gem))
    return tuple(result)
