"""The suite's one toy game, a tiny dice race: it has chance steps and a hidden
number per seat, which the real games may not both have at a stable point
(the table tests), and a sure gain that only an expectation over the die beats
(the bot tests).

On your turn: `roll` (a chance step adds a die to your total, and you go on),
`hold` (your turn ends) or `inch` (one more, and your turn ends). First to 12
wins. Each seat also holds a secret `lucky` number, dealt from the seed, that
only that seat may see. Not a registered game: the tests that need it by id
register it as "dicetest".
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

import attrs

from gemtable.engine import CHANCE, SPECTATOR, Game, IllegalAction, ScoreLine, State, Variant

GOAL = 12


class DiceGame(Game):
    id = "dicetest"
    title = "Dice Test"
    min_players = 2
    max_players = 3
    variants = (Variant("standard", "Standard"),)
    has_hidden_information = True
    has_private_views = True  # the lucky numbers
    has_chance = True
    rules_file = Path(__file__).with_name("dice_game_rules.md")  # no such file: the rules screen says so

    def _new(self, players: int, rng: random.Random, variant: str) -> DiceState:
        lucky = tuple(rng.randint(1, 6) for _ in range(players))
        return DiceState(players, (0,) * players, lucky, 0, False, 0)


@attrs.frozen
class DiceState(State):
    game: ClassVar[Game]
    players: int
    totals: tuple[int, ...]
    lucky: tuple[int, ...]
    """-1 where the viewer may not know it."""
    current: int
    rolling: bool
    turns: int
    observer: object = None

    @property
    def to_move(self):
        if max(self.totals) >= GOAL:
            return None
        return CHANCE if self.rolling else self.current

    @property
    def turn(self) -> int:
        return self.turns

    @property
    def viewer(self):
        return self.observer

    def legal_actions(self) -> tuple:
        if self.is_over:
            return ()
        if self.rolling:
            return tuple(f"die {n}" for n in range(1, 7))
        return ("roll", "hold", "inch")

    def chance_outcomes(self):
        if not self.rolling:
            raise IllegalAction("this is not a chance step")
        return tuple((f"die {n}", 1 / 6) for n in range(1, 7))

    def _apply(self, action: object) -> DiceState:
        if action == "roll":
            return attrs.evolve(self, rolling=True)
        if action in ("hold", "inch"):
            totals = list(self.totals)
            totals[self.current] += action == "inch"
            return attrs.evolve(self, totals=tuple(totals), turns=self.turns + 1,
                                current=(self.current + 1) % self.players)
        value = int(str(action).split()[1])
        totals = list(self.totals)
        totals[self.current] += value
        return attrs.evolve(self, totals=tuple(totals), rolling=False)

    def why_illegal(self, action: object) -> str:
        if self.is_over:
            return "the game is over"
        if self.rolling:
            return "the die is rolling"
        return f"{action!r} is not roll, hold or inch"

    def parse_syntax(self, text: str):
        return text if text in ("roll", "hold", "inch") or text.startswith("die ") else None

    def scores(self):
        return self.totals

    def ranking(self):
        return tuple(1 + sum(o > mine for o in self.totals) for mine in self.totals)

    def winners(self):
        return tuple(s for s, place in enumerate(self.ranking()) if place == 1)

    def score_breakdown(self, seat: int):
        return (ScoreLine("Total", self.totals[seat]),)

    def view(self, seat) -> DiceState:
        lucky = tuple(v if s == seat else -1 for s, v in enumerate(self.lucky))
        return attrs.evolve(self, lucky=lucky, observer=seat)

    def determinize(self, rng: random.Random) -> DiceState:
        lucky = tuple(v if v >= 0 else rng.randint(1, 6) for v in self.lucky)
        return attrs.evolve(self, lucky=lucky, observer=None)


GAME = DiceGame()
DiceState.game = GAME
__all__ = ["GAME", "SPECTATOR"]
