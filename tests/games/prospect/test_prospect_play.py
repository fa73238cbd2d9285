"""Prospect played the ways a registered game is played: a match between bots,
the arena (in this process and in worker processes alike), and a person at
the generic board. The generic tests (tests/test_generic_*.py), OpenSpiel and
PettingZoo included, take it from the registry with the shipped games."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList
from tui_support import bots, make_app, render_text, until

from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.match import play_match
from gemtable.engine import registry
from gemtable.tui.app import StartTable
from gemtable.tui.boards import board_for
from gemtable.tui.boards.generic import GenericBoard
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.table import Table


def test_it_is_registered_after_the_shipped_games():
    assert registry.ids() == (*registry.GAME_MODULES, "prospect")


def test_tests_of_the_shipped_product_do_not_see_it(shipped_games):
    assert shipped_games == registry.ids() == tuple(registry.GAME_MODULES)


def test_an_id_already_taken_cannot_be_registered_again():
    with pytest.raises(ValueError, match="already registered"):
        registry.register("jowhari", "games.prospect")
    with pytest.raises(ValueError, match="already registered"):
        registry.register("prospect", "games.elsewhere")
    registry.register("prospect", "games.prospect")  # the same line twice is harmless


def test_four_bots_of_every_kind_finish_within_the_turn_limit():
    game = registry.get("prospect")
    result = play_match("prospect", ["mcts:20", "greedy", "random", "greedy"], seed=9)
    assert result.final.is_over and result.final.turn == game.max_turns(4, "standard")


def test_the_arena_plays_it_with_the_same_results_in_one_process_or_two():
    options = ArenaOptions("prospect", ["greedy", "random"], games=4, seed=2)
    here = run_arena(options, workers=1)
    forked = run_arena(options, workers=2)
    assert here.games == 4 and sum(here.wins) == 4
    assert (here.wins, here.mean_score) == (forked.wins, forked.mean_score)


def test_it_has_no_board_of_its_own():
    assert board_for("prospect") is GenericBoard


async def test_a_person_plays_it_to_the_end_at_the_generic_board(tmp_path):
    table = Table.create("prospect", ["human", "first"], seed=4, bots=bots,
                         log=tmp_path / "prospect.jsonl")
    app = make_app(StartTable(table))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one("#board", GenericBoard)
        await until(pilot, lambda: bool(board._legal))
        assert "Round 1 of 8" in render_text(app)
        await pilot.press("tab", *"dig", "enter")  # typed in the notation
        await until(pilot, lambda: table.step >= 2)  # the dig, then the table's roll
        assert table.history[0].action == "dig" and table.history[1].mover == "chance"
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def my_turn_shown() -> bool:
            caught_up = screen.drawn_step == table.step
            return table.is_over or (caught_up and table.true_state.to_move == 0)

        while not table.is_over:  # then always the list's last action: it ends in 8 rounds
            await until(pilot, my_turn_shown)
            if table.is_over:
                break
            board.query_one("#gb-legal", OptionList).focus()
            await pilot.press("end", "enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        text = render_text(app)
        assert "Seat 2 (first) wins" in text and "Sets of three" in text  # its breakdown
    last = json.loads(table.path.read_text().splitlines()[-1])
    assert last["kind"] == "result" and last["turns"] == 16
