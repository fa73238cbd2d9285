"""The Workbench's action numbering (the same for every set-up).

In order: the dice outcomes (roll R1 to R6, then B, Y and G), pick 1-6, the
Cloth's picks (1+2 ... 6+1), the Crucible's choices (most red dice first),
leave (by colour, face, tray die before Crucible die), then the placements:
per slot 1-7, per set of held dice (up to six, counted per colour R B Y G
with the first colour varying slowest), without then with the Burin die,
without the Loupe die then with it on R B Y G. Then the Burin's moves (by
source slot, target slot, die colour, covered gem), storing (by colour, then
tool), pass and discard.
"""

from __future__ import annotations

from itertools import product

from . import actions
from .state import KEEP_LIMIT


def _placements() -> list[actions.Put]:
    every: list[actions.Put] = []
    for slot in range(actions.MAX_SLOTS):
        for dice in product(range(KEEP_LIMIT + 1), repeat=4):
            if sum(dice) > KEEP_LIMIT:
                continue
            for burin in (False, True):
                for loupe in range(-1, 4):
                    if any(dice) or burin or loupe >= 0:
                        every.append(actions.Put(slot, dice, loupe, burin))
    return every


def _moves() -> list[actions.Move]:
    return [actions.Move(source, target, die, gem)
            for source in range(actions.MAX_SLOTS) for target in range(actions.MAX_SLOTS)
            if source != target for die in range(4) for gem in range(4)]


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (*(roll for colour in actions.ROLLS for roll in colour), *actions.PICK.values(),
             *actions.PICK_PAIR.values(), *(actions.CRUCIBLE[key] for key in sorted(actions.CRUCIBLE, reverse=True)),
             *actions.LEAVE.values(), *_placements(), *_moves(), *actions.STORE.values(), actions.PASS, actions.DISCARD)
    return tuple(str(action) for action in every)
