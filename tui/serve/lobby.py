"""The lobby: every table on the server, and the way to sit, watch or make one."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from gemtable.engine import registry

from ..widgets import KeyBar
from . import protocol
from .app import ServedScreen
from .client import HubError
from .leaderboard import ratings_line
from .tabletext import table_detail, table_line


def lobby_keys(width: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The key bar; in 80 columns in fewer words (L and H share a hint)."""
    if width >= 104:
        return ([("Enter", "sit/return"), ("w", "watch"), ("c", "create"), ("j", "join by id"),
                 ("L", "leaderboard"), ("H", "history")], [("F1", "rules"), ("q", "quit")])
    return ([("Enter", "sit"), ("w", "watch"), ("c", "new"), ("j", "join by id"),
             ("L/H", "ladder")], [("F1", "rules"), ("q", "quit")])


class LobbyScreen(ServedScreen):
    CSS_PATH = "lobby.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "watch", "Watch"),
        Binding("c", "create", "Create"),
        Binding("j", "join", "Join by id"),
        Binding("s", "stand_up", "Stand up", show=False),
        Binding("x", "cancel_table", "Cancel table", show=False),
        Binding("l,L", "leaderboard", "Leaderboard"),
        Binding("h,H", "history", "History"),
        Binding("f1", "rules", "Rules"),
        Binding("q", "quit_app", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._tables: tuple[protocol.TableInfo, ...] = ()
        self._online: tuple[str, ...] = ()
        self._returned = False
        self._ready = False
        self._ratings: tuple[protocol.RatingLine, ...] | None = None
        """This person's standing per game; None until the hub has answered."""

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        yield Static(id="lobby-ratings")
        yield Static(Text(f"{'Table':<7}{'Game':<12}{'Seats':<35}Status", style="bold dim"),
                     id="lobby-head")
        yield OptionList(id="lobby-tables")
        yield Static(id="lobby-detail")
        yield Input(placeholder="table id, then Enter (Esc: back)", id="lobby-join",
                    compact=True)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#lobby-join", Input).display = False
        self._ready = True
        lobby = self.serve_app.client.lobby
        if lobby is not None:
            self._tables, self._online = lobby.tables, lobby.online
            self._draw()
        self.query_one("#lobby-tables").focus()

    def on_unmount(self) -> None:
        self._ready = False  # leaving: lobby pushes still in flight change nothing

    # --- the listing ---------------------------------------------------------------
    def lobby_updated(self, update: protocol.LobbyUpdate) -> None:
        self._tables, self._online = update.tables, update.online
        # Under a game screen, only keep the listing: it is drawn when shown again.
        if self._ready and self.app.screen is self:
            self._draw()

    def on_resize(self) -> None:
        if self._ready and self.app.screen is self:
            self._draw()  # the title spreads across the new width

    def on_screen_resume(self) -> None:
        if self._ready:
            self._draw()
        # Shown first or again (a game may have ended): the ratings as they are now.
        self.ask_hub(protocol.RatingsQuery, self._rated, group="ratings")

    def _rated(self, answer: object, error: str) -> None:
        if not isinstance(answer, tuple):
            return  # the lobby works without them (a server that keeps no ladder)
        self._ratings = tuple(a for a in answer if isinstance(a, protocol.RatingLine))
        if self._ready and self.app.screen is self:
            self._draw_ratings()
            self._show_detail()

    def _draw_ratings(self) -> None:
        if self._ratings is not None:
            self.query_one("#lobby-ratings", Static).update(
                ratings_line(self._ratings, self.size.width))

    def _draw(self) -> None:
        if not self.query("#lobby-title"):
            return  # the app is closing and took the widgets down; a late listing waits
        user = self.serve_app.user
        others = len([u for u in self._online if u != user])
        title = Text(" gemtable · shared tables", style="bold")
        if not self.serve_app.welcome.names_verified:
            title.append(" · names are not verified", style="yellow")
        right = f"{user} · {others} other{'s' if others != 1 else ''} online "
        title.append(" " * max(1, self.size.width - len(title) - len(right)))
        title.append(right)
        self.query_one("#lobby-title", Static).update(title)
        self._draw_ratings()
        self.query_one("#keys", KeyBar).set_keys(*lobby_keys(self.size.width))
        tables = self.query_one("#lobby-tables", OptionList)
        keep = self._highlighted_id()
        tables.clear_options()
        if self._tables:
            tables.add_options(Option(table_line(t, user), id=t.id) for t in self._tables)
            ids = [t.id for t in self._tables]
            tables.highlighted = ids.index(keep) if keep in ids else 0
        else:
            tables.add_option(Option("No tables yet: press c to make one.", disabled=True))
        self._show_detail()
        self._return_to_my_game()

    def _return_to_my_game(self) -> None:
        """Just logged in with a game in progress: straight back to it (once)."""
        if self._returned or self.serve_app.opening_table:
            return
        self._returned = True
        user = self.serve_app.user
        mine = [t for t in self._tables
                if t.status == protocol.PLAYING and t.seat_of(user) is not None]
        if len(mine) == 1:
            self.notify(f"Back at table {mine[0].id}: your seat was kept.")
            # After this screen has finished mounting: a screen pushed from inside
            # another's mount handler would mount before its own children.
            self.call_after_refresh(self.serve_app.show_table, mine[0], mine[0].seat_of(user))

    def _highlighted_id(self) -> str | None:
        tables = self.query_one("#lobby-tables", OptionList)
        index = tables.highlighted
        if index is None or index >= tables.option_count:
            return None
        return tables.get_option_at_index(index).id

    def _highlighted(self) -> protocol.TableInfo | None:
        wanted = self._highlighted_id()
        return next((t for t in self._tables if t.id == wanted), None)

    def _show_detail(self) -> None:
        info = self._highlighted()
        detail = self.query_one("#lobby-detail", Static)
        if info is None:
            text = Text("Make a table with c; friends join it with its id.", style="dim")
        else:
            rating = next((r for r in self._ratings or () if r.game == info.game), None)
            text = table_detail(info, self.serve_app.user, self.serve_app.welcome.invite,
                                rating)
        code = self.serve_app.welcome.rejoin_code
        if code:  # kept in sight: the only way back to this name without a key
            text.append(f"\nThe name {self.serve_app.user} is yours; your rejoin code is ")
            text.append(code, style="bold")
            text.append(" (SSH asks for it when you connect without a key).")
        detail.update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.serve_app.go_to(event.option.id)

    # --- actions ----------------------------------------------------------------------
    def action_watch(self) -> None:
        info = self._highlighted()
        if info is not None:
            self.serve_app.go_to(info.id, watch=True)

    def action_create(self) -> None:
        from .create import CreateScreen

        self.app.push_screen(CreateScreen(self.serve_app.welcome.games), self._create)

    def _create(self, request: dict | None) -> None:
        # Called before the form leaves the screen stack: act once it has gone.
        if request is not None:
            self.call_after_refresh(self._make_table, request)

    def _make_table(self, request: dict) -> None:
        try:
            info = self.serve_app.client.call_for_table(protocol.CreateTable, **request)
        except HubError as error:
            self.notify(str(error), title="Cannot make the table", severity="error")
            return
        seat = info.seat_of(self.serve_app.user)
        self.serve_app.show_table(info, seat)

    def action_join(self) -> None:
        join = self.query_one("#lobby-join", Input)
        join.display = True
        join.value = ""
        join.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.display = False
        self.query_one("#lobby-tables").focus()
        if event.value.strip():
            self.serve_app.go_to(event.value.strip())

    def key_escape(self) -> None:
        join = self.query_one("#lobby-join", Input)
        if join.display:
            join.display = False
            self.query_one("#lobby-tables").focus()

    def action_stand_up(self) -> None:
        info = self._highlighted()
        if info is not None:
            self._simple(protocol.StandUp, info.id, f"You left your seat at table {info.id}.")

    def action_cancel_table(self) -> None:
        info = self._highlighted()
        if info is not None:
            self._simple(protocol.CancelTable, info.id, f"Table {info.id} is cancelled.")

    def _simple(self, kind: type, table_id: str, done: str) -> None:
        try:
            self.serve_app.client.call(kind, table=table_id)
        except HubError as error:
            self.notify(str(error), severity="error")
            return
        self.notify(done)

    def action_rules(self) -> None:
        from ..screens.rules import RulesScreen

        info = self._highlighted()
        game = registry.get(info.game) if info is not None else registry.all()[0]
        self.app.push_screen(RulesScreen(game))

    def action_leaderboard(self) -> None:
        from .leaderboard import LeaderboardScreen

        info = self._highlighted()
        rated = self._ratings[0].game if self._ratings else None
        self.app.push_screen(LeaderboardScreen(info.game if info is not None else rated))

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_quit_app(self) -> None:
        self.serve_app.leave_server()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        joins = self.query("#lobby-join")
        return not (joins and joins.first().has_focus and action in (
            "watch", "create", "join", "stand_up", "cancel_table", "quit_app", "leaderboard",
            "history"))
