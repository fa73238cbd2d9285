"""The menu: set up a new table, resume an unfinished game, or replay a log."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static, Tab, TabbedContent, TabPane, Tabs
from textual.widgets.option_list import Option

from gemtable.engine import Game, registry
from gemtable.engine.core import SEED_BITS, random_seed

from ..table import HUMAN
from ..table.storage import LogSummary, list_logs, unfinished_logs
from ..widgets import ChoiceRow, KeyBar
from .base import GemtableScreen

SEED_DIGITS = len(str(2**SEED_BITS))
"""Longest seed the form takes (a 128-bit number; longer could not even be read)."""


class SeedBox(Input):
    """The seed: digits only, so every letter stays a key of the menu (q, a)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class MenuScreen(GemtableScreen):
    CSS_PATH = "menu.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", show=False),
        Binding("down", "into_tab", "Into the tab", show=False),
        # The key bar's keys work wherever the focus is (the seed box takes digits only).
        Binding("q", "quit_app", "Quit", priority=True),
        Binding("f1", "rules", "Rules", priority=True),
        Binding("a", "arena", "Arena", priority=True),
        # The tab bar stops at its ends: from "New game", Left must not land on "Arena".
        Binding("left", "tab_step(-1)", "Previous tab", show=False, priority=True),
        Binding("right", "tab_step(1)", "Next tab", show=False, priority=True),
    ]

    def __init__(self, *, seed: int | None = None) -> None:
        """`seed`: the deal every game from this menu uses (typed on the command
        line); None deals afresh for each game unless the person types one."""
        super().__init__()
        self.seed = seed
        self._resumable: tuple[LogSummary, ...] = ()
        self._replayable: tuple[LogSummary, ...] = ()
        self._game_id = registry.ids()[0]
        self._kinds: tuple[str, ...] = ()

    # --- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        games = registry.all()
        yield Static(" gemtable · jewel games for people and bots", id="menu-title")
        with TabbedContent(id="menu-tabs"):
            with TabPane("New game", id="tab-new"), Vertical(id="new-form"):
                yield ChoiceRow("Game", [(g.id, g.title) for g in games], id="choice-game")
                yield ChoiceRow("Players", [], id="choice-players")
                yield ChoiceRow("Variant", [], id="choice-variant")
                for seat in range(max(g.max_players for g in games)):
                    yield ChoiceRow(f"Seat {seat + 1}", [], id=f"choice-seat-{seat}",
                                    classes="seat-row")
                with Horizontal(id="seed-row"):
                    yield Static("Seed", classes="row-label")
                    # Empty means a fresh deal for every game: a seed shown before the
                    # game would let the person work out the hidden cards and dice.
                    yield SeedBox("" if self.seed is None else str(self.seed),
                                placeholder="random: a new deal each game", type="integer",
                                max_length=SEED_DIGITS, id="seed", compact=True)
                yield Button("Start game", id="start", variant="success", compact=True)
                yield Static("", id="new-note")
            with TabPane("Resume", id="tab-resume"):
                yield OptionList(id="resume-list")
            with TabPane("Replays", id="tab-replay"):
                yield OptionList(id="replay-list")
            with TabPane("Arena", id="tab-arena"), Vertical(id="arena-pane"):
                yield Static("Bots play many games against each other: pick a game, a pool "
                             "of bots and a number of games, watch the ratings fill in, and "
                             "replay any game.", id="arena-note")
                yield Button("Open the arena", id="open-arena", variant="primary",
                             compact=True)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self._game_changed(self._game_id)
        self._refresh_logs()
        self._focus_tabs()
        self.query_one("#keys", KeyBar).set_keys(
            [("←→", "tab/change"), ("↑↓", "move"), ("Enter", "start/open")],
            [("a", "arena"), ("F1", "rules"), ("q", "quit")],
        )

    def on_screen_resume(self) -> None:
        self._refresh_logs()
        # Back from a game: the tab bar, not the seed box the game was started from.
        self._focus_tabs()

    def _focus_tabs(self) -> None:
        """The tab bar has the focus: ←→ change tabs at once, ↓ goes into one."""
        self.query_one("#menu-tabs", TabbedContent).query_one(Tabs).focus()

    # --- the new-game form ------------------------------------------------
    @property
    def game(self) -> Game:
        return registry.get(self._game_id)

    def _game_changed(self, game_id: str) -> None:
        self._game_id = game_id
        game = self.game
        players = self.query_one("#choice-players", ChoiceRow)
        counts = [(n, str(n)) for n in game.player_counts()]
        players.set_options(counts, value=players.value if players.value in
                            game.player_counts() else game.min_players)
        # Placeholders such as "mcts:ITERATIONS" describe a family, not a bot to seat.
        technical = tuple(k for k in self.gemtable.kinds_for(game_id) if k == k.lower())
        # Levels first, each with its line from the bots' own notes.
        levels = self.gemtable.levels(game_id) if technical else ()
        named = tuple(level for level, _ in levels)
        kinds = named + tuple(k for k in technical if k not in named)
        self._kinds = kinds
        options = [(HUMAN, "human"), *((level, f"{level} — {words}") for level, words in levels),
                   *((k, k) for k in kinds if k not in named)]
        default_bot = ("normal" if "normal" in kinds else "greedy" if "greedy" in kinds
                       else kinds[0] if kinds else HUMAN)
        for seat, row in enumerate(self.query(".seat-row").results(ChoiceRow)):
            row.set_options(options, value=HUMAN if seat == 0 else default_bot)
        self._players_changed()
        self._kinds = kinds

    def _update_note(self) -> None:
        game = self.game
        variant = self.query_one("#choice-variant", ChoiceRow).value
        lines = [f"{game.title}: {game.min_players}-{game.max_players} players"
                 + (", hidden hands" if game.has_private_views
                    else ", a face-down draw" if game.has_hidden_information else "")
                 + (", dice" if game.has_chance else "") + "."]
        if variant is not None:
            description = game.variant(variant).description
            if description:
                lines.append(description)
        if not self._kinds:
            lines.append("No bots are available: every seat is played by a person.")
        self.query_one("#new-note", Static).update("\n".join(lines))

    def _players_changed(self) -> None:
        count = self._players
        for seat, row in enumerate(self.query(".seat-row").results(ChoiceRow)):
            row.display = seat < count
        variant = self.query_one("#choice-variant", ChoiceRow)
        variant.set_options([(v.id, v.title) for v in self.game.variants_for(count)])
        self._update_note()

    @property
    def _players(self) -> int:
        return int(self.query_one("#choice-players", ChoiceRow).value or self.game.min_players)

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        if event.row.id == "choice-game":
            self._game_changed(event.value)
        elif event.row.id == "choice-players":
            self._players_changed()
        elif event.row.id == "choice-variant":
            self._update_note()

    def _seats(self) -> list[str]:
        rows = list(self.query(".seat-row").results(ChoiceRow))
        return [str(row.value) for row in rows[: self._players]]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("into_tab", "tab_step"):  # elsewhere the key is the focused widget's
            return isinstance(self.focused, Tabs)
        return True

    def action_tab_step(self, step: int) -> None:
        """The next or previous tab, stopping at the ends of the bar."""
        tabs = self.query_one("#menu-tabs", TabbedContent).query_one(Tabs)
        ids = [tab.id for tab in tabs.query(Tab)]
        if tabs.active not in ids:
            return
        index = ids.index(tabs.active) + step
        if 0 <= index < len(ids):
            tabs.active = str(ids[index])

    def action_into_tab(self) -> None:
        """↓ on the tab bar goes into the tab shown, as the key bar promises."""
        self.focus_next()

    def action_start(self) -> None:
        """Enter: start the game on the New game tab; elsewhere open what the
        tab holds, or say why there is nothing to open."""
        active = self.query_one("#menu-tabs", TabbedContent).active
        if active == "tab-arena":
            self.action_arena()
            return
        if active in ("tab-resume", "tab-replay"):
            self._open_highlighted(active)
            return
        seed = self._typed_seed()
        if seed is None:
            self.notify(f"The seed must be a whole number, 0 or more, of at most {SEED_DIGITS} "
                        "digits (or empty, for a new deal).", severity="error")
            return
        variant = self.query_one("#choice-variant", ChoiceRow).value
        self.gemtable.start_table(self._game_id, self._seats(),
                                  seed=random_seed() if seed == "random" else seed,
                                  variant=variant)

    def _typed_seed(self) -> int | Literal["random"] | None:
        """The seed the person typed, "random" when the box is empty (each game
        then gets its own), None if what is there is no seed."""
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return "random"
        if not text.isdigit() or len(text) > SEED_DIGITS:
            return None
        return int(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "open-arena":
            self.action_arena()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "seed":
            self.action_start()

    # --- resume and replay lists ------------------------------------------
    def _refresh_logs(self) -> None:
        self._resumable = unfinished_logs()
        self._replayable = list_logs()
        self._fill("#resume-list", self._resumable, "No unfinished games.")
        self._fill("#replay-list", self._replayable, "No game logs yet.")

    def _fill(self, selector: str, logs: tuple[LogSummary, ...], empty: str) -> None:
        options = self.query_one(selector, OptionList)
        options.clear_options()
        if logs:
            options.add_options(Option(log.describe()) for log in logs)
            options.highlighted = 0
        else:
            options.add_option(Option(empty, disabled=True))

    def _open_highlighted(self, tab: str) -> None:
        resume = tab == "tab-resume"
        logs = self._resumable if resume else self._replayable
        options = self.query_one("#resume-list" if resume else "#replay-list", OptionList)
        if not logs:
            self.notify("No unfinished games to resume: a game left before its end is listed "
                        "here." if resume else "No game logs to replay yet: every game "
                        "played is listed here.", severity="warning")
            return
        index = options.highlighted or 0
        if resume:
            self.gemtable.resume_table(logs[index].path)
        else:
            self.gemtable.open_replay(logs[index].path)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = event.option_index
        if event.option_list.id == "resume-list" and index < len(self._resumable):
            self.gemtable.resume_table(self._resumable[index].path)
        elif event.option_list.id == "replay-list" and index < len(self._replayable):
            self.gemtable.open_replay(self._replayable[index].path)

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_arena(self) -> None:
        from .arena import ArenaScreen

        typed = self._typed_seed()
        self.app.push_screen(ArenaScreen(seed=typed if isinstance(typed, int) else random_seed()))

    def action_quit_app(self) -> None:
        self.app.exit(0)
