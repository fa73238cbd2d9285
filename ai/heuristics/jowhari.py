"""Jowhari knowledge for the bots: how far each seat is from winning the race.

A seat's value is measured in prestige points:

- prestige it holds;
- its bonuses (permanent discounts), worth less each past the first few of a
  colour because few cards ask for many gems of one colour;
- its tokens, gold above gems (gold pays for anything);
- progress: the best cards it could buy next (centre cards and the known
  cards of its own hand), each worth its prestige plus its bonus, discounted
  by the turns still needed to afford it. Hand cards are the seat's alone;
  centre cards may be taken first, so they count a little less. A card that
  would lift the seat to the 10-point goal counts extra: it ends the race.

Once a seat reaches the goal first the winner never changes, so that seat is
given the whole win. Cards a position hides (negative placeholders in a view)
are skipped, which lets the same code judge views and sampled positions.

Playouts buy the most prestigious card they can, else take gems toward the
hand card nearest to affordable: random playouts mostly reserve and return
tokens, which says little about a position.

How the numbers were chosen (seeded 2-player arena runs, one weight set for
both bots): greedy with these weights beats random about 98% of the time;
a gem weight of 0.18 instead of 0.05 dropped that to 67%, because a one-step
bot then hoards gems. MCTS at 300 iterations against greedy won 72-80% with
random playouts, about 86% with purchase-first playouts and about 90% once
gems aim at the hand. Playout depths from 3 to 10, exploration from 0.3 to
1.0 and temperature from 0.8 to 3 moved nothing beyond the noise of 120-200
games. Weights fitted to predict winners of greedy games (log loss) made a
weaker greedy bot and no clearly stronger search, so they were not kept.
"""

from __future__ import annotations

import random

import attrs

from gemtable.engine.games.jowhari.actions import DIFFERENT_GEMS, SAME_GEMS, Action, Buy, Take
from gemtable.engine.games.jowhari.components import BONUS, COST, GOLD, PRESTIGE
from gemtable.engine.games.jowhari.rules import card_at
from gemtable.engine.games.jowhari.state import GEM_LIMIT, PRESTIGE_GOAL, JowhariState

from . import Heuristic, LevelTarget

# Jowhari plays the common mapping of levels (ai/levels.py): its gaps were
# measured here (docs/performance.md, "Levels").
LEVELS: dict[str, LevelTarget] = {}


@attrs.frozen
class Weights:
    bonus: float = 0.55
    """Value of one bonus, for each of the first `bonus_cap` in a colour."""
    bonus_cap: int = 4
    bonus_extra: float = 0.15
    """Value of each bonus of a colour beyond `bonus_cap`."""
    gem: float = 0.05
    gold: float = 0.3
    progress: float = 0.75
    """Share of a card's worth counted when it is affordable right now."""
    per_turn: float = 0.7
    """Factor on a card's worth per further turn needed to afford it."""
    second: float = 0.4
    """Weight of the second-best card next to the best."""
    centre: float = 0.85
    """Centre cards may be taken by others; hand cards may not."""
    finisher: float = 3.0
    """Extra worth of a card that would lift the seat to the goal."""
    lead: float = 50.0
    """Added to the seat that reached the goal first: the race is over."""


