"""What a newcomer reads: the command line's help and errors, the rules text,
the menu's blurb, and every hand shown once a game is over (at the table and
in a replay), or one seat's view throughout with `replay --seat`."""

from __future__ import annotations

import pytest
from tui_support import bots, make_app, real_board, until

from gemtable.engine import SPECTATOR, registry
from gemtable.tui import cli
from gemtable.tui.app import StartReplay
from gemtable.tui.screens.replay import ReplayScreen
from gemtable.tui.table import Table, ViewUpdated
from gemtable.tui.table.storage import open_log


def test_play_with_too_few_seats_prints_plays_own_usage(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "jowhari", "--seat", "human"])
    err = capsys.readouterr().err
    assert err.startswith("usage: gemtable play"), err
    assert "2 to 4 players" in err


def test_play_help_names_every_bot_kind_and_every_option_has_help(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    assert "mcts:SECONDSs" in capsys.readouterr().out
    parser = cli.build_parser()
    commands = parser._subparsers._group_actions[0].choices  # noqa: SLF001 - argparse has no API
    for name in ("arena", "bench", "replay", "rules", "play", "watch", "tournament"):
        for action in commands[name]._actions:  # noqa: SLF001
            assert action.help, f"gemtable {name}: {action.dest} has no help text"


def test_workbench_rules_say_which_wins_between_placing_and_storing():
    text = registry.get("workbench").rules_text()
    assert "shared/rulings" not in text
    assert "When you hold a single die, you may always" in text


def test_at_the_end_every_seat_sees_every_hand(tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "game.jsonl")
    seen: list[object] = []
    table.connect(SPECTATOR, seen.append)
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    last = [m for m in seen if isinstance(m, ViewUpdated)][-1]
    assert last.view == table.true_state, "once over, nothing is hidden"


async def test_a_finished_replay_shows_every_hand_and_seat_n_shows_that_view(tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "game.jsonl")
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    loaded = open_log(table.path)
    app = make_app(StartReplay(loaded), board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.board._view == loaded.final, "the end shows every hand"
        await pilot.press("home", "a", "right", "right", "right")
        await pilot.pause()
        assert app.screen.board._view == loaded.states[3], "a: every hand all along"
    app = make_app(StartReplay(loaded, seat=1), board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right", "right", "f", "right")
        await pilot.pause()
        assert app.screen.board._view == loaded.states[3].view(1)


async def test_the_menu_blurb_says_what_is_hidden_in_each_game():
    from tui_support import render_text

    from gemtable.tui.app import StartMenu
    from gemtable.tui.screens.menu import MenuScreen

    app = make_app(StartMenu())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("down")  # from the tab bar into the form
        row = app.screen.query_one("#choice-game")
        for _ in registry.ids():
            if row.value == "jewelbox":
                break
            await pilot.press("right")
        assert row.value == "jewelbox"
        await pilot.pause()
        text = render_text(app)
        assert "a face-down draw" in text and "hidden cards" not in text


async def test_a_replay_shows_no_gem_picker(tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "game.jsonl")
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    app = make_app(StartReplay(open_log(table.path)), board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right")
        await pilot.pause()
        from tui_support import render_text

        text = render_text(app)
        assert "Shift+R B G W K" not in text and "Take " not in text
