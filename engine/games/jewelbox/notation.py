"""How Jewel Box's actions are written, for a person whose typed line names no
action, and why some written actions can never be played (engine/notation.py).
"""

from __future__ import annotations

from . import actions as A
from .board import COLUMN_LETTERS, parse_square

_SPACES = f"{A.SPACES[0]} to {A.SPACES[-1]}"
_FACES = f"{A.FACES[0]} to {A.FACES[-1]}"
_SQUARE = "a column letter and a row number"

WRITTEN = {
    "roll": "roll",
    "rolled": f"rolled and the die's face ({_FACES}), the die's own step, not a player's",
    "take": f"take and a log space ({_SPACES})",
    "glass": f"glass and a log space ({_SPACES}), or glass pile",
    "place": f"place and a square ({_SQUARE})",
    "forceps": "forceps",
    "swap": f"swap and two squares (each {_SQUARE})",
    "done": "done",
    "discard": f"discard and a log space ({_SPACES})",
}
_ALONE = ("roll", "forceps", "done")
_NUMBERED = {"rolled": "die face", "take": "log space", "glass": "log space",
             "discard": "log space"}


def problem(text: str) -> str:
    """What is wrong with `text`, a Jewel Box verb followed by something it does not read."""
    verb, _, rest = text.partition(" ")
    if verb in _ALONE:
        return f"nothing follows {verb}"
    if verb in _NUMBERED:
        what = _NUMBERED[verb]
        if not rest:
            return f"{verb} needs a {what}"
        if rest == "0":
            return f"a die shows {_FACES}" if verb == "rolled" else f"log spaces are {_SPACES}"
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


def never_legal(action: object) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, A.Rolled) and action.face not in A.FACES:
        return f"a die shows {_FACES}, not {action.face}"
    if isinstance(action, A.Take | A.Glass | A.Discard) and action.space > A.SPACES[-1]:
        return f"there is no log space {action.space}: log spaces are {_SPACES}"
    if isinstance(action, A.Swap) and action.first == action.second:
        return "the Forceps swap two beetles on two different squares"
    return ""
