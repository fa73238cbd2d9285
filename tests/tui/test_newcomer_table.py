"""A newcomer's table at 80x24: refusals read whole and spoken to "you", bot
kinds beside seat names, the whole log a key away, the menu's and the
replay's keys as their key bars say, undo on the key bar."""

from __future__ import annotations

import random
import re

import pytest
from tui_support import QuietBot, bots, make_app, real_board, render_text, settled, until

from gemtable.engine import CHANCE, registry
from gemtable.tui.app import StartTable
from gemtable.tui.table import Table

SIZE = (80, 24)


def _flat(text: str) -> str:
    """The screen's characters as one line of words (a wrapped line joins up)."""
    return " ".join(text.split())


def new_table(game_id: str, tmp_path, seats=("human", "first"), seed: int = 4) -> Table:
    return Table.create(game_id, list(seats), seed=seed, bots=bots,
                        log=tmp_path / "game.jsonl")


@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_long_refusal_is_shown_whole_under_every_board(game_id, tmp_path):
    table = new_table(game_id, tmp_path)
    app = make_app(StartTable(table), board_class=real_board)
    reason = ("you already hold three cards in hand; the hand is the reserve, so buy one "
              "of them before reserving another card from the table or a deck, END")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        app.screen.board.show_error(reason)
        await pilot.pause()
        assert reason in _flat(render_text(app))


@pytest.mark.parametrize("game_id", registry.ids())
async def test_every_players_table_names_the_bot_kind(game_id, tmp_path):
    table = new_table(game_id, tmp_path)
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        text = render_text(app)
        board = text.split("\n")[1:-2]  # the status row names seats its own way
        assert any("Seat 2 (first)" in line and "." not in line[:4] for line in board), text
        assert any("Seat 1 (you)" in line and "." not in line[:4] for line in board), text


@pytest.mark.parametrize("game_id", registry.ids())
def test_refusals_speak_to_the_mover_never_of_their_seat_number(game_id):
    """Whoever tries a move is the seat to act: a refusal says "you", never
    "seat N" for that seat (other seats may be named)."""
    game = registry.get(game_id)
    rng = random.Random(11)
    state = game.new(game.min_players, seed=5)
    seen: list[object] = []
    for _ in range(120):
        if state.is_over:
            break
        legal = state.legal_actions()
        if isinstance(state.to_move, int):
            mine = re.compile(rf"\bseat {state.to_move + 1}\b", re.IGNORECASE)
            for action in seen[-40:]:
                if action in legal:
                    continue
                reason = state.why_illegal(action)
                assert not mine.search(reason), (str(action), reason)
        if state.to_move is CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
        seen.extend(legal[:30])
        state = state.apply(action)


def quiet_bots(kind: str, *, game_id: str, seed: int):
    return QuietBot(seed) if kind == "quiet" else bots(kind, game_id=game_id, seed=seed)


def _key_bar(app) -> str:
    return render_text(app).rstrip("\n").split("\n")[-1]


@pytest.mark.parametrize("game_id", registry.ids())
async def test_the_key_bar_offers_undo_exactly_when_a_move_can_be_taken_back(game_id, tmp_path):
    """In games where every move brings something hidden to light (Jewel Box's
    refills) undo never shows; elsewhere it shows once a move can be taken back."""
    table = Table.create(game_id, ["human", "quiet"], seed=4, bots=quiet_bots,
                         log=tmp_path / "game.jsonl", allow_undo=True)
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        assert " u  undo " not in _key_bar(app), "nothing to take back yet"
        me = table.connect(0, lambda message: None)
        for _ in range(6):  # a die roll is no move to take back: play on to one that is
            assert table.wait_for(lambda t: t.true_state.to_move == 0 or t.is_over, 30)
            if table.is_over:
                break
            await settled(pilot, app, table)
            offered = " u  undo " in _key_bar(app)
            assert offered == (table.undo_refusal(0) is None), table.undo_refusal(0)
            if offered:
                break
            state, step = table.true_state, table.step
            legal = state.legal_actions()
            me.submit(str(next((a for a in legal if not state.reveals(a)), legal[0])))
            assert table.wait_for(lambda t, step=step: t.step > step, 30)


