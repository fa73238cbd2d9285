"""The card catalogue of rules.md, written from the data and cardtexts.

Every item, secret objective, tile bonus kind and Rhom card icon is
explained there in words taken from their one source (the `text` columns of
the data files and cardtexts.py), between two markers, so the catalogue
cannot drift from what the board says. After changing a card's words, run

    python -m gemtable.engine.games.iridescia.catalogue

to write the block again (`--check` only says whether it is up to date).
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from gemtable.engine.catalogue import catalogue_command, with_block

from .cardtexts import BONUSES, ICONS, PRIORITIES, PRIORITY_LETTERS, VANE, Meaning, item_text
from .components import (
    COINS,
    ITEM_COPIES,
    ITEMS,
    NO_BONUS,
    OBJECTIVES,
    RHOM_CARDS,
    ROYALTY,
    STONE,
    TILES,
)

RULES = Path(__file__).with_name("rules.md")
REGIONS = ("Desert", "Canyon", "Forest", "Ruins", "Castle")


def _items() -> list[str]:
    lines = ["### Items", "",
             f"{len(ITEMS)} kinds, {ITEM_COPIES} cards of each. You may buy one item a turn "
             "and play it the same turn, but never hold two alike. Unless its words say "
             "otherwise, an item is played among your optional actions (as many items a turn "
             "as you like) and is discarded once played. An item marked *start of turn only* "
             "is played before you reveal anything, one such item a turn. The word in "
             "brackets plays the item.", ""]
    for item in ITEMS:
        lines.append(f"- **{item.name}** (`{item.key}`, {item.cost} coins): "
                     f"{item_text(item.kind)}")
    return lines


def _objectives() -> list[str]:
    lines = ["### Secret objectives", "",
             f"{len(OBJECTIVES)} cards. Everyone but the Rhom is dealt two and discards one "
             "on first stepping into the Forest; the one kept scores its points if it is met "
             "when the game ends. A relic is led by the gem its name begins with (Iridia "
             "relics by none). A wild relic or tile counts as the type or gem the final "
             "count gives it, the same for sets and for the objective: whichever scores "
             "you most.", ""]
    for o in OBJECTIVES:
        lines.append(f"- **{o.name}** ({o.points} points): {o.text}")
    return lines


def _meaning_text(meaning: Meaning) -> str:
    rhom = f" *For the Rhom:* {meaning.rhom}" if meaning.rhom else ""
    return " ".join(filter(None, (meaning.text, meaning.more))) + rhom


def _amount(tile_bonus: int, amount: int) -> str:
    if tile_bonus == COINS:
        return f"{amount} coin{'s' * (amount != 1)}"
    if tile_bonus == ROYALTY:
        return f"{amount} royalty"
    return BONUSES[tile_bonus].name.lower() if tile_bonus == STONE else "the Iridia Stone"


def _where() -> list[str]:
    """Each region's bonuses, counted from the tiles."""
    out = []
    for region, name in enumerate(REGIONS):
        found = Counter((t.bonus, t.amount) for t in TILES
                        if t.region == region and t.bonus != NO_BONUS)
        plain = sum(1 for t in TILES if t.region == region and t.bonus == NO_BONUS)
        parts = [f"{n} x {_amount(bonus, amount)}" for (bonus, amount), n in sorted(found.items())]
        out.append(f"- {name}: {', '.join(parts)}; {plain} without a bonus.")
    return out


def _bonuses() -> list[str]:
    lines = ["### Tile bonuses", "",
             "A face-up tile shows its bonus, if it has one, and whoever steps onto the "
             "tile takes it at once. What each kind gives (and the Rhom's gain, where it "
             "differs):", ""]
    for meaning in BONUSES.values():
        lines.append(f"- **{meaning.name}**: {_meaning_text(meaning)}")
    lines += ["", "Where they lie (with 1 or 2 players a few of the tiles stay in the box, "
              "unseen):", "", *_where()]
    return lines


def _rhom() -> list[str]:
    icons = Counter(card.icon for card in RHOM_CARDS)
    orders = Counter(" ".join(PRIORITY_LETTERS[p] for p in card.priorities)
                     for card in RHOM_CARDS)
    lines = ["### The Rhom's cards", "",
             f"{len(RHOM_CARDS)} cards, drawn one a turn by the Rhom.", "",
             f"*Reveal order.* {PRIORITIES} Orders in the deck: " +
             ", ".join(f"{order} ({n})" for order, n in sorted(orders.items())) + ".", "",
             f"*Weathervane.* {VANE}", "",
             "*Icons* (how many cards carry each):", ""]
    for icon, meaning in ICONS.items():
        lines.append(f"- **{meaning.name}** ({icons.get(icon, 0)}): {_meaning_text(meaning)}")
    return lines


WIDTH = 76
"""Lines are wrapped as in the rest of the document, which is read as plain text too."""


MARKUP_START = re.compile(r"\s*(\d+[.)]|[-*+#>])(\s|$)")
"""A line beginning like this would start a list, a heading or a quote."""


def _wrapped(line: str) -> str:
    """`line` wrapped, never so that a wrapped line begins like Markdown markup."""
    indent = "  " if line.startswith("- ") else ""
    for width in range(WIDTH, WIDTH - 20, -1):
        parts = textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                              break_on_hyphens=False)
        if not any(MARKUP_START.match(part) for part in parts[1:]):
            return "\n".join(parts)
    raise ValueError(f"cannot wrap safely: {line}")


def catalogue_markdown() -> str:
    """The block between the markers, markers excluded."""
    lines = ["## The cards", "",
             "Every item, secret objective, tile bonus and Rhom card, and what it does.", "",
             *_items(), "", *_objectives(), "", *_bonuses(), "", *_rhom()]
    return "\n".join(_wrapped(line) for line in lines) + "\n"


def with_catalogue(document: str) -> str:
    """`document` with the block between the markers written afresh."""
    return with_block(document, catalogue_markdown())


PROG = "python -m gemtable.engine.games.iridescia.catalogue"


def main(argv: Sequence[str]) -> int:
    return catalogue_command(argv, prog=PROG, rules=RULES, make=catalogue_markdown)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
