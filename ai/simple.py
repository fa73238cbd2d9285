"""The two one-step bots: random (a baseline) and greedy (a per-game heuristic).

Greedy looks one action ahead. Because a view hides cards, it first samples
one full position from the view (`determinize`) and tries every action on that
same sample, so hidden cards add the same noise to every candidate. An action
that leads to a chance step is valued by its expectation over the outcomes.
"""

from __future__ import annotations

import random
from typing import Any

from gemtable.engine import CHANCE, State

from .base import check_view, decision_rng
from .heuristics import Heuristic

CHANCE_DEPTH = 3
"""Chance steps in a row valued exactly; deeper ones are sampled."""


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, *, seed: int, kind: str = "random") -> None:
        self.kind = kind
        self.seed = seed

    def choose(self, view: State[Any]) -> object:
        check_view(view)
        return decision_rng(self.seed, view).choice(view.legal_actions())


class GreedyBot:
    """The action whose result the heuristic values most; ties broken by the seed."""

    def __init__(self, heuristic: Heuristic[Any], *, seed: int, kind: str = "greedy") -> None:
        self.kind = kind
        self.seed = seed
        self.heuristic = heuristic

    def choose(self, view: State[Any]) -> object:
        seat = check_view(view)
        legal = list(view.legal_actions())
        settled = self.settled(view, legal)
        if settled is not None:
            return settled
        return self.rank(view, seat, legal, decision_rng(self.seed, view))[0]

    def settled(self, view: State[Any], legal: list[object]) -> object | None:
        """The move when there is nothing to weigh: the only legal one, or the
        one the heuristic's policy prescribes; None otherwise."""
        if len(legal) == 1:
            return legal[0]
        return self.heuristic.policy_action(view)

    def rank(self, view: State[Any], seat: int, legal: list[object],
             rng: random.Random) -> list[object]:
        """`legal`, best first for `seat` one action ahead, all valued on one
        sample of the hidden cards. Every bot built on greedy's judgement ranks
        with this, so they agree on what "best" is."""
        rng.shuffle(legal)  # sorted() keeps equal moves in this order: a seeded tie-break
        sample = view.determinize(rng)
        return sorted(legal, key=lambda a: self.expected_value(sample.apply(a), seat, rng),
                      reverse=True)

    def expected_value(self, state: State[Any], seat: int, rng: random.Random,
                       depth: int = 0) -> float:
        """`seat`'s value of `state`, averaged over chance steps that start there."""
        if state.to_move is not CHANCE:
            return self.heuristic.value(state, seat)
        if depth >= CHANCE_DEPTH:
            return self.expected_value(state.apply(state.sample_chance(rng)), seat, rng, depth)
        return sum(
            probability * self.expected_value(state.apply(outcome), seat, rng, depth + 1)
            for outcome, probability in state.chance_outcomes()
        )
