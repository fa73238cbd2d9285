"""The printed and designed components, loaded once from the data files.

Gems are numbered 0-3 (amethyst A, citrine C, emerald E, sapphire S); a tile
may also be a rainbow (R) or the Iridia Stone tile (I), both wild.
"""

from __future__ import annotations

import csv
from pathlib import Path

import attrs

DATA = Path(__file__).with_name("data")

GEM_LETTERS = "ACES"
GEM_NAMES = ("amethyst", "citrine", "emerald", "sapphire")
RAINBOW = 4
IRIDIA = 5
TILE_LETTERS = "ACESRI"
GEM_SUPPLY = 16
"""Gems of each type in the box."""
COIN_SUPPLY = 80
"""Coin value in the box (32 one-coin and 16 three-coin tokens)."""
STONE_DICE = 4
BARRICADES = 6
CARGO = 7
START_COINS = 5
MARKET_START = 2
ITEM_COPIES = 3

NO_BONUS, COINS, ROYALTY, STONE, IRIDIA_BONUS = range(5)
BONUS_KINDS = {"none": NO_BONUS, "coins": COINS, "royalty": ROYALTY, "stone": STONE,
               "iridia": IRIDIA_BONUS}

RELIC_TYPES = ("Jewelry", "Tech", "Lore", "Iridia")
JEWELRY, TECH, LORE, WILD_RELIC = range(4)

TOKENS = (("Throne", 6), ("Scepter", 4), ("Banner", 2))
"""Royalty tokens: name and points; index 0 is the best."""
TOKENS_FOR = {2: (1,), 3: (0, 2), 4: (0, 1, 2)}
"""Tokens in play by number of seats (ruling 4)."""


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@attrs.frozen
class Tile:
    id: int
    region: int
    gem: int
    """0-3 a gem, RAINBOW or IRIDIA."""
    bonus: int
    amount: int


@attrs.frozen
class Relic:
    id: int
    name: str
    type: int
    """JEWELRY, TECH, LORE or WILD_RELIC."""
    lead: int
    """Lead gem 0-3, or -1 for an Iridia relic."""
    cost: tuple[int, int, int, int]
    points: int


@attrs.frozen
class Item:
    kind: int
    key: str
    """The word used in action text."""
    name: str
    cost: int
    green_flag: bool
    """Only playable at the start of a turn, before revealing."""
    min_players: int
    text: str
    """What it does, in the players' words (cardtexts.item_text adds when and where)."""


@attrs.frozen
class Objective:
    id: int
    name: str
    kind: str
    param: str
    points: int
    text: str


@attrs.frozen
class RhomCard:
    id: int
    priorities: tuple[int, int, int, int]
    """Indexes into board.PRIORITY_CELLS (0 ahead-left, 1 ahead-right,
    2 side-left, 3 side-right), first priority first."""
    icon: str
    """"none", "2x", "3x", "merchant" or "barricade"."""
    vane: int
    """Weathervane on the card's back: 0 left, 1 right."""


_REGION = {"Desert": 0, "Canyon": 1, "Forest": 2, "Ruins": 3, "Castle": 4}
_POSITIONS = {"AL": 0, "AR": 1, "SL": 2, "SR": 3}

TILES: tuple[Tile, ...] = tuple(
    Tile(int(r["id"]), _REGION[r["region"]], TILE_LETTERS.index(r["gem"]),
         BONUS_KINDS[r["bonus"]], int(r["amount"]))
    for r in _rows("tiles.csv")
)
REGION_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t.id for t in TILES if t.region == region) for region in range(5)
)
RELICS: tuple[Relic, ...] = tuple(
    Relic(int(r["id"]), r["name"], RELIC_TYPES.index(r["type"]),
          -1 if r["lead"] == "-" else GEM_LETTERS.index(r["lead"]),
          (int(r["amethyst"]), int(r["citrine"]), int(r["emerald"]), int(r["sapphire"])),
          int(r["points"]))
    for r in _rows("relics.csv")
)
ITEMS: tuple[Item, ...] = tuple(
    Item(int(r["kind"]), r["key"], r["name"], int(r["cost"]), r["green_flag"] == "yes",
         int(r["min_players"]), r["text"])
    for r in _rows("items.csv")
)
ITEM_BY_KEY = {item.key: item.kind for item in ITEMS}
(CAULDRON, CART, JACKHAMMER, ELIXIR, LIBATION, AXE, WELL, DYNAMITE, SWAP, BOOK, PICKAXE,
 CATAPULT) = range(12)
DIE_CHANGES: dict[int, tuple[int, ...]] = {JACKHAMMER: (-1, 1), DYNAMITE: (-2, -1, 1, 2)}
"""Per die-changing item (Jolty Jackhammer, Dazzling Dynamite): what it may add to a die."""
OBJECTIVES: tuple[Objective, ...] = tuple(
    Objective(int(r["id"]), r["name"], r["kind"], r["param"], int(r["points"]), r["text"])
    for r in _rows("objectives.csv")
)
RHOM_CARDS: tuple[RhomCard, ...] = tuple(
    RhomCard(int(r["id"]), tuple(_POSITIONS[p] for p in r["priorities"].split()),  # type: ignore[arg-type]
             r["icon"], 0 if r["vane"] == "left" else 1)
    for r in _rows("rhom.csv")
)

assert len(TILES) == 58 and len(RELICS) == 24 and len(ITEMS) == 12
assert len(OBJECTIVES) == 15 and len(RHOM_CARDS) == 16


def tile_label(tile: int) -> str:
    t = TILES[tile]
    gem = ("rainbow" if t.gem == RAINBOW else "Iridia Stone" if t.gem == IRIDIA
           else GEM_NAMES[t.gem])
    region = ("Desert", "Canyon", "Forest", "Ruins", "Castle")[t.region]
    return f"{region} {gem} tile"


def bonus_text(tile: int) -> str:
    t = TILES[tile]
    if t.bonus == COINS:
        return f"{t.amount} coin{'s' if t.amount != 1 else ''}"
    if t.bonus == ROYALTY:
        return f"{t.amount} royalty"
    if t.bonus == STONE:
        return "a stone die"
    if t.bonus == IRIDIA_BONUS:
        return "the Iridia Stone and 10 royalty"
    return ""
