"""Undo: taking back one's last move and the bots' replies, while nothing
hidden came to light; recorded in the log as a line of its own, so resume and
replay give the game exactly as it went on; refused with a reason otherwise."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Static
from tui_support import QuietBot, bots, make_app, real_board, until

from gemtable.engine.gamelog import load
from gemtable.tui.app import StartTable
from gemtable.tui.screens.dialogs import ConfirmScreen
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.table import Table, ViewUpdated
from gemtable.tui.table.messages import GameResult

WAIT = 10.0


class RevealingBot:
    """Plays the first legal move that brings something to light (else the first)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        legal = view.legal_actions()
        return next((a for a in legal if view.reveals(a)), legal[0])


def undo_bots(kind: str, *, game_id: str, seed: int):
    if kind == "quiet":
        return QuietBot(seed)
    if kind == "revealing":
        return RevealingBot(seed)
    return bots(kind, game_id=game_id, seed=seed)


def new_table(tmp_path: Path, seats=("human", "quiet"), *, allow_undo: bool = True) -> Table:
    return Table.create("jowhari", list(seats), seed=5, log=tmp_path / "game.jsonl",
                        bots=undo_bots, allow_undo=allow_undo)


def play_until_my_turn(table: Table, connection, action: str) -> None:
    steps = table.step
    connection.submit(action)
    assert table.wait_for(lambda t: t.step > steps and t.true_state.to_move == 0, WAIT)


def test_undo_takes_back_my_move_and_the_bot_reply_and_the_log_keeps_it(tmp_path):
    table = new_table(tmp_path)
    messages: list[object] = []
    connection = table.connect(0, messages.append)
    table.start()
    start = table.true_state
    play_until_my_turn(table, connection, "take RBG")
    assert table.step == 2 and table.history[1].mover == 1
    assert table.undo(0) is None
    assert table.step == 0 and table.true_state == start and table.undos == 1
    last = [m for m in messages if isinstance(m, ViewUpdated)][-1]
    assert last.step == 0 and last.legal and last.history == ()
    play_until_my_turn(table, connection, "take KK")
    records = [json.loads(line) for line in table.path.read_text().splitlines()]
    assert [r["kind"] for r in records] == ["header", "action", "action", "undo", "action",
                                            "action"]
    assert records[3] == {"kind": "undo", "seat": 0, "to": 0}
    assert records[4]["n"] == 1, "actions after an undo are numbered from where it went back"
    loaded = load(table.path)
    assert loaded.final == table.true_state and loaded.undos == 1
    assert loaded.actions[0] == "take KK"
    table.close()
    again = Table.resume(table.path, bots=undo_bots, allow_undo=True)
    assert again.true_state == loaded.final and again.undos == 1
    assert [e.action for e in again.history] == [e.action for e in table.history]
    again.close()


def test_undo_stops_at_a_move_that_brought_something_to_light(tmp_path):
    table = Table.create("jewelbox", ["human", "quiet"], seed=5, log=tmp_path / "game.jsonl",
                         bots=undo_bots, allow_undo=True)
    connection = table.connect(0, lambda m: None)
    table.start()
    connection.submit("roll")  # the die is rolled at once: a chance step
    # Settled: the person is to move again, so nothing moves while the undo is tried.
    assert table.wait_for(lambda t: t.step >= 2 and t.true_state.to_move == 0, WAIT)
    steps = table.step
    reason = table.undo(0)
    assert reason is not None and "brought something hidden to light" in reason
    assert "rolled " in reason, "the move that stops the undo is told in words"
    assert table.step == steps and table.undos == 0


def test_undo_needs_a_move_a_person_and_a_table_that_allows_it(tmp_path):
    table = new_table(tmp_path)
    table.connect(0, lambda m: None)
    table.start()
    assert table.undo(0) == "you have made no move yet"
    assert table.undo(1) == "only a person at a seat can take a move back"
    off = new_table(tmp_path / "off", allow_undo=False)
    off.start()
    assert "undo is off at this table" in (off.undo(0) or "")


