"""The Marylia Game: who does each job of the rules, and GAME."""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, IllegalAction, Variant

from . import actions, checks, refusals, rules, scoring, setup, telling, views
from .actions import Action
from .notation import WRITTEN, problem
from .state import FIGHT, OVER, ROUND_LIMIT, MaryliaState


class MaryliaGame(Game[MaryliaState, Action]):
    id = "marylia"
    title = "Jewels: Merchants of Marylia"
    short_title = "Marylia"
    summary = (
        "trade gems across seven cities, forge jewels, win sealed-bid auctions and meet characters and events"
    )
    min_players = 2
    max_players = 5
    variants = (
        Variant("standard", "Standard",
                "Seven cities, 3 actions a turn; with 2 players every turn is a round."),
    )
    has_hidden_information = True
    has_private_views = True  # hands and sealed bids
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    _new = staticmethod(setup.new_state)
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
    secret_action = staticmethod(telling.secret_action)
    progress = staticmethod(telling.progress)
    invariants = staticmethod(checks.invariants)
    component_counts = staticmethod(checks.component_counts)

    def parse_syntax(self, state: MaryliaState, text: str) -> Action | None:
        return actions.parse(text)

    # Dice are a third of a playout's actions: a face is checked against the
    # die and drawn directly, rather than through the legal list and the
    # outcome table (the same faces, the same even odds).
    def play(self, state: MaryliaState, action: Action) -> MaryliaState:
        if FIGHT <= state.step < OVER:
            if action in rules.ROLLS:
                return rules.apply_action(state, action)
            raise IllegalAction(state.why_illegal(action), action)
        return super().play(state, action)

    def sample_chance(self, state: MaryliaState, rng: random.Random) -> Action:
        if not FIGHT <= state.step < OVER:
            raise IllegalAction("this is not a chance step")
        return rules.ROLLS[int(rng.random() * len(rules.ROLLS))]

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def max_turns(self, players: int, variant: str) -> int:
        """Every round has one turn per player (one turn with two players), and
        no game outlasts ROUND_LIMIT rounds."""
        per_round = 1 if players == 2 else players
        return ROUND_LIMIT[players] * per_round


GAME = MaryliaGame()
MaryliaState.game = GAME