def turns_to_afford(cost: tuple[int, ...], bonuses: tuple[int, ...],
                    tokens: tuple[int, ...]) -> int:
    """Token-taking turns a seat needs before it can pay `cost` (0: it can now).

    Three different gems, or two of one colour, a turn; a card that needs more
    gems than the seat may hold takes two extra turns (it must buy cheaper
    cards first).
    """
    short = 0
    worst = 0
    need = 0
    for colour in range(5):
        price = cost[colour] - bonuses[colour]
        if price > 0:
            need += price
            missing = price - tokens[colour]
            if missing > 0:
                short += missing
                if missing > worst:
                    worst = missing
    short -= tokens[GOLD]
    if short <= 0:
        return 0
    turns = max(-(-short // DIFFERENT_GEMS), -(-(worst - tokens[GOLD]) // SAME_GEMS), 1)
    if need - tokens[GOLD] > GEM_LIMIT:
        turns += 2
    return turns


def _prestige(card: int | None) -> int:
    """Prestige of a card a legal purchase names (it always names one)."""
    return 0 if card is None else PRESTIGE[card]


class JowhariHeuristic(Heuristic[JowhariState]):
    playout_depth = 4
    exploration = 0.6
    temperature = 1.6
    best_buy = 1.0
    """Playouts: chance of buying the most prestigious affordable card rather
    than any affordable one."""
    take_bias = 0.95
    """Playouts: chance of taking gems rather than any legal action when
    nothing can be bought (random reserves mostly waste a turn)."""
    targeted = True
    """Playouts: take gems of the colours the nearest hand card still needs."""
    root_prior = 0.5

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        w = self.weights
        self._discount = tuple(w.progress * w.per_turn**t for t in range(12))

    def values(self, state: JowhariState) -> tuple[float, ...]:
        visible = [c for row in state.centre for c in row if c is not None and c >= 0]
        values = tuple(self.seat_value(state, seat, visible) for seat in range(state.players))
        first = state.first_to_goal
        if first is None:
            return values
        return tuple(v + self.weights.lead if s == first else v for s, v in enumerate(values))

    def seat_value(self, state: JowhariState, index: int, visible: list[int]) -> float:
        w = self.weights
        seat = state.seats[index]
        bonuses = seat.bonuses
        tokens = seat.tokens
        value = float(seat.prestige) + w.gem * seat.gems + w.gold * tokens[GOLD]
        for count in bonuses:
            if count > w.bonus_cap:
                value += w.bonus * w.bonus_cap + w.bonus_extra * (count - w.bonus_cap)
            else:
                value += w.bonus * count
        best = second = 0.0
        needed = PRESTIGE_GOAL - seat.prestige
        discount = self._discount
        for cards, share in ((visible, w.centre), (seat.hand, 1.0)):
            for card in cards:
                if card < 0:
                    continue
                turns = turns_to_afford(COST[card], bonuses, tokens)
                if turns >= len(discount):
                    continue
                points = PRESTIGE[card]
                worth = points + w.bonus * (bonuses[BONUS[card]] < w.bonus_cap)
                if points >= needed:
                    worth += w.finisher
                worth *= share * discount[turns]
                if worth > best:
                    best, second = worth, best
                elif worth > second:
                    second = worth
        return value + best + w.second * second

    def rewards(self, state: JowhariState) -> tuple[float, ...]:
        first = state.first_to_goal
        if first is not None:  # decided: the first to reach the goal wins
            return tuple(1.0 if s == first else 0.0 for s in range(state.players))
        return super().rewards(state)

    def playout_action(self, state: JowhariState, rng: random.Random) -> Action:
        """The most prestigious purchase if any, else mostly gems toward a hand card.

        Cheap on purpose: it runs at every playout ply, where judging every
        legal action with `values` would cost twenty times more.
        """
        legal = state.legal_actions()
        buys = [a for a in legal if type(a) is Buy]
        if buys:
            if len(buys) > 1 and rng.random() < self.best_buy:
                return max(buys, key=lambda a: _prestige(card_at(state, a.source)))
            return rng.choice(buys)
        if rng.random() < self.take_bias:
            takes = [a for a in legal if type(a) is Take]
            if takes:
                if self.targeted:
                    wanted = self._wanted_colours(state)
                    if wanted:
                        scored = [(sum(c in wanted for c in a.colours), a) for a in takes]
                        top = max(score for score, _ in scored)
                        takes = [a for score, a in scored if score == top]
                return rng.choice(takes)
        return rng.choice(legal)

    @staticmethod
    def _wanted_colours(state: JowhariState) -> set[int]:
        """Colours still missing for the hand card nearest to affordable."""
        seat = state.seats[state.current]
        bonuses, tokens = seat.bonuses, seat.tokens
        best, best_turns = None, 99
        for card in seat.hand:
            if card >= 0:
                turns = turns_to_afford(COST[card], bonuses, tokens)
                if 0 < turns < best_turns:
                    best, best_turns = card, turns
        if best is None:
            return set()
        cost = COST[best]
        return {c for c in range(5) if cost[c] - bonuses[c] - tokens[c] > 0}


HEURISTIC = JowhariHeuristic()
