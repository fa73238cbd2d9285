"""What the marks on tiles and Rhom cards mean, in the players' words.

Items and objectives keep their words beside their numbers, in the `text`
column of their data files (loaded by components). The tile bonus kinds, the
Rhom card's icons, its reveal order and its weathervane are kinds rather
than cards, so their words live here. Together these are the one source of
the card catalogue in rules.md (catalogue.py writes it) and of what the
board says about a card when it is chosen or dealt.
"""

from __future__ import annotations

import attrs

from .components import COINS, IRIDIA_BONUS, ITEMS, NO_BONUS, ROYALTY, STONE


@attrs.frozen
class Meaning:
    name: str
    """What the kind is called."""
    text: str
    """What it does, short enough for the board."""
    more: str = ""
    """The finer points, for the rules document ("" when there are none)."""
    rhom: str = ""
    """What it does for the Rhom, when that differs ("" when it is the same)."""


BONUSES: dict[int, Meaning] = {
    NO_BONUS: Meaning("No bonus", "Only the tile's gem."),
    COINS: Meaning("Coins", "Take that many coins from the supply (as many as it holds).",
                   rhom="Scores that many points."),
    ROYALTY: Meaning("Royalty points", "Score that many points at once."),
    STONE: Meaning(
        "Stone die", "Take a stone die if one is left (four in all). Later, `stone` puts it "
        "to work on your tile: it joins your mining dice at every attempt there, and goes "
        "back when you collect that tile.",
        rhom="Scores what its stone die shows, if a stone die is left."),
    IRIDIA_BONUS: Meaning(
        "The Iridia Stone", "On the Castle's Iridia Stone tile only: score 10 and take the "
        "Iridia Stone, which wins ties on points."),
}
"""Per bonus kind (components.BONUS_KINDS): its name and what it gives the
explorer stepping onto the tile."""

ICONS: dict[str, Meaning] = {
    "none": Meaning("No icon", "The Rhom takes one gem of its tile."),
    "2x": Meaning("2x", "The Rhom takes two gems of its tile's gem."),
    "3x": Meaning("3x", "The Rhom takes three gems of its tile's gem."),
    "merchant": Meaning(
        "Merchant", "The Rhom takes an item from the market and scores its cost.",
        "Its first mining die counts the market from the left, starting again at the left "
        "past the end; the gap is filled from the deck."),
    "barricade": Meaning(
        "Barricade", "The Rhom blocks a tile on the row above your explorer for good.",
        "Its first mining die counts the hexes of that row from the edge the weathervane "
        "points to; the barricade goes on the first hex from there on, going the vane's way "
        "and wrapping round, that holds a tile and no explorer or barricade. Nobody may "
        "reveal, enter or remove a barricaded tile. From the airship it goes on row 1; while "
        "your explorer stands one row below the Castle or in it, or once all six "
        "barricades are out, there is none. With two people it counts from the one further "
        "ahead (on a tie, the one who plays first after the Rhom)."),
}
"""Per Rhom card icon (the `icon` of rhom.csv): its name and what the Rhom does."""

PRIORITY_LETTERS = ("AL", "AR", "SL", "SR")
"""The four hexes a Rhom card orders (board.PRIORITY_CELLS' order): ahead-left,
ahead-right, side-left, side-right."""
VANE_NAMES = ("left", "right")

PRIORITIES = (
    "Each card lists the four hexes next to the Rhom in the order it tries to reveal "
    "them: AL ahead-left and AR ahead-right on the row above, SL side-left and SR "
    "side-right on its own row. It turns up the first two of them that hold a face-down "
    "tile. On its first turn it draws no card: its two mining dice count tiles of row 1 "
    "from the left.")
VANE = (
    "The Rhom deck's top card shows on its back a weathervane pointing left or right, "
    "in view of everyone. It settles every tie the Rhom meets (which tile, which "
    "gem, which relic first, where a barricade is counted from): left picks the leftmost "
    "choice, right the rightmost.")


def item_text(kind: int) -> str:
    """What an item does, with when it may be played and at what table size."""
    item = ITEMS[kind]
    notes = []
    if item.green_flag:
        notes.append("Start of turn only.")
    if item.min_players > 1:
        notes.append(f"{item.min_players}-4 seats.")
    return " ".join([item.text, *notes])


def icon_words(icon: str) -> str:
    """A Rhom card's icon, named, and what it makes the Rhom do."""
    meaning = ICONS[icon]
    return f"{meaning.name}: {meaning.text}"


__all__ = ["BONUSES", "ICONS", "PRIORITIES", "PRIORITY_LETTERS", "VANE", "VANE_NAMES", "Meaning",
           "icon_words", "item_text"]
