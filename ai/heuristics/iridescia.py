"""Gems of Iridescia knowledge for the bots, and the Rhom deck as a bot kind.

A seat's value, in royalty points, adds to its score now (play points, gems
left, the best sets and objective):

- gems in cargo as relic material, plus how close its gems come to the best
  relic it could restore (the shared row and its own reserved relics);
- coins, held stone dice and items at a fraction of what they cost;
- progress toward the Castle, row by row.

The Rhom's seat plays by the engine's own Rhom rules: the engine offers it a
single action each turn, so `RhomBot` only declares itself at the start and
then plays that action. Other bots never choose to be the Rhom.

Playouts restore what they can, move onto a tile whose gem the relic row
wants, mine while the odds are fair, and otherwise end the turn.
"""

from __future__ import annotations

import random
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from gemtable.engine import State
from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import CASTLE_ROW, FINISHED, ROW_OF
from gemtable.engine.games.iridescia.components import CARGO, ITEMS, RELICS, TILES
from gemtable.engine.games.iridescia.rhom import demand
from gemtable.engine.games.iridescia.scoring import total
from gemtable.engine.games.iridescia.setup import RHOM_ROLE
from gemtable.engine.games.iridescia.state import (
    OPTIONAL,
    RESOLVE,
    RESTORE,
    REVEAL,
    SEATING,
    IridesciaState,
)

from . import Heuristic, LevelTarget

# Levels moved from the common mapping (ai/levels.py; docs/performance.md,
# "Levels"). mcts:100 is nearly the full search (which beat it 63% of the
# time), mcts:20 sits too near greedy (11 to 5, and 1 to 15 against the full
# search), and a slip costs greedy little (a light one still wins 48% against
# it), so hard stops halfway, at fifty iterations.
LEVELS: dict[str, LevelTarget] = {"hard": "mcts:50"}

GEM = 0.9
"""A gem in cargo beyond its half point at the end: material for a relic."""
RELIC_REACH = 0.5
"""Share of the nearest relic's points counted for the gems already toward it."""
COIN = 0.3
STONE_DIE = 0.8
ITEM_SHARE = 0.25
ROW = 0.15
"""Per row climbed (the token and richer tiles lie ahead)."""
NOT_THE_RHOM = -1000.0
"""Bots other than `rhom` never take the Rhom's seat."""
MINE_ODDS = 4
"""Playouts mine while the market value is at most this."""
FULL_HOLD = 1.5
"""A full hold at rest: the gem of the next tile will have to be given away."""
OVERFLOW = 2.0
"""Per gem beyond seven (they are about to leave the hold)."""


RELIC_COSTS = tuple(r.cost for r in RELICS)
RELIC_GEMS = tuple(sum(r.cost) for r in RELICS)
RELIC_POINTS = tuple(r.points for r in RELICS)


def relic_reach(state: IridesciaState, seat: int) -> float:
    record = state.seats[seat]
    return _reach(record.cargo, state.relic_row + record.reserved)


@lru_cache(maxsize=1 << 14)
def _reach(cargo: tuple[int, int, int, int], offered: tuple[int, ...]) -> float:
    # Every search iteration asks this of every seat, and cargo and the relic
    # row change far less often: cached, with costs read from flat tables.
    a, c, e, s = cargo
    best = 0.0
    for relic in offered:
        if relic < 0:
            continue
        ca, cc, ce, cs = RELIC_COSTS[relic]
        have = min(a, ca) + min(c, cc) + min(e, ce) + min(s, cs)
        best = max(best, RELIC_POINTS[relic] * (have / RELIC_GEMS[relic]) ** 2)
    return best


