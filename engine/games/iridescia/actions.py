"""Iridescia actions and their text notation (lower case; any case is read).

Cells are written row then column: `1a` is the bottom-left hex (see board).
Gems are the letters a c e s (amethyst, citrine, emerald, sapphire); tiles
add r (rainbow) and i (the Iridia Stone tile). Seats are numbered from 1.

    explorer / rhom        at the start: this seat is an explorer, or the Rhom deck
    reveal 2c              turn the face-down tile of 2c face up
    move 2c                move onto the revealed tile of 2c ("move 2c as e" on a wild tile)
    discard a              blocked: return an amethyst tile of your victory pile to the box
    go 2a                  blocked: step onto the empty hex 2a
    catapult 3b            Clever Catapult, before revealing
    swap 2                 Swapping Stones with seat 2, before revealing
    mine                   pay a coin and roll your dice on this tile
    stone                  activate a held stone die for this tile
    cart / pickaxe 2d      declare Mine Cart / Prosperous Pickaxe (2d: the tile it copies)
    jackhammer die 1 +1    change mining die 1 (or "jackhammer a -1": the amethyst market die)
    dynamite die 2 -2      the same, by up to two
    libation dice 12       re-roll mining dice 1 and 2; "libation market ac" rolls market dice
    take                   keep the mining roll as it stands
    well / wish c          Wishing Well: roll, then take a gem worth at most a die
    cauldron ae s          trade an amethyst and an emerald for a sapphire
    axe e                  split an emerald into two
    elixir                 take another turn after this one
    book 3 / book deck     reserve relic 3 of the row, or the top of the relic deck
    buy 4                  buy the item in market slot 4
    sell s 3               sell three sapphires
    restore 2              restore relic 2 of the row ("restore reserved 1": your first reserved one)
    end                    end the turn (collect the tile, adjust the market)
    give a to 2 / return a too many gems: hand one to seat 2, or back to the supply
    drop 1                 entering the Forest: discard objective 1 of your two
    remove 4b              after the Castle: take the tile of 4b off the board
    pass                   after the Castle, when no tile can be removed
    rhom turn              the Rhom deck plays its turn
    roll 4                 chance: the next die shows 4
"""

from __future__ import annotations

import re

import attrs

from .board import cell_name, parse_cell
from .components import GEM_LETTERS, ITEM_BY_KEY, ITEMS, TILE_LETTERS

MARKET_TARGET = 10
"""Tweak and libation targets: 0-5 are mining dice, 10 + gem is a market die."""


def _gem(g: int) -> str:
    return GEM_LETTERS[g].lower()


@attrs.frozen(slots=True, cache_hash=True)
class Declare:
    """At the start of a 2- or 3-seat game: whether this seat is the Rhom deck."""

    rhom: bool

    def __str__(self) -> str:
        return "rhom" if self.rhom else "explorer"


@attrs.frozen(slots=True, cache_hash=True)
class OnCell:
    """An action naming a hex: reveal, move, go, catapult, pickaxe, remove."""

    verb: str
    cell: int
    gem: int = -1
    """For `move` onto a rainbow or Iridia tile: the gem it stands for."""

    def __str__(self) -> str:
        text = f"{self.verb} {cell_name(self.cell)}"
        return f"{text} as {_gem(self.gem)}" if self.gem >= 0 else text


