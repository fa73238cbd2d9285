"""The words on the board: the legend of symbols, the line explaining the hex
or menu line under the cursor, what the person can do now or why they cannot."""

from __future__ import annotations

from rich.text import Text

from ..layout import CUT_LEGEND, wrap
from . import glyphs
from .hexmap import REGION_SHORT
from .scene import BARRICADE, DOWN, EMPTY, TILE, Hex, Scene

LEGEND: tuple[tuple[str, str], ...] = (
    ("A C E S", "Amethyst (purple), Citrine (yellow), Emerald (green), Sapphire (blue) gems"),
    ("*", "a rainbow tile: you name its gem (no market change when collected)"),
    ("I", "the Iridia Stone tile in the Castle: wild, +10 and the Stone"),
    ("$2 +3 d", "tile bonus: 2 coins, 3 royalty points at once, a stone die"),
    ("??", "a face-down tile (the row's ground colour is its region)"),
    ("..", "an empty hex: its tile collected, or left empty with 1-2 players"),
    ("XXXX", "a barricade: no revealing or moving there"),
    ("1 2 3 4", "explorers, by seat number (each seat has its own colour)"),
    ("( )", "a hex you may act on now; [ ] the cursor"),
    ("De Cy Fo Ru Ca", "rows of the Desert, Canyon, Forest, Ruins and Castle (row 1 at the bottom)"),
    ("Market A2", "the gem market die: each Amethyst sells for 2; mining needs 2 or more"),
    ("AAC.... 5$", "cargo (7 places, `.` free) and coins"),
    ("J T L W", "relic kinds: Jewelry, Tech, Lore, Iridia (wild)"),
    ("✓", "a relic your cargo covers now (restored at the end of your turn)"),
    ("2s:5+", "die 2 (s: stone) shows 5, + hit / - miss"),
    ("!", "an item played only at the start of a turn, before revealing"),
    ("AL AR SL SR", "a Rhom card's reveal order: ahead-left, ahead-right, side-left, "
                    "side-right"),
    (">", "the player to move; the chosen menu line"),
    CUT_LEGEND,
)
"""Every symbol and colour the board draws."""


def legend_lines(width: int) -> list[Text]:
    """The legend, each meaning wrapped beside its symbol (`?` toggles it)."""
    lines = [glyphs.fit(glyphs.span("Legend (?)", glyphs.BOLD), width)]
    key_width = max(len(symbol) for symbol, _ in LEGEND) + 1
    for symbol, words in LEGEND:
        for i, part in enumerate(wrap(words, max(10, width - key_width), indent=0)):
            line = glyphs.span(f"{symbol if i == 0 else '':<{key_width}}", glyphs.WARN)
            line.append(part, glyphs.DIM)
            lines.append(glyphs.fit(line, width))
    return lines


def hex_words(scene: Scene, cell: Hex, actions: list[object], item: str = "") -> Text:
    """The hex under the cursor in words, what Enter would do there, what the
    item played there does (`item`: a Catapult or a Pickaxe) and what the
    tile's bonus gives."""
    region = scene.region_of_row[cell.row]
    line = glyphs.span(f"{cell.name} ", glyphs.WARN)
    line.append(f"{region} ({REGION_SHORT.get(region, region)}{cell.row + 1}): ", glyphs.DIM)
    if cell.state == DOWN:
        line.append("a face-down tile", glyphs.TEXT)
    elif cell.state == BARRICADE:
        line.append("a barricade", glyphs.BAD)
    elif cell.state == EMPTY:
        line.append("empty", glyphs.TEXT)
    else:
        name = ("rainbow (you name the gem)" if cell.gem == glyphs.RAINBOW else
                "the Iridia Stone" if cell.gem == glyphs.IRIDIA else glyphs.GEM_NAMES[cell.gem])
        line.append_text(glyphs.gem(cell.gem, name))
        if cell.bonus:
            line.append(f", bonus {bonus_words(cell.bonus)}", glyphs.TEXT)
    if cell.explorers:
        people = ", ".join(f"Seat {s + 1}" for s in cell.explorers)
        line.append(f"; explorer {people}", glyphs.TEXT)
    if actions:
        line.append(" · Enter: ", glyphs.DIM)
        line.append(" or ".join(str(a) for a in actions), glyphs.GOOD)
    if item:
        line.append(f" · {item}", glyphs.TEXT)
    if cell.state == TILE and cell.bonus_words:
        line.append(f" · Bonus: {cell.bonus_words}", glyphs.DIM)
    return line


def bonus_words(bonus: str) -> str:
    if bonus.startswith("$"):
        return f"{bonus[1:]} coins"
    if bonus.startswith("+"):
        return f"{bonus[1:]} royalty points"
    if bonus.startswith("d"):
        return "a stone die"
    return bonus


def turn_hint(scene: Scene, on_map: int, in_menu: int, focus: str) -> Text:
    """What the person can do now, from how many legal actions are on the map
    and in the menu."""
    end = "" if scene.step.endswith("?") else "."
    line = glyphs.span(f"Your turn: {scene.step}{end} ", glyphs.WARN)
    if on_map:
        line.append(f"{on_map} hex{'es' if on_map > 1 else ''} ( ) on the map", glyphs.TEXT)
        line.append(", Enter plays" if focus == "map" else ", m: the map", glyphs.DIM)
    if on_map and in_menu:
        line.append("; ", glyphs.DIM)
    if in_menu:
        line.append(f"{in_menu} in the menu", glyphs.TEXT)
        line.append(", Enter plays the line" if focus == "menu" else ", m or a digit", glyphs.DIM)
    return line


def read_only_reason(scene: Scene, seat: int | None, sent: bool) -> str:
    if sent:
        return "Sent; waiting for the table."
    if scene.current is None:
        return "The game is over: arrows look over the board, v shows each player."
    who = next((p.label for p in scene.players if p.seat == scene.current),
               f"Seat {scene.current + 1}")
    if seat is None:
        return f"Watching: {who} to play."
    return f"{who} to play; you may look around meanwhile."
