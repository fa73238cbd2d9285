"""Marylia's action numbering (the same for every player count).

In order: start 1-7, travel 1-7, buy, every forge (in the order of
recipes.ALL_KEYS: single gems, items of one gem, items of two), sell item 1 up to the number of resource cards (no
one can forge more items than that), interact, wait, collect, discard per
resource (g a t z e s r d), join, join with item 1 up to the same bound,
pass, bid 0 up to every coin of the game (the bank's 10,000), and the D8's
outcomes roll 1-8.
"""

from __future__ import annotations

from . import actions as A
from .cards import RESOURCE_TOTAL
from .state import BANK_COINS


def action_space(players: int, variant: str) -> tuple[str, ...]:
    every = (
        *A.PLACE, *A.TRAVEL, A.BUY, *A.FORGE.values(),
        *(A.Sell(item) for item in range(RESOURCE_TOTAL)),
        A.INTERACT, A.WAIT, A.COLLECT, *A.DISCARD,
        A.JOIN, *(A.Join(item) for item in range(RESOURCE_TOTAL)), A.PASS,
        *(A.Bid(amount) for amount in range(BANK_COINS + 1)),
        *A.ROLL[1:],
    )
    return tuple(str(action) for action in every)
