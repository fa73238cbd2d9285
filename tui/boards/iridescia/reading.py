"""Reading an Iridescia view into the board's Scene, and the engine's actions
into what the board shows of them. The only module that knows the engine's
state fields; nothing here decides a rule (legality comes from the legal
actions, scores from the engine's own functions)."""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.iridescia import (
    actions,
    board,
    cardtexts,
    components,
    mining,
    objectives,
    rules,
    state,
)
from gemtable.engine.games.iridescia.actions import item_played
from gemtable.engine.games.iridescia.state import IridesciaState
from gemtable.engine.wording import article

from . import glyphs
from .menu import Entry
from .scene import BARRICADE, DOWN, EMPTY, TILE, Goal, Hex, Item, Player, Relic, Scene

KIND_LETTERS = "JTLW"
BONUS = {components.COINS: "${}", components.ROYALTY: "+{}", components.STONE: "d"}
STEP_WORDS = {
    state.SEATING: "take your seat as an explorer",
    state.REVEAL: "reveal up to 2 tiles, then move",
    state.BLOCKED: "blocked: discard a pile tile",
    state.GO: "blocked: go to an empty hex",
    state.OPTIONAL: "mine, buy, items, sell; end",
    state.RESOLVE: "mining roll: change dice or take",
    state.WISH: "Wishing Well: take a gem (market dice may change)",
    state.GIVE: "over 7 gems: give the excess",
    state.DROP: "Forest: drop one objective",
    state.RESTORE: "restore relics, then end",
    state.REMOVE: "at the Castle: remove a tile",
    state.RHOM: "the Rhom plays its card",
    state.ROLLING: "dice are rolling",
    state.OVER: "the game is over",
}


def _relic(relic_id: int, restorable: bool = False) -> Relic:
    r = components.RELICS[relic_id]
    return Relic(r.name, KIND_LETTERS[r.type], r.lead, r.cost, r.points, restorable)


def _item(kind: int) -> Item:
    item = components.ITEMS[kind]
    return Item(item.name, item.cost, item.green_flag, item.key.capitalize(),
                cardtexts.item_text(kind))


def _hex(view: IridesciaState, cell: int, explorers: dict[int, list[int]]) -> Hex:
    row, col = board.ROW_OF[cell], board.INDEX_IN_ROW[cell]
    people = tuple(explorers.get(cell, ()))
    name = board.cell_name(cell)
    tile = view.cells[cell]
    if cell in view.barricades:
        return Hex(cell, name, row, col, BARRICADE, explorers=people)
    if tile == state.EMPTY:
        return Hex(cell, name, row, col, EMPTY, explorers=people)
    if tile == state.HIDDEN_TILE or not view.shown[cell]:
        return Hex(cell, name, row, col, DOWN, explorers=people)
    t = components.TILES[tile]
    bonus = BONUS.get(t.bonus, "").format(t.amount)
    words = cardtexts.BONUSES[t.bonus].text if t.bonus != components.NO_BONUS else ""
    return Hex(cell, name, row, col, TILE, t.gem, bonus, people, words)


def _player(view: IridesciaState, seat: int, restorable: set[object],
            yours: bool = False) -> Player:
    s = view.seats[seat]
    hidden_items = any(k < 0 for k in s.items)
    hidden_goals = any(k < 0 for k in s.objectives)
    tiles = [0] * 6
    for tile in s.pile:
        if tile >= 0:
            tiles[components.TILES[tile].gem] += 1
    rhom = seat == view.rhom
    return Player(
        seat=seat, label="Rhom" if rhom else f"Seat {seat + 1}", rhom=rhom,
        score=s.royalty, coins=s.coins, cargo=s.cargo, stone_dice=s.stones,
        items=None if hidden_items else tuple(components.ITEMS[k].name for k in s.items),
        item_count=len(s.items),
        objectives=None if hidden_goals else tuple(
            f"{components.OBJECTIVES[o].name} {components.OBJECTIVES[o].points}"
            for o in s.objectives),
        objective_count=len(s.objectives),
        tiles=(tiles[0], tiles[1], tiles[2], tiles[3], tiles[4], tiles[5]),
        relics=tuple(_relic(r) for r in s.relics),
        reserved=tuple(_relic(r, ("reserved", i) in restorable)
                       for i, r in enumerate(s.reserved)),
        royalty=components.TOKENS[s.token][0] if s.token >= 0 else "",
        stone=s.iridia, finished=s.position == board.FINISHED, airship=s.position == board.AIRSHIP,
        item_keys=() if hidden_items else tuple(components.ITEMS[k].key.capitalize()
                                                for k in s.items),
        objective_texts=() if hidden_goals else tuple(components.OBJECTIVES[o].text
                                                      for o in s.objectives),
        yours=yours)