@attrs.frozen(slots=True, cache_hash=True)
class Plain:
    """A one-word action: mine, stone, cart, well, elixir, take, end, pass, rhom turn, book deck."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@attrs.frozen(slots=True, cache_hash=True)
class OnGem:
    """An action naming a gem (or tile letter): sell, axe, wish, discard, give, return."""

    verb: str
    gem: int
    """0-3; for `discard`, a tile letter index (4 rainbow, 5 Iridia Stone)."""
    number: int = 0
    """sell: how many; give: the receiving seat (0-based)."""

    def __str__(self) -> str:
        letter = TILE_LETTERS[self.gem].lower()
        if self.verb == "sell":
            return f"sell {letter} {self.number}"
        if self.verb == "give":
            return f"give {letter} to {self.number + 1}"
        return f"{self.verb} {letter}"


@attrs.frozen(slots=True, cache_hash=True)
class OnSlot:
    """An action naming a numbered place: buy, restore, book, drop, swap."""

    verb: str
    slot: int
    """0-based market / relic-row slot, objective index or seat."""
    reserved: bool = False
    """restore: the slot counts your reserved relics instead of the row."""

    def __str__(self) -> str:
        if self.reserved:
            return f"{self.verb} reserved {self.slot + 1}"
        return f"{self.verb} {self.slot + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Cauldron:
    give: tuple[int, int]
    """The two gems traded in (sorted)."""
    get: int

    def __str__(self) -> str:
        return f"cauldron {_gem(self.give[0])}{_gem(self.give[1])} {_gem(self.get)}"


@attrs.frozen(slots=True, cache_hash=True)
class Tweak:
    """Jolty Jackhammer or Dazzling Dynamite on one die."""

    item: int
    target: int
    """0-5: a mining die; MARKET_TARGET + gem: that gem's market die."""
    delta: int

    def __str__(self) -> str:
        key = ITEMS[self.item].key
        where = (f"die {self.target + 1}" if self.target < MARKET_TARGET
                 else _gem(self.target - MARKET_TARGET))
        return f"{key} {where} {self.delta:+d}"


@attrs.frozen(slots=True, cache_hash=True)
class Libation:
    """Lucky Libation: re-roll some of your mining dice, or roll some market dice."""

    dice: tuple[int, ...]
    """Mining-die indexes, or gems when `market`."""
    market: bool

    def __str__(self) -> str:
        if self.market:
            return "libation market " + "".join(_gem(g) for g in self.dice)
        return "libation dice " + "".join(str(i + 1) for i in self.dice)


