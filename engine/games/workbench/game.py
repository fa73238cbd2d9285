"""Jewels: The Workbench as a Game: its identity, and the module doing each job."""

from __future__ import annotations

from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, checks, effects, refusals, rules, scoring, setup, space, telling, views
from .notation import WRITTEN, problem
from .state import WorkbenchState


class WorkbenchGame(Game[WorkbenchState, actions.Action]):
    id = "workbench"
    title = "Jewels: The Workbench"
    short_title = "Workbench"
    summary = (
        "draft dice from a tray and set them into jewel cards with four workbench tools"
    )
    min_players = 2
    max_players = 4
    variants = (
        Variant("standard", "Standard", "10 / 9 / 8 rounds for 2 / 3 / 4 players, with commissions."),
        Variant("introductory", "Introductory",
                "6 / 6 / 4 rounds for 2 / 3 / 4 players, no commission cards."),
    )
    has_hidden_information = True
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

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

    def parse_syntax(self, state: WorkbenchState, text: str) -> actions.Action | None:
        return actions.parse(text)


GAME = WorkbenchGame()
WorkbenchState.game = GAME
WorkbenchState.roll_effect = effects.roll
