"""A game's leaderboard: people and bot levels on one scale, one game at a time."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..widgets import KeyBar
from . import protocol
from .app import ServedScreen
from .plain import printable

WIDE = 100
"""Columns from which a row also shows mu ± sigma and the name gets more room."""
SCROLLBAR = 2
"""Columns a list's scrollbar takes when its rows do not fit."""


def day(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d")


def cut(name: str, width: int) -> Text:
    """A name as typed (never markup), cut to `width` cells and padded to it."""
    text = Text(printable(name, 200), no_wrap=True)
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


def name_width(width: int) -> int:
    return 28 if width >= WIDE else 24


def board_head(width: int) -> Text:
    head = f"  {'#':>4}  {'Name':<{name_width(width)}}  {'Kind':<6}  {'Rating':>6}"
    if width >= WIDE:
        head += f"  {'mu ± sigma':>12}"
    return Text(head + f"  {'Games':>5}  Last played", style="bold dim", no_wrap=True)


def board_row(rank: int, row: protocol.BoardRow, user: str, width: int) -> Text:
    """One row: rank, name, kind, rating (ordinal), games, last played; one's own marked."""
    mine = row.kind == "person" and row.name == user
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append("► " if mine else "  ", style="bold green")
    line.append(f"{rank:>4}  ")
    line.append_text(cut(row.name, name_width(width)))
    line.append(f"  {row.kind:<6}  ", style="cyan" if row.kind == "bot" else "")
    line.append(f"{row.ordinal:>6.1f}", style="bold")
    if width >= WIDE:
        line.append(f"  {f'{row.mu:.1f} ± {row.sigma:.1f}':>12}", style="dim")
    line.append(f"  {row.games:>5}  {day(row.last_played)}")
    if mine:
        line.stylize("bold green")
    line.truncate(width - SCROLLBAR, overflow="ellipsis")  # a list's row never wraps
    return line


def ratings_line(ratings: tuple[protocol.RatingLine, ...], width: int) -> Text:
    """One line: this person's rating and rank in each game rated (cut to `width`)."""
    line = Text(no_wrap=True)
    if not ratings:
        line.append(" No rated games yet: L shows the leaderboards", style="dim")
    else:
        line.append(" Your ratings: ", style="dim")
    for index, rating in enumerate(ratings):
        if index:
            line.append(" · ", style="dim")
        line.append(f"{rating.title} ")
        line.append(f"{rating.ordinal:.1f}", style="bold")
        line.append(f" #{rating.rank}/{rating.people}", style="dim")
    line.truncate(width, overflow="ellipsis")
    return line


def rating_detail(rating: protocol.RatingLine) -> Text:
    """This person's standing in the highlighted table's game."""
    text = Text("Your rating in this game: ", style="dim")
    text.append(f"{rating.ordinal:.1f}", style="bold")
    text.append(f", #{rating.rank} of {rating.people} "
                f"{'person' if rating.people == 1 else 'people'}", style="dim")
    if rating.plays_like:
        text.append(" · plays like ", style="dim")
        text.append(rating.plays_like, style="cyan")
    return text


class LeaderboardScreen(ServedScreen):
    CSS_PATH = "leaderboard.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,tab", "other_game(1)", "Next game"),
        Binding("left,shift+tab", "other_game(-1)", "Previous game"),
        Binding("q,escape", "back", "Back"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self._wanted = game_id
        self.game_id = game_id or ""
        self.board: protocol.Leaderboard | None = None
        self._error = ""

    def compose(self) -> ComposeResult:
        yield Static(id="board-title")
        yield Static(id="board-head")
        yield OptionList(id="board-rows")
        yield Static(id="board-note")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        games = [game.id for game in self.serve_app.welcome.games]
        self.game_id = self._wanted if self._wanted in games else games[0]
        self.query_one("#keys", KeyBar).set_keys(
            [("←→", "other game"), ("↑↓", "scroll")], [("q", "back")])
        self.query_one("#board-rows").focus()
        self._fetch()

    @property
    def games(self) -> tuple[protocol.GameInfo, ...]:
        return self.serve_app.welcome.games

    def _title_of(self, game_id: str) -> str:
        return next((g.title for g in self.games if g.id == game_id), game_id)

    # --- the rows, from the hub off the screen's thread ----------------------------------
    def _fetch(self) -> None:
        self.board, self._error = None, ""
        self._draw()
        game_id = self.game_id
        self.ask_hub(protocol.LeaderboardQuery,
                     lambda answer, error: self._answered(game_id, answer, error),
                     group="leaderboard", game=game_id)

    def _answered(self, game_id: str, answer: object, error: str) -> None:
        if game_id != self.game_id or not self.is_mounted:
            return  # an answer for a game switched away from
        board = answer if isinstance(answer, protocol.Leaderboard) else None
        self.board, self._error = board, error
        self._draw()

    def on_resize(self) -> None:
        if self.is_mounted:
            self._draw()

    def _draw(self) -> None:
        width = self.size.width
        index = [g.id for g in self.games].index(self.game_id) + 1
        title = Text(f" Leaderboard · {self._title_of(self.game_id)}", style="bold")
        right = f"game {index} of {len(self.games)} · ←→ other games "
        title.append(" " * max(1, width - len(title) - len(right)))
        title.append(right)
        self.query_one("#board-title", Static).update(title)
        self.query_one("#board-head", Static).update(board_head(width))
        rows = self.query_one("#board-rows", OptionList)
        rows.clear_options()
        note = self.query_one("#board-note", Static)
        if self.board is None:
            rows.add_option(Option(Text(self._error or "Asking the server…", style="dim"),
                                   disabled=True))
            note.update("")
            return
        user = self.serve_app.user
        rows.add_options(Option(board_row(rank, row, user, width))
                         for rank, row in enumerate(self.board.rows, start=1))
        if not self.board.rows:
            rows.add_option(Option(Text(f"Nobody is rated in {self.board.title} yet.",
                                        style="dim"), disabled=True))
        mine = [n for n, row in enumerate(self.board.rows)
                if row.kind == "person" and row.name == user]
        rows.highlighted = mine[0] if mine else (0 if self.board.rows else None)
        note.update(self._note(bool(mine)))

    def _note(self, rated: bool) -> Text:
        rows = self.board.rows if self.board is not None else ()
        if not rows:
            return Text("A game played to the end with others rates everyone at it; a solo "
                        "game keeps its score (H).", style="dim")
        people = sum(1 for row in rows if row.kind == "person")
        text = Text(f"{people} {'person' if people == 1 else 'people'} rated · rating: "
                    "mu - 3 sigma, the skill the ladder is sure of", style="dim")
        if not rated:
            text.append(" · you are not rated here yet")
        return text

    # --- keys -------------------------------------------------------------------------
    def action_other_game(self, step: int) -> None:
        ids = [g.id for g in self.games]
        self.game_id = ids[(ids.index(self.game_id) + step) % len(ids)]
        self._fetch()

    def action_back(self) -> None:
        self.app.pop_screen()
