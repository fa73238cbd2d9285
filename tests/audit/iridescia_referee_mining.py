"""The referee's watch on mining: what a resolved roll must give, the Mine Cart
and the Prosperous Pickaxe included (ruling 24: the Pickaxe copies only the gems
the supply gave, before the hold's limit of seven)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from iridescia_referee_board import GEMS, HEX_OF, TILE_GEM

from gemtable.engine.games.iridescia.state import STEP_NAMES

if TYPE_CHECKING:
    from iridescia_referee import Referee

MINE_DIE, REROLL, MARKET_DIE = 0, 10, 20
"""Where the next die rolled goes, as the state's list of dice to roll says."""


def _mining(state) -> bool:  # noqa: ANN001
    step = STEP_NAMES[state.step]
    return step == "resolve" or (step == "rolling" and STEP_NAMES[state.resume] == "resolve")


def _wrap(face: int, delta: int) -> int:
    return (face - 1 + delta) % 6 + 1


class Miner:
    def __init__(self) -> None:
        self.new_turn()

    def new_turn(self) -> None:
        self.gem: int | None = None
        self.cart = False
        self.pickaxe: int | None = None

    def watch(self, referee: Referee, state, text: str, after) -> None:  # noqa: ANN001
        words = text.split()
        if words[0] == "move":
            tile = TILE_GEM[state.cells[HEX_OF[words[1]]]]
            self.gem = GEMS.index(words[3] if len(words) == 4 else tile)
        elif text == "cart":
            self.cart = True
        elif words[0] == "pickaxe":
            self.pickaxe = HEX_OF[words[1]]
        if not _mining(state) or _mining(after) or self.gem is None:
            return
        dice, market = list(state.dice), list(state.market_dice)
        if words[0] == "roll":
            target, face = state.rolls[0], int(words[1])
            if target >= MARKET_DIE:
                market[target - MARKET_DIE] = face
            elif target >= REROLL:
                dice[target - REROLL] = face
            else:
                dice.append(face)
        elif words[0] in ("jackhammer", "dynamite"):
            delta = int(words[-1])
            if words[1] == "die":
                dice[int(words[2]) - 1] = _wrap(dice[int(words[2]) - 1], delta)
            else:
                market[GEMS.index(words[1])] = _wrap(market[GEMS.index(words[1])], delta)
        self.resolved(referee, state, after, dice, market)

    def resolved(self, referee: Referee, state, after, dice: list[int],  # noqa: ANN001
                 market: list[int]) -> None:
        gem = self.gem
        assert gem is not None
        me = state.current
        hits = sum(1 for d in dice if d >= market[gem])
        wanted = hits * (2 if self.cart else 1)
        mined = min(wanted, state.gem_supply[gem])
        expected = [0, 0, 0, 0]
        expected[gem] += mined
        if self.pickaxe is not None and mined:
            copy = GEMS.index(TILE_GEM[state.cells[self.pickaxe]])
            left = state.gem_supply[copy] - (mined if copy == gem else 0)
            expected[copy] += min(mined, left)
            referee.report.fired["pickaxe copied"] += 1
            if mined < wanted:
                referee.report.fired["pickaxe held to the gems the supply gave"] += 1
        got = [a - b for a, b in zip(after.seats[me].cargo, state.seats[me].cargo, strict=True)]
        referee.same("gems from a mining roll", got, expected)
