"""The Jowhari board: the table drawn from a view, and every legal action
reachable from the keyboard (or the mouse, or typed in notation).

The board keeps only the last view, legal actions and history it was shown,
plus what the person is doing with the keyboard (cursor, gems being picked,
a half-typed slot name, the last message).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import Input, Static

from gemtable.engine import IllegalAction
from gemtable.engine.games.jowhari import actions
from gemtable.engine.games.jowhari.rules import card_at, shortfall
from gemtable.engine.games.jowhari.state import JowhariState

from ..base import Board
from ..command_line import CommandLine
from . import cursor, glyphs, picker
from .centre import CentreView
from .keys import PASS, PLAY, RETURN, board_keys
from .legend import LEGEND as SYMBOLS
from .players import LogView, PlayersView
from .prompt import detail_line, read_only_reason, turn_hint

LEGEND = (
    ("←↑↓→ hjkl", "move over cards"), ("R B G W K", "pick gems (twice: two)"),
    ("2b d3 h1", "jump to slot/deck/hand"), ("Enter", "take the picked gems"),
    ("b / Enter", "buy the card"), ("Bksp Esc", "unpick last / all"),
    ("r", "reserve card or deck top"), ("r b g w k", "give back (over 10)"),
    ("p", "pass (when stuck)"), (":", "type: take RBG, buy 2b"),
)


def _legend() -> Text:
    """The key scheme in two columns, for terminals tall enough to show it."""
    out = Text()
    for i, (keys, words) in enumerate(LEGEND):
        if i % 2 == 0 and i:
            out.append("\n")
        out.append(f"{keys:<10}", style=glyphs.WARN)
        out.append(f" {words:<26}" if i % 2 == 0 else f" {words}", style=glyphs.DIM)
    return out




class JowhariBoard(Board[JowhariState]):
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = board_keys()
    KEYS_NOTE = ("Mouse: click a card to move to it, double-click to buy, click a gem in "
                 "the supply to pick it.\n")
    state_type = JowhariState
    LEGEND = SYMBOLS

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._cursor: cursor.Spot = actions.CENTRE[1, 0]
        self._selection: picker.Selection = ()
        self._prefix = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="jw-main"):
            yield CentreView(id="jw-centre")
            yield PlayersView(id="jw-players")
            yield Static(id="jw-detail")
            yield Static(id="jw-prompt")
            yield CommandLine(id="jw-command", placeholder="take RBG · buy 2b · reserve d3 · "
                              "return W · pass   (Enter plays, Esc closes)")
            yield LogView(id="jw-log")
            yield Static(_legend(), id="jw-keys")
        yield LogView(id="jw-log-panel")

    def on_mount(self) -> None:
        self.query_one("#jw-log-panel", LogView).border_title = "Log"
        self._redraw()

    # --- the contract -------------------------------------------------------
    def _new_position(self, previous: JowhariState | None,
                      previous_legal: tuple[object, ...]) -> None:
        self._selection = ()
        self._prefix = ""
        self._cursor = cursor.clamp(self._cursor, self._hand_size())

    def key_modes(self) -> frozenset[str]:
        if picker.returnable(self._legal):
            return frozenset((RETURN,))
        return frozenset((PASS if self._legal == (actions.PASS,) else PLAY,))

    # --- drawing ------------------------------------------------------------
    def _hand_size(self) -> int:
        if self._view is None or self._seat is None:
            return 0
        return len(self._view.seats[self._seat].hand)

    def _redraw(self) -> None:
        tall = self.has_class("-tall")
        ready = bool(self._selection) and picker.take_of(self._selection) in self._legal
        self.query_one(CentreView).draw(self._view, self._seat, self._cursor,
                                        self._selection, ready, 3 if tall else 2)
        names = [self.seat_name(i) for i in range(self._view.players)] if self._view else []
        self.query_one(PlayersView).draw(self._view, self._seat, names)
        for log in self.query(LogView):
            log.draw(self._history)
        if self._view is not None:
            self._update_prompt(self.query_one("#jw-detail", Static),
                                detail_line(self._view, self._seat, self._cursor), most=2)
        self._update_prompt(self.query_one("#jw-prompt", Static), self._prompt())

    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        if self._prefix:
            what = {"d": "deck: type 1-3", "h": "hand: type 1-3"}.get(
                self._prefix, f"slot {self._prefix}?: type a letter a-d")
            return Text(f"{self._prefix}_  {what}", style=glyphs.WARN)
        if self._view is None:
            return Text("")
        blocked = self._blocked()
        if blocked:
            return glyphs.span(blocked, style=glyphs.DIM)
        if self._selection:
            ready, words = picker.selection_state(self._selection, self._legal, self._why)
            line = glyphs.span("Take ", style=glyphs.TEXT)
            line.append(picker.letters(self._selection), style=glyphs.WARN)
            line.append(f" · {words}", style=glyphs.GOOD if ready else glyphs.DIM)
            return line
        return turn_hint(self._view, self._legal)

    def _say(self, words: str, ok: bool = False) -> None:
        self._message = glyphs.span(words, style=glyphs.GOOD if ok else glyphs.WARN)
        self._redraw()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 110, "-wide")
        self.set_class(event.size.height >= 32, "-tall")
        self._redraw()

    # --- acting ---------------------------------------------------------------
    def _why(self, action: object) -> str:
        view = self._view
        assert view is not None and isinstance(action, actions.Action)
        if isinstance(action, actions.Buy):
            card = card_at(view, action.source)
            seat = view.seats[view.current]
            if card is not None and card >= 0 and shortfall(seat, card):
                return f"cannot buy {action.source} yet: " + glyphs.shortfall_words(seat,
                                                                                    card).plain
        return view.why_illegal(action)

    def _read_only_reason(self) -> str:
        assert self._view is not None
        return read_only_reason(self._view, self._seat, self._sent)

    def _play(self, action: object | str) -> None:
        """Post `action` if it is legal now; otherwise say why not."""
        blocked = self._blocked()
        if blocked or isinstance(action, str):
            self._say(blocked or str(action))
        elif action in self._legal:
            if self._hold_for_enter(action):
                return
            self._sent = True
            self._selection = ()
            self._message = glyphs.span(f"played: {action}", style=glyphs.GOOD)
            self._redraw()
            self.post_message(self.ActionChosen(action))
        else:
            self._say(self._why(action))

    def _pick_gem(self, colour: int) -> None:
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
        elif picker.returnable(self._legal):
            self._play(picker.return_of(colour, self._legal))
        else:
            self._selection, refused = picker.toggle(self._selection, colour)
            self._message = glyphs.span(refused, style=glyphs.WARN) if refused else None
            self._redraw()

    def _enter(self) -> None:
        if self._selection:
            take = picker.take_of(self._selection)
            ready, words = picker.selection_state(self._selection, self._legal, self._why)
            self._play(take if ready else words)
        elif self._legal == (actions.PASS,):
            self._play(actions.PASS)
        else:
            self._play(picker.buy_of(self._cursor))

    def _move_to(self, spot: cursor.Spot | str) -> None:
        if isinstance(spot, str):
            self._say(spot)
            return
        self._cursor = spot
        self._message = None
        self._redraw()

    # --- keys -------------------------------------------------------------------
    def _handle(self, key: str, char: str) -> bool:
        """What bindings cannot say: the second key of a slot name (`2` then
        `b`), and a word about printable keys that do nothing here."""
        if self._prefix:
            prefix, self._prefix = self._prefix, ""
            if cursor.completes(prefix, char):
                self._move_to(cursor.jump(prefix, char, self._hand_size()))
                return True
        if char and key not in self.screen.active_bindings:
            self._say(f"{char!r} is not a board key; F1 lists the keys")
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        returning = picker.returnable(self._legal)
        if action == "give_back":
            return returning
        if action in ("buy", "reserve", "hint"):
            return not returning
        if action == "unpick":
            return bool(self._selection)
        if action == "clear":
            return bool(self._selection or self._message or self._prefix)
        return True

    # --- key actions ------------------------------------------------------------------
    def action_gem(self, colour: int) -> None:
        self._pick_gem(colour)

    def action_give_back(self, colour: int) -> None:
        self._pick_gem(colour)  # while over 10 gems, a gem key gives one back

    def action_move(self, dx: int, dy: int, prefix: str = "") -> None:
        self._move_to(cursor.move(self._cursor, dx, dy, self._hand_size()))
        self._prefix = prefix  # h1..h3 name hand cards

    def action_prefix(self, first: str) -> None:
        self._prefix = first
        self._message = None
        self._redraw()

    def action_buy(self) -> None:
        self._play(picker.buy_of(self._cursor))

    def action_reserve(self) -> None:
        self._play(picker.reserve_of(self._cursor))

    def action_pass_turn(self) -> None:
        self._play(actions.PASS)

    def action_enter(self) -> None:
        self._enter()

    def action_unpick(self) -> None:
        self._selection = self._selection[:-1]
        self._message = None
        self._redraw()

    def action_clear(self) -> None:
        self._selection, self._message = (), None
        self._redraw()

    def action_command(self) -> None:
        self._open_command()

    def action_hint(self, char: str) -> None:
        self._say("gold cannot be taken: each reservation brings one" if char in "Yy" else
                  f"gems are capital letters: Shift+{char.upper()} picks {char.upper()}")

    # --- mouse and command line -------------------------------------------------
    def on_centre_view_picked(self, event: CentreView.Picked) -> None:
        event.stop()
        self.focus()
        if event.colour is not None:
            self._pick_gem(event.colour)
        elif event.spot is not None:
            self._move_to(event.spot)
            if event.chain == 2:
                self._play(picker.buy_of(event.spot))

    def _submit(self, event: Input.Submitted) -> None:
        text = event.value
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
            return
        try:
            action = picker.parse_typed(self._view, text, self._legal)
        except IllegalAction as error:
            reason = self._why(error.action) if isinstance(error.action,
                                                           actions.Buy) else error.reason
            self._say(f"{text.strip()}: {reason}" if text.strip() else reason)
            return
        self._close_command()
        self._play(action)

