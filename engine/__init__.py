"""gemtable.engine: game rules as immutable states. Imports nothing else of gemtable."""

from . import registry
from .core import CHANCE, SPECTATOR, chance_rng, Game, IllegalAction, ScoreLine, State, Variant

__all__ = [
    "CHANCE",
    "SPECTATOR",
    "chance_rng",
    "Game",
    "IllegalAction",
    "ScoreLine",
    "State",
    "Variant",
    "registry",
]