class IridesciaHeuristic(Heuristic[IridesciaState]):
    playout_depth = 4
    temperature = 6.0
    solo_scale = 15.0

    def values(self, state: IridesciaState) -> tuple[float, ...]:
        return tuple(self.seat_value(state, i) for i in range(state.players))

    def seat_value(self, state: IridesciaState, i: int) -> float:
        if i == state.rhom:
            if state.turns == 0 and state.seats[i].position < 0:
                return NOT_THE_RHOM  # becoming the Rhom is never a plan of these bots
            return self.rhom_value(state, i)
        seat = state.seats[i]
        value = float(total(state, i))
        # Gems past the hold's seven are given away: they are worth nothing here.
        value += GEM * min(sum(seat.cargo), CARGO) + RELIC_REACH * relic_reach(state, i)
        excess = sum(seat.cargo) - CARGO
        if excess > 0:  # about to be given away: the score and reach above overcount them
            value -= OVERFLOW * excess
        if sum(seat.cargo) >= CARGO and seat.position != FINISHED:
            value -= FULL_HOLD  # the next tile's gem would go to a rival
        row = CASTLE_ROW + 1 if seat.position == FINISHED else (
            ROW_OF[seat.position] + 1 if seat.position >= 0 else 0)
        # Coins score nothing at the end: they are worth less the nearer the Castle.
        value += COIN * (1 - row / (CASTLE_ROW + 2)) * seat.coins + STONE_DIE * seat.stones
        value += ITEM_SHARE * sum(ITEMS[k].cost for k in seat.items if k >= 0)
        value += ROW * row
        return value

    def rhom_value(self, state: IridesciaState, i: int) -> float:
        """The Rhom's standing: its hold works the other way round from a player's.

        Once its hold is full, every gem it collects scores at market value
        (`rhom.gain`), so a gem that fills its hold, given or collected, is
        worth a later gem's points to it, not a full-hold worry. The Rhom
        climbs a row a turn, so the gems still to come are the rows left."""
        seat = state.seats[i]
        value = float(total(state, i)) + RELIC_REACH * relic_reach(state, i)
        if seat.position == FINISHED:
            return value
        row = ROW_OF[seat.position] if seat.position >= 0 else -1
        gems_to_come = CASTLE_ROW - row
        room = max(0, CARGO - sum(seat.cargo))
        market = sum(state.market_dice) / len(state.market_dice)
        return value + GEM * min(sum(seat.cargo), CARGO) + market * max(0, gems_to_come - room)

    def playout_action(self, state: IridesciaState, rng: random.Random) -> actions.Action:
        legal = state.legal_actions()
        step = state.step
        if step == SEATING:
            return actions.EXPLORER
        if step == REVEAL:
            moves = [a for a in legal if isinstance(a, actions.OnCell) and a.verb == "move"]
            if moves:
                need = demand(state)

                def want(a: actions.OnCell) -> int:
                    gem = TILES[state.cells[a.cell]].gem
                    return need[a.gem if gem >= 4 else gem]

                top = max(want(a) for a in moves)
                return rng.choice([a for a in moves if want(a) == top])
            return rng.choice(legal)
        if step in (OPTIONAL, RESTORE):
            restores = [a for a in legal if isinstance(a, actions.OnSlot) and a.verb == "restore"]
            if restores:
                return restores[0]
            if actions.MINE in legal and state.market_dice[state.tile_gem] <= MINE_ODDS \
                    and sum(state.seats[state.current].cargo) < 7:
                return actions.MINE
            return actions.END
        if step == RESOLVE:
            return actions.TAKE
        return rng.choice(legal)


class RhomBot:
    """The Rhom deck: takes the Rhom's seat, then plays the engine's Rhom turn."""

    def __init__(self, *, seed: int, kind: str = "rhom") -> None:
        self.kind = kind
        self.seed = seed

    def choose(self, view: State[Any]) -> object:
        from gemtable.ai.base import check_view, decision_rng

        check_view(view)
        legal = view.legal_actions()
        for wanted in (actions.RHOM, actions.RHOM_TURN):
            if wanted in legal:
                return wanted
        # Not the Rhom's seat (a line-up every front end refuses, built by hand):
        # play as a plain explorer would.
        assert isinstance(view, IridesciaState), "the Rhom's deck plays Iridescia only"
        return HEURISTIC.playout_action(view, decision_rng(self.seed, view))


def _rhom(seed: int) -> RhomBot:
    return RhomBot(seed=seed)


HEURISTIC = IridesciaHeuristic()
HEURISTIC.bots = MappingProxyType({"rhom": _rhom})
HEURISTIC.roles = MappingProxyType({"rhom": RHOM_ROLE})
