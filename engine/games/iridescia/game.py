"""Gems of Iridescia as a Game: its identity, and the module doing each job."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, checks, refusals, rules, scoring, setup, space, telling, views
from .notation import WRITTEN, problem
from .state import IridesciaState


class IridesciaGame(Game[IridesciaState, actions.Action]):
    id = "iridescia"
    title = "Gems of Iridescia"
    short_title = "Iridescia"
    summary = (
        "climb a hex map to the Castle, mining gems against a rising market and restoring relics; solo against the Rhom deck"
    )
    people = (1, 4)
    min_players = 2
    max_players = 4
    variants = (
        Variant("standard", "Standard",
                "2-4 seats. In a 2-seat game a seat may be the Rhom deck (solo); in a 3-seat "
                "game the Rhom may join two explorers."),
    )
    has_hidden_information = True
    has_private_views = True
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN
    seat_roles = (setup.RHOM_ROLE,)

    _new = staticmethod(setup.new_state)
    max_turns = staticmethod(setup.max_turns)
    action_space = staticmethod(space.action_space)

    legal_actions = staticmethod(rules.legal_actions)
    apply_action = staticmethod(rules.apply_action)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    why_illegal = staticmethod(refusals.why_illegal)
    notation_problem = staticmethod(problem)

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

    def parse_syntax(self, state: IridesciaState, text: str) -> actions.Action | None:
        return actions.parse(text)

    def seating_problem(self, roles: Sequence[str | None]) -> str:
        return super().seating_problem(roles) or setup.seating_problem(tuple(roles))


GAME = IridesciaGame()
IridesciaState.game = GAME
