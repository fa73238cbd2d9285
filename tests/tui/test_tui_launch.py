"""The command-line entry points and log storage: clear one-line errors, never a
traceback, and finding the game to resume."""

from __future__ import annotations

import json
import os
import time

import pytest
from tui_support import bots

from gemtable.tui import launch
from gemtable.tui.table import Table
from gemtable.tui.table.storage import (
    games_dir,
    latest_unfinished,
    list_logs,
    new_log_path,
    summarise,
)


def _game(actions: int, *, seed: int = 12, finish: bool = False):
    table = Table.create("jowhari", ["human", "first"], seed=seed, bots=bots)
    seat = table.connect(0, lambda message: None)
    table.start()
    while table.step < actions or (finish and not table.is_over):
        seat.submit(str(table.true_state.legal_actions()[-1]))
        assert table.wait_for(lambda t: t.is_over or t.true_state.to_move == 0, 10)
    table.close()
    return table.path


def test_resume_without_any_unfinished_game_says_so(capsys):
    assert launch.resume(None) == 1
    err = capsys.readouterr().err
    assert err.startswith("gemtable: no unfinished game to resume in ")
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("entry", [launch.resume, launch.replay])
def test_a_corrupt_log_is_one_line_naming_file_and_line(entry, capsys):
    path = _game(4)
    lines = path.read_text().splitlines()
    lines[2] = '{"kind":"action","n":2,"seat":1,"action":"buy 3a"}'
    path.write_text("\n".join(lines) + "\n")
    assert entry(path) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gemtable: {path}:3: 'buy 3a' is illegal here")
    assert err.count("\n") == 1


def test_garbage_and_missing_files_are_clear(tmp_path, capsys):
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json at all\n")
    assert launch.replay(junk) == 1
    assert f"{junk}:1: not a JSON object" in capsys.readouterr().err
    assert launch.resume(tmp_path / "missing.jsonl") == 1
    assert "cannot read" in capsys.readouterr().err


def test_latest_unfinished_is_the_newest_unfinished_log():
    old = _game(2)
    finished = _game(0, seed=13, finish=True)
    newer = _game(4, seed=14)
    now = time.time()
    os.utime(old, (now - 30, now - 30))
    os.utime(newer, (now - 10, now - 10))
    os.utime(finished, (now, now))
    assert latest_unfinished() == newer
    summaries = {s.path: s for s in list_logs()}
    assert summaries[finished].finished and not summaries[newer].finished
    assert summaries[newer].actions == 4 and summaries[newer].seats == ("human", "first")
    assert [s.path for s in list_logs()] == [finished, newer, old]


def test_resume_refuses_a_finished_game_with_a_message(capsys):
    path = _game(0, finish=True)
    assert launch.resume(path) == 1
    assert "already finished" in capsys.readouterr().err


def test_a_torn_last_line_still_counts_as_unfinished():
    path = _game(2)
    with path.open("a") as log:
        log.write('{"kind":"act')
    summary = summarise(path)
    assert summary is not None and not summary.finished
    assert latest_unfinished() == path


def test_files_that_are_not_logs_are_left_out():
    folder = games_dir()
    folder.mkdir(parents=True)
    (folder / "notes.jsonl").write_text(json.dumps({"kind": "shopping"}) + "\n")
    (folder / "empty.jsonl").write_text("")
    assert list_logs() == ()
    assert latest_unfinished() is None


def test_new_log_names_never_collide(tmp_path):
    first = new_log_path("jowhari", 5, folder=tmp_path)
    first.write_text("x")
    second = new_log_path("jowhari", 5, folder=tmp_path)
    assert second != first and second.name.endswith("-s5-2.jsonl")


def test_play_with_an_unwritable_log_is_a_clear_error(tmp_path, capsys):
    taken = tmp_path / "taken.jsonl"
    taken.write_text("something\n")
    code = launch.play("jowhari", ["human", "random"], seed=1, variant=None, log=taken)
    assert code == 1
    assert "cannot write the game log" in capsys.readouterr().err
