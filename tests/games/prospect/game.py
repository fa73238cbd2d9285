"""Prospect: dig for nuggets, push your luck, buy gem cards (2 to 4 players).

The suite's own game: not shipped, registered by tests/conftest.py.
"""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import checks, refusals, rules, scoring, setup, space, telling, views
from .actions import Action, parse
from .components import ROUNDS
from .notation import WRITTEN, problem
from .state import ProspectState


def _parse_syntax(state: ProspectState, text: str) -> Action | None:
    return parse(text)


def _notation_problem(state: ProspectState, text: str) -> str:
    return problem(text)


class ProspectGame(Game[ProspectState, Action]):
    id = "prospect"
    title = "Prospect"
    summary = "dig for nuggets with a die, bank them before a cave-in, buy gem cards"
    min_players = 2
    max_players = 4
    variants = (Variant("standard", "Standard", f"{ROUNDS} rounds."),)
    has_hidden_information = True
    has_private_views = True  # each hand is face down to the others
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    def _new(self, players: int, rng: random.Random, variant: str) -> ProspectState:
        return setup.new_state(players, rng, variant)

    def max_turns(self, players: int, variant: str) -> int:
        return ROUNDS * players

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        return space.action_space(players, variant)

    legal_actions = staticmethod(rules.legal_actions)
    apply_action = staticmethod(rules.apply_action)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    why_illegal = staticmethod(refusals.why_illegal)
    parse_syntax = staticmethod(_parse_syntax)
    notation_problem = staticmethod(_notation_problem)
    scores = staticmethod(scoring.scores)
    ranking = staticmethod(scoring.ranking)
    score_breakdown = staticmethod(scoring.score_breakdown)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(telling.describe)
    reveals = staticmethod(telling.reveals)
    progress = staticmethod(telling.progress)
    invariants = staticmethod(checks.invariants)
    component_counts = staticmethod(checks.component_counts)


GAME = ProspectGame()
ProspectState.game = GAME
