"""Marylia's action numbering (the same for every player count).

In order: start 1-7, travel 1-7, buy, every forge (in the order of
recipes.ALL_KEYS: single gems, items of one gem, items of two), sell item 1 up to the number of resource cards (no
one can forge more items than that), interact, wait, collect, discard per
resource (g a t z e s r d), join, join with item 1 up to the same bound,
pass, bid 0 up to every coin of the game (the bank's 10,000), and the D8's
outcomes roll 1-8.
"""

from __future__ import annotations

from . import actions
from .components import RESOURCE_TOTAL
from .state import BANK_COINS


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (
        *actions.PLACE, *actions.TRAVEL, actions.BUY, *actions.FORGE.values(),
        *(actions.Sell(item) for item in range(RESOURCE_TOTAL)),
        actions.INTERACT, actions.WAIT, actions.COLLECT, *actions.DISCARD,
        actions.JOIN, *(actions.Join(item) for item in range(RESOURCE_TOTAL)), actions.PASS,
        *(actions.Bid(amount) for amount in range(BANK_COINS + 1)),
        *actions.ROLL[1:],
    )
    return tuple(str(action) for action in every)
