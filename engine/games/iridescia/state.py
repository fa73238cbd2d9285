"""The Iridescia state: plain tuples, one small frozen record per seat.

Everything is public except: face-down tiles (a view shows HIDDEN_TILE on
those cells), the tiles left in the box, the relic, merchant and Rhom decks
(the weathervane on the Rhom deck's top card is public as `rhom_vane`),
unplayed objectives, and each explorer's objectives and item hand (private
to that seat; the Rhom's hand is public).
"""

from __future__ import annotations

from typing import Any

import attrs

from gemtable.engine.core import CHANCE, Mover, Observer, State

from .actions import Action  # the action type is data too; actions import no rules

# Steps: what the position waits for.
SEATING = 0
"""Each seat in order says whether it is an explorer or the Rhom deck."""
REVEAL = 1
"""Main actions: green-flag items, reveal up to two tiles, then move."""
BLOCKED = 2
"""Nothing to reveal or move onto: discard a tile from the victory pile."""
GO = 3
"""Blocked: choose an empty hex to stand on (blocked.go_targets says which)."""
OPTIONAL = 4
"""Optional actions on the tile: mine, buy, items, sell; or restore / end."""
RESOLVE = 5
"""A mining roll waits: modify the dice with items, then `take`."""
WISH = 6
"""Wishing Well rolled: choose the gem."""
GIVE = 7
"""Over seven gems: give the excess away."""
DROP = 8
"""First step into the Forest: discard one of two objectives."""
RESTORE = 9
"""End of turn: restore relics, then `end`."""
REMOVE = 10
"""A finished explorer's turn: take a tile off the board."""
RHOM = 11
"""The Rhom seat plays its whole turn with `rhom turn`."""
ROLLING = 12
"""Chance: dice in `rolls` are rolled one at a time."""
OVER = 13

STEP_NAMES = ("seating", "reveal", "blocked", "go", "optional", "resolve", "wish", "give",
              "drop", "restore", "remove", "rhom", "rolling", "over")

# Roll targets (entries of `rolls`).
MINE_DIE = 0
"""A mining (or Wishing Well) die: appended to `dice`."""
REROLL = 10
"""REROLL + i: mining die i rolled again."""
MARKET_DIE = 20
"""MARKET_DIE + gem: that market die rolled (Lucky Libation)."""
RHOM_DIE = 30
"""A die rolled for the Rhom: appended to `rhom_dice`."""

EMPTY = -1
"""A cell without a tile."""
HIDDEN_TILE = -2
"""In a view: a face-down tile whose face is unknown."""
HIDDEN_CARD = -1
"""In a view: a card whose face is unknown."""
BOX_HIDDEN = 100
"""In a view: BOX_HIDDEN + region stands for an unseen tile in the box."""


# Both records keep their fields in an instance dict rather than slots: a
# changed copy (see fast.py) is then one dict copy, and every action makes some.
# Pickled, a record leaves out its hash cache, as attrs does for a slotted class,
# so that it pickles the same before and after it was hashed.
HASH_CACHE = "_attrs_cached_hash"


def pickled_fields(record: object) -> dict[str, Any]:
    fields = dict(record.__dict__)
    fields.pop(HASH_CACHE, None)
    return fields


def unpickle_fields(record: object, fields: dict[str, Any]) -> None:
    object.__setattr__(record, "__dict__", {**fields, HASH_CACHE: None})


@attrs.frozen(slots=False, cache_hash=True)
class Seat:
    position: int
    """A cell, board.AIRSHIP before the first move, board.FINISHED after the Castle."""
    cargo: tuple[int, int, int, int]
    """Gems held, per gem (at most 7 in all)."""
    coins: int
    royalty: int
    """Royalty points gained during play (tiles, relics, tokens, the Rhom's gains)."""
    stones: int
    """Stone dice held and not yet activated."""
    items: tuple[int, ...]
    """Item kinds in hand, sorted (private; HIDDEN_CARD in others' views)."""
    relics: tuple[int, ...]
    """Restored relics, in the order restored."""
    reserved: tuple[int, ...]
    """Relics reserved with the Reference Book (face up; only this seat may restore them)."""
    pile: tuple[int, ...]
    """Victory pile: collected tiles, in the order collected."""
    objectives: tuple[int, ...]
    """Secret objectives held (two, then one after the Forest; private)."""
    dropped: tuple[int, ...]
    """The objective discarded on entering the Forest (private)."""
    token: int
    """Royalty token taken at the Castle (index into TOKENS), or -1."""
    iridia: bool
    """Found the Iridia Stone."""

    def __getstate__(self) -> dict[str, Any]:
        return pickled_fields(self)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        unpickle_fields(self, fields)


