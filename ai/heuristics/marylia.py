"""Marylia knowledge for the bots: a merchant's worth in coins, and auctions.

A seat's value is its coins, plus each forged item at a share of its value
set by how near a buyer stands (`marylia_hand.item_worth`), plus its hand
toward recipes (`hand_score`; little in the last round, when unforged cards
will be worth nothing), plus the best opportunity of the city it stands in
(a purchase that improves its hand, a Monster worth fighting). Hidden cards
are read from the sampled position the bots pass in; auctions are decided by
the bidding policy (`marylia_bidding`), never by search, so that no bot
weighs a rival's sealed bid.

Playouts sell whenever they can, forge the richest jewel, buy a card that
improves the hand, and otherwise move at random.
"""

from __future__ import annotations

import random

from gemtable.engine.games.marylia.actions import Action, Buy, Forge, Sell
from gemtable.engine.games.marylia.components import (
    COST,
    GEM,
    INTERACT_COST,
    IS_MONSTER,
    STRENGTH,
    VALUE,
    item_value,
)
from gemtable.engine.games.marylia.state import ACT, MaryliaState

from . import Heuristic, LevelTarget, Loose
from .marylia_bidding import policy_action
from .marylia_hand import buyers, hand_score, item_worth, resource_gain

# Levels moved from the common mapping (ai/levels.py; docs/performance.md,
# "Levels"). mcts:100 is no stronger than greedy here (53 to 47 over 100
# games), and mcts:500 is nearly as strong as the full search; a light slip
# costs greedy little in this game, so normal slips more: it wins 30 in 100
# against greedy.
LEVELS: dict[str, LevelTarget] = {"normal": Loose(best=0.35, pool=0.34, least=2)}

LAST_ROUND_HAND = 0.15
"""Share of a hand's worth left in the last round: unforged cards score nothing."""
OPPORTUNITY = 0.3
"""Share of the best chance in the merchant's city (a good buy, a fight)."""


class MaryliaHeuristic(Heuristic[MaryliaState]):
    playout_depth = 2
    """Short playouts: random moves in this game mostly travel, and say little."""
    exploration = 0.3
    temperature = 5.0
    """Coins of lead worth odds of e to 1: small enough that a few coins'
    difference between moves shows through the exploration term."""
    root_prior = 1.0
    """Greedy's opinion of each first move, fading with visits."""

    def values(self, state: MaryliaState) -> tuple[float, ...]:
        table = buyers(state)
        return tuple(self.seat_value(state, seat, table) for seat in range(state.players))

    def seat_value(self, state: MaryliaState, index: int,
                   table: list[tuple[int, tuple[int, ...], int]]) -> float:
        seat = state.seats[index]
        value = float(seat.coins)
        for item in seat.items:
            value += item_worth(state, item, seat.city, seat.coins, table)
        hand = seat.hand
        if hand[0] < 0:  # a view: another seat's hidden hand, at an average card's worth
            value += 3.0 * seat.held
            return value
        share = LAST_ROUND_HAND if state.last_round else 1.0
        value += share * hand_score(hand)
        if not state.last_round:
            value += OPPORTUNITY * self.opportunity(state, index)
        return value

    @staticmethod
    def opportunity(state: MaryliaState, index: int) -> float:
        """The best thing the seat could do in its city next: buy or fight."""
        seat = state.seats[index]
        city = seat.city
        best = 0.0
        kind = state.resources[city]
        if kind >= 0 and seat.coins >= COST[kind]:
            best = max(best, resource_gain(seat.hand, kind))
        card = state.characters[city]
        if card >= 0 and IS_MONSTER[card] and seat.coins >= INTERACT_COST[card]:
            chance = (9 - STRENGTH[card]) / 8
            treasure = state.treasure[city]
            loot = sum(VALUE[t] * n for t, n in enumerate(treasure)) + state.character_coins[city]
            best = max(best, chance * loot - INTERACT_COST[card])
        return best

    def policy_action(self, state: MaryliaState) -> Action | None:
        return policy_action(state)

    def playout_action(self, state: MaryliaState, rng: random.Random) -> Action:
        forced = policy_action(state)
        if forced is not None:
            return forced
        legal = state.legal_actions()
        if state.step != ACT:
            return rng.choice(legal)
        best_forge = None
        best_value = 0
        for action in legal:
            if type(action) is Sell:
                return action
            if type(action) is Forge:
                if action.recipe != GEM:
                    value = item_value(action.recipe, action.parts)
                    if value > best_value:
                        best_forge, best_value = action, value
            elif type(action) is Buy:
                seat = state.seats[state.current]
                if resource_gain(seat.hand, state.resources[seat.city]) > 0:
                    return action
        if best_forge is not None:
            return best_forge
        return rng.choice(legal)


HEURISTIC = MaryliaHeuristic()
