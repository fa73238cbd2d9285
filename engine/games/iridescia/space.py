"""Iridescia's action numbering (the same for every set-up).

In order: explorer, rhom, the one-word actions (mine stone cart well elixir
take end pass, rhom turn, book deck), then per hex verb (reveal move go
catapult pickaxe remove) every hex in board order, moving onto a wild tile
as each gem (by hex, then gem a c e s), selling 1 to 7 of each gem, axe,
wish and return per gem, discard per tile letter (a c e s r i), giving each
gem to each seat, per numbered verb (buy restore book drop swap) numbers 1
to 8, restoring reserved relics 1 to 24, the Cauldron's trades (by the two
gems given, then the gem got), the Jackhammer's then the Dynamite's changes
(per mining die 1-6, then per market die, by change -2 -1 +1 +2), Libation
on the mining dice (every set of dice 1-6, smaller sets first), Libation on
the market dice (the same for gems), and the dice outcomes roll 1-6.
"""

from __future__ import annotations

from itertools import combinations

from . import actions

MINING_DICE = 6
"""The most mining dice a roll can show (a tweak can name dice 1 to 6)."""


def _subsets(size: int) -> list[tuple[int, ...]]:
    return [combo for n in range(1, size + 1) for combo in combinations(range(size), n)]


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (
        actions.EXPLORER, actions.RHOM, *actions.PLAIN.values(),
        *(action for verb in actions.CELL_VERBS for action in actions.CELL_ACTIONS[verb]),
        *(action for per_cell in actions.MOVE_AS for action in per_cell),
        *(action for per_gem in actions.SELL for action in per_gem[1:]),
        *(actions.GEM_ACTIONS[verb][gem] for verb in ("axe", "wish", "return") for gem in range(4)),
        *actions.GEM_ACTIONS["discard"],
        *(action for per_gem in actions.GIVE for action in per_gem),
        *(action for verb in actions.SLOT_VERBS for action in actions.SLOT_ACTIONS[verb]),
        *actions.RESERVED, *actions.CAULDRONS.values(), *actions.TWEAKS.values(),
        *(actions.Libation(dice, False) for dice in _subsets(MINING_DICE)),
        *(actions.Libation(gems, True) for gems in _subsets(4)),
        *actions.ROLLS,
    )
    return tuple(str(action) for action in every)