@attrs.frozen(slots=False, cache_hash=True)
class IridesciaState(State[Action]):  # quoted: actions is imported for types only
    players: int
    step: int
    current: int
    """The seat whose turn it is (or who is being asked at SEATING)."""
    order: tuple[int, ...]
    """Turn order (the Rhom first)."""
    rhom: int
    """The Rhom's seat, or -1."""
    cells: tuple[int, ...]
    """Tile on each cell (EMPTY, a tile id, or HIDDEN_TILE in a view)."""
    shown: tuple[bool, ...]
    """Per cell: the tile there is face up."""
    barricades: tuple[int, ...]
    """Cells blocked by the Rhom's barricades (sorted)."""
    box: tuple[int, ...]
    """Tiles out of play and unseen (set-up removals and removed face-down tiles), sorted."""
    discards: tuple[int, ...]
    """Tiles out of play face up (discarded from victory piles or removed after being shown)."""
    market_dice: tuple[int, int, int, int]
    """Gem market values, 1-6."""
    gem_supply: tuple[int, int, int, int]
    coin_supply: int
    stone_supply: int
    barricade_supply: int
    relic_deck: tuple[int, ...]
    """Face-down relics; the top is the last."""
    relic_row: tuple[int, ...]
    """The five relics on offer (-1 where the deck ran out)."""
    item_deck: tuple[int, ...]
    """The face-down merchant deck (item kinds); the top is the last."""
    market: tuple[int, ...]
    """Item kinds on offer (5; 6 in solo), -1 where none could be drawn."""
    item_discard: tuple[int, ...]
    """Played items and items taken by the Rhom's merchant (face up)."""
    item_box: tuple[int, ...]
    """Items removed at set-up (Swapping Stones and Catapult with 1-2 players)."""
    objective_box: tuple[int, ...]
    """Objectives nobody holds (unseen)."""
    tokens: tuple[int, ...]
    """Royalty tokens still to take, best first."""
    rhom_deck: tuple[int, ...]
    """Face-down Rhom cards; the top is the last."""
    rhom_pile: tuple[int, ...]
    """Rhom cards already drawn (face up); the last is the current card."""
    rhom_vane: int
    """Weathervane on the back of the Rhom deck's top card: 0 left, 1 right."""
    rhom_dice: tuple[int, ...]
    """Dice rolled for the Rhom's coming turn."""
    seats: tuple[Seat, ...]
    # --- the turn in progress -------------------------------------------------
    revealed: int
    """Tiles revealed this turn (at most two)."""
    begun: bool
    """Something has happened this turn (green-flag items are no longer allowed)."""
    tile_gem: int
    """Gem of the tile stood on this turn (chosen on a wild tile), or -1."""
    bought: bool
    sold: bool
    active: int
    """Stone dice active on this tile."""
    cart: bool
    pickaxe: int
    """Cell the Prosperous Pickaxe copies this turn, or -1."""
    dice: tuple[int, ...]
    """The mining (or Wishing Well) roll being resolved."""
    rolls: tuple[int, ...]
    """Dice still to roll (roll targets); CHANCE acts while any remain."""
    resume: int
    """Step to take up when the rolls are done."""
    extra: bool
    """An Epic Elixir was played: the same seat plays again."""
    elixir_turn: bool
    """This turn was started by an Epic Elixir."""
    drop_pending: bool
    """Entered the Forest this turn with two objectives: a DROP follows."""
    stood: tuple[int, ...]
    """Hexes the explorer to move was blocked on this turn: a blocked explorer
    never steps back onto one, so a turn of blocks always ends."""
    shuffle_key: int
    """Secret seed of every later reshuffle (0 in a view)."""
    shuffles: int
    """Reshuffles so far (each draws its order from shuffle_key and this count)."""
    turns: int
    observer: Observer | None = None
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return pickled_fields(self)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        unpickle_fields(self, fields)

    # --- protocol -------------------------------------------------------------
    @property
    def to_move(self) -> Mover:
        step = self.step
        if step == OVER:
            return None
        if step == ROLLING:
            return CHANCE
        return self.current

    @property
    def is_over(self) -> bool:
        return self.step == OVER
