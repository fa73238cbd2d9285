"""The parts of the table beside and under the hex board, as lines of text:
the gem market and stone dice, the relic row, the item market, each player
(yours in full, the others compact), and the end-of-game breakdown.
Pure functions of a Scene."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..layout import wrap
from . import glyphs
from .scene import Goal, Player, Relic, Scene

KIND_NAMES = {"J": "Jewelry", "T": "Tech", "L": "Lore", "W": "Iridia (wild)"}


def market_line(scene: Scene, width: int) -> Text:
    """`Market A2 C3 E2 S5  stone dice 4`: what each gem is worth and needs to mine."""
    line = glyphs.span("Market ", glyphs.BOLD)
    line.append_text(glyphs.join(glyphs.gem_block(g, f"{glyphs.GEM_LETTERS[g]}{v}")
                                 for g, v in enumerate(scene.market)))
    line.append(f"  stone dice {scene.stone_supply}", glyphs.DIM)
    return glyphs.fit(line, width)


def rhom_lines(scene: Scene, width: int) -> list[Text]:
    """The Rhom's card in play: reveal priorities, icon, weathervane (wrapped),
    then what its icon does, if it has one."""
    if not scene.rhom_card:
        return []
    parts = [glyphs.span(part, glyphs.DIM) for part in scene.rhom_card.split(", ")]
    lines = glyphs.pack(parts, width, sep=", ", max_lines=2)
    if scene.rhom_icon:
        lines += [glyphs.fit(glyphs.span(part, glyphs.TEXT), width)
                  for part in wrap(scene.rhom_icon, width, indent=1)]
    return lines


def roll_lines(scene: Scene, width: int) -> list[Text]:
    """A mining roll waiting to resolve: the gem, its market value, the gems it
    yields as it stands, each die by number (`+` a hit, `-` a miss, `s` a stone die)."""
    if not scene.roll:
        return []
    gem = scene.roll_gem
    hits = sum(1 for _, _, hit in scene.roll if hit)
    head = glyphs.span("Mining ", glyphs.BOLD)
    if 0 <= gem < 4:
        head.append_text(glyphs.gem(gem, glyphs.GEM_NAMES[gem]))
        head.append(f", needs {scene.market[gem]}+: ", glyphs.DIM)
    head.append(f"{hits} hit{'s' * (hits != 1)}", glyphs.GOOD if hits else glyphs.BAD)
    dice = glyphs.span("dice", glyphs.DIM)
    for i, (face, stone, hit) in enumerate(scene.roll):
        dice.append(f" {i + 1}{'s' if stone else ''}:", glyphs.DIM)
        dice.append(f"{face}", glyphs.PICKED)
        dice.append("+" if hit else "-", glyphs.GOOD if hit else glyphs.BAD)
    return [glyphs.fit(head, width), glyphs.fit(dice, width)]


def relic_cost(relic: Relic) -> Text:
    return glyphs.gems(relic.cost)


def relic_line(index: int, relic: Relic, width: int) -> Text:
    """`1✓Amethyst Ring      J AAC   5`: number, restorable now, name in its lead
    gem's colour, kind, the gems it needs, points."""
    line = glyphs.span(str(index + 1), glyphs.DIM)
    line.append("✓" if relic.restorable else " ", glyphs.GOOD)
    name_room = min(22, max(6, width - 13))
    lead = relic.lead if relic.lead >= 0 else glyphs.IRIDIA
    line.append_text(glyphs.fit(glyphs.gem(lead, relic.name), name_room))
    line.append(f" {relic.kind} ", glyphs.DIM)
    line.append_text(glyphs.fit(relic_cost(relic), 5))
    line.append(f"{relic.points:>2}", glyphs.POINTS)
    return glyphs.fit(line, width)


def relic_lines(scene: Scene, width: int) -> list[Text]:
    title = glyphs.span("Relics", glyphs.BOLD)
    title.append(f" deck {scene.relic_deck}  ✓ cargo covers it", glyphs.DIM)
    lines = [glyphs.fit(title, width)]
    lines += [relic_line(i, r, width) if r else glyphs.fit(glyphs.span(f"{i + 1} (none left)",
                                                                       glyphs.DIM), width)
              for i, r in enumerate(scene.relic_row)]
    return lines


