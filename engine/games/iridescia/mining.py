"""The mining roll as a board or a log shows it: which dice succeed, which are
stone dice.

A mining attempt rolls the explorer's two own dice first, then one die per
stone die active on the tile, so `state.dice` always lists the own dice in
places 1-2 and the stone dice after them, in the order they were rolled. A
re-roll (Lucky Libation) or a change (Jackhammer, Dynamite) keeps a die in
its place, so the numbers people read stay the same for the whole roll.
"""

from __future__ import annotations

import attrs

from .state import RESOLVE, ROLLING, IridesciaState

OWN_DICE = 2
"""Dice every mining attempt rolls before the stone dice."""


@attrs.frozen
class MiningDie:
    face: int
    stone: bool
    """A stone die (placed after the two own dice)."""
    hit: bool
    """At or above the market value of the gem mined: it yields a gem now."""


def mining_now(state: IridesciaState) -> bool:
    """A mining roll is being rolled or waits to resolve (not a Wishing Well roll)."""
    return state.step == RESOLVE or (state.step == ROLLING and state.resume == RESOLVE)


def succeeds(state: IridesciaState, face: int) -> bool:
    """Whether a mining die showing `face` yields a gem at the current market."""
    return 0 <= state.tile_gem < 4 and face >= state.market_dice[state.tile_gem]


def mining_roll(state: IridesciaState) -> tuple[MiningDie, ...]:
    """The dice of the mining roll in `state` (empty when no mining roll is on)."""
    if not mining_now(state):
        return ()
    return tuple(MiningDie(face, i >= OWN_DICE, succeeds(state, face))
                 for i, face in enumerate(state.dice))


def mining_hits(state: IridesciaState) -> tuple[bool, ...]:
    """Per die of the mining roll: it succeeds now."""
    return tuple(die.hit for die in mining_roll(state))


def stone_dice(state: IridesciaState) -> tuple[bool, ...]:
    """Per die of the mining roll: it is a stone die."""
    return tuple(die.stone for die in mining_roll(state))
