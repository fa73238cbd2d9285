"""Shared fixtures for the bot tests, including a tiny dice game.

Jowhari has no chance steps, so "Dash" (not a registered game) exercises the
chance handling of the match loop, greedy and MCTS: on your turn either
`step` one square or `dash`, which rolls a die and moves you that many
squares on 3 or more and not at all on 1 or 2. First to 10 squares wins.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

from gemtable.engine import CHANCE, Game, IllegalAction, ScoreLine, State, Variant

GOAL = 10


@attrs.frozen
class DashState(State):
    game: ClassVar[Game]

    players: int
    positions: tuple[int, ...]
    current: int = 0
    pending: bool = False
    turns: int = 0
    observer: object = None

    @property
    def to_move(self):
        if max(self.positions) >= GOAL:
            return None
        return CHANCE if self.pending else self.current

    @property
    def turn(self) -> int:
        return self.turns

    @property
    def viewer(self):
        return self.observer

    def legal_actions(self) -> tuple:
        if self.is_over:
            return ()
        return tuple(range(1, 7)) if self.pending else ("step", "dash")

    def chance_outcomes(self):
        if not self.pending:
            raise IllegalAction("this is not a chance step")
        return [(k, 1 / 6) for k in range(1, 7)]

    def _apply(self, action) -> DashState:
        if action == "dash":
            return attrs.evolve(self, pending=True)
        gain = 1 if action == "step" else (action if action >= 3 else 0)
        positions = list(self.positions)
        positions[self.current] += gain
        return attrs.evolve(self, positions=tuple(positions), pending=False,
                            current=(self.current + 1) % self.players, turns=self.turns + 1)

    def why_illegal(self, action) -> str:
        return f"{action!r} is not legal now"

    def parse_syntax(self, text: str):
        return text if text in ("step", "dash") else None

    def scores(self) -> tuple[int, ...]:
        return self.positions

    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.positions) if p >= GOAL)

    def ranking(self) -> tuple[int, ...]:
        return tuple(1 + sum(o > p for o in self.positions) for p in self.positions)

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return (ScoreLine("Squares", self.positions[seat]),)

    def view(self, seat) -> DashState:
        return attrs.evolve(self, observer=seat)

    def determinize(self, rng: random.Random) -> DashState:
        return attrs.evolve(self, observer=None)


class DashGame(Game):
    id = "dash"
    title = "Dash"
    min_players = 2
    max_players = 4
    variants = (Variant("standard", "Standard"),)
    has_chance = True

    def _new(self, players: int, rng: random.Random, variant: str) -> DashState:
        return DashState(players=players, positions=(0,) * players)


DashState.game = DashGame()


@pytest.fixture
def dash() -> Game:
    return DashState.game