def item_lines(scene: Scene, width: int, cols: int = 2) -> list[Text]:
    """The item market, numbered, with costs; `!` marks a start-of-turn item.
    In two columns an item goes by its short name (the word that plays it)."""
    title = glyphs.span("Items", glyphs.BOLD)
    title.append(f" deck {scene.item_deck}  ! start of turn", glyphs.DIM)
    lines = [glyphs.fit(title, width)]
    cell = (width - (cols - 1)) // cols
    cells = []
    for i, item in enumerate(scene.items):
        text = glyphs.span(f"{i + 1} ", glyphs.DIM)
        if item is None:
            cells.append(glyphs.fit(text + glyphs.span("(none)", glyphs.DIM), cell))
            continue
        text.append(f"{item.cost}$ ", glyphs.COINS)
        text.append(item.name if cols == 1 else item.short, glyphs.TEXT)
        if item.flag:
            text.append("!", glyphs.GOOD)
        cells.append(glyphs.fit(text, cell))
    for start in range(0, len(cells), cols):
        lines.append(glyphs.fit(glyphs.join(cells[start:start + cols], " "), width))
    return lines


def goal_lines(scene: Scene, width: int) -> list[Text]:
    """Your secret objectives (`o`): what each asks, whether it is met so far
    and how far along you are, as the engine judges them from your view."""
    title = glyphs.span("Your objectives", glyphs.BOLD)
    title.append("  o: back", glyphs.DIM)
    lines = [glyphs.fit(title, width)]
    if scene.goals is None:
        return lines + [glyphs.fit(glyphs.span("No secret objectives of your own here.",
                                               glyphs.DIM), width)]
    for goal in scene.goals:
        lines += _goal(goal, width, over=scene.current is None)
    return lines


def _goal(goal: Goal, width: int, over: bool) -> list[Text]:
    head = glyphs.span(goal.name, glyphs.TITLE)
    head.append(f" {goal.points}pt ", glyphs.POINTS)
    if goal.met:
        head.append("met" if over else "met so far", glyphs.GOOD)
    else:
        head.append("not met" if over else "not yet", glyphs.WARN)
    lines = [glyphs.fit(head, width)]
    lines += [glyphs.fit(glyphs.span(part, glyphs.TEXT), width) for part in wrap(goal.text, width,
                                                                                 indent=1)]
    lines += [glyphs.fit(glyphs.span(part, glyphs.DIM), width)
              for part in wrap(f"{'at the end' if over else 'now'}: {goal.status}", width,
                               indent=1)]
    return lines


# --- players ------------------------------------------------------------------------


def _name(scene: Scene, player: Player, names: Sequence[str]) -> Text:
    acting = scene.current == player.seat
    line = glyphs.span(glyphs.MARK if acting else " ", glyphs.WARN)
    line.append_text(glyphs.seat_mark(player.seat))
    # The table's name for a seat (with its bot kind, or "(you)"); Rhom is no table seat.
    named = not player.rhom and player.seat < len(names)
    line.append(f" {names[player.seat] if named else player.label}",
                glyphs.PICKED if acting else glyphs.BOLD)
    line.append(f" {player.score}pt", glyphs.POINTS)
    return line


def cargo(player: Player) -> Text:
    """The hold of seven: gems, then `.` for each free place."""
    held = sum(player.cargo)
    text = glyphs.gems(player.cargo)
    text.append("." * max(0, 7 - held), glyphs.FAINT)
    return text


def pile(player: Player) -> Text:
    """Victory pile: tiles per gem (rainbow and Stone), and relics by kind."""
    text = glyphs.span("tiles ", glyphs.DIM)
    parts = [glyphs.gem(g, f"{glyphs.TILE_LETTERS[g]}{n}") for g, n in enumerate(player.tiles) if n]
    text.append_text(glyphs.join(parts) if parts else glyphs.span("-", glyphs.DIM))
    text.append("  relics ", glyphs.DIM)
    kinds = {k: sum(1 for r in player.relics if r.kind == k) for k in "JTLW"}
    shown = [glyphs.span(f"{k}{n}", glyphs.TEXT) for k, n in kinds.items() if n]
    text.append_text(glyphs.join(shown) if shown else glyphs.span("-", glyphs.DIM))
    return text


def _status(player: Player) -> list[Text]:
    out = []
    if player.royalty:
        out.append(glyphs.span(player.royalty, glyphs.POINTS))
    if player.stone:
        out.append(glyphs.gem_block(glyphs.IRIDIA, "Iridia Stone"))
    if player.finished:
        out.append(glyphs.span("at the Castle", glyphs.GOOD))
    return out