def test_hot_seat_undo_needs_the_others_consent(tmp_path):
    table = new_table(tmp_path, ("human", "human"))
    first = table.connect(0, lambda m: None)
    table.start()
    first.submit("take RBG")
    assert table.undo_needs_consent(0)
    assert table.undo(0) == "every other player at the table must agree to an undo"
    assert table.undo(0, agreed=True) is None and table.step == 0


async def test_u_takes_back_a_move_on_the_game_screen_and_the_end_screen_counts_it(tmp_path):
    table = new_table(tmp_path)
    app = make_app(StartTable(table), make_bot=undo_bots, board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(pilot, lambda: screen.board._legal != ())
        await pilot.press("R", "B", "G", "enter")
        await until(pilot, lambda: table.step == 2 and screen.drawn_step == 2)
        await pilot.press("u")
        await until(pilot, lambda: table.step == 0 and screen.drawn_step == 0)
        assert table.undos == 1
        await pilot.press(":", *"undo", "enter")
        await until(pilot, lambda: "made no move yet" in str(screen.board._message))
        result = GameResult.of(table.true_state, table.kinds, undos=table.undos)
        app.push_screen(EndScreen("Jowhari", result, ("Seat 1", "Seat 2 (quiet)")))
        await pilot.pause()
        assert "1 undo" in str(app.screen.query_one("#end-sub", Static).render())


async def test_hot_seat_undo_asks_the_other_player_first(tmp_path):
    table = new_table(tmp_path, ("human", "human"))
    app = make_app(StartTable(table), make_bot=undo_bots, board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen._connections[0].submit("take RBG")
        await until(pilot, lambda: table.step == 1)
        screen.action_undo()  # the last person's move is Seat 1's: Seat 2 is asked
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Seat 2" in str(app.screen.query_one("#dialog-question", Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert table.step == 1, "no consent, no undo"
        screen.action_undo()
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: table.step == 0)
        assert table.undos == 1


def _question(app) -> str:
    return str(app.screen.query_one("#dialog-question", Static).render())


async def test_hot_seat_undo_names_who_asks_and_which_move_and_asks_each_person(tmp_path):
    from gemtable.tui.screens.curtain import CurtainScreen

    table = new_table(tmp_path, ("human", "human", "human"))
    app = make_app(StartTable(table), make_bot=undo_bots, board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")  # Seat 1 sees their hand and moves
        await until(pilot, lambda: screen.seating.shown() == 0)
        screen._connections[0].submit("take RBG")
        await until(pilot, lambda: table.step == 1)
        told = table.history[0].told
        # Seat 2's turn: Seat 2 passes the curtain, sees the board and presses u.
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                    and "Seat 2" in app.screen.seat_label)
        await pilot.press("enter")
        await until(pilot, lambda: screen.seating.shown() == 1)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        first = _question(app)
        assert f"Seat 2 asks to take back Seat 1's move 1 ({told})" in first
        assert first.rstrip().endswith("Seat 1, do you agree?")
        # The board behind shows Seat 2's hand: the question covers it.
        assert app.screen.has_class("-opaque") == screen.seating.private
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                    and "Seat 3, do you agree?" in _question(app))
        assert table.step == 1, "one person's yes is not everyone's"
        await pilot.press("n")
        await until(pilot, lambda: "Seat 3 said no" in str(screen.board._message))
        assert table.step == 1 and table.undos == 0
        await pilot.press("u", "y")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                    and "Seat 3, do you agree?" in _question(app))
        await pilot.press("y")
        await until(pilot, lambda: table.step == 0)
        assert table.undos == 1


async def test_the_log_says_you_for_the_viewers_own_moves(tmp_path):
    table = new_table(tmp_path)
    app = make_app(StartTable(table), make_bot=undo_bots, board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await until(pilot, lambda: screen.board._legal != ())
        await pilot.press("R", "B", "G", "enter")
        await until(pilot, lambda: table.step == 2 and screen.drawn_step == 2)
        assert screen.board._history[0] == "1. You: took red, blue and green gems"
        assert screen.board._history[1].startswith("2. Seat 2 (quiet): ")
