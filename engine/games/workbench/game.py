"""Jewels: The Workbench as a Game: its identity, and the module doing each job."""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, IllegalAction, Variant

from . import actions, checks, effects, refusals, rules, scoring, setup, space, telling, views
from .notation import WRITTEN, problem
from .state import ROLL_EXTRA, WorkbenchState


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

    # Dice rolls are most of the actions of a playout: a face of the die being
    # rolled goes straight to the rules, and is drawn directly, without listing
    # the outcomes (the same faces, the same even odds).
    def play(self, state: WorkbenchState, action: actions.Action) -> WorkbenchState:
        if (type(action) is actions.Roll and state.step <= ROLL_EXTRA
                and action.colour == state.rolling_colour and 1 <= action.face <= 6):
            return effects.roll(state, action)
        return super().play(state, action)

    def sample_chance(self, state: WorkbenchState, rng: random.Random) -> actions.Action:
        if state.step > ROLL_EXTRA:
            raise IllegalAction("this is not a chance step")
        return actions.ROLLS[state.rolling_colour][int(rng.random() * 6)]

    def parse_syntax(self, state: WorkbenchState, text: str) -> actions.Action | None:
        return actions.parse(text)


GAME = WorkbenchGame()
WorkbenchState.game = GAME
