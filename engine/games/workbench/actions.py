"""Workbench actions and their text notation.

Colours are the letters R B Y G (ruby/red, sapphire/blue, amber/yellow,
emerald/green); showcase slots are numbered 1 to 7; dice faces are 1 to 6.

Chance (the dice themselves):
    roll R3           the next die rolled, a red one, shows 3. Each die is its
                      own chance step with six even outcomes, red dice first,
                      then blue, yellow and green.
Design phase:
    pick 3            keep every die showing 3 (tray and Crucible dice)
    pick 3+4          with the Polishing Cloth: keep the 3s and the 4s
                      (always written low+high; 6+1 wraps round)
    crucible RRBG     use the Melting Crucible: roll these four reserve dice
    leave R3          more than 6 dice qualify: leave this tray die behind
    leave R3x         ... or this Crucible die (it goes back to the reserve)
    pass              the tray is empty: decline the Crucible and keep nothing
Manufacturing phase:
    put 3 RRB         place these held dice on the card in slot 3
    put 3 RB loupe:G  ... and the Loupe die as a wild die on an emerald
    put 3 R burin     ... and the Burin die (a die of its own colour)
    move 2 5 Y        after using the Burin: move a yellow die from slot 2 to 5
    move 2 5 Y/G      ... the yellow Loupe die sitting on an emerald of slot 2
    pass              after using the Burin: move nothing
    store R crucible  put your last die (R) on an empty tool slot
    discard           none of your dice fits any card: return them all

Every action value a game can use is built once here (or the first time it is
needed, for the rarer placements) and shared, so legal-move lists allocate
nothing and `in` checks mostly succeed on identity.
"""

from __future__ import annotations

import re
from itertools import combinations_with_replacement

import attrs

from .components import LETTERS, TOOLS

FACES = range(1, 7)
MAX_SLOTS = 7


def _dice_text(counts: tuple[int, ...]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


@attrs.frozen(slots=True, cache_hash=True)
class Roll:
    """A chance outcome: the face shown by the die of this colour rolled now."""

    colour: int
    face: int

    def __str__(self) -> str:
        return f"roll {LETTERS[self.colour]}{self.face}"


@attrs.frozen(slots=True, cache_hash=True)
class Pick:
    """Keep every die showing `number`; with the Cloth also those showing `neighbour`."""

    number: int
    neighbour: int = 0

    def __str__(self) -> str:
        if self.neighbour:
            return f"pick {self.number}+{self.neighbour}"
        return f"pick {self.number}"


@attrs.frozen(slots=True, cache_hash=True)
class Crucible:
    dice: tuple[int, ...]
    """How many reserve dice of each colour to roll beside the tray."""

    def __str__(self) -> str:
        return f"crucible {_dice_text(self.dice)}"


@attrs.frozen(slots=True, cache_hash=True)
class Leave:
    """Leave one qualifying die behind when more than six qualify."""

    colour: int
    face: int
    extra: bool
    """True for a die rolled with the Crucible, False for a tray die."""

    def __str__(self) -> str:
        return f"leave {LETTERS[self.colour]}{self.face}{'x' if self.extra else ''}"


@attrs.frozen(slots=True, cache_hash=True)
class Put:
    slot: int
    """Showcase slot, counting from 0 (written from 1)."""
    dice: tuple[int, ...]
    """Held dice placed, per colour."""
    loupe: int = -1
    """The gem colour the Loupe die covers, or -1 if it is not used."""
    burin: bool = False

    def __str__(self) -> str:
        parts = [f"put {self.slot + 1}"]
        if any(self.dice):
            parts.append(_dice_text(self.dice))
        if self.loupe >= 0:
            parts.append(f"loupe:{LETTERS[self.loupe]}")
        if self.burin:
            parts.append("burin")
        return " ".join(parts)


@attrs.frozen(slots=True, cache_hash=True)
class Move:
    """The Burin's move: a die from one showcase card to an open gem of its colour on another."""

    source: int
    target: int
    die: int
    gem: int
    """The gem the die covers on the source card (not its colour only for a Loupe die)."""

    def __str__(self) -> str:
        stray = f"/{LETTERS[self.gem]}" if self.gem != self.die else ""
        return f"move {self.source + 1} {self.target + 1} {LETTERS[self.die]}{stray}"


@attrs.frozen(slots=True, cache_hash=True)
class Store:
    colour: int
    tool: int

    def __str__(self) -> str:
        return f"store {LETTERS[self.colour]} {TOOLS[self.tool]}"


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True, cache_hash=True)
class Discard:
    def __str__(self) -> str:
        return "discard"


Action = Roll | Pick | Crucible | Leave | Put | Move | Store | Pass | Discard
ACTION_TYPES = (Roll, Pick, Crucible, Leave, Put, Move, Store, Pass, Discard)

# --- the shared values --------------------------------------------------------

PASS = Pass()
DISCARD = Discard()
PICK = {n: Pick(n) for n in FACES}
PICK_PAIR = {n: Pick(n, n % 6 + 1) for n in FACES}
"""Cloth picks, keyed by the lower face: 1+2, 2+3, ... 5+6, and 6+1."""
STORE = {(colour, tool): Store(colour, tool) for colour in range(4) for tool in range(4)}
LEAVE = {(c, f, x): Leave(c, f, x) for c in range(4) for f in FACES for x in (False, True)}