def player_full(scene: Scene, player: Player, names: Sequence[str],
                width: int) -> list[Text]:
    head = _name(scene, player, names)
    head.append(" ")
    head.append_text(cargo(player))
    if not player.rhom:
        head.append(f" {player.coins}$", glyphs.COINS)
    if player.stone_dice:
        head.append(f" {player.stone_dice} stone {'die' if player.stone_dice == 1 else 'dice'}",
                    glyphs.DIM)
    lines = [glyphs.fit(head, width)]
    segments = [pile(player), *_status(player)]
    if player.items is not None and not (player.rhom and not player.items):
        items = glyphs.span("items ", glyphs.DIM)
        names = ", ".join(player.items) if player.items else "-"
        if len(names) + 9 > width and player.item_keys:  # the short names fit where full ones do not
            names = ", ".join(player.item_keys)
        items.append(names, glyphs.TEXT)
        segments.append(items)
    elif player.item_count:
        plural = "s" if player.item_count > 1 else ""
        segments.append(glyphs.span(f"{player.item_count} item{plural}", glyphs.DIM))
    if player.reserved:
        reserved = glyphs.span("reserved ", glyphs.DIM)
        reserved.append_text(glyphs.join(glyphs.span(r.name,
                                                     glyphs.TEXT) + glyphs.span(" ") + relic_cost(r)
                                         for r in player.reserved))
        segments.append(reserved)
    if player.objectives is not None and not player.rhom:
        for i, objective in enumerate(player.objectives or ("-",)):
            label = ("secret(o) " if player.yours else "secret ") if i == 0 else ""
            segments.append(glyphs.span(label, glyphs.DIM) + glyphs.span(objective, glyphs.TEXT))
    elif player.objective_count:
        count = player.objective_count
        segments.append(glyphs.span(f"{count} secret objective{'s' if count > 1 else ''}",
                                    glyphs.DIM))
    lines += glyphs.pack(segments, width, indent=3, max_lines=3)
    return lines


def player_compact(scene: Scene, player: Player, names: Sequence[str], width: int) -> Text:
    """One line: score, cargo, coins and how much is in the victory pile (v shows it all)."""
    line = _name(scene, player, names)
    line.append(" ")
    line.append_text(cargo(player))
    if not player.rhom:
        line.append(f" {player.coins}$", glyphs.COINS)
    tiles = sum(player.tiles)
    line.append(f" {tiles} tile{'s' if tiles != 1 else ''}", glyphs.DIM)
    if player.relics:
        line.append(f" {len(player.relics)} relic{'s' if len(player.relics) != 1 else ''}",
                    glyphs.DIM)
    for part in _status(player):
        line.append(" ")
        line.append_text(part)
    if player.items is None and player.item_count:
        line.append(f" items {player.item_count}", glyphs.DIM)
    elif player.items:
        line.append(" " + ",".join(player.item_keys or player.items), glyphs.DIM)
    return glyphs.fit(line, width)


def player_lines(scene: Scene, me: int | None, width: int, roomy: bool,
                 focus: int | None = None, names: Sequence[str] = ()) -> list[Text]:
    """Every player, the one in focus (you, by default) in full and first;
    `names` are the table's names for the seats."""
    first = focus if focus is not None else me if me is not None else scene.current or 0
    order = [p for p in scene.players if p.seat == first]
    order += [p for p in scene.players if p.seat != first]
    lines: list[Text] = []
    for i, player in enumerate(order):
        if i == 0 or roomy:
            lines += player_full(scene, player, names, width)
        else:
            lines.append(player_compact(scene, player, names, width))
    return lines


def breakdown_lines(lines: Sequence[tuple[str, int | float]], width: int) -> list[Text]:
    """A seat's final score lines as the engine words them, wrapped; a line
    worth nothing by itself (where a wild went) is marked `-`."""
    out = []
    for label, value in lines:
        shown = f"{value:>3g}" if value else "  -"
        parts = wrap(label, max(8, width - 4), indent=1)
        for i, part in enumerate(parts):
            line = glyphs.span(shown if i == 0 else "   ", glyphs.POINTS if value else glyphs.DIM)
            line.append(" " + part, glyphs.TEXT if value else glyphs.DIM)
            out.append(glyphs.fit(line, width))
    return out
