"""Jowhari actions and their text notation.

    take RBG    take one token of each named colour (R B G W K)
    take KK     take two tokens of one colour
    reserve 2b  reserve the centre card in level 2, slot b (slots a-d)
    reserve d3  reserve the top card of the level-3 deck, unseen by others
    buy 1c      buy a centre card
    buy h2      buy the second card of your hand
    return W    give one gem token back (when holding more than 10)
    pass        only when nothing else is legal

Every possible action exists once, built here; states hand out these shared
values, so legal-move lists cost no allocation.
"""

from __future__ import annotations

import re
from itertools import combinations

import attrs

from .components import CENTRE_SLOTS, LETTERS, LEVELS

SLOT_LETTERS = "abcd"
HAND_LIMIT = 3


@attrs.frozen(slots=True, cache_hash=True)
class Source:
    """Where a card is: a centre slot, a deck top, or a place in the hand.

    `kind` is "centre" (level, index), "deck" (level) or "hand" (index).
    """

    kind: str
    level: int = 0
    index: int = 0

    def __str__(self) -> str:
        if self.kind == "centre":
            return f"{self.level}{SLOT_LETTERS[self.index]}"
        if self.kind == "deck":
            return f"d{self.level}"
        return f"h{self.index + 1}"


@attrs.frozen(slots=True, cache_hash=True)
class Take:
    colours: tuple[int, ...]

    def __str__(self) -> str:
        return "take " + "".join(LETTERS[c] for c in self.colours)


@attrs.frozen(slots=True, cache_hash=True)
class Reserve:
    source: Source

    def __str__(self) -> str:
        return f"reserve {self.source}"


@attrs.frozen(slots=True, cache_hash=True)
class Buy:
    source: Source

    def __str__(self) -> str:
        return f"buy {self.source}"


@attrs.frozen(slots=True, cache_hash=True)
class Return:
    colour: int

    def __str__(self) -> str:
        return f"return {LETTERS[self.colour]}"


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Take | Reserve | Buy | Return | Pass

CENTRE = {
    (level, index): Source("centre", level, index)
    for level in LEVELS
    for index in range(CENTRE_SLOTS[level - 1])
}
DECK = {level: Source("deck", level) for level in LEVELS}
HAND = tuple(Source("hand", 0, index) for index in range(HAND_LIMIT))

DIFFERENT_GEMS = 3
"""A turn's take: up to this many gems, each of a different colour..."""
SAME_GEMS = 2
"""...or this many of one colour."""
TAKE_DIFFERENT = {
    combo: Take(combo)
    for size in range(1, DIFFERENT_GEMS + 1)
    for combo in combinations(range(5), size)
}
TAKE_TWO = tuple(Take((c,) * SAME_GEMS) for c in range(5))
RESERVE_CENTRE = {key: Reserve(src) for key, src in CENTRE.items()}
RESERVE_DECK = {level: Reserve(src) for level, src in DECK.items()}
BUY_CENTRE = {key: Buy(src) for key, src in CENTRE.items()}
BUY_HAND = tuple(Buy(src) for src in HAND)
RETURN = tuple(Return(c) for c in range(5))
PASS = Pass()

_SOURCE_TEXT = re.compile(r"^(?:([123])([a-d])|d([123])|h([123]))$")


def parse_source(text: str) -> Source | None:
    match = _SOURCE_TEXT.match(text)
    if not match:
        return None
    level, slot, deck, hand = match.groups()
    if level:
        return CENTRE.get((int(level), SLOT_LETTERS.index(slot)))
    if deck:
        return DECK[int(deck)]
    return HAND[int(hand) - 1]


def parse(text: str) -> Action | None:
    """The action named by normalised (lower-case) text, legal or not."""
    verb, _, rest = text.partition(" ")
    rest = rest.replace(" ", "").upper()
    if verb == "pass" and not rest:
        return PASS
    if verb == "take":
        if not rest or any(ch not in LETTERS[:5] for ch in rest):
            return None
        colours = tuple(sorted(LETTERS.index(ch) for ch in rest))
        if len(colours) == 2 and colours[0] == colours[1]:
            return TAKE_TWO[colours[0]]
        # Colours no take allows (RRB) still name a take, which the rules refuse with a reason.
        return TAKE_DIFFERENT.get(colours) or Take(colours)
    if verb == "return":
        return RETURN[LETTERS.index(rest)] if len(rest) == 1 and rest in LETTERS[:5] else None
    if verb in ("reserve", "buy"):
        source = parse_source(rest.lower())
        if source is None:
            return None
        # A deck's top is never bought, nor a hand card reserved: the rules say so.
        return Buy(source) if verb == "buy" else Reserve(source)
    return None
