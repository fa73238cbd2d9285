"""The parts of the table beside and under the hex board, as lines of text:
the gem market and stone dice, the relic row, the item market, each player
(yours in full, the others compact), and the end-of-game breakdown.
Pure functions of a Scene."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..layout import wrap
from . import glyphs as G
from .scene import Goal, Player, Relic, Scene

KIND_NAMES = {"J": "Jewelry", "T": "Tech", "L": "Lore", "W": "Iridia (wild)"}


def market_line(scene: Scene, width: int) -> Text:
    """`Market A2 C3 E2 S5  stone dice 4`: what each gem is worth and needs to mine."""
    line = G.span("Market ", G.BOLD)
    line.append_text(G.join(G.gem_block(g, f"{G.GEM_LETTERS[g]}{v}")
                            for g, v in enumerate(scene.market)))
    line.append(f"  stone dice {scene.stone_supply}", G.DIM)
    return G.fit(line, width)


def rhom_lines(scene: Scene, width: int) -> list[Text]:
    """The Rhom's card in play: reveal priorities, icon, weathervane (wrapped),
    then what its icon does, if it has one."""
    if not scene.rhom_card:
        return []
    parts = [G.span(part, G.DIM) for part in scene.rhom_card.split(", ")]
    lines = G.pack(parts, width, sep=", ", max_lines=2)
    if scene.rhom_icon:
        lines += [G.fit(G.span(part, G.TEXT), width)
                  for part in wrap(scene.rhom_icon, width, indent=1)]
    return lines


def roll_lines(scene: Scene, width: int) -> list[Text]:
    """A mining roll waiting to resolve: the gem, its market value, the gems it
    yields as it stands, each die by number (`+` a hit, `-` a miss, `s` a stone die)."""
    if not scene.roll:
        return []
    gem = scene.roll_gem
    hits = sum(1 for _, _, hit in scene.roll if hit)
    head = G.span("Mining ", G.BOLD)
    if 0 <= gem < 4:
        head.append_text(G.gem(gem, G.GEM_NAMES[gem]))
        head.append(f", needs {scene.market[gem]}+: ", G.DIM)
    head.append(f"{hits} hit{'s' * (hits != 1)}", G.GOOD if hits else G.BAD)
    dice = G.span("dice", G.DIM)
    for i, (face, stone, hit) in enumerate(scene.roll):
        dice.append(f" {i + 1}{'s' if stone else ''}:", G.DIM)
        dice.append(f"{face}", G.PICKED)
        dice.append("+" if hit else "-", G.GOOD if hit else G.BAD)
    return [G.fit(head, width), G.fit(dice, width)]


def relic_cost(relic: Relic) -> Text:
    return G.gems(relic.cost)


def relic_line(index: int, relic: Relic, width: int) -> Text:
    """`1✓Amethyst Ring      J AAC   5`: number, restorable now, name in its lead
    gem's colour, kind, the gems it needs, points."""
    line = G.span(str(index + 1), G.DIM)
    line.append("✓" if relic.restorable else " ", G.GOOD)
    name_room = min(22, max(6, width - 13))
    lead = relic.lead if relic.lead >= 0 else G.IRIDIA
    line.append_text(G.fit(G.gem(lead, relic.name), name_room))
    line.append(f" {relic.kind} ", G.DIM)
    line.append_text(G.fit(relic_cost(relic), 5))
    line.append(f"{relic.points:>2}", G.POINTS)
    return G.fit(line, width)


def relic_lines(scene: Scene, width: int) -> list[Text]:
    title = G.span("Relics", G.BOLD)
    title.append(f" deck {scene.relic_deck}  ✓ cargo covers it", G.DIM)
    lines = [G.fit(title, width)]
    lines += [relic_line(i, r, width) if r else G.fit(G.span(f"{i + 1} (none left)", G.DIM), width)
              for i, r in enumerate(scene.relic_row)]
    return lines


def item_lines(scene: Scene, width: int, cols: int = 2) -> list[Text]:
    """The item market, numbered, with costs; `!` marks a start-of-turn item.
    In two columns an item goes by its short name (the word that plays it)."""
    title = G.span("Items", G.BOLD)
    title.append(f" deck {scene.item_deck}  ! start of turn", G.DIM)
    lines = [G.fit(title, width)]
    cell = (width - (cols - 1)) // cols
    cells = []
    for i, item in enumerate(scene.items):
        text = G.span(f"{i + 1} ", G.DIM)
        if item is None:
            cells.append(G.fit(text + G.span("(none)", G.DIM), cell))
            continue
        text.append(f"{item.cost}$ ", G.COINS)
        text.append(item.name if cols == 1 else item.short, G.TEXT)
        if item.flag:
            text.append("!", G.GOOD)
        cells.append(G.fit(text, cell))
    for start in range(0, len(cells), cols):
        lines.append(G.fit(G.join(cells[start:start + cols], " "), width))
    return lines


def goal_lines(scene: Scene, width: int) -> list[Text]:
    """Your secret objectives (`o`): what each asks, whether it is met so far
    and how far along you are, as the engine judges them from your view."""
    title = G.span("Your objectives", G.BOLD)
    title.append("  o: back", G.DIM)
    lines = [G.fit(title, width)]
    if scene.goals is None:
        return lines + [G.fit(G.span("No secret objectives of your own here.", G.DIM), width)]
    for goal in scene.goals:
        lines += _goal(goal, width, over=scene.current is None)
    return lines


