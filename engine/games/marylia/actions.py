"""Marylia actions and their text notation. Cities and items count from 1.

    start 3        set-up: place your merchant on city 3
    travel 5       move to city 5 (k cities away costs k - 1 coins)
    buy            buy the resource card of your city (may start an auction)
    forge gaaz     forge these cards (letters: g gold, a amethyst, t turquoise,
                   z topaz, e emerald, s sapphire, r ruby, d diamond)
    sell 2         sell your forged item 2 to the Acquirer of your city
    interact       use the Mercenary, or fight the Monster, of your city
    wait           refill the empty spaces of your city from the decks
    collect        take 1 coin from the bank
    discard r      over the hand limit at the end of your turn: discard a ruby
    join / join 2  enter the auction (paying 1 coin); for a sale, with item 2
    pass           stay out of the auction
    bid 7          commit a sealed bid of 7 coins
    roll 4         a D8 result (chance)

Every action exists once, built here; states hand out these shared values.
"""

from __future__ import annotations

import attrs

from .components import LETTERS, RECIPE_NAME
from .recipes import ALL_KEYS, compose

CITIES = 7


@attrs.frozen(slots=True, cache_hash=True)
class Place:
    city: int
    """0-based city index."""

    def __str__(self) -> str:
        return f"start {self.city + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Travel:
    city: int
    """0-based destination."""

    def __str__(self) -> str:
        return f"travel {self.city + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Buy:
    def __str__(self) -> str:
        return "buy"


NO_RECIPE = -1
"""The recipe of cards that make no item (`forge dd`): written, never legal."""


@attrs.frozen(slots=True, cache_hash=True)
class Forge:
    recipe: int
    """Recipe id (components.GEM, RING_MIXED ...), or NO_RECIPE."""
    parts: tuple[int, ...]
    """Cards used, counts per resource type."""

    def __str__(self) -> str:
        return "forge " + "".join(LETTERS[t] * n for t, n in enumerate(self.parts))

    @property
    def name(self) -> str:
        return RECIPE_NAME[self.recipe]


@attrs.frozen(slots=True, cache_hash=True)
class Sell:
    item: int
    """0-based index into the seller's forged items."""

    def __str__(self) -> str:
        return f"sell {self.item + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Interact:
    def __str__(self) -> str:
        return "interact"


@attrs.frozen(slots=True, cache_hash=True)
class Wait:
    def __str__(self) -> str:
        return "wait"


@attrs.frozen(slots=True, cache_hash=True)
class Collect:
    def __str__(self) -> str:
        return "collect"


@attrs.frozen(slots=True, cache_hash=True)
class Discard:
    kind: int
    """Resource type discarded."""

    def __str__(self) -> str:
        return f"discard {LETTERS[self.kind]}"


@attrs.frozen(slots=True, cache_hash=True)
class Join:
    item: int = -1
    """For a sale auction, the 0-based item the joiner would sell; -1 for a purchase."""

    def __str__(self) -> str:
        return "join" if self.item < 0 else f"join {self.item + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True, cache_hash=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(slots=True, cache_hash=True)
class Roll:
    face: int
    """1 to 8."""

    def __str__(self) -> str:
        return f"roll {self.face}"


Action = Place | Travel | Buy | Forge | Sell | Interact | Wait | Collect | Discard | Join | Pass | Bid | Roll

PLACE = tuple(Place(c) for c in range(CITIES))
TRAVEL = tuple(Travel(c) for c in range(CITIES))
BUY = Buy()
INTERACT = Interact()
WAIT = Wait()
COLLECT = Collect()
PASS = Pass()
JOIN = Join()
DISCARD = tuple(Discard(t) for t in range(len(LETTERS)))
ROLL = (Roll(0),) + tuple(Roll(face) for face in range(1, 9))
"""ROLL[face] for face 1 to 8 (ROLL[0] is never legal)."""
FORGE = {key: Forge(key[0], compose(*key)) for key in ALL_KEYS}
"""Forge actions by (recipe, a, b), see recipes.forge_keys."""
FORGE_BY_PARTS = {action.parts: action for action in FORGE.values()}

_ITEM_ACTIONS = 40
SELL = tuple(Sell(i) for i in range(_ITEM_ACTIONS))
JOIN_ITEM = tuple(Join(i) for i in range(_ITEM_ACTIONS))
_BIDS = [Bid(n) for n in range(400)]


def bid(amount: int) -> Bid:
    """The shared Bid value for `amount` coins."""
    while amount >= len(_BIDS):
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[amount]


def sell(item: int) -> Sell:
    return SELL[item] if item < _ITEM_ACTIONS else Sell(item)


def join(item: int) -> Join:
    if item < 0:
        return JOIN
    return JOIN_ITEM[item] if item < _ITEM_ACTIONS else Join(item)


_WORDS: dict[str, Action] = {"buy": BUY, "interact": INTERACT, "wait": WAIT, "collect": COLLECT, "pass": PASS,
          "join": JOIN}


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 6 else None


def parse(text: str) -> Action | None:
    """The action named by normalised (lower-case) text, legal or not."""
    if text in _WORDS:
        return _WORDS[text]
    verb, _, rest = text.partition(" ")
    rest = rest.replace(" ", "")
    if verb == "forge":
        if not rest or any(ch not in LETTERS for ch in rest):
            return None
        parts = tuple(rest.count(letter) for letter in LETTERS)
        return FORGE_BY_PARTS.get(parts) or Forge(NO_RECIPE, parts)
    if verb == "discard":
        return DISCARD[LETTERS.index(rest)] if len(rest) == 1 and rest in LETTERS else None
    number = _number(rest)
    if number is None:
        return None
    if number < 1 and verb != "bid":
        return None  # everything else is counted from 1
    # A city or a face that does not exist is still a move the rules refuse with a reason.
    if verb == "start":
        return PLACE[number - 1] if number <= CITIES else Place(number - 1)
    if verb == "travel":
        return TRAVEL[number - 1] if number <= CITIES else Travel(number - 1)
    if verb == "sell":
        return sell(number - 1)
    if verb == "join":
        return join(number - 1)
    if verb == "bid":
        return bid(number)
    if verb == "roll":
        return ROLL[number] if number < len(ROLL) else Roll(number)
    return None
