"""How Iridescia's actions are written, for a person whose typed line names no
action, and why some written actions can never be played (engine/notation.py).
"""

from __future__ import annotations

from . import actions
from .board import LETTERS, ROW_SIZES, ROWS, parse_cell
from .components import DIE_CHANGES, GEM_LETTERS, GEM_NAMES, ITEMS, TILE_LETTERS
from .state import IridesciaState

_GEM_KEY = ", ".join(f"{letter.lower()} {name}" for letter, name in zip(GEM_LETTERS, GEM_NAMES,
                                                                        strict=True))
_TILE_KEY = f"{_GEM_KEY}, r rainbow, i Iridia Stone"
_HEX = "a hex (its row number, then its letter)"
_TWEAK = "then die and a mining die's number or a market die's gem letter, then the change"

WRITTEN = {
    "explorer": "explorer",
    "rhom": "rhom to say this seat is the Rhom deck, or rhom turn for the Rhom's turn",
    "reveal": f"reveal and {_HEX}",
    "move": f"move and {_HEX}, then onto a wild tile as and a gem letter ({_GEM_KEY})",
    "discard": f"discard and a tile letter from your victory pile ({_TILE_KEY})",
    "go": f"go and {_HEX}",
    "catapult": f"catapult and {_HEX}",
    "swap": "swap and another explorer's seat number",
    "mine": "mine",
    "stone": "stone",
    "cart": "cart",
    "pickaxe": "pickaxe and the hex of the tile it copies",
    "jackhammer": f"jackhammer, {_TWEAK} (+1 or -1)",
    "dynamite": f"dynamite, {_TWEAK} (+1, -1, +2 or -2)",
    "libation": "libation dice and the mining dice's numbers, or libation market and gem letters",
    "take": "take",
    "well": "well",
    "wish": f"wish and a gem letter ({_GEM_KEY})",
    "cauldron": f"cauldron, the two gem letters you give, then the one you get ({_GEM_KEY})",
    "axe": f"axe and a gem letter ({_GEM_KEY})",
    "elixir": "elixir",
    "book": "book and a relic's place in the row, or book deck",
    "buy": "buy and a market slot's number",
    "sell": f"sell, a gem letter ({_GEM_KEY}) and how many",
    "restore": "restore and a relic's place in the row, or restore reserved and its number",
    "end": "end",
    "give": f"give, a gem letter ({_GEM_KEY}), to, and a seat number",
    "return": f"return and a gem letter ({_GEM_KEY})",
    "drop": "drop and the number of one of your two objectives (1 or 2)",
    "remove": f"remove and {_HEX}",
    "pass": "pass",
    "roll": "roll and a die's face (1 to 6), a chance step",
}
_ALONE = ("explorer", "mine", "stone", "cart", "take", "well", "elixir", "end", "pass")
_GEM_VERBS = ("wish", "axe", "return", "discard", "sell", "give")
OBJECTIVES_HELD = 2


def problem(state: IridesciaState, text: str) -> str:
    """What is wrong with `text`, an Iridescia verb followed by something it does not read
    (the same in every position)."""
    verb, *words = text.split(" ")
    if verb in _ALONE:
        return f"nothing follows {verb}"
    if not words:
        return f"{verb} needs more after it"
    for word in words:
        if word.isdigit() and int(word) == 0:
            return "numbers start from 1"
    if verb in actions.CELL_VERBS:
        return _cell_problem(verb, words)
    if verb in _GEM_VERBS:
        letters = TILE_LETTERS if verb == "discard" else GEM_LETTERS
        if len(words[0]) != 1 or words[0].upper() not in letters:
            return f"{words[0]} is not {'a tile' if verb == 'discard' else 'a gem'} letter"
        if verb == "sell":
            return "sell needs how many after the gem letter"
        if verb == "give":
            return "give needs to and a seat number after the gem letter"
        return f"{verb} takes one letter"
    if verb == "cauldron":
        for letter in "".join(words):
            if letter.upper() not in GEM_LETTERS:
                return f"{letter} is not a gem letter"
        return "cauldron takes two gem letters, a space, then one"
    if verb in ("jackhammer", "dynamite", "libation"):
        return ""  # how the verb is written says it all
    if verb in ("rhom", "book"):
        return f"{verb} is followed by {'turn' if verb == 'rhom' else 'a number or deck'} only"
    if words[-1] == "reserved":
        return "restore reserved needs the number of your reserved relic"
    return f"{words[-1]} is not a number" if not words[-1].isdigit() else ""


def _cell_problem(verb: str, words: list[str]) -> str:
    if parse_cell(words[0]) is None:
        return (f"{words[0]} is not a hex (rows 1 to {ROWS}, letters {LETTERS[0]} to "
                f"{LETTERS[max(ROW_SIZES) - 1]})")
    if verb == "move" and len(words) == 3 and words[1] == "as":
        return f"{words[2]} is not a gem letter"
    return f"{verb} takes one hex" if verb != "move" else "move takes a hex, then as and a gem"


def never_legal(state: IridesciaState, action: actions.Action) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, actions.Tweak):
        item = ITEMS[action.item]
        steps = DIE_CHANGES[action.item]
        if action.delta not in steps:
            changes = ", ".join(f"{d:+d}" for d in steps[:-1]) + f" or {steps[-1]:+d}"
            return f"the {item.name} changes a die by {changes}, not {action.delta:+d}"
    seat = -1
    if isinstance(action, actions.OnGem) and action.verb == "give":
        seat = action.number
    if isinstance(action, actions.OnSlot) and action.verb == "swap":
        seat = action.slot
    if seat >= state.players:
        return f"there is no seat {seat + 1}: seats are 1 to {state.players}"
    if isinstance(action, actions.OnSlot) and action.verb == "drop" and action.slot >= OBJECTIVES_HELD:
        return f"there is no objective {action.slot + 1}: you drop 1 or 2"
    return ""

