"""How Jewel Box's actions are written, for a person whose typed line names no
action (engine/notation.py). Why a well-written action can never be played is
the refusals' to say (refusals.py).
"""

from __future__ import annotations

from . import actions
from .board import COLUMN_LETTERS, parse_square
from .state import JewelBoxState

SPACE_RANGE = f"{actions.SPACES[0]} to {actions.SPACES[-1]}"
"""The log spaces, in words."""
FACE_RANGE = f"{actions.FACES[0]} to {actions.FACES[-1]}"
"""The die's faces, in words."""
_SQUARE = "a column letter and a row number"

WRITTEN = {
    "roll": "roll",
    "rolled": f"rolled and the die's face ({FACE_RANGE}), the die's own step, not a player's",
    "take": f"take and a log space ({SPACE_RANGE})",
    "glass": f"glass and a log space ({SPACE_RANGE}), or glass pile",
    "place": f"place and a square ({_SQUARE})",
    "forceps": "forceps",
    "swap": f"swap and two squares (each {_SQUARE})",
    "done": "done",
    "discard": f"discard and a log space ({SPACE_RANGE})",
}
_ALONE = ("roll", "forceps", "done")
_NUMBERED = {"rolled": "die face", "take": "log space", "glass": "log space",
             "discard": "log space"}


def problem(state: JewelBoxState, text: str) -> str:
    """What is wrong with `text`, a Jewel Box verb followed by something it does
    not read (the same in every position)."""
    verb, _, rest = text.partition(" ")
    if verb in _ALONE:
        return f"nothing follows {verb}"
    if verb in _NUMBERED:
        what = _NUMBERED[verb]
        if not rest:
            return f"{verb} needs a {what}"
        if rest == "0":
            return f"a die shows {FACE_RANGE}" if verb == "rolled" else f"log spaces are {SPACE_RANGE}"
        return f"{rest} is not a {what}"
    if verb in ("place", "swap"):
        squares = rest.split(" ") if rest else []
        wanted = 1 if verb == "place" else 2
        if len(squares) != wanted:
            return f"{verb} needs {'a square' if wanted == 1 else 'two squares'}"
        for square in squares:
            if parse_square(square) is None:
                return (f"{square} is not a square (columns {COLUMN_LETTERS[0]} to "
                        f"{COLUMN_LETTERS[-1]}, rows 1 to {len(COLUMN_LETTERS)})")
    return ""
