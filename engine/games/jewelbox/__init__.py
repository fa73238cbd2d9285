"""Jewel Box: draft beetles from a log and build a square box of them (1 to 4 players).

Public helpers beyond the Game: `score_rows` scores a box written as text,
`JewelBoxState.placements` / `family_points` / `box_rows` serve screens and bots.
"""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, board, components, scoring
from .components import ALL_TOOLS, COPIES, FAMILY_COUNT, LOG_SPACES
from .notation import WRITTEN
from .rules import SOLO_TITLES, solo_title
from .scoring import score_rows
from .state import SIZES, START, JewelBoxState, Seat


class JewelBoxGame(Game[JewelBoxState]):
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
    achievement_names = tuple(title for _, title in reversed(SOLO_TITLES))
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def max_turns(self, players: int, variant: str) -> int:
        # Every turn fills one square of the turn player's box, and the game
        # ends when all boxes are full.
        size = SIZES[variant]
        return players * size * size

    def _new(self, players: int, rng: random.Random, variant: str) -> JewelBoxState:
        pile = [family for family in range(FAMILY_COUNT) for _ in range(COPIES[family])]
        rng.shuffle(pile)
        log = tuple(pile.pop() for _ in range(LOG_SPACES))
        empty_box = Seat((0,) * FAMILY_COUNT, ALL_TOOLS)
        return JewelBoxState(
            players=players,
            variant=variant,
            seats=(empty_box,) * players,
            log=log,
            pile=tuple(pile),
            discards=(0,) * FAMILY_COUNT,
            current=0,
            phase=START,
            holding=-1,
            tool_used=False,
            turns=0,
        )


GAME = JewelBoxGame()
JewelBoxState.game = GAME

__all__ = [
    "GAME",
    "SOLO_TITLES",
    "JewelBoxGame",
    "JewelBoxState",
    "Seat",
    "actions",
    "board",
    "components",
    "score_rows",
    "scoring",
    "solo_title",
]
