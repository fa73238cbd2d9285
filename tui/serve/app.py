"""The app a session process runs: the normal gemtable app, with the lobby of
shared tables where the local app has its menu.

The game screen is the local one, handed a `RemoteTable` instead of a
`Table`; everything the hub pushes arrives on the client's reader thread and
is posted into the app as a message.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path

from textual import events
from textual.actions import ActionError, ActionParseResult
from textual.app import ActionError as AppActionError
from textual.await_complete import AwaitComplete
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.notifications import SeverityLevel
from textual.screen import Screen

from gemtable.engine import SPECTATOR

from ..app import GemtableApp, StartMenu
from . import protocol
from .actions import allowed
from .client import HubClient, HubError
from .plain import printable
from .remote import RemoteTable, seating_for

MAX_HELD_KEYS = 64
"""Keys waiting behind the one being handled: seconds of quick typing held up on a
slow link. More is a flood (random bytes, a stuck key): the held keys and the
rest go through as they come, as Textual handles them, so a flood costs no more
than it did (one at a time, keys go at about 30 a second on a loaded machine)."""
KEY_LOST_AFTER = 1.0
"""Seconds after which a key that never came back up is given up on."""


class HubMessage(Message):
    """Something the hub pushed (LobbyUpdate, Notice), or None: the hub is gone."""

    def __init__(self, message: object) -> None:
        super().__init__()
        self.message = message


class ServedScreen(Screen[None]):
    """A screen of the served app: it reaches the hub through `serve_app`."""

    @property
    def serve_app(self) -> ServeApp:
        app = self.app
        if not isinstance(app, ServeApp):
            raise TypeError(f"{type(self).__name__} runs in a ServeApp only")
        return app

    def ask_hub(self, kind: type, answered: Callable[[object, str], None], *, group: str,
                **fields: object) -> None:
        """Send `kind(**fields)` to the hub off the UI thread (it waits for the reply);
        `answered(value, "")`, or `answered(None, why)` if the hub refused, runs back
        on the UI thread. A newer question of the same `group` replaces this one."""

        def ask() -> None:
            try:
                value = self.serve_app.client.call(kind, **fields)
            except HubError as error:
                self.app.call_from_thread(answered, None, str(error))
                return
            self.app.call_from_thread(answered, value, "")

        self.run_worker(ask, thread=True, exclusive=True, group=group, exit_on_error=False)


class ServeApp(GemtableApp):
    """One person's screen on a gemtable server."""

    CSS_PATH = str(Path(__file__).parent.parent / "app.tcss")
    # Textual's command palette offers "Screenshot", which writes a file where the
    # app runs: on a server, that is the server's disk. People over SSH get none.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, client: HubClient, welcome: protocol.Welcome, *, join: str | None = None,
                 watch: str | None = None, animate: bool = False) -> None:
        """`animate` is off by default: over SSH a turning spinner would cost a redraw
        and its bytes ten times a second on every screen; the busy mark stays."""
        games = {g.id: g.bots for g in welcome.games}
        super().__init__(StartMenu(), bot_kinds=lambda game_id: games.get(game_id, ()),
                         animate=animate)
        self.client = client
        self.welcome = welcome
        self.user = welcome.user
        self.opening_table = join or watch
        """The table asked for on the command line (join or watch), gone to at once."""
        self.opening_to_watch = watch is not None
        self.farewell: str | None = None
        """Said on the terminal after the app closes (why the session ended)."""
        self._removals: list[AwaitComplete] = []
        """Screen removals under way (see `run_action`)."""
        self._key_screen: Screen | None = None
        """The screen on top when the key being handled arrived."""
        self._key_in_flight = False
        """A key is on its way through the widgets; the keys after it wait."""
        self._held_keys: deque[events.Key] = deque()
        self._key_sent_at = 0.0
        self._key_number = 0
        self._lobby_applied: protocol.LobbyUpdate | None = None
        """The listing the screens were last handed (see `on_hub_message`)."""
        self.sub_title = f"{welcome.user} @ {welcome.server}"

    # --- keys that outrun a new screen -------------------------------------------
    async def run_action(self, action: str | ActionParseResult,
                         default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Keys queued before a screen was pushed are matched against its bindings;
        until it has mounted, its actions wait (a dismiss then would tear down a
        half-built screen). Keys from the network come in bursts: pastes, garbage."""
        if not self._allowed(action, default_namespace, namespaces):
            return False
        screen = getattr(default_namespace, "screen", None)
        if isinstance(screen, Screen) and not screen.is_mounted:
            return False
        if not self._screens_settled():
            return False
        return await super().run_action(action, default_namespace, namespaces)

    def _allowed(self, action: str | ActionParseResult, default_namespace: DOMNode | None,
                 namespaces: Mapping[str, DOMNode] | None) -> bool:
        """Only the actions the served screens need (actions.py), on the node they
        resolve to; anything that cannot be resolved is refused."""
        try:
            target, name, _ = self._parse_action(
                action, self if default_namespace is None else default_namespace, namespaces)
        except (ActionError, AppActionError, TypeError, ValueError):
            return False
        return allowed(target, name)

    # --- one key at a time ------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """A key from the terminal waits until the one before it is done with.

        Textual hands each key to the widget focused when the key is read, but a
        key's bindings (↓ moving the focus, Enter pushing a screen) run later, once
        it has come back up to the app. Keys read together, as a slow link delivers
        quick typing, would all go to the first widget: ↓↓7 would lose the 7."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            if len(self._held_keys) >= MAX_HELD_KEYS:  # a flood, not typing
                self._key_in_flight = False
                while self._held_keys:
                    await self._handle_key(self._held_keys.popleft())
            elif self._key_in_flight or self._held_keys:
                self._held_keys.append(event)
                if len(self._held_keys) == 1:
                    self.set_timer(KEY_LOST_AFTER, self._unstick)
                return
            await self._handle_key(event)
            return
        await super().on_event(event)

    async def _handle_key(self, event: events.Key) -> None:
        self._key_in_flight = True
        self._key_sent_at = time.monotonic()
        self._key_number += 1
        number = self._key_number
        self._key_screen = self.screen
        first = self.focused or self.screen  # where Textual sends it (its bindings aside)
        await super().on_event(event)
        if not first.call_later(self._follow_key, first, number):
            self._key_done(number)

    def _follow_key(self, node: MessagePump, number: int) -> None:
        """Runs on `node` after key `number`: it has handled it and passed it up (or
        kept it), so follow it to the parent; at the app, its bindings have run."""
        parent = node._parent
        if (node is self or parent is None
                or not parent.call_later(self._follow_key, parent, number)):
            self._key_done(number)

    def _key_done(self, number: int) -> None:
        if number == self._key_number:  # not a key given up on already
            self._key_in_flight = False
            self._next_key()

    def _unstick(self) -> None:
        """A widget removed with the key still in its queue never passes it on: the
        keys after it go on after a while instead of waiting for good."""
        if self._key_in_flight and time.monotonic() - self._key_sent_at >= KEY_LOST_AFTER:
            self._key_done(self._key_number)
        if self._held_keys:
            self.set_timer(KEY_LOST_AFTER, self._unstick)

    def _next_key(self) -> None:
        """The next held key, once every screen on the stack has mounted (a key right
        after `c` is for the form that `c` opens)."""
        if self._key_in_flight or not self._held_keys:
            return
        if not self._screens_settled():
            self.set_timer(0.02, self._next_key)
            return
        self._key_in_flight = True  # a key read meanwhile queues behind this one
        self._key_sent_at = time.monotonic()
        self.call_later(self._handle_key, self._held_keys.popleft())

    async def _on_key(self, event: events.Key) -> None:
        """A key comes back here for the bindings once no widget took it; if a dialog
        took it and closed on it, the screen now on top must not act on it too
        (Enter in the new-table form would also sit you at the highlighted table)."""
        if self.screen is not self._key_screen:
            event.prevent_default()  # Textual's own handler (the bindings) is skipped

    # --- nothing here touches the server's files or shows text as markup ----------
    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice is plain text: many carry what someone typed (an id, a move)."""
        super().notify(printable(message, 400), title=printable(title, 60),
                       severity=severity, timeout=timeout, markup=False)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Refused: a screenshot is a file on the server's disk."""

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        raise PermissionError("screenshots are not taken on a server")

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        return None

    def action_suspend_process(self) -> None:
        """Refused: a stopped session process would hang the person's terminal."""

    def action_help_quit(self) -> None:
        """Ctrl+C: say which key quits, in plain words (Textual's own notice is markup,
        and every notice here is plain text)."""
        self.notify("Press Ctrl+Q to quit (or q in the lobby).", title="Do you want to quit?")

    async def action_quit(self) -> None:
        """Ctrl+Q: leave with the same goodbye as q in the lobby."""
        self.leave_server()

    def leave_server(self) -> None:
        """End this session on purpose: the seats stay, and a rejoin code is said again."""
        self.farewell = "Bye! Your seats are kept while the games go on."
        code = self.welcome.rejoin_code
        if code:
            self.farewell += f"\nYour rejoin code (for {self.user}): {code}"
        self.exit(0)

    def start_table(self, game_id: str, seats: list[str], *, seed: int,
                    variant: str | None = None) -> None:
        """Local tables (a log on the server's disk) are not made from a served app."""

    def open_replay(self, path: Path) -> None:
        """Refused: replays read files on the server."""

    def pop_screen(self) -> AwaitComplete:
        removal = super().pop_screen()
        self._removals.append(removal)
        return removal

    def _screens_settled(self) -> bool:
        self._removals = [r for r in self._removals if not r.is_done]
        return not self._removals and all(s.is_mounted for s in self.screen_stack)

    # --- the hub ----------------------------------------------------------------------
    def on_mount(self) -> None:
        # GemtableApp.on_mount (Textual calls it too) opens the menu: here, the lobby.
        self.client.listen(self._heard)
        for text in self.welcome.notices:  # about this person's tables, from the restart
            self.notify(text, timeout=20)
        if self.opening_table:
            self.call_after_refresh(self.go_to, self.opening_table, self.opening_to_watch)

    def _heard(self, message: object) -> None:
        """On the client's reader thread: hand the message to the app's own."""
        self.post_message(HubMessage(message))

    def on_hub_message(self, event: HubMessage) -> None:
        message = event.message
        if message is None:
            self.farewell = "The connection to the server was lost; your seat is kept."
            self.exit(1)
        elif isinstance(message, protocol.Notice):
            if message.closing:
                self.farewell = message.text
                self.exit(0)
            else:
                self.notify(message.text, timeout=20)
        elif isinstance(message, protocol.LobbyUpdate):
            # The client keeps the newest listing as it arrives, and screens read it
            # when they mount, while the pushed ones wait in this queue: one handled
            # now may be older than what a screen has shown. Pass on the newest, once,
            # so no screen goes back in time (a waiting room that had seen its table
            # listed took an older listing, from before the table, for a cancel).
            newest = self.client.lobby or message
            if newest is not self._lobby_applied:
                self._lobby_applied = newest
                self._lobby_update(newest)

    def _lobby_update(self, update: protocol.LobbyUpdate) -> None:
        for screen in self.screen_stack:
            listener = getattr(screen, "lobby_updated", None)
            if callable(listener):
                listener(update)

    def table_info(self, table_id: str) -> protocol.TableInfo | None:
        lobby = self.client.lobby
        if lobby is None:
            return None
        return next((t for t in lobby.tables if t.id == table_id), None)

    # --- where the local app has its menu --------------------------------------------
    def _new_menu(self) -> Screen:
        from .lobby import LobbyScreen

        return LobbyScreen()

    def when_settled(self, change: Callable[..., object], *args: object) -> None:
        """Make a screen change once every screen on the stack has mounted.

        Keys and hub pushes can ask for a change while a screen pushed a moment
        ago is still mounting; popping it then would leave it half built."""
        if self._screens_settled():
            change(*args)
        else:
            self.set_timer(0.02, lambda: self.when_settled(change, *args))

    def show_menu(self) -> None:
        self.when_settled(self._show_lobby)

    def _show_lobby(self) -> None:
        from .lobby import LobbyScreen

        if any(isinstance(s, LobbyScreen) for s in self.screen_stack):
            while not isinstance(self.screen, LobbyScreen):
                self.pop_screen()
        elif len(self.screen_stack) > 1:
            self.switch_screen(self._new_menu())
        else:
            self.push_screen(self._new_menu())

    def leave_table(self, screen: Screen) -> None:
        self.show_menu()

    # --- going to a table --------------------------------------------------------------
    def go_to(self, table_id: str, watch: bool = False) -> None:
        """Sit at (or return to) `table_id`, or watch it: the one way into a table."""
        table_id = table_id.strip().lower()
        try:
            info = self.client.call_for_table(protocol.TableQuery, table=table_id)
        except HubError as error:
            self.notify(str(error), severity="error")
            return
        seat = info.seat_of(self.user)
        if seat is None and not watch and info.status == protocol.WAITING:
            try:
                info = self.client.call_for_table(protocol.TakeSeat, table=table_id, seat=None)
            except HubError as error:
                self.notify(str(error), title="Cannot sit", severity="error")
                return
            seat = info.seat_of(self.user)
        elif seat is None and not watch and info.status == protocol.PLAYING:
            self.notify(f"Table {table_id} has no open seat; watching it.")
        self.show_table(info, seat if not watch else None)

    def show_table(self, info: protocol.TableInfo, seat: int | None) -> None:
        """The waiting room until play starts, then the game screen."""
        self.when_settled(self._show_table, info, seat)

    def _show_table(self, info: protocol.TableInfo, seat: int | None) -> None:
        from .waiting import WaitingScreen

        self._show_lobby()
        if info.status == protocol.WAITING:
            self.push_screen(WaitingScreen(info, seat))
            return
        self.push_screen(self.game_screen(info, seat))
        if info.seed is not None and info.status == protocol.PLAYING:
            from .tabletext import seed_note

            self.notify(f"Seed {info.seed}, {seed_note(info)}.", timeout=4)

    def game_screen(self, info: protocol.TableInfo, seat: int | None) -> Screen:
        from ..screens.game import GameScreen

        who = SPECTATOR if seat is None else seat
        table = RemoteTable(self.client, info, who)
        after = self.welcome.stand_in_after
        if seat is None:
            leave = "Stop watching and go back to the lobby?"
        elif after is None:
            leave = "Back to the lobby? Your seat stays yours; the table waits for you."
        else:
            when = f" after {after:g} s away" if after else ""
            leave = (f"Back to the lobby? Your seat stays yours; a bot plays it{when} "
                     "until you return.")
        return GameScreen(table, from_menu=True, seating=seating_for(table),
                          announce_turns=seat is not None, leave_message=leave)
