"""The table runtime on its own, without Textual: actions, refusals, bots off the
UI thread, the log written as each action happens, and seat privacy."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from tui_support import FirstBot, Recorder, bots

from gemtable.engine import SPECTATOR, IllegalAction, chance_rng
from gemtable.engine.gamelog import load
from gemtable.tui.table import (
    ActionRejected,
    BotFailed,
    BotThinking,
    GameEnded,
    Table,
    TableError,
    TurnStarted,
    ViewUpdated,
)
from gemtable.tui.table.storage import games_dir

WAIT = 10.0


def action_lines(path: Path) -> list[dict]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return [r for r in records if r["kind"] == "action"]


def new_table(tmp_path: Path, seats=("human", "first"), seed: int = 11, **options) -> Table:
    return Table.create("jowhari", list(seats), seed=seed, log=tmp_path / "game.jsonl",
                        bots=options.pop("bots", bots), **options)


def test_a_legal_action_is_applied_logged_and_answered_by_the_bot(tmp_path):
    table = new_table(tmp_path)
    seat = Recorder()
    connection = table.connect(0, seat)
    table.start()
    first = seat.of(ViewUpdated)[-1]
    assert first.legal and first.to_move == 0
    connection.submit(first.legal[0])
    assert table.wait_for(lambda t: t.step >= 2, WAIT)
    assert [e.mover for e in table.history[:2]] == [0, 1]
    assert [r["action"] for r in action_lines(table.path)] == [e.action for e in table.history]
    turns = seat.of(TurnStarted)
    assert turns[0].your_turn and not turns[1].your_turn and turns[-1].your_turn


def test_an_illegal_action_is_refused_with_the_rules_reason_and_changes_nothing(tmp_path):
    table = new_table(tmp_path)
    seat = Recorder()
    connection = table.connect(0, seat)
    table.start()
    before = table.true_state
    with pytest.raises(IllegalAction) as expected:
        before.parse_action("buy 3a")
    connection.submit("buy 3a")
    connection.submit("dance a jig")
    rejected = seat.of(ActionRejected)
    assert [r.action for r in rejected] == ["buy 3a", "dance a jig"]
    assert rejected[0].reason == expected.value.reason
    assert "not an action" in rejected[1].reason
    assert table.true_state is before and table.step == 0
    assert action_lines(table.path) == []


def test_out_of_turn_and_impersonation_are_refused(tmp_path):
    table = new_table(tmp_path, seats=("human", "human"))
    one, two = Recorder(), Recorder()
    first, second = table.connect(0, one), table.connect(1, two)
    table.start()
    second.submit("take RBG")
    assert "Seat 1's turn" in two.of(ActionRejected)[-1].reason
    from gemtable.tui.table import SubmitAction

    second.send(SubmitAction(0, "take RBG"))
    assert "you sit at Seat 2" in two.of(ActionRejected)[-1].reason
    spectator = Recorder()
    table.connect(SPECTATOR, spectator).submit("take RBG")
    assert spectator.of(ActionRejected)[-1].reason == "a spectator cannot play"
    assert table.step == 0
    first.submit("take RBG")
    assert table.step == 1


def test_each_endpoint_receives_only_its_own_view(tmp_path):
    table = new_table(tmp_path, seats=("human", "human"))
    endpoints = {who: Recorder() for who in (0, 1, SPECTATOR)}
    for who, recorder in endpoints.items():
        table.connect(who, recorder)
    table.start()
    for who, recorder in endpoints.items():
        for message in recorder.of(ViewUpdated):
            assert message.seat is who or message.seat == who
            assert message.view.viewer is who or message.view.viewer == who
            assert message.view == table.true_state.view(who)
    assert endpoints[0].of(ViewUpdated)[-1].legal
    assert not endpoints[1].of(ViewUpdated)[-1].legal
    assert not endpoints[SPECTATOR].of(ViewUpdated)[-1].legal


def test_bots_choose_on_another_thread_from_their_seats_view(tmp_path):
    release = threading.Event()
    seen: list[tuple[str, object]] = []

    class WaitingBot(FirstBot):
        def choose(self, view):
            seen.append((threading.current_thread().name, view))
            release.wait(WAIT)
            return super().choose(view)

    table = new_table(tmp_path, seats=("first", "first"),
                      bots=lambda kind, **_: WaitingBot(0))
    watcher = Recorder()
    table.connect(SPECTATOR, watcher)
    table.start()  # returns at once although the bot is still deciding
    assert table.step == 0
    assert watcher.of(BotThinking)[-1].mover == 0
    release.set()
    assert table.wait_for(lambda t: t.step >= 4, WAIT)
    table.close()
    assert all(name != threading.current_thread().name for name, _ in seen)
    assert seen[0][1].viewer == 0 and seen[1][1].viewer == 1


def test_every_action_is_on_disk_before_anyone_hears_of_it(tmp_path):
    table = new_table(tmp_path, seats=("random", "random"), seed=4)
    on_disk_when_told: list[tuple[int, int]] = []

    def check(message):
        if isinstance(message, ViewUpdated):
            on_disk_when_told.append((message.step, len(action_lines(table.path))))

    table.connect(SPECTATOR, check)
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    assert len(on_disk_when_told) == table.step + 1
    assert all(step == lines for step, lines in on_disk_when_told)
    loaded = load(table.path)
    assert loaded.finished and loaded.final == table.true_state


def test_game_end_writes_the_result_line_and_tells_every_seat(tmp_path):
    table = new_table(tmp_path, seats=("random", "random", "random"), seed=8)
    watcher = Recorder()
    table.connect(SPECTATOR, watcher)
    table.start()
    assert table.wait_for(lambda t: t.result is not None, 60)
    last = json.loads(table.path.read_text().splitlines()[-1])
    assert last["kind"] == "result" and last["winners"] == list(table.true_state.winners())
    ended = watcher.of(GameEnded)
    assert len(ended) == 1
    result = ended[0].result
    assert result.winners == table.true_state.winners()
    assert result.breakdowns[0] == table.true_state.score_breakdown(0)
    assert result.order()[0] in result.winners


def test_kill_and_resume_continues_exactly(tmp_path):
    """A game stopped after a few actions and resumed ends exactly as one never stopped."""
    whole = new_table(tmp_path / "a", seats=("random", "random"), seed=21)
    whole.start()
    assert whole.wait_for(lambda t: t.is_over, 60)

    part = new_table(tmp_path / "b", seats=("random", "random"), seed=21)
    part.set_paused(True)
    part.start()
    for _ in range(9):
        part.step_once()
    assert part.wait_for(lambda t: t.step == 9, WAIT)
    stopped_at = part.true_state
    path = part.path
    del part  # dropped without closing, as when the process is killed

    resumed = Table.resume(path, bots=bots)
    assert resumed.step == 9 and resumed.true_state == stopped_at
    assert resumed.history == whole.history[:9]
    resumed.start()
    assert resumed.wait_for(lambda t: t.is_over, 60)
    assert resumed.true_state == whole.true_state
    assert action_lines(path) == action_lines(whole.path)


def test_resume_cuts_a_torn_last_line(tmp_path):
    table = new_table(tmp_path, seats=("human", "first"))
    connection = table.connect(0, Recorder())
    table.start()
    connection.submit("take RBG")
    assert table.wait_for(lambda t: t.step == 2, WAIT)
    with table.path.open("a") as log:
        log.write('{"kind":"action","n":3,"se')
    resumed = Table.resume(table.path, bots=bots)
    assert resumed.step == 2
    connection = resumed.connect(0, Recorder())
    resumed.start()
    connection.submit("take RBW")
    assert resumed.wait_for(lambda t: t.step == 4, WAIT)
    assert [r["n"] for r in action_lines(table.path)] == [1, 2, 3, 4]
    assert load(table.path).actions[2] == "take RBW"


def test_resume_refuses_a_finished_game(tmp_path):
    table = new_table(tmp_path, seats=("random", "random"), seed=2)
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    with pytest.raises(TableError, match="already finished"):
        Table.resume(table.path, bots=bots)


def test_chance_steps_use_the_seed_and_the_step_number(tmp_path):
    # Prospect, the suite's own game (tests/games/prospect): `dig` rolls a die.
    table = Table.create("prospect", ["human", "human"], seed=5, log=tmp_path / "d.jsonl",
                         bots=bots)
    one = table.connect(0, Recorder())
    table.start()
    one.submit("dig")
    assert table.step == 2
    entry = table.history[1]
    assert entry.mover == "chance"
    start = table.game.new(2, seed=5)
    expected = start.apply(start.parse_action("dig")).sample_chance(chance_rng(5, 1))
    assert entry.action == str(expected)
    assert action_lines(table.path)[1]["seat"] == "chance"


def test_a_crashing_bot_becomes_a_message_and_can_be_retried(tmp_path):
    table = new_table(tmp_path, seats=("crash", "first"))
    watcher = Recorder()
    table.connect(SPECTATOR, watcher)
    table.start()
    assert table.wait_for(lambda t: bool(watcher.of(BotFailed)), WAIT)
    failure = watcher.of(BotFailed)[0]
    assert failure.mover == 0 and failure.reason == "RuntimeError: the bot fell over"
    assert table.step == 0
    assert table.retry_bot()
    assert table.wait_for(lambda t: len(watcher.of(BotFailed)) == 2, WAIT)


def test_a_bot_choosing_an_illegal_action_is_reported_not_played(tmp_path):
    class Cheat(FirstBot):
        def choose(self, view):
            return "buy 3a"

    table = new_table(tmp_path, seats=("cheat", "first"), bots=lambda kind, **_: Cheat(0))
    watcher = Recorder()
    table.connect(SPECTATOR, watcher)
    table.start()
    assert table.wait_for(lambda t: bool(watcher.of(BotFailed)), WAIT)
    assert "illegal" in watcher.of(BotFailed)[0].reason
    assert table.step == 0


def test_pause_and_step_let_bot_moves_through_one_at_a_time(tmp_path):
    table = new_table(tmp_path, seats=("first", "first"))
    table.set_paused(True)
    table.start()
    assert not table.wait_for(lambda t: t.step > 0, 0.3)
    table.step_once()
    assert table.wait_for(lambda t: t.step == 1, WAIT)
    assert not table.wait_for(lambda t: t.step > 1, 0.3)
    table.set_paused(False)
    assert table.wait_for(lambda t: t.step > 3, WAIT)


def test_bad_setups_are_table_errors(tmp_path):
    with pytest.raises(TableError, match="2 to 4 players"):
        new_table(tmp_path, seats=("human",))
    with pytest.raises(TableError, match="no test bot"):
        new_table(tmp_path, seats=("human", "nonsense"))
    new_table(tmp_path)
    with pytest.raises(TableError, match="cannot write"):
        new_table(tmp_path)  # the log file is already there


def test_default_log_goes_to_the_data_folder(tmp_path):
    table = Table.create("jowhari", ["human", "first"], seed=3, bots=bots)
    assert table.path.parent == games_dir()
    assert str(tmp_path) in str(table.path)
    assert table.path.name.startswith("jowhari-") and table.path.name.endswith("-s3.jsonl")


KILLED_GAME = """
import sys, threading
sys.path.insert(0, {support!r})
from gemtable.tui.table import Table
from tui_support import bots
table = Table.create("jowhari", ["random", "random"], seed=33, log={log!r}, bots=bots,
                     delay=0.02)
