"""The table as the board draws it: plain values read from an Iridescia view.

This is the only module that reads the engine's state fields; the drawing
modules take a Scene, so a change in how the engine keeps its state touches
one place. Nothing here decides a rule: legality comes from the legal
actions, restorable relics and scores from the engine's own functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DOWN, TILE, EMPTY, BARRICADE = "down", "tile", "empty", "barricade"
"""What a hex shows: a face-down tile, a revealed tile, nothing, a barricade."""


@dataclass(frozen=True)
class Hex:
    key: object
    """The hex as the engine's actions name it."""
    name: str
    row: int
    """0 is the bottom (Desert) row, 8 the Castle."""
    col: int
    """0 is the leftmost hex of its row."""
    state: str
    gem: int = -1
    """The tile's gem (0-3), RAINBOW or IRIDIA, for a revealed tile."""
    bonus: str = ""
    """`$2` coins, `+3` royalty, `d` a stone die, or nothing."""
    explorers: tuple[int, ...] = ()
    bonus_words: str = ""
    """What the bonus gives, in the engine's words."""


@dataclass(frozen=True)
class Relic:
    name: str
    kind: str
    """J jewelry, T tech, L lore, W wild (Iridia)."""
    lead: int
    """The lead gem (-1 for an Iridia relic)."""
    cost: tuple[int, int, int, int]
    points: int
    restorable: bool = False
    """The seat on screen holds the gems for it now (the engine says so)."""


@dataclass(frozen=True)
class Item:
    name: str
    cost: int
    flag: bool = False
    """Green flag: played only at the start of a turn."""
    short: str = ""
    """One word for narrow panels: the word its actions begin with."""
    text: str = ""
    """What it does, in the engine's words."""


@dataclass(frozen=True)
class Player:
    seat: int
    label: str
    rhom: bool
    score: int
    coins: int
    cargo: tuple[int, int, int, int]
    stone_dice: int
    items: tuple[str, ...] | None
    """Names of the items in hand; None when hidden from the seat on screen."""
    item_count: int
    objectives: tuple[str, ...] | None
    """The secret objectives' names with points; None when hidden."""
    objective_count: int
    tiles: tuple[int, int, int, int, int, int]
    """Victory-pile tiles per gem, then rainbow and Iridia Stone."""
    relics: tuple[Relic, ...]
    reserved: tuple[Relic, ...] = ()
    royalty: str = ""
    """The royalty token taken at the Castle, if any."""
    stone: bool = False
    """Holds the Iridia Stone."""
    finished: bool = False
    airship: bool = False
    """Not yet landed on the board."""
    item_keys: tuple[str, ...] = ()
    """The items' short names (the word that plays each), when `items` is shown."""
    objective_texts: tuple[str, ...] = ()
    """What each shown objective asks, in the engine's words."""
    yours: bool = False
    """The seat on screen (its objectives have their own panel, `o`)."""


@dataclass(frozen=True)
class Goal:
    """One of the secret objectives of the seat on screen, as the engine judges it."""

    name: str
    points: int
    text: str
    """What it asks."""
    met: bool
    """It would score if the game ended now."""
    status: str
    """How far along, in words."""


@dataclass(frozen=True)
class Scene:
    rows: tuple[tuple[Hex, ...], ...]
    """Bottom row first."""
    long_rows: tuple[bool, ...]
    """Per row, True for a 7-hex row (the 6-hex rows are drawn half a hex in)."""
    region_of_row: tuple[str, ...]
    market: tuple[int, int, int, int]
    stone_supply: int
    relic_row: tuple[Relic | None, ...]
    """None where the deck ran out."""
    relic_deck: int
    items: tuple[Item | None, ...]
    item_deck: int
    players: tuple[Player, ...]
    current: int | None
    step: str
    """The step of the turn in words ("reveal", "move", "mine or buy"...)."""
    roll: tuple[tuple[int, bool, bool], ...] = ()
    """A mining roll waiting to resolve: (face, is a stone die, yields a gem now) per die."""
    roll_gem: int = -1
    rhom_card: str = ""
    """The Rhom's card drawn this turn, in short."""
    rhom_icon: str = ""
    """What its icon makes the Rhom do, in words ("" for a plain card)."""
    royalty_left: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())
    """Other public facts the step needs (an extra turn, a Mine Cart declared)."""
    goals: tuple[Goal, ...] | None = None
    """The secret objectives of the seat on screen; None when it has none to show
    (watching, or the Rhom)."""

    def hex_at(self, row: int, col: int) -> Hex | None:
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]):
            return self.rows[row][col]
        return None
