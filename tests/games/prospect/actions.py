"""Prospect's actions: a verb, and for `buy` and `roll` a number.

`dig`, `stop`, `pan` and `draw` stand alone; `buy 2` takes market slot 2;
`roll 4` is the die's face, a chance outcome the table plays.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

import attrs

from .components import DIE_FACES, MARKET_SLOTS

Verb = Literal["dig", "stop", "pan", "draw", "buy", "roll"]
VERBS: tuple[str, ...] = get_args(Verb)
NUMBERED = ("buy", "roll")
"""The verbs followed by a number."""


@attrs.frozen(slots=True)
class Action:
    verb: Verb
    number: int = 0
    """The market slot (buy) or the die's face (roll), from 1; 0 for the others."""

    def __str__(self) -> str:
        return f"{self.verb} {self.number}" if self.verb in NUMBERED else self.verb


DIG = Action("dig")
STOP = Action("stop")
PAN = Action("pan")
DRAW = Action("draw")
BUYS = tuple(Action("buy", slot) for slot in range(1, MARKET_SLOTS + 1))
ROLLS = tuple(Action("roll", face) for face in DIE_FACES)

_PLAIN = {str(action): action for action in (DIG, STOP, PAN, DRAW)}
_NUMBERED = re.compile(r"(buy|roll) ?(\d+)")


def parse(text: str) -> Action | None:
    """The action `text` (normalised) names, possible or not; None if it names none."""
    if text in _PLAIN:
        return _PLAIN[text]
    match = _NUMBERED.fullmatch(text)
    if match is None:
        return None
    verb: Verb = "buy" if match.group(1) == "buy" else "roll"
    return Action(verb, int(match.group(2)))
