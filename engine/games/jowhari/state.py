"""The Jowhari state: plain tuples and two small frozen records."""

from __future__ import annotations

from typing import ClassVar

import attrs

from gemtable.engine.core import Game, Observer, ScoreLine, State

from . import cards

GEM_LIMIT = 10
"""Most gem tokens a player may hold at the end of a turn (gold not counted)."""
PRESTIGE_GOAL = 10
ROUND_LIMIT = 100
"""Rounds after which the game stops even if nobody reached the goal (see rules.md)."""


@attrs.frozen(slots=True)
class Seat:
    tokens: tuple[int, ...]
    """Six counts: the five gem colours, then gold."""
    bonuses: tuple[int, ...]
    """Permanent discount per gem colour: one per bought card of that colour."""
    prestige: int
    bought: tuple[int, ...]
    hand: tuple[int, ...]
    """Dealt and reserved cards (the hand is the reserve); hidden ones are -level."""
    hand_public: tuple[bool, ...]
    """Per hand card: True if everyone saw it (reserved from the centre)."""

    @property
    def gems(self) -> int:
        t = self.tokens
        return t[0] + t[1] + t[2] + t[3] + t[4]


@attrs.frozen(slots=True, cache_hash=True)
class JowhariState(State):
    game: ClassVar[Game]

    players: int
    variant: str
    supply: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    """Per level, bottom first: the top card is the last one."""
    centre: tuple[tuple[int | None, ...], ...]
    """Per level, the face-up slots; None where a deck ran out."""
    seats: tuple[Seat, ...]
    current: int
    returning: bool
    """The current player still has to give back gem tokens above the limit."""
    turns: int
    first_to_goal: int | None
    passes_in_row: int
    over: bool
    observer: Observer | None = None
    """None for the true state; the seat (or SPECTATOR) a view was made for."""
    _legal: tuple | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # --- protocol ----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.current

    @property
    def is_over(self) -> bool:
        return self.over



    @property
    def round(self) -> int:
        """The round being played, counting from 1."""
        return self.turns // self.players + 1

    def progress(self) -> str:
        return f"Round {self.round}"

    def describe(self, action: object, after: JowhariState) -> str:
        return telling.describe(self, action, after)

    def reveals(self, action: object) -> bool:
        return telling.reveals(self, action)

    def _legal_actions(self) -> tuple:
        return rules.legal_actions(self)

    def _apply(self, action: object) -> JowhariState:
        return rules.apply_action(self, action)

    def why_illegal(self, action: object) -> str:
        return rules.why_illegal(self, action)

    def parse_syntax(self, text: str) -> object | None:
        return actions.parse(text)

    def notation_problem(self, text: str) -> str:
        return notation.problem(text)

    def scores(self) -> tuple[int, ...]:
        return tuple(seat.prestige for seat in self.seats)

    def ranking(self) -> tuple[int, ...]:
        return rules.ranking(self)

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return rules.score_breakdown(self, seat)

    def invariants(self) -> tuple[str, ...]:
        return rules.invariants(self)

    def component_counts(self) -> dict[str, int]:
        counts = {name: self.supply[c] for c, name in enumerate(cards.COLOURS)}
        counts["gold"] = self.supply[cards.GOLD]
        for seat in self.seats:
            for c, name in enumerate(cards.COLOURS):
                counts[name] += seat.tokens[c]
            counts["gold"] += seat.tokens[cards.GOLD]
        counts["cards"] = (
            sum(len(deck) for deck in self.decks)
            + sum(card is not None for row in self.centre for card in row)
            + sum(len(seat.hand) + len(seat.bought) for seat in self.seats)
        )
        return counts

    def _view(self, seat: Observer) -> JowhariState:
        return views.view(self, seat)

    def determinize(self, rng) -> JowhariState:
        return views.determinize(self, rng)

    # --- helpers for bots and screens -------------------------------------
    def card_at(self, source: actions.Source) -> int | None:
        """The card a source names for the current player (None if empty)."""
        return rules.card_at(self, self.current, source)

    def shortfall(self, seat: int, card: int) -> int:
        """Tokens still missing after discounts, gems and gold: 0 means affordable."""
        return rules.shortfall(self.seats[seat], card)


from . import actions, notation, rules, telling, views  # noqa: E402  (they need the classes above)
