"""The hint key: the search's top moves from the person's view, Enter plays one;
insight: a watched bot's top moves as it thinks."""

from __future__ import annotations

from textual.widgets import OptionList
from tui_support import make_app, real_board, screenshot_bots, settled, until

from gemtable.ai import make_bot
from gemtable.ai.hints import hint
from gemtable.tui.app import StartTable
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.hint import HINT_SEED, HintScreen
from gemtable.tui.screens.insight import InsightPanel
from gemtable.tui.table import Table

SIZE = (80, 24)


def jowhari(tmp_path, seats=("human", "greedy"), **options):
    table = Table.create("jowhari", list(seats), seed=42, log=tmp_path / "game.jsonl",
                         bots=options.pop("bots", screenshot_bots))
    return table, make_app(StartTable(table), board_class=real_board, **options)


async def test_the_hint_shows_the_searchs_top_three_and_enter_plays_the_highlighted(tmp_path):
    table, app = jowhari(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        assert " H  hint " in str(app.screen.query_one("#keys").render())
        view = table.true_state.view(0)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HintScreen) and app.screen.done)
        screen = app.screen
        assert isinstance(screen, HintScreen)
        expected = hint(view, HINT_SEED)  # the same search, from the same view
        assert screen.found == expected and len(expected.moves) == 3
        options = screen.query_one("#hint-moves", OptionList)
        assert options.option_count == 3
        first = str(options.get_option_at_index(0).prompt)
        assert first.startswith(f"1. {expected.moves[0].text}") and "% to win" in first
        await pilot.press("down", "enter")
        await until(pilot, lambda: table.step >= 1)
        assert table.history[0].action == expected.moves[1].text
        assert isinstance(app.screen, GameScreen)


async def test_escape_closes_the_hint_and_the_turn_stays(tmp_path):
    table, app = jowhari(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HintScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert table.step == 0


async def test_no_hint_where_the_table_turns_them_off(tmp_path):
    table, app = jowhari(tmp_path)
    table.allow_hints = False
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        keys = str(app.screen.query_one("#keys").render())
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert " H " not in keys


async def test_insight_shows_what_the_bot_to_move_considers(tmp_path):
    table = Table.create("jowhari", ["mcts:200", "mcts:200"], seed=3,
                         log=tmp_path / "watch.jsonl", bots=make_bot)
    table.set_paused(True)  # the first bot thinks, then waits for the watcher
    app = make_app(StartTable(table), board_class=real_board, make_bot=make_bot)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot, app, table)
        panel = app.screen.query_one(InsightPanel)
        assert not panel.display
        await pilot.press("i")
        assert panel.display
        await until(pilot, lambda: panel.found is not None and panel.found.iterations == 200)
        view = table.true_state.view(0)
        assert panel.seat == 0 and len(panel.found.moves) == 3
        assert panel.found.moves[0].action in view.legal_actions()
        text = str(panel.render())
        assert "Seat 1 (mcts:200) is weighing" in text and "200 tries" in text
        considered = panel.found.moves[0].text
        await pilot.press("n")  # one move: the one it believed in most
        await until(pilot, lambda: table.step >= 1)
        assert table.history[0].action == considered
        await pilot.press("i")
        assert not panel.display
