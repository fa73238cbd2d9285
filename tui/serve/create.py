"""Making a shared table: game, players, variant, and who sits at each seat
(you, an open seat for someone else, or a bot)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from gemtable.engine import registry
from gemtable.engine.core import SEED_BITS

from ..table import HUMAN
from ..table.messages import kind_label
from ..widgets import ChoiceRow
from . import protocol

SEAT_ROWS = 4
SEED_DIGITS = len(str(2**SEED_BITS))


class CreateScreen(ModalScreen[dict | None]):
    """Returns the fields of a CreateTable request, or None if cancelled."""

    CSS_PATH = "create.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create", show=False),
    ]

    def __init__(self, games: tuple[protocol.GameInfo, ...]) -> None:
        super().__init__()
        self.games = {g.id: g for g in games if g.id in registry.ids()}
        self._game_id = next(iter(self.games), registry.ids()[0])
        self._built = False
        """The form is on screen (keys racing a screen change can tear it down first)."""
        self._left = False

    def compose(self) -> ComposeResult:
        card = Vertical(id="create-card")
        card.border_title = "New shared table"
        with card:
            yield ChoiceRow("Game", [(g.id, g.title) for g in self.games.values()],
                            id="create-game")
            yield ChoiceRow("Players", [], id="create-players")
            yield ChoiceRow("Variant", [], id="create-variant")
            for seat in range(SEAT_ROWS):
                yield ChoiceRow(f"Seat {seat + 1}", [], id=f"create-seat-{seat}",
                                classes="create-seat")
            with Horizontal(id="create-seed-row"):
                yield Static("Seed", classes="create-label")
                yield Input(placeholder="random", type="integer", id="create-seed",
                            compact=True)
            yield Static("", id="create-note")
            yield Button("Create table", id="create-go", variant="success", compact=True)
            yield Static("[b]↑↓[/b] move  [b]←→[/b] change  [b]Enter[/b] create  "
                         "[b]Esc[/b] cancel", id="create-keys")

    def on_mount(self) -> None:
        if not self.query("#create-game"):
            self.app.call_later(self._leave, None)  # torn down before it was built: go
            return
        self._game_changed()
        self.query_one("#create-game").focus()
        self._built = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "cancel" or self._built

    # --- the form ------------------------------------------------------------------
    def _game_changed(self) -> None:
        game = registry.get(self._game_id)
        players = self.query_one("#create-players", ChoiceRow)
        counts = list(game.player_counts())
        players.set_options([(n, str(n)) for n in counts],
                            value=players.value if players.value in counts else
                            max(game.min_players, min(3, game.max_players)))
        bots = self.games[self._game_id].bots if self._game_id in self.games else ()
        options = [(protocol.YOU, "you"), (protocol.OPEN, "open seat"),
                   *((k, f"bot: {kind_label(k)}") for k in bots)]
        default_bot = "normal" if "normal" in bots else (bots[0] if bots else protocol.OPEN)
        for seat, row in enumerate(self.query(".create-seat").results(ChoiceRow)):
            row.set_options(options, value=[protocol.YOU,
                                            protocol.OPEN][seat] if seat < 2 else default_bot)
        self._players_changed()

    @property
    def _players(self) -> int:
        game = registry.get(self._game_id)
        return int(self.query_one("#create-players", ChoiceRow).value or game.min_players)

    def _players_changed(self) -> None:
        count = self._players
        for seat, row in enumerate(self.query(".create-seat").results(ChoiceRow)):
            row.display = seat < count
        game = registry.get(self._game_id)
        variant = self.query_one("#create-variant", ChoiceRow)
        variant.set_options([(v.id, v.title) for v in game.variants_for(count)])
        self._update_note()

    def _seats(self) -> tuple[str, ...]:
        rows = list(self.query(".create-seat").results(ChoiceRow))
        return tuple(str(row.value) for row in rows[: self._players])

    def _problem(self) -> str:
        from gemtable.ai import seating_problem

        seats = self._seats()
        if seats.count(protocol.YOU) > 1:
            return "You can sit at one seat only."
        # People (you, an open seat) play no role of the game's; the game judges the rest.
        return seating_problem(self._game_id, [HUMAN if s in (protocol.YOU, protocol.OPEN) else s
                                               for s in seats])

    def _update_note(self) -> None:
        seats = self._seats()
        problem = self._problem()
        if problem:
            note = problem
        elif protocol.OPEN in seats:
            count = seats.count(protocol.OPEN)
            note = (f"Play starts when {count} more {'person sits' if count == 1 else 'people sit'}"
                    " down; share the table id to invite them.")
        elif protocol.YOU in seats:
            note = "Play starts at once."
        else:
            note = "Bots only: play starts at once, and anyone can watch."
        self.query_one("#create-note", Static).update(note)

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        if not self._built:
            return
        if event.row.id == "create-game":
            self._game_id = str(event.value)
            self._game_changed()
        elif event.row.id == "create-players":
            self._players_changed()
        else:
            self._update_note()

    # --- answers ----------------------------------------------------------------------
    def action_create(self) -> None:
        if not self._built:
            return
        problem = self._problem()
        if problem:
            self.notify(problem, severity="error")
            return
        text = self.query_one("#create-seed", Input).value.strip()
        if text and not (text.isdigit() and len(text) <= SEED_DIGITS
                         and int(text) < 2**SEED_BITS):
            self.notify(f"The seed must be a whole number below 2^{SEED_BITS}, or empty for "
                        "a random deal.", severity="error")
            return
        self._leave({
            "game": self._game_id,
            "variant": self.query_one("#create-variant", ChoiceRow).value,
            "seats": self._seats(),
            "seed": int(text) if text else None,
        })

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create-go":
            self.action_create()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_create()

    def key_enter(self, event: Key) -> None:
        if isinstance(self.focused, ChoiceRow):
            event.stop()  # the form's Enter, never the lobby's
            self.action_create()

    def action_cancel(self) -> None:
        self._leave(None)

    def _leave(self, result: dict | None) -> None:
        """Dismiss once, and only from the top (a second dismiss would pop the lobby)."""
        if not self._left and self.app.screen is self:
            self._left = True
            self.dismiss(result)
