"""The screens driven by keys, as a person would: menu, play, curtain, watch, replay,
rules, resume, quitting and failures."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input, OptionList, Static
from tui_support import bots, make_app, render_text, until

from gemtable.engine import SPECTATOR, registry
from gemtable.engine.gamelog import load
from gemtable.tui.app import StartMenu, StartReplay, StartTable
from gemtable.tui.boards.generic import GenericBoard
from gemtable.tui.screens.curtain import CurtainScreen
from gemtable.tui.screens.dialogs import ConfirmScreen
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.menu import MenuScreen
from gemtable.tui.screens.replay import ReplayScreen
from gemtable.tui.screens.rules import RulesScreen
from gemtable.tui.table import Table
from gemtable.tui.table.storage import games_dir, open_log

SIZE = (80, 24)


def board_of(app) -> GenericBoard:
    return app.screen.query_one("#board", GenericBoard)


def shown_view(screen: GameScreen):
    return screen.board._view


async def test_menu_to_a_finished_game_against_a_bot(tmp_path):
    app = make_app(StartMenu(), menu_seed=2)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "down", "down", "down", "down")  # tabs, Game, Players, Variant
        seat_two = app.screen.query_one("#choice-seat-1")
        while seat_two.value != "first":
            await pilot.press("right")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        table = screen.table
        assert table.kinds == ("human", "first") and table.header.seed == 2
        await until(pilot, lambda: bool(board_of(app)._legal))
        # the first move by typing notation, then by the list: always the last option
        await pilot.press("tab")
        await pilot.press(*"take rgb", "enter")
        await until(pilot, lambda: table.step >= 2)
        assert table.history[0].action == "take RBG"
        def my_turn_shown() -> bool:
            caught_up = screen.drawn_step == table.step
            return table.is_over or (caught_up and table.true_state.to_move == 0)

        while not table.is_over:
            await until(pilot, my_turn_shown)
            if table.is_over:
                break
            board_of(app).query_one("#gb-legal", OptionList).focus()
            await pilot.press("end", "enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        text = render_text(app)
        assert "Seat 1 wins" in text and "1st" in text
        last = json.loads(table.path.read_text().splitlines()[-1])
        assert last["kind"] == "result"
        await pilot.press("enter")  # back to the menu
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_illegal_typed_action_shows_the_reason(tmp_path):
    table = Table.create("jowhari", ["human", "first"], seed=3, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("tab", *"buy 3a", "enter")
        error = board_of(app).query_one("#gb-error", Static)
        assert "short" in str(error.render())
        assert table.step == 0
        entry = board_of(app).query_one("#gb-entry", Input)
        assert entry.value == "buy 3a"


async def test_curtain_hides_one_persons_hand_from_the_next(tmp_path):
    table = Table.create("jowhari", ["human", "human"], seed=5, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert "Pass to Seat 1" in render_text(app)
        game = app.screen_stack[-2]
        assert shown_view(game).viewer is SPECTATOR
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert shown_view(game).viewer == 0
        hand = shown_view(game).seats[0].hand
        assert all(card >= 0 for card in hand)  # seat 1 sees its own cards
        await pilot.press("enter")  # plays the highlighted action
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert table.step == 1
        assert "Pass to Seat 2" in render_text(app)
        assert shown_view(game).viewer is SPECTATOR  # seat 1's hand is gone already
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert shown_view(game).viewer == 1
        assert all(card < 0 for card in shown_view(game).seats[0].hand)


async def test_rules_and_quit_work_over_the_curtain_and_keep_it_up(tmp_path):
    table = Table.create("jowhari", ["human", "human"], seed=5, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert "F1 rules" in render_text(app)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert shown_view(app.screen_stack[-2]).viewer is SPECTATOR  # still hidden
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0  # started from the command line: leaving exits
    assert not load(table.path).finished


async def test_no_curtain_for_one_person_against_bots(tmp_path):
    table = Table.create("jowhari", ["human", "first", "first"], seed=5, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("enter")
        await until(pilot, lambda: table.step >= 3 and bool(board_of(app)._legal))
        assert isinstance(app.screen, GameScreen)
        assert shown_view(app.screen).viewer == 0


async def test_watch_pause_step_speed_and_follow(tmp_path):
    table = Table.create("jowhari", ["first", "random"], seed=6, bots=bots, delay=3.0)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert table.delay == 3.0
        await pilot.press("space")
        await until(pilot, lambda: table.paused)
        await pilot.press("n")
        await until(pilot, lambda: table.step == 1)
        await pilot.press("right")
        await until(pilot, lambda: table.step == 2)
        assert "paused" in render_text(app)
        await pilot.press("minus")
        await until(pilot, lambda: table.delay == 3.0)
        await pilot.press("plus", "plus")
        await until(pilot, lambda: table.delay == 1.2)
        assert shown_view(app.screen).viewer is SPECTATOR
        await pilot.press("f")
        assert shown_view(app.screen).viewer == 0
        assert "Seat 1 view" in render_text(app)
        await pilot.press("f", "f")
        assert shown_view(app.screen).viewer is SPECTATOR
        await pilot.press("space")
        await until(pilot, lambda: not table.paused)


async def test_replay_steps_forward_and_back(tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "r.jsonl")
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    loaded = open_log(table.path)
    app = make_app(StartReplay(loaded))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        await pilot.press("right", "right", "n")
        assert screen.index == 3
        assert shown_view(screen) == loaded.states[3].view(SPECTATOR)
        await pilot.press("left")
        assert screen.index == 2
        await pilot.press("end")
        assert screen.index == len(loaded.states) - 1
        await pilot.press("right")
        assert screen.index == len(loaded.states) - 1
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("f")
        assert shown_view(screen) == loaded.states[0].view(0)
        assert "Replay" in render_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_f1_opens_and_closes_the_rules(tmp_path):
    table = Table.create("jowhari", ["human", "first"], seed=3, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "Jowhari: rules" in render_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_rules_modal_explains_a_missing_document(tmp_path, monkeypatch):
    game = registry.get("prospect")  # the suite's own game, its rules file taken away
    monkeypatch.setattr(type(game), "rules_file", tmp_path / "no_such_rules.md")
    table = Table.create("prospect", ["human", "first"], seed=3, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "could not be read" in render_text(app)


def _partial_game(actions: int) -> Path:
    table = Table.create("jowhari", ["human", "first"], seed=12, bots=bots)
    seat = table.connect(0, lambda message: None)
    table.start()
    while table.step < actions:
        seat.submit(str(table.true_state.legal_actions()[0]))
        assert table.wait_for(lambda t: t.true_state.to_move == 0, 10)
    path = table.path
    table.close()
    return path


async def test_resume_from_the_menu_list(tmp_path):
    path = _partial_game(4)
    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#menu-tabs").active = "tab-resume"
        await pilot.pause()
        app.screen.query_one("#resume-list", OptionList).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = app.screen.table
        assert table.path == path and table.step == 4
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("enter")
        await until(pilot, lambda: table.step == 6)
        # quit mid-game: asked first, and the log stays resumable
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert "6 actions" in render_text(app)
    loaded = load(path)
    assert not loaded.finished and len(loaded.actions) == 6


async def test_a_failing_bot_shows_a_short_message(tmp_path):
    table = Table.create("jowhari", ["human", "crash"], seed=3, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("enter")
        await until(pilot, lambda: app.screen._failure is not None)
        text = render_text(app)
        assert "Seat 2 (crash) failed (r: retry)" in text
        assert "Traceback" not in text
        await pilot.press("r")
        await until(pilot, lambda: app.screen._failure is not None)
    assert games_dir().is_dir()


async def test_an_early_enter_does_not_lift_the_curtain(tmp_path):
    table = Table.create("jowhari", ["human", "human"], seed=5, bots=bots)
    app = make_app(StartTable(table), curtain_hold=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, CurtainScreen)
        app.screen.hold = 0.0
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_watching_keys_stay_letters_at_a_table_with_people(tmp_path):
    table = Table.create("jowhari", ["human", "first"], seed=3, bots=bots)
    app = make_app(StartTable(table))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(board_of(app)._legal))
        await pilot.press("tab", "n", "f", "space", "plus", "minus", "r", "e")
        assert board_of(app).query_one("#gb-entry", Input).value == "nf +-re"
        assert not table.paused and table.step == 0
