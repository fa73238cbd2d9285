"""Helpers for the TUI tests: seeded bots, app construction, and screen renders."""

from __future__ import annotations

import io
import random
import re
import threading
import time
from pathlib import Path

from rich.console import Console
from textual.app import App

from gemtable.engine import State
from gemtable.tui.app import GemtableApp, Start
from gemtable.tui.boards.generic import GenericBoard


class Recorder:
    """An endpoint that keeps every message it is sent (from any thread)."""

    def __init__(self) -> None:
        self.messages: list[object] = []
        self.lock = threading.Lock()

    def __call__(self, message: object) -> None:
        with self.lock:
            self.messages.append(message)

    def of(self, kind: type) -> list:
        with self.lock:
            return [m for m in self.messages if isinstance(m, kind)]


class SeededBot:
    """Picks uniformly among the legal actions, from its own seed: reproducible."""

    kind = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State) -> object:
        assert view.viewer is not None, "a bot was handed the true state"
        return self.rng.choice(view.legal_actions())


class FirstBot:
    """Always the first legal action: the simplest fully predictable opponent."""

    kind = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        return view.legal_actions()[0]


class CrashingBot:
    kind = "crash"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        raise RuntimeError("the bot fell over")


BOT_CLASSES = {"random": SeededBot, "first": FirstBot, "crash": CrashingBot}


def bots(kind: str, *, game_id: str, seed: int) -> object:
    try:
        return BOT_CLASSES[kind](seed)
    except KeyError:
        raise ValueError(f"no test bot {kind!r}") from None


def screenshot_bots(kind: str, *, game_id: str, seed: int) -> object:
    """For screenshots: seats carry a kind a person can choose ("greedy"), played
    by a predictable test bot, so a change to a real bot redraws no screen."""
    if kind == "greedy":
        return FirstBot(seed)
    return bots(kind, game_id=game_id, seed=seed)


def make_app(start: Start | None = None, **options) -> GemtableApp:
    """The app as the tests drive it: test bots, the generic board, no animation."""
    options.setdefault("bot_kinds", lambda game_id: ("random", "first"))
    options.setdefault("make_bot", bots)
    options.setdefault("levels", lambda: ())  # the test bots have no levels
    options.setdefault("board_class", lambda game_id: GenericBoard)
    options.setdefault("animate", False)
    options.setdefault("menu_seed", 7)
    options.setdefault("bot_delay", 0.0)
    options.setdefault("watch_delay", 0.0)
    options.setdefault("curtain_hold", 0.0)
    return GemtableApp(start, **options)


# --- renders ------------------------------------------------------------------

_PREFIX = re.compile(r"terminal-\d+-")


def _console(app: App) -> Console:
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    # The same composition `App.export_screenshot` prints.
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console


def render_svg(app: App) -> str:
    """The SVG screenshot, made stable for diffs: the per-render class prefix is
    fixed, and each background rectangle sits on its own line."""
    svg = app.export_screenshot(title="gemtable")
    svg = _PREFIX.sub("terminal-", svg)
    return svg.replace("><rect", ">\n<rect")


def render_text(app: App) -> str:
    """The characters on screen, one line per row, without styles."""
    text = _console(app).export_text(styles=False)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


# --- shared by the Pilot and snapshot tests -----------------------------------------

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


async def until(pilot, predicate, timeout: float = 30.0, *, poll: float = 0.01,
                settle: float | None = None) -> None:
    """Let the app run until `predicate()` holds (bots think on other threads)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        await pilot.pause(poll)
    await pilot.pause(settle)


async def settled(pilot, app, table) -> None:
    """Wait until the game screen has drawn the table's latest position."""
    from gemtable.tui.screens.game import GameScreen

    game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await until(pilot, lambda: game.drawn_step == table.step)
    await pilot.pause()
    await pilot.pause()


def real_board(game_id: str):
    from gemtable.tui.boards import board_for

    return board_for(game_id)


def match_screen(snapshot, app: App, name: str, *, text: str | None = None,
                 folder: Path = SCREENSHOTS) -> None:
    """The app's screen as `name_WxH.txt` and `.svg` in `folder` (screenshots/)."""
    snapshot.snapshot_dir = folder
    width, height = app.size
    stem = f"{name}_{width}x{height}"
    snapshot.assert_match(render_text(app) if text is None else text, f"{stem}.txt")
    snapshot.assert_match(render_svg(app), f"{stem}.svg")


class QuietBot:
    """Plays the first legal move that brings nothing to light (else the first)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        legal = view.legal_actions()
        return next((a for a in legal if not view.reveals(a)), legal[0])
