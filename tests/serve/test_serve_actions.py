"""The served app runs only the Textual actions its screens bind to keys (an
allow-list), and says how to quit in plain words."""

from __future__ import annotations

from serve_support import app_for, until
from textual.actions import parse
from textual.app import App
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList
from textual.widgets._toast import Toast

from gemtable.engine import registry
from gemtable.tui.boards import board_for
from gemtable.tui.boards.command_line import CommandLine
from gemtable.tui.screens.dialogs import ConfirmScreen
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.hint import HintScreen
from gemtable.tui.screens.legend import LegendScreen
from gemtable.tui.screens.log import LogScreen
from gemtable.tui.screens.review import ReviewScreen
from gemtable.tui.screens.rules import RulesScreen
from gemtable.tui.serve.app import ServeApp
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.history import HistoryScreen
from gemtable.tui.serve.leaderboard import LeaderboardScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.served_replay import ServedReplayScreen
from gemtable.tui.serve.waiting import WaitingScreen
from gemtable.tui.widgets.choice import ChoiceRow


def toasts(app) -> str:
    return "\n".join(str(toast.render()) for toast in app.screen.query(Toast))


async def test_actions_off_the_list_do_nothing(hub_factory):
    """Textual's own actions that slipped past the old deny-list: `toggle` flips any
    attribute of the app, `pop_screen` and `back` tear the screen stack apart."""
    app = app_for(hub_factory(), "alice")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby, depth = app.screen, len(app.screen_stack)
        for action in ("app.toggle('ENABLE_COMMAND_PALETTE')", "app.toggle('animation_level')",
                       "app.pop_screen", "app.back", "app.switch_mode('x')",
                       "app.focus('lobby-join')", "app.bell", "app.notify('[b]x[/b]')",
                       "app.screenshot", "app.command_palette", "app.suspend_process",
                       "app.push_screen('x')", "app.toggle_dark", "app.change_theme",
                       "screen.dismiss", "screen.maximize", "screen.minimize",
                       "screen.toggle('_ready')", "screen.focus('#lobby-join')",
                       "screen.notify('x')", "app._action_x", "nonsense.quit"):
            assert not await app.run_action(action), action
        # Unnamespaced, on a screen or a widget: the same list applies.
        assert not await app.run_action("toggle('_ready')", lobby)
        assert not await app.run_action("dismiss", lobby)
        assert not await app.run_action("toggle('display')", lobby.query_one(OptionList))
        await pilot.pause(0.1)
        assert app.ENABLE_COMMAND_PALETTE is False and lobby._ready
        assert app.screen is lobby and len(app.screen_stack) == depth
        assert not app._exit_renderables and app.return_code is None
        # What the screens do bind still works.
        assert await app.run_action("app.focus_next")
        assert await app.run_action("join", lobby)


SERVED = (ServeApp, LobbyScreen, CreateScreen, WaitingScreen, GameScreen, RulesScreen,
          LegendScreen, LogScreen, HintScreen, EndScreen, ConfirmScreen, CommandLine, ChoiceRow,
          Input, OptionList, VerticalScroll, Button, LeaderboardScreen, HistoryScreen,
          ServedReplayScreen, ReviewScreen)
"""Every screen and widget a person on a server can reach (boards aside), and the
Textual widgets they are made of."""
BOARDS = {board_for(game.id) for game in registry.all()}


def test_the_allow_list_is_exactly_what_the_served_screens_bind():
    from gemtable.tui.serve import actions

    bound: dict[str, set[str]] = {"app": set(), "screen": set(), "widget": set()}
    for cls in SERVED:
        for bindings in cls._merge_bindings().key_to_bindings.values():
            for binding in bindings:
                namespace, name, _ = parse(binding.action)
                if namespace == "app" or (not namespace and issubclass(cls, App)):
                    bound["app"].add(name)
                elif namespace == "screen" or (not namespace and issubclass(cls, Screen)):
                    bound["screen"].add(name)
                else:
                    bound["widget"].add(name)
    assert bound["app"] == actions.APP_ACTIONS
    assert bound["screen"] == actions.SCREEN_ACTIONS
    assert bound["widget"] == actions.WIDGET_ACTIONS
    # None of the actions that slipped through is on a list for the node they ran on.
    assert not {"toggle", "pop_screen", "back", "switch_screen", "screenshot"} & \
        actions.APP_ACTIONS
    # A board runs the keys it declares, and none of Textual's generic actions.
    for board in BOARDS:
        declared = {parse(key.action)[1] for key in board.board_keys()}
        assert declared and actions.board_actions(board) == declared
        assert not {"toggle", "notify", "focus", "blur", "dismiss"} & declared


async def test_ctrl_c_says_how_to_quit_in_plain_words_and_ctrl_q_says_goodbye(hub_factory):
    app = app_for(hub_factory(), "alice")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("ctrl+c")
        await until(pilot, lambda: "quit" in toasts(app))
        assert "[b]" not in toasts(app) and "[/b]" not in toasts(app)
        assert "Ctrl+Q" in toasts(app)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
    assert app.farewell is not None and app.farewell.startswith("Bye!")