@attrs.frozen(slots=True, cache_hash=True)
class Roll:
    """Chance: the next die rolled shows `face`."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


Action = Declare | OnCell | Plain | OnGem | OnSlot | Cauldron | Tweak | Libation | Roll

ROLLS = tuple(Roll(face) for face in range(1, 7))
EXPLORER, RHOM = Declare(False), Declare(True)
MINE, STONE, CART, WELL, ELIXIR = (Plain(v) for v in ("mine", "stone", "cart", "well", "elixir"))
TAKE, END, PASS, RHOM_TURN, BOOK_DECK = (Plain(v) for v in ("take", "end", "pass", "rhom turn",
                                                             "book deck"))
PLAIN = {a.verb: a for a in (MINE, STONE, CART, WELL, ELIXIR, TAKE, END, PASS, RHOM_TURN,
                             BOOK_DECK)}
CELL_VERBS = ("reveal", "move", "go", "catapult", "pickaxe", "remove")
SLOT_VERBS = ("buy", "restore", "book", "drop", "swap")

_GEMS = "aces"
_TILE = "acesri"


def _gems(text: str) -> tuple[int, ...] | None:
    if not text or any(ch not in _GEMS for ch in text):
        return None
    return tuple(_GEMS.index(ch) for ch in text)


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and 0 < int(text) < 100 else None


def parse(text: str) -> Action | None:
    """The action named by normalised text (lower case, single spaces), legal or not."""
    if text in PLAIN:
        return PLAIN[text]
    if text in ("explorer", "rhom"):
        return RHOM if text == "rhom" else EXPLORER
    words = text.split(" ")
    verb = words[0]
    if verb in CELL_VERBS and len(words) in (2, 4):
        cell = parse_cell(words[1])
        if cell is None:
            return None
        if len(words) == 4:
            if verb != "move" or words[2] != "as" or words[3] not in _GEMS:
                return None
            return OnCell(verb, cell, _GEMS.index(words[3]))
        return OnCell(verb, cell)
    if verb in SLOT_VERBS:
        if len(words) == 3 and verb == "restore" and words[1] == "reserved":
            n = _number(words[2])
            return None if n is None else OnSlot(verb, n - 1, True)
        if len(words) == 2:
            n = _number(words[1])
            return None if n is None else OnSlot(verb, n - 1)
        return None
    if verb == "roll" and len(words) == 2 and _number(words[1]) is not None:
        face = int(words[1])  # a face no die has (7) is refused with a reason
        return ROLLS[face - 1] if face <= len(ROLLS) else Roll(face)
    return _parse_gem_actions(verb, words)


def _parse_gem_actions(verb: str, words: list[str]) -> Action | None:
    if verb == "sell" and len(words) == 3 and len(words[1]) == 1 and words[1] in _GEMS:
        n = _number(words[2])
        return None if n is None else OnGem("sell", _GEMS.index(words[1]), n)
    if verb in ("axe", "wish", "return") and len(words) == 2 and len(words[1]) == 1 \
            and words[1] in _GEMS:
        return OnGem(verb, _GEMS.index(words[1]))
    if verb == "discard" and len(words) == 2 and len(words[1]) == 1 and words[1] in _TILE:
        return OnGem(verb, _TILE.index(words[1]))
    if verb == "give" and len(words) == 4 and words[2] == "to" and len(words[1]) == 1 \
            and words[1] in _GEMS:
        n = _number(words[3])
        return None if n is None else OnGem("give", _GEMS.index(words[1]), n - 1)
    if verb == "cauldron" and len(words) == 3:
        give, get = _gems(words[1]), _gems(words[2])
        if give is None or get is None or len(give) != 2 or len(get) != 1:
            return None
        return Cauldron((min(give), max(give)), get[0])
    if verb in ("jackhammer", "dynamite"):
        return _parse_tweak(verb, words)
    if verb == "libation" and len(words) == 3:
        if words[1] == "market":
            gems = _gems(words[2])
            return None if gems is None else Libation(tuple(sorted(set(gems))), True)
        if words[1] == "dice" and words[2].isdigit() and "0" not in words[2]:
            dice = tuple(sorted({int(ch) - 1 for ch in words[2]}))
            return Libation(dice, False)
    return None


_DELTA = re.compile(r"^[+-][1-9]$")
"""Any change is read; the rules say which each item allows."""


def _parse_tweak(verb: str, words: list[str]) -> Tweak | None:
    item = 2 if verb == "jackhammer" else 7
    if len(words) == 4 and words[1] == "die" and len(words[2]) == 1 and words[2] in "123456789" \
            and _DELTA.match(words[3]):
        return Tweak(item, int(words[2]) - 1, int(words[3]))
    if len(words) == 3 and len(words[1]) == 1 and words[1] in _GEMS and _DELTA.match(words[2]):
        return Tweak(item, MARKET_TARGET + _GEMS.index(words[1]), int(words[2]))
    return None


# --- shared values ------------------------------------------------------------
# Legal-action lists hand out these prebuilt values, so building a list
# allocates nothing and `in` checks mostly succeed on identity.

CELL_ACTIONS = {verb: tuple(OnCell(verb, c) for c in range(58)) for verb in CELL_VERBS}
MOVE_AS = tuple(tuple(OnCell("move", c, g) for g in range(4)) for c in range(58))
SELL = tuple(tuple(OnGem("sell", g, n) for n in range(8)) for g in range(4))
"""SELL[gem][n]: sell n gems (n from 1)."""
GEM_ACTIONS = {verb: tuple(OnGem(verb, g) for g in range(6))
               for verb in ("axe", "wish", "return", "discard")}
GIVE = tuple(tuple(OnGem("give", g, s) for s in range(4)) for g in range(4))
SLOT_ACTIONS = {verb: tuple(OnSlot(verb, s) for s in range(8)) for verb in SLOT_VERBS}
RESERVED = tuple(OnSlot("restore", s, True) for s in range(24))
CAULDRONS = {(a, b, g): Cauldron((a, b), g) for a in range(4) for b in range(a, 4)
             for g in range(4)}
TWEAKS = {(item, target, delta): Tweak(item, target, delta) for item in (2, 7)
          for target in (*range(6), *range(MARKET_TARGET, MARKET_TARGET + 4))
          for delta in (-2, -1, 1, 2)}


def verb_of(action: Action) -> str:
    """The action's verb as its text starts ("cauldron", an item's key for a die change)."""
    if isinstance(action, Cauldron):
        return "cauldron"
    if isinstance(action, Libation):
        return "libation"
    if isinstance(action, Tweak):
        return ITEMS[action.item].key
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, Declare):
        return "rhom" if action.rhom else "explorer"
    return action.verb


def item_played(action: object) -> int:
    """The item kind `action` plays (the Reference Book for `book deck`), or -1 (also
    for anything that is no action: boards ask it of their menu entries)."""
    if not isinstance(action, Action):
        return -1
    verb = verb_of(action)
    return ITEM_BY_KEY.get("book" if verb == "book deck" else verb, -1)