def restorable_slots(legal: tuple[object, ...]) -> set[object]:
    """Relics the legal actions let the person restore now (row slots, reserved pairs)."""
    out: set[object] = set()
    for action in legal:
        if isinstance(action, actions.OnSlot) and action.verb == "restore":
            out.add(("reserved", action.slot) if action.reserved else action.slot)
    return out


def scene_of(view: IridesciaState, seat: int | None, legal: tuple[object, ...] = ()) -> Scene:
    explorers: dict[int, list[int]] = {}
    for index, s in enumerate(view.seats):
        if s.position >= 0:
            explorers.setdefault(s.position, []).append(index)
    rows = tuple(tuple(_hex(view, c,
                            explorers) for c in board.row_cells(r)) for r in range(board.ROWS))
    can = restorable_slots(legal)
    if seat is not None and seat == view.current and view.step not in (state.SEATING, state.OVER) \
            and seat != view.rhom:
        # All turn long, not only in the restore step: the engine says which relics
        # the cargo of the seat to move covers.
        can |= restorable_slots(tuple(rules.restore_actions(view)))
    relic_row = tuple(_relic(r, i in can) if r >= 0 else None
                      for i, r in enumerate(view.relic_row))
    items = tuple(_item(k) if k >= 0 else None for k in view.market)
    roll = tuple((d.face, d.stone, d.hit) for d in mining.mining_roll(view)) \
        if view.step == state.RESOLVE else ()
    return Scene(
        rows=rows,
        long_rows=tuple(size == 7 for size in board.ROW_SIZES),
        region_of_row=tuple(board.REGIONS[min(r // 2, 4)] for r in range(board.ROWS)),
        market=view.market_dice,
        stone_supply=view.stone_supply,
        relic_row=relic_row,
        relic_deck=len(view.relic_deck),
        items=items,
        item_deck=len(view.item_deck),
        players=tuple(_player(view, i, can, i == seat) for i in range(view.players)),
        current=None if view.is_over else view.current,
        step=STEP_WORDS.get(view.step, ""),
        roll=roll,
        roll_gem=view.tile_gem,
        rhom_card=rhom_card_words(view),
        rhom_icon=rhom_icon_words(view),
        royalty_left=tuple(components.TOKENS[t][0] for t in view.tokens),
        goals=goals_of(view, seat),
    )


def goals_of(view: IridesciaState, seat: int | None) -> tuple[Goal, ...] | None:
    """The seat's own objectives as the engine judges them from its view; None for
    a seat that has none to show (nobody, or the Rhom)."""
    if seat is None or seat == view.rhom or not 0 <= seat < view.players:
        return None
    return tuple(Goal(components.OBJECTIVES[p.objective].name,
                      components.OBJECTIVES[p.objective].points,
                      components.OBJECTIVES[p.objective].text, p.met, p.status)
                 for p in objectives.seat_progress(view, seat))


def _rhom_card(view: IridesciaState) -> int:
    """The Rhom's card in play, or -1."""
    if view.rhom < 0 or not view.rhom_pile or view.is_over:
        return -1
    return view.rhom_pile[-1]


def rhom_card_words(view: IridesciaState) -> str:
    card = _rhom_card(view)
    if card < 0:
        return ""
    c = components.RHOM_CARDS[card]
    order = " ".join(cardtexts.PRIORITY_LETTERS[p] for p in c.priorities)
    icon = cardtexts.ICONS[c.icon].name if c.icon != "none" else "no icon"
    return (f"Rhom card {order}, {icon}, vane {cardtexts.VANE_NAMES[c.vane]}, "
            f"next card's vane {cardtexts.VANE_NAMES[view.rhom_vane]}")


def rhom_icon_words(view: IridesciaState) -> str:
    """What the icon of the Rhom's card in play does ("" for a plain card)."""
    card = _rhom_card(view)
    if card < 0 or components.RHOM_CARDS[card].icon == "none":
        return ""
    return cardtexts.icon_words(components.RHOM_CARDS[card].icon)


def hex_of(action: object) -> object | None:
    """The cell an action is played on, or None for an action of the menu."""
    if isinstance(action, actions.OnCell):
        return action.cell
    return None


def head_line(scene: Scene, width: int) -> Text:
    """Whose turn, and its step."""
    who = next((p.label for p in scene.players if p.seat == scene.current), "")
    line = glyphs.span(f" {who}: " if who else " ", glyphs.WARN)
    line.append(scene.step, glyphs.BOLD)
    return glyphs.fit(line, width)


def action_label(scene: Scene, action: object) -> Text:
    """A menu line: the action's notation, with what it names spelled out."""
    text = glyphs.span(str(action), glyphs.TEXT)
    gloss = _gloss(scene, action)
    if gloss:
        text.append(f"  {gloss}", glyphs.DIM)
    return text


PLAIN_WORDS = {
    "mine": "pay a coin, roll your mining dice",
    "take": "keep the roll as it stands",
    "stone": "put a stone die to work on this tile",
    "cart": "Mine Cart: double the gems mined this turn",
    "well": "Wishing Well: roll for a gem",
    "elixir": "Epic Elixir: another turn after this one",
    "book deck": "Reference Book: reserve the top relic of the deck",
    "end": "collect the tile and end the turn",
    "pass": "nothing to remove",
    "explorer": "play this seat yourself",
    "rhom": "this seat is the Rhom deck",
    "rhom turn": "the Rhom plays its card",
}
ITEM_WORDS = {"jackhammer": "Jackhammer", "dynamite": "Dynamite", "libation": "Libation",
              "cauldron": "Cauldron", "axe": "Axe"}


def _gloss(scene: Scene, action: object) -> str:
    if action == actions.TAKE and scene.step == STEP_WORDS[state.WISH]:
        return "give the wish up: no gem is within reach"
    if isinstance(action, (actions.Plain, actions.Declare)):
        return PLAIN_WORDS.get(str(action), "")
    if isinstance(action, actions.OnSlot):
        if action.verb == "buy" and 0 <= action.slot < len(scene.items):
            item = scene.items[action.slot]
            return f"{item.short}, {item.cost} coins" if item else ""
        if action.verb in ("restore", "book") and not action.reserved \
                and 0 <= action.slot < len(scene.relic_row):
            relic = scene.relic_row[action.slot]
            return f"{relic.name}, {relic.points} points" if relic else ""
        if action.verb == "restore" and action.reserved:
            me = next((p for p in scene.players if p.seat == scene.current), None)
            if me is not None and action.slot < len(me.reserved):
                relic = me.reserved[action.slot]
                return f"{relic.name} (reserved), {relic.points} points"
        if action.verb == "drop":
            me = next((p for p in scene.players if p.seat == scene.current), None)
            if me is not None and me.objectives and action.slot < len(me.objectives):
                return f"give up {me.objectives[action.slot]}"
    if isinstance(action, actions.OnCell) and action.gem >= 0:
        return f"take it as {components.GEM_NAMES[action.gem]}"
    if isinstance(action, actions.OnGem) and action.verb in ("discard", "axe", "wish", "return"):
        name = ("rainbow" if action.gem == components.RAINBOW
                else "Iridia Stone" if action.gem == components.IRIDIA
                else components.GEM_NAMES[action.gem])
        return {"discard": f"give up {article(name + ' tile')} of your pile",
                "axe": f"split {article(name)}", "wish": f"take {article(name)}",
                "return": f"{article(name)} back to the supply"}[action.verb]
    if isinstance(action, actions.OnGem) and action.verb == "give":
        to = next((p.label for p in scene.players if p.seat == action.number),
                  f"Seat {action.number + 1}")
        return f"one {components.GEM_NAMES[action.gem]} to {'the ' * (to == 'Rhom')}{to}"
    if isinstance(action, actions.Tweak):
        return _tweak_gloss(scene, action)
    if isinstance(action, actions.OnGem) and action.verb == "sell":
        gem = components.GEM_NAMES[action.gem]
        return f"{action.number} {gem} at {scene.market[action.gem]} each"
    return ""


def _tweak_gloss(scene: Scene, action: actions.Tweak) -> str:
    """What a Jackhammer or Dynamite line changes: the die (or market die) as it shows now."""
    if action.target >= actions.MARKET_TARGET:
        gem = action.target - actions.MARKET_TARGET
        return f"{components.GEM_NAMES[gem]} market die, now {scene.market[gem]}"
    if action.target < len(scene.roll):
        face, stone, hit = scene.roll[action.target]
        return f"{'stone ' * stone}die {action.target + 1}, now {face} ({'hit' if hit else 'miss'})"
    return ""


def action_words(scene: Scene, action: object) -> Text:
    """The chosen menu line in full, for the line under the board; an item
    bought or played is followed by what it does."""
    line = glyphs.span(f"{action}", glyphs.WARN)
    gloss = _gloss(scene, action)
    words = ""
    if isinstance(action, actions.OnSlot) and action.verb == "buy" and gloss:
        item = scene.items[action.slot]
        if item:
            gloss, words = f"{item.name}, {item.cost} coins", item.text
    if isinstance(action, actions.OnSlot) and action.verb == "drop":
        me = next((p for p in scene.players if p.seat == scene.current), None)
        if (me is not None and me.objectives is not None
                and action.slot < len(me.objective_texts)):
            # What the objective asks matters more here than the key hint.
            line.append(f": give up {me.objectives[action.slot]}: "
                        f"{me.objective_texts[action.slot]}", glyphs.DIM)
            if scene.goals and action.slot < len(scene.goals):
                goal = scene.goals[action.slot]
                line.append(f" Now {'met' if goal.met else 'not yet'}: {goal.status}.", glyphs.TEXT)
            return line
    if isinstance(action, actions.OnSlot) and action.verb == "restore" \
            and scene.step == STEP_WORDS[state.OPTIONAL]:
        gloss += "; then no more mining, buying or selling this turn"
    if gloss:
        line.append(f": {gloss}", glyphs.DIM)
    line.append("  · Enter plays it", glyphs.DIM)
    words = words or item_words(action)
    if words:
        line.append(f" · {words}", glyphs.TEXT)
    return line


def item_words(*choices: object) -> str:
    """What the item the first of `choices` that plays one does, named ("" when
    none plays an item)."""
    for action in choices:
        kind = item_played(action)
        if kind >= 0:
            return f"{components.ITEMS[kind].name}: {cardtexts.item_text(kind)}"
    return ""


def entry_words(scene: Scene, entry: Entry) -> Text:
    """A menu line under the cursor in full: its action, or what its group holds
    (an item's group says what the item does)."""
    if entry.single:
        return action_words(scene, entry.actions[0])
    words = item_words(entry.actions[0])
    if words:
        return glyphs.span(f"{entry.title}: {len(entry.actions)} choices · ", glyphs.DIM) + \
            glyphs.span(words, glyphs.TEXT)
    listed = ", ".join(str(a) for a in entry.actions[:6])
    return glyphs.span(f"{entry.title}: {listed}{' …' * (len(entry.actions) > 6)}", glyphs.DIM)


def why_not_here(view: IridesciaState | None, scene: Scene | None, spot: tuple[int, int]) -> str:
    """The engine's reason why the person cannot reveal or move onto this hex."""
    if view is None or scene is None:
        return ""
    cell = scene.hex_at(*spot)
    if cell is None or not isinstance(cell.key, int):
        return ""
    verb = "reveal" if cell.state == DOWN else "move"
    try:
        return f"{verb} {cell.name}: {view.why_illegal(actions.OnCell(verb, cell.key))}"
    except Exception:  # noqa: BLE001 - an explanation is a courtesy, never a crash
        return ""
