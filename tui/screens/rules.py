"""The rules document of the game being played, in a scrollable modal (F1)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from gemtable.engine import Game


def rules_document(game: Game) -> tuple[str, bool]:
    """The game's rules text and True, or a short note and False if the
    document cannot be read."""
    try:
        return game.rules_text(), True
    except (OSError, AttributeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return f"# {game.title}\n\nThe rules document could not be read ({reason}).", False


def rules_markdown(game: Game) -> str:
    """The game's rules text, or a short note if the document cannot be read."""
    return rules_document(game)[0]


class RulesScreen(ModalScreen[None]):
    CSS_PATH = "rules.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "Close"),
    ]

    def __init__(self, game: Game, keys: str = "") -> None:
        super().__init__()
        self.game = game
        self.keys = keys
        """Markdown listing the board's keys, shown before the rules."""

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-frame"):
            with VerticalScroll(id="rules-scroll"):
                rules, readable = rules_document(self.game)
                if not readable:  # the trouble is said first, where it is seen
                    yield Markdown(rules, id="rules-text")
                if self.keys:
                    yield Markdown(self.keys, id="rules-board-keys")
                if readable:
                    yield Markdown(rules, id="rules-text")
            yield Static(" ↑↓ PgUp PgDn scroll   Esc/F1 close", id="rules-keys")

    def on_mount(self) -> None:
        self.query_one("#rules-frame").border_title = f"{self.game.title}: rules"
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
