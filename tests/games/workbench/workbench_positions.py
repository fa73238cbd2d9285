"""Hand-built Workbench positions for the rules tests.

Cards are written by code from data/jewels.csv ("RP4" = rose pendant 4),
dice by colour letters ("RRB" = two red, one blue), tray dice as colour and
face ("R1 R1 B3"). The reserve is whatever the position leaves of the 40
dice, so every hand-built position conserves them like a real game.
"""

from __future__ import annotations

import attrs

from gemtable.engine.games.workbench import GAME, components
from gemtable.engine.games.workbench.state import CHOOSE, MAKE, NO_DICE, Seat, WorkbenchState

TOOL = {name: index for index, name in enumerate(components.TOOLS)}


def card(code: str) -> int:
    return components.card(code)


def dice(text: str) -> tuple[int, ...]:
    return tuple(text.upper().count(letter) for letter in components.LETTERS)


def tray(text: str) -> tuple[int, ...]:
    counts = [0] * 24
    for token in text.split():
        counts[components.LETTERS.index(token[0].upper()) * 6 + int(token[1]) - 1] += 1
    return tuple(counts)


def seat(held: str = "", *, tools: dict[str, str] | None = None, finished=(),
         commissions=()) -> Seat:
    slots = [-1, -1, -1, -1]
    for name, letter in (tools or {}).items():
        slots[TOOL[name]] = components.LETTERS.index(letter)
    return Seat(
        dice(held), tuple(slots), tuple(card(c) for c in finished),
        tuple(components.commission(k) for k in commissions),
    )


def _reserve(state: WorkbenchState) -> tuple[int, ...]:
    """The 40 dice less those the position places elsewhere."""
    counts = state.component_counts()
    used = [counts[f"{letter} dice"] - state.reserve[c] for c, letter in enumerate(components.LETTERS)]
    return tuple(components.DICE_PER_COLOUR - n for n in used)


def position(*seats: Seat, step: int, showcase=None, covered=None, deck=None, commissions=(),
             **changes) -> WorkbenchState:
    """A position of len(seats) players; `covered` maps slot -> dice already on that card."""
    start = GAME.new(len(seats), seed=3)
    if showcase is not None:
        changes["showcase"] = tuple(card(c) if c else components.EMPTY for c in showcase)
    show = changes.get("showcase", start.showcase)
    missing, strays = [], []
    for slot, c in enumerate(show):
        gems = components.GEMS[c] if c >= 0 else (0, 0, 0, 0)
        on = dice((covered or {}).get(slot, ""))
        missing.append(tuple(g - n for g, n in zip(gems, on, strict=True)))
        strays.append(())
    changes.setdefault("missing", tuple(missing))
    changes.setdefault("strays", tuple(strays))
    if deck is not None:
        changes["deck"] = tuple(card(c) for c in deck)
    state = attrs.evolve(
        start, seats=tuple(seats), step=step, pending=(0, 0, 0, 0),
        commissions=tuple(components.commission(k) for k in commissions), **changes,
    )
    if "reserve" not in changes:
        state = attrs.evolve(state, reserve=_reserve(state))
    if "deck" not in changes:
        in_play = {c for c in state.showcase if c >= 0}
        for s in state.seats:
            in_play.update(s.finished)
        state = attrs.evolve(state, deck=tuple(c for c in range(components.CARD_COUNT) if c not in in_play))
    return state


def making(*seats: Seat, current: int = 0, initiative: int = 0, **changes) -> WorkbenchState:
    return position(*seats, step=MAKE, current=current, initiative=initiative, tray=NO_DICE,
                    **changes)


def designing(*seats: Seat, tray_text: str, current: int = 0, initiative: int = 0,
              **changes) -> WorkbenchState:
    return position(*seats, step=CHOOSE, current=current, initiative=initiative,
                    tray=tray(tray_text), **changes)


def loupe_die_on(state: WorkbenchState, *, slot: int, gem: int, die: int) -> WorkbenchState:
    """Make one die covering `gem` in `slot` a Loupe die of colour `die` (dice still conserved)."""
    strays = list(state.strays)
    strays[slot] = strays[slot] + ((gem, die),)
    reserve = list(state.reserve)
    reserve[gem] += 1
    reserve[die] -= 1
    return attrs.evolve(state, strays=tuple(strays), reserve=tuple(reserve))


def play(state: WorkbenchState, *moves: str) -> WorkbenchState:
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def texts(state: WorkbenchState) -> list[str]:
    return [str(action) for action in state.legal_actions()]
