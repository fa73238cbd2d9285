"""The Workbench state: plain tuples, one small frozen record per seat."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from gemtable.engine.core import CHANCE, Game, IllegalAction, Mover, Observer, ScoreLine, State

from .cards import COMMISSION_TOTAL, GEMS, LETTERS

# Steps: what the position is waiting for.
ROLL = 0
"""Chance: the tray dice still in `pending` are rolled, one die per step."""
ROLL_EXTRA = 1
"""Chance: the Crucible dice in `pending` are rolled beside the tray."""
CHOOSE = 2
"""Design: the current seat picks a number, or first uses the Crucible."""
PICK = 3
"""Design: after the Crucible roll, the current seat picks a number."""
TRIM = 4
"""Design: more than six dice qualified; the current seat leaves some behind."""
MAKE = 5
"""Manufacturing: the current seat places, stores or discards."""
MOVE = 6
"""Manufacturing: the current seat used the Burin and may now move one die."""
OVER = 7

ROUNDS = {
    "standard": {2: 10, 3: 9, 4: 8},
    "introductory": {2: 6, 3: 6, 4: 4},
}
SHOWCASE_SIZE = {2: 5, 3: 6, 4: 7}
TRAY_DICE_PER_COLOUR = {2: 2, 3: 3, 4: 4}
KEEP_LIMIT = 6
NO_DICE = (0,) * 24
"""An empty tray (counts per colour x face: index colour * 6 + face - 1)."""


@attrs.frozen(slots=True)
class Seat:
    held: tuple[int, ...]
    """Dice kept in this round's design phase, per colour."""
    tools: tuple[int, ...]
    """Crucible, Cloth, Loupe, Burin: the colour of the die stored there, or -1."""
    finished: tuple[int, ...]
    """Cards taken to the finished-work area, in the order taken."""
    commissions: tuple[int, ...]
    """Commission cards claimed, in the order claimed."""


@attrs.frozen(slots=True, cache_hash=True)
class WorkbenchState(State):
    game: ClassVar[Game]

    players: int
    variant: str
    round: int
    """Rounds completed; the round being played is round + 1."""
    initiative: int
    """The seat holding the Initiative Gem (and the tray)."""
    current: int
    """The seat acting in the design or manufacturing step."""
    step: int
    deck: tuple[int, ...]
    """Face-down jewel cards; the top card is the last one."""
    showcase: tuple[int, ...]
    """The card in each showcase slot, or EMPTY."""
    missing: tuple[tuple[int, ...], ...]
    """Per slot, the gems of each colour not yet covered by a die."""
    strays: tuple[tuple[tuple[int, int], ...], ...]
    """Per slot, (gem, die colour) of Loupe dice covering a gem of another colour."""
    reserve: tuple[int, ...]
    tray: tuple[int, ...]
    extra: tuple[int, ...]
    """The Crucible dice beside the tray, laid out like the tray."""
    pending: tuple[int, ...]
    """Dice taken from the reserve and still to be rolled, per colour."""
    pool: tuple[int, ...]
    """While trimming: the qualifying dice (colour * 6 + face - 1, plus 24 for Crucible dice)."""
    seats: tuple[Seat, ...]
    commissions: tuple[int, ...]
    """Commission cards in play and not yet claimed."""
    turns: int
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # --- protocol ----------------------------------------------------------
    @property
    def to_move(self) -> Mover:
        step = self.step
        if step == OVER:
            return None
        return CHANCE if step <= ROLL_EXTRA else self.current

    @property
    def is_over(self) -> bool:
        return self.step == OVER



    def describe(self, action: object, after: WorkbenchState) -> str:
        return telling.describe(self, action, after)

    def reveals(self, action: object) -> bool:
        return telling.reveals(self, action)

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts."""
        return ROUNDS[self.variant][self.players]

    def progress(self) -> str:
        return f"Round {min(self.round + 1, self.rounds)} of {self.rounds}"

    def _legal_actions(self) -> tuple:
        return rules.legal_actions(self)

    def apply(self, action: object) -> WorkbenchState:
        # Dice rolls are most of the actions of a playout: checked directly.
        if type(action) is actions.Roll and self.step <= ROLL_EXTRA:
            if action.colour == rules.rolling_colour(self) and 1 <= action.face <= 6:
                return effects.roll(self, action)
            raise IllegalAction(self.why_illegal(action), action)
        return State.apply(self, action)

    def _apply(self, action: object) -> WorkbenchState:
        return effects.apply_action(self, action)

    def why_illegal(self, action: object) -> str:
        return explain.why_illegal(self, action)

    def parse_syntax(self, text: str) -> object | None:
        return actions.parse(text)

    def notation_problem(self, text: str) -> str:
        return notation.problem(text)

    def chance_outcomes(self) -> tuple[tuple[object, float], ...]:
        if self.to_move is not CHANCE:
            raise IllegalAction("this is not a chance step")
        return rules.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> object:
        """Rolls the next die directly (the same even odds as chance_outcomes)."""
        if self.to_move is not CHANCE:
            raise IllegalAction("this is not a chance step")
        return actions.ROLLS[rules.rolling_colour(self)][int(rng.random() * 6)]

    def scores(self) -> tuple[int, ...]:
        return tuple(scoring.total(self, seat) for seat in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        return scoring.ranking(self)

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return scoring.score_breakdown(self, seat)

    def _view(self, seat: Observer) -> WorkbenchState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> WorkbenchState:
        return views.determinize(self, rng)

    def invariants(self) -> tuple[str, ...]:
        return checks.invariants(self)

    def component_counts(self) -> dict[str, int]:
        """Dice of each colour wherever they are, jewel cards and commission cards."""
        dice = list(self.reserve)
        for c in range(4):
            base = c * 6
            dice[c] += sum(self.tray[base : base + 6]) + sum(self.extra[base : base + 6])
            dice[c] += self.pending[c]
        for code in self.pool:
            dice[(code % 24) // 6] += 1
        for seat in self.seats:
            for c in range(4):
                dice[c] += seat.held[c]
            for colour in seat.tools:
                if colour >= 0:
                    dice[colour] += 1
        for card, missing, strays in zip(self.showcase, self.missing, self.strays, strict=True):
            if card >= 0:
                for c in range(4):
                    dice[c] += GEMS[card][c] - missing[c]
                for gem, die in strays:
                    dice[gem] -= 1
                    dice[die] += 1
        counts = {f"{LETTERS[c]} dice": dice[c] for c in range(4)}
        counts["jewel cards"] = (
            len(self.deck)
            + sum(1 for card in self.showcase if card != -1)
            + sum(len(seat.finished) for seat in self.seats)
        )
        counts["commission cards"] = (
            len(self.commissions)
            + sum(len(seat.commissions) for seat in self.seats)
            + COMMISSION_TOTAL
            - rounds.commissions_in_play(self.variant, self.players)
        )
        return counts

    # --- helpers for bots and screens -------------------------------------
    def score_of(self, seat: int) -> int:
        return scoring.total(self, seat)


from . import actions, checks, effects, explain, notation, rounds, rules, scoring, telling, views  # noqa: E402  (they need the classes above)