async def test_f3_opens_the_whole_log_from_a_game_a_watch_and_a_replay(tmp_path):
    from gemtable.tui.app import StartReplay
    from gemtable.tui.screens.log import LogScreen
    from gemtable.tui.table.storage import open_log

    table = new_table("jowhari", tmp_path, seats=("first", "first"))
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: table.is_over)
        await settled(pilot, app, table)
        await pilot.press("escape")  # the end screen
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        lines = app.screen.lines
        assert len(lines) == table.step > 20, "every move, not the last few"
        assert lines[0].startswith("1. Seat 1 (first): ")
        assert f"({table.step} moves)" in render_text(app)
    replay = make_app(StartReplay(open_log(table.path)), board_class=real_board)
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "right", "f3")
        await until(pilot, lambda: isinstance(replay.screen, LogScreen))
        assert len(replay.screen.lines) == 3, "the log so far: the replay tells nothing ahead"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(replay.screen, LogScreen))


@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_replay_says_the_same_keys_under_the_board_as_on_the_key_bar(game_id, tmp_path):
    from gemtable.tui.app import StartReplay
    from gemtable.tui.table.storage import open_log

    table = new_table(game_id, tmp_path, seats=("first", "first"))
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    app = make_app(StartReplay(open_log(table.path)), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()
        text = _flat(render_text(app))
        assert "Arrows look around" not in text
        for key, what in (("←→", "step"), ("g/G", "first/last"), ("f", "follow a seat"),
                          ("a", "all hands")):
            assert f"{key} {what}" in text, (key, text)
        status = render_text(app).split("\n")[0]
        assert re.search(rf"move 2/{table.step}, turn \d+/{table.true_state.turn}", status)


async def test_down_from_the_menus_tab_bar_enters_the_form_and_enter_opens_the_arena():
    from textual.widgets import Tabs

    from gemtable.tui.app import StartMenu
    from gemtable.tui.screens.arena import ArenaScreen

    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen.focused, Tabs)  # the menu opens on its tab bar
        await pilot.press("down")
        assert app.screen.focused is app.screen.query_one("#choice-game")
        await pilot.press("shift+tab", "right", "right", "right")  # the Arena tab
        assert isinstance(app.screen.focused, Tabs)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ArenaScreen))


async def test_enter_in_the_arena_with_no_games_says_why_nothing_ran():
    from textual.widgets import Input

    from gemtable.tui.app import StartMenu
    from gemtable.tui.screens.arena import ArenaScreen

    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ArenaScreen))
        app.screen.query_one("#arena-games", Input).value = ""
        app.screen.query_one("#arena-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("Games must be a whole number" in m for m in said), said
        assert not app.screen.running


async def test_workbench_writes_open_gems_small_everywhere_and_says_what_commissions_count(
        tmp_path):
    table = new_table("workbench", tmp_path)
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, app, table)
        text = render_text(app)
        opens = re.findall(r", open ([A-Za-z]+)", text)
        assert opens and all(gems == gems.lower() for gems in opens), opens
        assert "Commissions +5: " in text
        assert re.search(r"\(you \d+/\d+\)", text), text


def test_a_buy_from_hand_reads_alike_after_you_and_after_a_seat_name():
    state = registry.get("jowhari").new(2, seed=11)
    for text in ("take GG", "take BGK"):
        state = state.apply(state.parse_action(text))
    buy = state.parse_action("buy h1")
    told = state.describe(buy, state.apply(buy))
    assert told.endswith(" from hand") and "their" not in told, told


async def test_the_end_screen_says_which_number_is_points_and_which_a_count(tmp_path):
    from gemtable.tui.screens.end import EndScreen

    table = new_table("jewelbox", tmp_path, seats=("first", "first"))
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), 120)
        await pilot.pause()
        text = _flat(render_text(app))
        assert re.search(r"Scarabs \d+ \(\d+\)", text)
        assert "Points first; in brackets, how many of them there are." in text
