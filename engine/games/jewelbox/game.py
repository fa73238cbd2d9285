"""The Jewel Box game: its identity, and which module does each of its jobs."""

from __future__ import annotations

from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, checks, refusals, rules, scoring, setup, space, telling, views
from .actions import Action
from .notation import WRITTEN, problem
from .state import JewelBoxState


class JewelBoxGame(Game[JewelBoxState, Action]):
    id = "jewelbox"
    title = "Jewel Box"
    summary = (
        "roll for beetles and fit them into a 4x4 or 5x5 box so each family scores"
    )
    min_players = 1
    max_players = 4
    variants = (
        Variant("solo", "Solo", "A 5x5 box; discard one log beetle after each turn.", (1,)),
        # Listed first for two players, so it is their default (rulings: 4x4 by
        # default, 5x5 as the two-player variant).
        Variant("standard", "Standard (4x4)", "4x4 boxes.", (2, 3, 4)),
        Variant("long", "Long (5x5)", "The two-player variant: 5x5 boxes.", (2,)),
    )
    has_hidden_information = True
    has_chance = True
    achievement_names = tuple(title for _, title in reversed(scoring.SOLO_TITLES))
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    _new = staticmethod(setup.new_state)
    max_turns = staticmethod(setup.max_turns)
    action_space = staticmethod(space.action_space)

    legal_actions = staticmethod(rules.legal_actions)
    apply_action = staticmethod(rules.apply_action)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    why_illegal = staticmethod(refusals.why_illegal)
    # `problem` by name: in this class body `notation` is the Game's attribute, not the module.
    notation_problem = staticmethod(problem)

    scores = staticmethod(scoring.scores)
    ranking = staticmethod(scoring.ranking)
    score_breakdown = staticmethod(scoring.score_breakdown)
    achievements = staticmethod(scoring.achievements)

    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)

    describe = staticmethod(telling.describe)
    reveals = staticmethod(telling.reveals)
    progress = staticmethod(telling.progress)

    invariants = staticmethod(checks.invariants)
    component_counts = staticmethod(checks.component_counts)

    def parse_syntax(self, state: JewelBoxState, text: str) -> Action | None:
        return actions.parse(text)  # the same in every position


GAME = JewelBoxGame()
JewelBoxState.game = GAME
