"""The Jowhari game: its identity, and which module does each of its jobs."""

from __future__ import annotations

from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, checks, refusals, rules, scoring, setup, space, telling, views
from .actions import Action
from .notation import WRITTEN, problem
from .state import JowhariState


class JowhariGame(Game[JowhariState, Action]):
    id = "jowhari"
    title = "Jowhari"
    summary = (
        "a jeweller's card race to 10 prestige: take gems, reserve, buy cards that make later cards cheaper"
    )
    min_players = 2
    max_players = 4
    variants = (Variant("standard", "Standard", "All 90 cards, first to 10 prestige."),)
    has_hidden_information = True
    has_private_views = True  # reserved cards are secret
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    _new = staticmethod(setup.new_state)
    max_turns = staticmethod(setup.max_turns)
    action_space = staticmethod(space.action_space)

    legal_actions = staticmethod(rules.legal_actions)
    apply_action = staticmethod(rules.apply_action)
    why_illegal = staticmethod(refusals.why_illegal)
    # `problem` by name: in this class body `notation` is the Game's attribute, not the module.
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

    def parse_syntax(self, state: JowhariState, text: str) -> Action | None:
        return actions.parse(text)  # the same in every position


GAME = JowhariGame()
JowhariState.game = GAME
