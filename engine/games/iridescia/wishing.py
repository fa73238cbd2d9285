"""The Wishing Well's waiting roll (ruling 26): what it offers while it waits,
and when it is spent (rules.wish_actions lists what it offers).

The roll waits for the gem taken; meanwhile the market dice may still be
changed by the items that change them, which may bring a gem within reach. A
gem within reach must be taken; with none, the wish may be given up (`take`),
and with none and no such item in hand it is spent at once.
"""

from __future__ import annotations

from .common import holds_dice_item
from .conditions import wishable
from .fast import evolve
from .state import OPTIONAL, IridesciaState


def settle(state: IridesciaState) -> IridesciaState:
    """A waiting roll that no gem can answer, and no item in hand could change
    that, is spent at once."""
    if wishable(state) or holds_dice_item(state.seats[state.current].items):
        return state
    return give_up(state)


def give_up(state: IridesciaState) -> IridesciaState:
    """The wish ends without a gem."""
    return evolve(state, step=OPTIONAL, dice=())

