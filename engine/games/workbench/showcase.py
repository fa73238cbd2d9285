"""The showcase's cards as the rules read them, and the Setting Burin's moves.

Both the legal-move generator (rules.py) and the refusals (refusals.py) ask
these; the effects ask whether the Burin has a move at all.
"""

from __future__ import annotations

from . import actions
from .components import GEMS
from .state import WorkbenchState

Stray = tuple[int, int]
"""(gem, die colour) of a Loupe die covering a gem of another colour."""


def holds_card(state: WorkbenchState, slot: int) -> bool:
    """Whether showcase slot `slot` (counting from 0) exists and holds a card."""
    return slot < len(state.showcase) and state.showcase[slot] >= 0


def liftable(state: WorkbenchState, source: int) -> list[tuple[int, int]]:
    """(die colour, gem) of each kind of die the Burin may lift from the card in
    `source`: dice on gems of their own colour, by colour, then the Loupe dice
    on gems of another colour."""
    gems, open_gems, strays = GEMS[state.showcase[source]], state.missing[source], state.strays[source]
    lifted = []
    for colour in range(4):
        covered = gems[colour] - open_gems[colour]
        if covered and (not strays or covered > sum(1 for gem, _ in strays if gem == colour)):
            lifted.append((colour, colour))
    lifted.extend(dict.fromkeys((die, gem) for gem, die in strays))
    return lifted


def open_for(state: WorkbenchState, colour: int) -> list[int]:
    """The slots whose card has an open gem of `colour`: where a lifted die may go."""
    return [slot for slot, (card, missing) in enumerate(zip(state.showcase, state.missing,
                                                            strict=True))
            if card >= 0 and missing[colour]]


def burin_moves(state: WorkbenchState) -> tuple[actions.Move, ...]:
    """Moves of one die from a showcase card to an open gem of its colour on another."""
    receivers: dict[int, list[int]] = {}  # by die colour, found when first needed
    result = []
    for source, card in enumerate(state.showcase):
        if card < 0:
            continue
        for die, gem in liftable(state, source):
            targets = receivers.get(die)
            if targets is None:
                targets = receivers[die] = open_for(state, die)
            for target in targets:
                if target != source:
                    result.append(actions.move(source, target, die, gem))
    return tuple(result)
