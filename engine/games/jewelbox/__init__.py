"""Jewel Box: draft beetles from a log and build a square box of them (1 to 4 players).

Public helpers beyond the Game: `score_rows` scores a box written as text;
`rules.placements`, `scoring.family_points` and `boxes.box_rows` serve screens and bots.
"""

from __future__ import annotations

from . import actions, board, boxes, components, rules, scoring
from .game import GAME, JewelBoxGame
from .scoring import SOLO_TITLES, score_rows, solo_title
from .state import JewelBoxState, Seat

__all__ = [
    "GAME",
    "SOLO_TITLES",
    "JewelBoxGame",
    "JewelBoxState",
    "Seat",
    "actions",
    "board",
    "boxes",
    "components",
    "rules",
    "score_rows",
    "scoring",
    "solo_title",
]