table.start()
table.wait_for(lambda t: t.step >= 12, 60)
print("twelve", flush=True)
threading.Event().wait()  # play on until killed
"""


def test_a_killed_process_loses_nothing(tmp_path):
    """kill -9 in the middle of a game: the log re-plays, and the game resumes from it."""
    import os
    import select
    import signal
    import subprocess
    import sys

    log = tmp_path / "killed.jsonl"
    script = KILLED_GAME.format(support=str(Path(__file__).parent), log=str(log))
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        # The child says when twelve actions are on disk; it is killed while it plays on.
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], WAIT)
        assert ready and process.stdout.readline().strip() == "twelve"
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    written = action_lines_lenient(log)
    assert len(written) >= 12
    resumed = Table.resume(log, bots=bots)
    assert [e.action for e in resumed.history] == [r["action"] for r in written]
    resumed.start()
    assert resumed.wait_for(lambda t: t.is_over, 60)
    whole = Table.create("jowhari", ["random", "random"], seed=33, log=tmp_path / "w.jsonl",
                         bots=bots)
    whole.start()
    assert whole.wait_for(lambda t: t.is_over, 60)
    assert resumed.true_state == whole.true_state


def action_lines_lenient(path: Path) -> list[dict]:
    """Action records of a log a live process is writing (a torn tail is skipped)."""
    records = []
    for line in path.read_text().splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            break
    return [r for r in records if r.get("kind") == "action"]


def test_messages_are_plain_values_that_survive_pickling(tmp_path):
    """What a remote endpoint would be sent: every message round-trips unchanged."""
    import pickle

    table = new_table(tmp_path, seats=("human", "random"), seed=4)
    seat, watcher = Recorder(), Recorder()
    connection = table.connect(0, seat)
    table.connect(SPECTATOR, watcher)
    table.start()
    connection.submit("buy 9z")
    connection.submit(seat.of(ViewUpdated)[-1].legal[0])
    assert table.wait_for(lambda t: t.step >= 2, WAIT)
    table.close()
    kinds = set()
    for message in seat.messages + watcher.messages:
        kinds.add(type(message).__name__)
        assert pickle.loads(pickle.dumps(message)) == message
    assert {"ViewUpdated", "TurnStarted", "BotThinking", "ActionRejected",
            "PaceChanged"} <= kinds


def test_a_broken_endpoint_is_closed_with_a_log_line_and_the_game_goes_on(tmp_path, caplog):
    table = new_table(tmp_path, seats=("human", "human"))

    def broken(message: object) -> None:
        raise OSError("the terminal went away")

    watcher = table.connect(SPECTATOR, broken)
    player = Recorder()
    table.connect(0, player)
    with caplog.at_level("WARNING", logger="gemtable.table"):
        table.start()
    assert not watcher.open
    assert any("delivering failed" in r.getMessage() and r.exc_info for r in caplog.records)
    assert player.of(ViewUpdated)[-1].legal, "the seats still playing are not affected"
