"""The Gems of Iridescia board: the hex map with every explorer, the gem
market, relic row and item market, each player, the log, and every legal
action reachable from the keyboard: hexes with the cursor, everything else
from a menu that lists only the legal actions (or typed in notation).

The board keeps only the last view, legal actions and history it was shown,
plus what the person is doing with the keyboard: the cursor hex, the menu and
its cursor, which part has the keys (map or menu), which player is shown in
full, which panels are open, and the last message.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import Static

from gemtable.engine.games.iridescia.state import IridesciaState
from gemtable.tui.widgets.painted import Painted

from ...widgets.log import LogView
from ..base import Board
from ..command_line import CommandLine
from . import glyphs, keys, prompt, reading
from .hexmap import Marks, Spot, clamp, map_lines, moved, nearest, spot_at, step_target
from .menu import Entry, Menu, menu_lines
from .panels import (
    breakdown_lines,
    goal_lines,
    item_lines,
    market_line,
    player_lines,
    relic_lines,
    rhom_lines,
    roll_lines,
)
from .scene import Scene

MAP, MENU = "map", "menu"
PLACEHOLDER = "an action in notation, as the menu lines show it   (Esc closes)"


class IridesciaBoard(Board[IridesciaState]):
    TYPING_EXAMPLE = "type an action as the menu writes it (Esc closes)"
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = keys.board_keys()
    KEYS_INTRO = keys.INTRO
    KEYS_NOTE = keys.NOTE
    LEGEND = prompt.LEGEND
    state_type = IridesciaState

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene: Scene | None = None
        self._cursor: Spot = (0, 0)
        self._menu = Menu()
        self._focus = MAP
        self._on_hex: dict[Spot, list[object]] = {}
        self._player: int | None = None
        """The player shown in full (v), None for yourself."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="ir-top"):
            with Vertical(id="ir-left"):
                yield Painted(id="ir-head")
                yield Painted(id="ir-map")
                yield Painted(id="ir-players")
                yield LogView(id="ir-log")
            with Vertical(id="ir-right"):
                yield Painted(id="ir-market")
                yield Painted(id="ir-roll")
                yield Painted(id="ir-relics")
                yield Painted(id="ir-items")
                yield Painted(id="ir-goals")
                yield LogView(id="ir-log-side")
                yield Painted(id="ir-final")
                yield Painted(id="ir-menu")
                yield Painted(id="ir-legend")
        yield Static(id="ir-detail")
        yield Static(id="ir-prompt")
        yield CommandLine(id="ir-command", placeholder=PLACEHOLDER)

    def on_mount(self) -> None:
        self._redraw()

    # --- the contract -------------------------------------------------------
    def _new_position(self, previous: object, previous_legal: tuple[object, ...]) -> None:
        view = self._view
        assert view is not None
        self._scene = reading.scene_of(view, self._seat, self._legal)
        scene = self._scene
        on_hex: dict[Spot, list[object]] = {}
        others = []
        spots = {cell.key: (cell.row, cell.col) for row in scene.rows for cell in row}
        for action in self._legal:
            key = reading.hex_of(action)
            if key is not None and key in spots:
                on_hex.setdefault(spots[key], []).append(action)
            else:
                others.append(action)
        self._on_hex = on_hex
        self._menu = Menu.of(others)
        self._focus = MAP if on_hex or self._menu.empty else MENU
        self._cursor = clamp(scene, self._cursor)
        if on_hex and self._cursor not in on_hex:
            self._cursor = nearest(self._start_spot(scene), frozenset(on_hex))

    @property
    def cursor(self) -> Spot:
        """The hex under the cursor, as (row, column in the row); row 0 at the bottom."""
        return self._cursor

    def _start_spot(self, scene: Scene) -> Spot:
        """Where the cursor starts looking for a target: your explorer, or row 1."""
        for row in scene.rows:
            for cell in row:
                if self._seat is not None and self._seat in cell.explorers:
                    return cell.row, cell.col
        return self._cursor if self._cursor[0] else (0, len(scene.rows[0]) // 2)

    def key_modes(self) -> frozenset[str]:
        tags = {keys.LOOK}
        if self._scene is not None and len(self._scene.players) > 1:
            tags.add(keys.PLAYERS)
        if self._blocked():
            return frozenset(tags)
        tags.add(keys.TYPE)
        if self._focus == MAP and self._on_hex:
            tags.discard(keys.LOOK)
            tags.add(keys.MAP)
        elif not self._menu.empty:
            tags.discard(keys.LOOK)
            tags.add(keys.MENU)
            if self._menu.opened is not None:
                tags.add(keys.GROUP)
        return frozenset(tags)

    # --- drawing ------------------------------------------------------------
    def _redraw(self) -> None:
        self._announce_keys()
        for log in self.query(LogView):
            log.draw(self._history)
        scene, view, me = self._scene, self._view, self._seat
        if scene is None or view is None:
            waiting = glyphs.span("Waiting for the game…", glyphs.DIM)
            self.query_one("#ir-prompt", Static).update(waiting)
            return
        roomy = self.has_class("-roomy")
        blocked = bool(self._blocked())
        marks = Marks(self._cursor, frozenset() if blocked else frozenset(self._on_hex),
                      show_cursor=self._focus == MAP or blocked, wide=roomy)
        self.query_one("#ir-head", Painted).draw(lambda w: [reading.head_line(scene, w)])
        self.query_one("#ir-map", Painted).draw(lambda w: map_lines(scene, marks, w))
        focus = self._player
        names = [self.seat_name(seat) for seat in range(len(view.seats))]
        self.query_one("#ir-players", Painted).draw(
            lambda w: player_lines(scene, me, w, roomy, focus, names))
        self.set_class(view.is_over, "-over")
        if view.is_over:
            self.query_one("#ir-final", Painted).draw(self._final_lines)
        self.query_one("#ir-market", Painted).draw(
            lambda w: [market_line(scene, w), *rhom_lines(scene, w)])
        self.query_one("#ir-roll", Painted).draw(lambda w: roll_lines(scene, w))
        self.query_one("#ir-relics", Painted).draw(lambda w: relic_lines(scene, w))
        self.query_one("#ir-items", Painted).draw(
            lambda w: item_lines(scene, w, cols=1 if roomy else 2))
        self.query_one("#ir-goals", Painted).draw(lambda w: goal_lines(scene, w))
        menu, active = self._menu, self._focus == MENU and not blocked
        menu_block = self.query_one("#ir-menu", Painted)
        menu_block.display = not blocked and not menu.empty
        self.set_class(not menu_block.display, "-nomenu")
        height = max(3, menu_block.size.height or 8)
        menu_block.draw(lambda w: menu_lines(menu, lambda a: reading.action_label(scene, a), w,
                                             height, active))
        self.query_one("#ir-legend", Painted).draw(prompt.legend_lines)
        self._update_prompt(self.query_one("#ir-detail", Static), self._detail())
        self._update_prompt(self.query_one("#ir-prompt", Static), self._prompt())

    def _final_lines(self, width: int) -> list[Text]:
        """At the end: the final score of the player in focus (v for the next),
        line by line as the engine counts it, set bonuses and where each wild
        went included; then the others' totals."""
        view, scene = self._view, self._scene
        assert view is not None and scene is not None
        focus = self._player if self._player is not None else (
            self._seat if self._seat is not None else 0)
        label = scene.players[focus].label
        lines = [glyphs.fit(glyphs.span(f"Final score of {label}", glyphs.BOLD) +
                            glyphs.span("  (v: next)", glyphs.DIM), width)]
        lines += breakdown_lines([(b.label, b.value) for b in view.score_breakdown(focus)],
                                 width)
        totals = glyphs.join(glyphs.span(f"{p.label} {view.scores()[p.seat]}", glyphs.POINTS)
                             for p in scene.players if p.seat != focus)
        lines.append(glyphs.fit(glyphs.span("Others: ", glyphs.DIM) + totals, width))
        return lines

    def _detail(self) -> Text:
        scene = self._scene
        assert scene is not None
        if self._focus == MENU and not self._blocked() and not self._menu.empty:
            lines = self._menu.lines()
            if 0 <= self._menu.cursor < len(lines):
                picked = lines[self._menu.cursor]
                if isinstance(picked, Entry):
                    return reading.entry_words(scene, picked)
                return reading.action_words(scene, picked)
        cell = scene.hex_at(*self._cursor)
        if cell is None:
            return Text("")
        actions = [] if self._blocked() else self._on_hex.get(self._cursor, [])
        return prompt.hex_words(scene, cell, actions, reading.item_words(*actions))

    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        scene = self._scene
        assert scene is not None
        blocked = self._blocked()
        if blocked:
            return glyphs.span(blocked, glyphs.DIM)
        return prompt.turn_hint(scene, len(self._on_hex), len(self._menu.top), self._focus)

    def _say(self, words: str, ok: bool = False) -> None:
        self._message = glyphs.span(words, glyphs.GOOD if ok else glyphs.WARN)
        self._redraw()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 110 and event.size.height >= 32, "-roomy")
        self._redraw()

    # --- acting ---------------------------------------------------------------
    def _read_only_reason(self) -> str:
        assert self._scene is not None
        return prompt.read_only_reason(self._scene, self._seat, self._sent)

    def _play(self, action: object) -> None:
        if action not in self._legal:
            self._say(f"{action} is not legal now")
            return
        if self._hold_for_enter(action):
            return
        self._sent = True
        self._message = glyphs.span(f"played: {action}", glyphs.GOOD)
        self._redraw()
        self.post_message(self.ActionChosen(action))

    def _refused(self) -> bool:
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
        return bool(blocked)

    def _enter_hex(self) -> None:
        actions = self._on_hex.get(self._cursor, [])
        if len(actions) == 1:
            self._play(actions[0])
        elif actions:
            # Several actions on one hex (a tile's gem to name...): choose in the menu.
            self._menu = Menu((Entry("this hex", tuple(actions)),), opened=0)
            self._focus = MENU
            self._message = None
            self._redraw()
        else:
            self._say(reading.why_not_here(self._view, self._scene, self._cursor)
                      or "nothing to do on this hex now: the ( ) hexes are the choices")

    def _choose(self, index: int | None) -> None:
        self._menu, action = self._menu.choose(index)
        if action is not None:
            self._play(action)
        else:
            self._message = None
            self._redraw()

    # --- keys -------------------------------------------------------------------
    def _yields(self, key: str) -> bool:
        return key not in keys.LOOKING

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "back":
            return self._menu.opened is not None or self._message is not None
        return True

    def _handle(self, key: str, char: str) -> bool:
        """What bindings cannot say: a word about printable keys that do nothing."""
        if char and self._scene is not None and key not in self.screen.active_bindings:
            self._say(f"{char!r} is not a board key; F1 lists them, ? the symbols, "
                      ": types an action")
            return True
        return False

    def action_move(self, drow: int, dcol: int) -> None:
        scene = self._scene
        if scene is None:
            return
        if self._focus == MENU and not self._blocked() and not self._menu.empty:
            if drow:
                self._menu = self._menu.move(-drow)
            elif dcol < 0 and self._menu.opened is not None:
                self._menu = self._menu.close()
            elif dcol > 0:
                self._choose(None)
                return
        else:
            self._cursor = moved(scene, self._cursor, drow, dcol)
        self._message = None
        self._redraw()

    def action_jump(self, step: int) -> None:
        if self._scene is None:
            return
        found = step_target(self._cursor, frozenset(self._on_hex), step)
        if found is None:
            self._say("no hex to act on now")
            return
        self._cursor, self._focus, self._message = found, MAP, None
        self._redraw()

    def action_enter(self) -> None:
        if self._refused():
            return
        if self._focus == MAP and self._on_hex:
            self._enter_hex()
        elif not self._menu.empty:
            self._focus = MENU
            self._choose(None)
        else:
            self._enter_hex()

    def action_menu(self) -> None:
        if self._refused():
            return
        if self._menu.empty:
            self._say("the menu is empty: every choice now is a hex on the map")
            return
        self._focus = MAP if self._focus == MENU and self._on_hex else MENU
        self._message = None
        self._redraw()

    def action_pick(self, number: int) -> None:
        if self._refused():
            return
        if self._menu.empty:
            self._say("no menu now: choose a ( ) hex on the map")
            return
        self._focus = MENU
        self._choose(number - 1)

    def action_back(self) -> None:
        if self._menu.opened is not None:
            self._menu = self._menu.close()
            if self._menu.top and self._menu.top[0].title == "this hex":
                self._new_position(self._view, self._legal)
        self._message = None
        self._redraw()

    def action_next_player(self) -> None:
        scene = self._scene
        if scene is None or len(scene.players) < 2:
            return
        me = self._seat if self._seat is not None else 0
        current = self._player if self._player is not None else me
        following = (current + 1) % len(scene.players)
        self._player = None if following == me else following
        self._message = None
        self._redraw()

    def action_log(self) -> None:
        self.remove_class("-goals")
        self.toggle_class("-log")
        self._redraw()

    def action_legend(self) -> None:
        self.remove_class("-goals")
        self.toggle_class("-legend")
        self._redraw()

    def action_objectives(self) -> None:
        """Your secret objectives in place of the markets, and back."""
        self.remove_class("-log", "-legend")
        self.toggle_class("-goals")
        self._redraw()

    def action_command(self) -> None:
        if not self._refused():
            self._open_command()

    # --- mouse and command line -------------------------------------------------
    def on_painted_clicked(self, event: Painted.Clicked) -> None:
        event.stop()
        self.focus()
        scene = self._scene
        if scene is None or event.block.id != "ir-map":
            return
        spot = spot_at(scene, event.x, event.y, self.has_class("-roomy"))
        if spot is None:
            return
        if spot == self._cursor and spot in self._on_hex and not self._blocked():
            self._enter_hex()
            return
        self._cursor, self._focus, self._message = spot, MAP, None
        self._redraw()
