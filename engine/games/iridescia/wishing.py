"""The Wishing Well's waiting roll (ruling 26): what it offers while it waits,
and when it is spent.

The roll waits for the gem taken; meanwhile the market dice may still be
changed by the items that change them, which may bring a gem within reach. A
gem within reach must be taken; with none, the wish may be given up (`take`),
and with none and no such item in hand it is spent at once.
"""

from __future__ import annotations

from . import actions as A
from .common import holds_dice_item
from .state import OPTIONAL, IridesciaState, evolve


def wishable(state: IridesciaState) -> list[int]:
    """The gems the waiting Wishing Well roll can take now."""
    top = max(state.dice)
    return [g for g in range(4) if state.market_dice[g] <= top and state.gem_supply[g]]


def wish_actions(state: IridesciaState) -> list[A.Action]:
    """Ruling 26: while the roll waits, the market dice may still be changed; a
    gem within reach must be taken, and with none the wish may be given up."""
    items = state.seats[state.current].items
    gems = wishable(state)
    out: list[A.Action] = [A.GEM_ACTIONS["wish"][g] for g in gems]
    if not gems:
        out.append(A.TAKE)
    out.extend(rules.market_tweaks(items))
    out.extend(rules.libation_market(items))
    return out


def settle(state: IridesciaState) -> IridesciaState:
    """A waiting roll that no gem can answer, and no item in hand could change
    that, is spent at once."""
    if wishable(state) or holds_dice_item(state.seats[state.current].items):
        return state
    return give_up(state)


def give_up(state: IridesciaState) -> IridesciaState:
    """The wish ends without a gem."""
    return evolve(state, step=OPTIONAL, dice=())


from . import rules  # noqa: E402  (the market changes are listed there)