ROLLS = tuple(tuple(Roll(colour, face) for face in FACES) for colour in range(4))
"""The six outcomes of a die of each colour: ROLLS[colour][face - 1]."""


def _counts(colours: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(colours.count(c) for c in range(4))


CRUCIBLE = {
    counts: Crucible(counts)
    for n in range(1, 5)
    for counts in {_counts(combo) for combo in combinations_with_replacement(range(4), n)}
}

_PUT: dict[tuple[int, tuple[int, ...], int, bool], Put] = {}
_MOVE: dict[tuple[int, int, int, int], Move] = {}


def put(slot: int, dice: tuple[int, ...], loupe: int = -1, burin: bool = False) -> Put:
    key = (slot, dice, loupe, burin)
    action = _PUT.get(key)
    if action is None:
        action = _PUT[key] = Put(slot, dice, loupe, burin)
    return action


def move(source: int, target: int, die: int, gem: int) -> Move:
    key = (source, target, die, gem)
    action = _MOVE.get(key)
    if action is None:
        action = _MOVE[key] = Move(source, target, die, gem)
    return action


# --- reading text -------------------------------------------------------------

# Any face or slot number is read, even one that does not exist (a 7 on a
# die, slot 9), so that the rules can say what is wrong with it.
_COLOUR = "[rbyg]"
_NUMBER = "([1-9][0-9]?)"
_ROLL = re.compile(rf"^roll ({_COLOUR}) ?{_NUMBER}$")
_PICK = re.compile(rf"^pick {_NUMBER}(?: ?\+ ?{_NUMBER})?$")
_LEAVE = re.compile(rf"^leave ({_COLOUR}) ?{_NUMBER}(x?)$")
_MOVE_TEXT = re.compile(rf"^move {_NUMBER} {_NUMBER} ({_COLOUR})(?:/({_COLOUR}))?$")
_TOOL_NAMES = {name: index for index, name in enumerate(TOOLS)}
_TOOL_NAMES.update({"cr": 0, "cl": 1, "lo": 2, "bu": 3})


def _colour(letter: str) -> int:
    return LETTERS.index(letter.upper())


def _letters(text: str) -> tuple[int, ...] | None:
    if not text or any(ch.upper() not in LETTERS for ch in text):
        return None
    return tuple(text.upper().count(letter) for letter in LETTERS)


def _parse_put(words: list[str]) -> Put | None:
    if not words or not re.fullmatch(_NUMBER, words[0]):
        return None
    slot = int(words[0]) - 1
    dice, loupe, burin = (0, 0, 0, 0), -1, False
    for word in words[1:]:
        if word in ("burin", "bu"):
            burin = True
        elif word.startswith(("loupe", "lo:", "lo=")):
            letter = word.rpartition(":" if ":" in word else "=")[2]
            if len(letter) != 1 or letter.upper() not in LETTERS:
                return None
            loupe = _colour(letter)
        else:
            counts = _letters(word)
            if counts is None:
                return None
            d0, d1, d2, d3 = (a + b for a, b in zip(dice, counts, strict=True))
            dice = (d0, d1, d2, d3)
    if not any(dice) and loupe < 0 and not burin:
        return None
    return put(slot, dice, loupe, burin)


def parse(text: str) -> Action | None:
    """The action named by normalised (lower-case, single-spaced) text, legal or not."""
    if text == "pass":
        return PASS
    if text == "discard":
        return DISCARD
    verb, _, rest = text.partition(" ")
    if verb == "roll":
        match = _ROLL.match(text)
        if not match:
            return None
        colour, face = _colour(match[1]), int(match[2])
        return ROLLS[colour][face - 1] if face in FACES else Roll(colour, face)
    if verb == "pick":
        match = _PICK.match(text)
        if not match:
            return None
        number, other = int(match[1]), int(match[2] or 0)
        if not other:
            return PICK.get(number) or Pick(number)
        low, high = min(number, other), max(number, other)
        if (low, high) == (1, 6):
            return PICK_PAIR[6]
        return PICK_PAIR[low] if high == low + 1 and high in FACES else Pick(number, other)
    if verb == "crucible":
        counts = _letters(rest.replace(" ", ""))
        if counts is None:
            return None
        return CRUCIBLE.get(counts) or Crucible(counts)
    if verb == "leave":
        match = _LEAVE.match(text)
        if not match:
            return None
        key = (_colour(match[1]), int(match[2]), bool(match[3]))
        return LEAVE.get(key) or Leave(*key)
    if verb == "put":
        return _parse_put(rest.split())
    if verb == "move":
        match = _MOVE_TEXT.match(text)
        if not match:
            return None
        die = _colour(match[3])
        gem = _colour(match[4]) if match[4] else die
        return move(int(match[1]) - 1, int(match[2]) - 1, die, gem)
    if verb == "store":
        words = rest.split()
        if len(words) != 2 or len(words[0]) != 1 or words[0].upper() not in LETTERS:
            return None
        tool = _TOOL_NAMES.get(words[1])
        return None if tool is None else STORE[_colour(words[0]), tool]
    return None