def _goal(goal: Goal, width: int, over: bool) -> list[Text]:
    head = G.span(goal.name, G.TITLE)
    head.append(f" {goal.points}pt ", G.POINTS)
    if goal.met:
        head.append("met" if over else "met so far", G.GOOD)
    else:
        head.append("not met" if over else "not yet", G.WARN)
    lines = [G.fit(head, width)]
    lines += [G.fit(G.span(part, G.TEXT), width) for part in wrap(goal.text, width, indent=1)]
    lines += [G.fit(G.span(part, G.DIM), width)
              for part in wrap(f"{'at the end' if over else 'now'}: {goal.status}", width,
                               indent=1)]
    return lines


# --- players ------------------------------------------------------------------------


def _name(scene: Scene, player: Player, names: Sequence[str]) -> Text:
    acting = scene.current == player.seat
    line = G.span(G.MARK if acting else " ", G.WARN)
    line.append_text(G.seat_mark(player.seat))
    # The table's name for a seat (with its bot kind, or "(you)"); Rhom is no table seat.
    named = not player.rhom and player.seat < len(names)
    line.append(f" {names[player.seat] if named else player.label}",
                G.PICKED if acting else G.BOLD)
    line.append(f" {player.score}pt", G.POINTS)
    return line


def cargo(player: Player) -> Text:
    """The hold of seven: gems, then `.` for each free place."""
    held = sum(player.cargo)
    text = G.gems(player.cargo)
    text.append("." * max(0, 7 - held), G.FAINT)
    return text


def pile(player: Player) -> Text:
    """Victory pile: tiles per gem (rainbow and Stone), and relics by kind."""
    text = G.span("tiles ", G.DIM)
    parts = [G.gem(g, f"{G.TILE_LETTERS[g]}{n}") for g, n in enumerate(player.tiles) if n]
    text.append_text(G.join(parts) if parts else G.span("-", G.DIM))
    text.append("  relics ", G.DIM)
    kinds = {k: sum(1 for r in player.relics if r.kind == k) for k in "JTLW"}
    shown = [G.span(f"{k}{n}", G.TEXT) for k, n in kinds.items() if n]
    text.append_text(G.join(shown) if shown else G.span("-", G.DIM))
    return text


def _status(player: Player) -> list[Text]:
    out = []
    if player.royalty:
        out.append(G.span(player.royalty, G.POINTS))
    if player.stone:
        out.append(G.gem_block(G.IRIDIA, "Iridia Stone"))
    if player.finished:
        out.append(G.span("at the Castle", G.GOOD))
    return out


def player_full(scene: Scene, player: Player, names: Sequence[str],
                width: int) -> list[Text]:
    head = _name(scene, player, names)
    head.append(" ")
    head.append_text(cargo(player))
    if not player.rhom:
        head.append(f" {player.coins}$", G.COINS)
    if player.stone_dice:
        head.append(f" {player.stone_dice} stone {'die' if player.stone_dice == 1 else 'dice'}",
                    G.DIM)
    lines = [G.fit(head, width)]
    segments = [pile(player), *_status(player)]
    if player.items is not None and not (player.rhom and not player.items):
        items = G.span("items ", G.DIM)
        names = ", ".join(player.items) if player.items else "-"
        if len(names) + 9 > width and player.item_keys:  # the short names fit where full ones do not
            names = ", ".join(player.item_keys)
        items.append(names, G.TEXT)
        segments.append(items)
    elif player.item_count:
        segments.append(G.span(f"{player.item_count} item{'s' if player.item_count > 1 else ''}",
                               G.DIM))
    if player.reserved:
        reserved = G.span("reserved ", G.DIM)
        reserved.append_text(G.join(G.span(r.name, G.TEXT) + G.span(" ") + relic_cost(r)
                                    for r in player.reserved))
        segments.append(reserved)
    if player.objectives is not None and not player.rhom:
        for i, objective in enumerate(player.objectives or ("-",)):
            label = ("secret(o) " if player.yours else "secret ") if i == 0 else ""
            segments.append(G.span(label, G.DIM) + G.span(objective, G.TEXT))
    elif player.objective_count:
        count = player.objective_count
        segments.append(G.span(f"{count} secret objective{'s' if count > 1 else ''}", G.DIM))
    lines += G.pack(segments, width, indent=3, max_lines=3)
    return lines


def player_compact(scene: Scene, player: Player, names: Sequence[str], width: int) -> Text:
    """One line: score, cargo, coins and how much is in the victory pile (v shows it all)."""
    line = _name(scene, player, names)
    line.append(" ")
    line.append_text(cargo(player))
    if not player.rhom:
        line.append(f" {player.coins}$", G.COINS)
    tiles = sum(player.tiles)
    line.append(f" {tiles} tile{'s' if tiles != 1 else ''}", G.DIM)
    if player.relics:
        line.append(f" {len(player.relics)} relic{'s' if len(player.relics) != 1 else ''}",
                    G.DIM)
    for part in _status(player):
        line.append(" ")
        line.append_text(part)
    if player.items is None and player.item_count:
        line.append(f" items {player.item_count}", G.DIM)
    elif player.items:
        line.append(" " + ",".join(player.item_keys or player.items), G.DIM)
    return G.fit(line, width)


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
            line = G.span(shown if i == 0 else "   ", G.POINTS if value else G.DIM)
            line.append(" " + part, G.TEXT if value else G.DIM)
            out.append(G.fit(line, width))
    return out
