"""gemtable.engine: game rules as immutable states. Imports nothing else of gemtable."""

from . import registry
from .core import (
    CHANCE,
    SPECTATOR,
    Game,
    IllegalAction,
    Mover,
    Observer,
    ScoreLine,
    State,
    Variant,
    chance_rng,
)

__all__ = [
    "CHANCE",
    "SPECTATOR",
    "chance_rng",
    "Game",
    "IllegalAction",
    "Mover",
    "Observer",
    "ScoreLine",
    "State",
    "Variant",
    "registry",
]
