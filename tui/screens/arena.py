"""The Arena: pick a game, a pool of bots and a number of games; watch the
standings fill in as games finish; open any finished game in the replay viewer.

The games are a tournament (`gemtable.ai.tournament`) run on a worker thread
with worker processes started by "spawn" (forking a process that runs the
app's threads is unsafe). Each game is appended to a results file in the data
folder as it ends, so a run stopped here can be continued with
`gemtable tournament ... --resume`.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Input, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from gemtable.engine import registry

from ..widgets import ChoiceRow, KeyBar
from .base import GemtableScreen
from .replay import ReplayScreen

if TYPE_CHECKING:
    from pathlib import Path

    from gemtable.ai.backends import PlayedGame
    from gemtable.ai.tournament import TournamentResult

DEFAULT_POOL = "random,greedy,mcts:100"
DEFAULT_GAMES = 12
REFRESH_SECONDS = 0.5
"""Standings are re-rated at most this often while games pour in (always at the end)."""


class ArenaReplayScreen(ReplayScreen):
    """The replay viewer opened from the Arena: leaving goes back to the Arena."""

    def action_leave(self) -> None:
        self.app.pop_screen()


class ArenaScreen(GemtableScreen):
    CSS_PATH = "arena.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "run", "Run/stop"),
        # Enter runs from anywhere in the form, as the key bar says (a text field,
        # the Run button and the game list take their own Enter first).
        Binding("enter", "enter", "Run", show=False),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, *, seed: int = 0, workers: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.worker_count = workers
        self._game_id = registry.ids()[0]
        self._games: list[PlayedGame] = []
        self._stop: threading.Event | None = None
        self._rated_at = 0.0
        self._setup: tuple | None = None
        self.result: TournamentResult | None = None
        self.results_path: Path | None = None
        self._left = False

    @property
    def running(self) -> bool:
        return self._stop is not None

    # --- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        games = registry.all()
        yield Static(" Arena · bots play bots; ratings fill in as games end", id="arena-title")
        with Vertical(id="arena-form"):
            yield ChoiceRow("Game", [(g.id, g.title) for g in games], id="arena-game")
            yield ChoiceRow("Players", [], id="arena-players")
            with Horizontal(classes="arena-row"):
                yield Static("Pool", classes="row-label")
                yield Input(DEFAULT_POOL, placeholder="kinds, separated by commas",
                            id="arena-pool", compact=True)
            with Horizontal(classes="arena-row"):
                yield Static("Games", classes="row-label")
                yield Input(str(DEFAULT_GAMES), type="integer", id="arena-games", compact=True)
                yield Static("Seed", classes="row-label short")
                yield Input(str(self.seed), type="integer", id="arena-seed", compact=True)
            with Horizontal(classes="arena-row"):
                yield Button("Run", id="arena-run", variant="success", compact=True)
                yield ProgressBar(total=DEFAULT_GAMES, show_eta=False, id="arena-progress")
                yield Static("", id="arena-status")
        yield DataTable(id="arena-standings", cursor_type="none", zebra_stripes=True)
        yield OptionList(id="arena-list")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        table = self.query_one("#arena-standings", DataTable)
        table.add_columns("#", "kind", "rating", "games", "wins", "score", "turns")
        self._game_changed(self._game_id)
        self._fill_list()
        self.query_one("#arena-game").focus()
        self.query_one("#keys", KeyBar).set_keys(
            [("Tab/↑↓", "move"), ("Enter", "run/open"), ("^R", "run/stop")],
            [("Esc", "back")],
        )

    def _game_changed(self, game_id: str) -> None:
        self._game_id = game_id
        game = registry.get(game_id)
        counts = [n for n in game.player_counts() if n >= 2]
        row = self.query_one("#arena-players", ChoiceRow)
        row.set_options([(n, str(n)) for n in counts],
                        value=row.value if row.value in counts else counts[0])

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        if event.row.id == "arena-game":
            self._game_changed(event.value)

    # --- running ---------------------------------------------------------------
    def _read_form(self) -> tuple[str, tuple[str, ...], int, int, int] | None:
        from gemtable.ai import BotKindError, make_bot
        from gemtable.ai.tournament import TournamentError, check_pool

        pool = tuple(k.strip() for k in self.query_one("#arena-pool", Input).value.split(",")
                     if k.strip())
        players = int(self.query_one("#arena-players", ChoiceRow).value or 2)
        games_text = self.query_one("#arena-games", Input).value.strip()
        seed_text = self.query_one("#arena-seed", Input).value.strip()
        if not games_text.isdigit() or int(games_text) < 1:
            self._refuse("Games must be a whole number, 1 or more.")
            return None
        if not seed_text.isdigit():
            self._refuse("The seed must be a whole number, 0 or more.")
            return None
        try:
            for kind in pool:
                make_bot(kind, game_id=self._game_id, seed=0)
            check_pool(self._game_id, pool, players)
        except (BotKindError, TournamentError) as error:
            self._refuse(str(error))
            return None
        return self._game_id, pool, players, int(games_text), int(seed_text)

    def _refuse(self, message: str) -> None:
        self.notify(message, title="Cannot run", severity="error")

    def action_run(self) -> None:
        if self._stop is not None:  # running
            self._stop.set()
            return
        setup = self._read_form()
        if setup is None:
            return
        game_id, pool, players, games, seed = setup
        self._setup = setup
        self._games = []
        self.result = None
        self._stop = threading.Event()
        self.query_one("#arena-run", Button).label = "Stop"
        self.query_one("#arena-progress", ProgressBar).update(total=games, progress=0)
        self._fill_list()
        self._show_standings(None)
        self._status(f"0/{games} games")
        self._play(game_id, pool, players, games, seed, self._stop)

    @work(thread=True, exclusive=True, group="arena")
    def _play(self, game_id: str, pool: tuple[str, ...], players: int, games: int, seed: int,
              stop: threading.Event) -> None:
        from gemtable.ai.backends import LocalBackend, RunStopped, default_workers
        from gemtable.ai.results import new_results_path
        from gemtable.ai.tournament import TournamentOptions, run_tournament

        workers = default_workers() if self.worker_count is None else self.worker_count
        tournament = TournamentOptions(game_id, pool, games=games, players=players, seed=seed)
        path = new_results_path(tournament.spec)
        self.results_path = path
        backend = LocalBackend(workers, start_method="spawn", stop=stop)
        result, how = None, "done"
        try:
            result = run_tournament(tournament, backend=backend, results=path,
                                    on_game=lambda g: self._tell(self._game_done, g))
        except RunStopped:
            how = "stopped"
        except (ValueError, OSError) as error:
            how = f"failed: {error or type(error).__name__}"
        self._tell(self._ended, result, how)

    def _tell(self, method, *args) -> None:
        """Run `method` on the UI thread, unless the screen is gone (the run stops then)."""
        if self._left:
            return
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(method, *args)

    def _game_done(self, game: PlayedGame) -> None:
        if self._left:
            return
        self._games.append(game)
        self.query_one("#arena-progress", ProgressBar).advance(1)
        listing = self.query_one("#arena-list", OptionList)
        listing.add_option(Option(self._describe(game)))
        if listing.highlighted is None:
            listing.highlighted = 0
        total = self._setup[3] if self._setup else len(self._games)
        self._status(f"{len(self._games)}/{total} games")
        if time.monotonic() - self._rated_at >= REFRESH_SECONDS:
            self._show_standings(self._rate())

    def _ended(self, result: TournamentResult | None, how: str) -> None:
        self._stop = None
        if self._left:
            return
        self.query_one("#arena-run", Button).label = "Run"
        self.result = result or self._rate()
        self._show_standings(self.result)
        total = self._setup[3] if self._setup else 0
        self._status(f"{len(self._games)}/{total} games, {how}")
        if how == "stopped" and self.results_path is not None:
            self.notify(f"Finished games are kept in {self.results_path}; "
                        "`gemtable tournament ... --resume` continues the run.", timeout=8)
        elif how.startswith("failed"):
            self.notify(how, severity="error", timeout=10)

    def _rate(self) -> TournamentResult | None:
        from gemtable.ai.tournament import summarise

        self._rated_at = time.monotonic()
        if not self._games or self._setup is None:
            return None
        game_id, pool, players, _games, seed = self._setup
        played = sorted(self._games, key=lambda g: g.index)
        return summarise(game_id, None, pool, players, seed, "plackett-luce", played, 0.0)

    # --- drawing ---------------------------------------------------------------
    def _status(self, text: str) -> None:
        self.query_one("#arena-status", Static).update(text)

    def _show_standings(self, result: TournamentResult | None) -> None:
        table = self.query_one("#arena-standings", DataTable)
        table.clear()
        if result is None:
            return
        for rank, s in enumerate(result.standings, start=1):
            table.add_row(str(rank), s.kind, f"{s.mu:5.1f} ± {s.high - s.mu:4.1f}",
                          str(s.games), f"{s.win_rate:.0%}", f"{s.mean_score:.1f}",
                          f"{s.mean_turns:.1f}")

    def _describe(self, game: PlayedGame) -> str:
        best = min(game.ranking)
        winners = [kind for kind, place in zip(game.seats, game.ranking, strict=True)
                   if place == best]
        scores = "-".join(f"{s:g}" for s in game.scores)
        who = " v ".join(game.seats)
        # Turns as the end screen counts them; moves as the replay steps through them.
        return f"#{game.index + 1:<4} {who:<28} {' & '.join(winners)} won {scores}, " \
               f"{game.turns} turns ({len(game.actions)} moves)"

    def _fill_list(self) -> None:
        options = self.query_one("#arena-list", OptionList)
        options.clear_options()
        options.add_options(Option(self._describe(g)) for g in self._games)

    # --- opening games and leaving ------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "arena-list" and event.option_index < len(self._games):
            self.open_game(self._games[event.option_index])

    def open_game(self, game: PlayedGame) -> None:
        from gemtable.ai.archive import log_name, write_log
        from gemtable.ai.results import results_dir

        from ..table.storage import open_log

        folder = results_dir() / (self.results_path.stem if self.results_path else "games")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            loaded = open_log(write_log(game, folder / log_name(game)))
        except (OSError, ValueError) as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=10)
            return
        self.app.push_screen(ArenaReplayScreen(loaded))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "arena-run":
            self.action_run()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not self.running:
            self.action_run()

    def action_enter(self) -> None:
        if self.running:
            self.notify("Games are running: ^R stops them.", severity="information")
            return
        self.action_run()

    def action_leave(self) -> None:
        if self._stop is not None:
            self._stop.set()
        self._left = True
        self.app.pop_screen()
