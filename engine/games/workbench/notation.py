"""How Workbench's actions are written, for a person whose typed line names no
action, and why some written actions can never be played (engine/notation.py).
"""

from __future__ import annotations

from . import actions
from .components import DICE_COLOURS, LETTERS, TOOLS

_COLOUR_KEY = ", ".join(f"{letter} {name}" for letter, name in zip(LETTERS, DICE_COLOURS,
                                                                   strict=True))
_FACES = f"{actions.FACES[0]} to {actions.FACES[-1]}"
_SLOTS = f"1 to {actions.MAX_SLOTS}"
_TOOL_LIST = ", ".join(TOOLS)

WRITTEN = {
    "roll": f"roll and a die's colour letter and face ({_COLOUR_KEY}), a chance step",
    "pick": "pick and a number the dice show, or with the Polishing Cloth two neighbours (3+4)",
    "crucible": f"crucible and the colour letters of the reserve dice to roll ({_COLOUR_KEY})",
    "leave": "leave and a die's colour letter and face, with x after a Crucible die's",
    "put": (f"put, a showcase slot ({_SLOTS}) and your dice's colour letters ({_COLOUR_KEY}), "
            "then loupe:G to add the Loupe die on a green gem, burin to add the Burin die"),
    "move": (f"move, the slot a die leaves, the slot it goes to ({_SLOTS}) and the die's "
             "colour letter (and /gem letter for a Loupe die)"),
    "store": f"store, your die's colour letter and a tool ({_TOOL_LIST})",
    "pass": "pass",
    "discard": "discard",
}
_ALONE = ("pass", "discard")


def problem(state: object, text: str) -> str:
    """What is wrong with `text`, a Workbench verb followed by something it does
    not read (the same in every position: `state` is not needed)."""
    verb, _, rest = text.partition(" ")
    words = rest.split()
    if verb in _ALONE:
        return f"nothing follows {verb}"
    if not words:
        return f"{verb} needs more after it"
    if verb in ("roll", "leave", "crucible", "store"):
        wrong = _not_a_colour(words[0][:1] if verb in ("roll", "leave", "store") else "".join(words))
        if wrong:
            return wrong
        if verb == "store":
            return f"{words[1]} is not a tool" if len(words) == 2 else (
                "store needs a colour letter and a tool")
        if verb in ("roll", "leave"):
            return f"{verb} needs a die's colour letter and face ({_FACES}), as R3"
    if verb == "pick":
        if rest.startswith("0") or "+0" in rest.replace(" ", ""):
            return f"a die shows {_FACES}"
        return "pick needs a number, or two neighbouring numbers joined by +"
    if verb in ("put", "move"):
        numbers = words[:1] if verb == "put" else words[:2]
        for word in numbers:
            if not word.isdigit() or word.startswith("0"):
                return f"{word} is not a slot number ({_SLOTS})"
        if verb == "move" and len(words) != 3:
            return "move needs two slot numbers and a colour letter"
        for word in words[len(numbers):]:
            if verb == "put" and word in ("burin", "bu"):
                continue
            letters = word.rpartition(":")[2] if word.startswith(("loupe", "lo:")) else word
            wrong = _not_a_colour(letters.replace("/", ""))
            if wrong:
                return wrong
        if verb == "put":
            return "put needs dice after the slot"
    return ""


def _not_a_colour(letters: str) -> str:
    for letter in letters.upper():
        if letter not in LETTERS:
            return f"{letter} is not a colour letter"
    return ""


def never_legal(action: object) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    faces = [action.face] if isinstance(action, actions.Roll | actions.Leave) else (
        [action.number, action.neighbour] if isinstance(action, actions.Pick) else [])
    for face in faces:
        if face and face not in actions.FACES:
            return f"a die shows {_FACES}, not {face}"
    if isinstance(action, actions.Crucible) and not 1 <= sum(action.dice) <= 4:
        return f"the Crucible rolls up to four reserve dice, not {sum(action.dice)}"
    return ""
