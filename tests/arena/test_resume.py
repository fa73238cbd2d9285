"""An interrupted run continued with --resume loses no game and plays none twice,
and ends with the JSON an uninterrupted run gives."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from arena_support import without_timing

from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.results import DamagedLineWarning, ResultsError, read_results
from gemtable.ai.tournament import TournamentOptions, run_tournament
from gemtable.ai.tournament_report import to_json

KINDS = ["greedy", "random"]


def game_indices(path: Path) -> list[int]:
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "run"
    return [json.loads(line)["index"] for line in lines[1:]]


def test_resuming_a_cut_file_plays_only_the_missing_games(tmp_path):
    path = tmp_path / "run.jsonl"
    whole = run_arena(ArenaOptions("jowhari", KINDS, games=12, seed=6), workers=2, results=path)
    assert sorted(game_indices(path)) == list(range(12))

    # Keep the run line and five games, and half of a sixth (the process died mid-line).
    lines = path.read_text().splitlines(keepends=True)
    kept = [json.loads(line)["index"] for line in lines[1:6]]
    path.write_text("".join(lines[:6]) + lines[6][: len(lines[6]) // 2])
    assert read_results(path).torn

    played = []
    resumed = run_arena(ArenaOptions("jowhari", KINDS, games=12, seed=6), workers=2, results=path,
                        resume=True, on_played=lambda g: played.append(g.index))
    assert sorted(played) == sorted(set(range(12)) - set(kept))  # nothing lost, nothing twice
    assert sorted(game_indices(path)) == list(range(12))  # the torn line was cut off
    assert without_timing(resumed.to_json()) == without_timing(whole.to_json())


def test_a_tournament_resumes_too_and_can_be_extended(tmp_path):
    pool = ["random", "greedy", "mcts:5"]
    path = tmp_path / "tournament.jsonl"
    run_tournament(TournamentOptions("jowhari", pool, games=6, seed=2), workers=1, results=path)
    played = []
    longer = run_tournament(TournamentOptions("jowhari", pool, games=9, seed=2), workers=1,
                            results=path, resume=True, on_played=lambda g: played.append(g.index))
    assert sorted(played) == [6, 7, 8]
    fresh = run_tournament(TournamentOptions("jowhari", pool, games=9, seed=2), workers=1)
    assert without_timing(to_json(longer)) == without_timing(to_json(fresh))


def test_a_results_file_is_never_overwritten_or_mixed_up(tmp_path):
    path = tmp_path / "run.jsonl"
    run_arena(ArenaOptions("jowhari", KINDS, games=2, seed=1), workers=1, results=path)
    before = path.read_bytes()
    with pytest.raises(ResultsError, match="already holds results"):
        run_arena(ArenaOptions("jowhari", KINDS, games=2, seed=1), workers=1, results=path)
    with pytest.raises(ResultsError, match="seed 1 .this run: 2."):
        run_arena(ArenaOptions("jowhari", KINDS, games=2, seed=2), workers=1, results=path,
                  resume=True)
    with pytest.raises(ResultsError, match="command 'arena' .this run: 'tournament'."):
        run_tournament(TournamentOptions("jowhari", KINDS, games=2, seed=1), workers=1,
                       results=path, resume=True)
    assert path.read_bytes() == before
    path.write_text(before.decode().replace('"shares"', '"sharez"', 1))
    # A damaged game line costs that game only: it is played again.
    played: list[int] = []
    with pytest.warns(DamagedLineWarning, match=r"run.jsonl:2: bad line"):
        run_arena(ArenaOptions("jowhari", KINDS, games=2, seed=1), workers=1, results=path,
                  resume=True, on_played=lambda g: played.append(g.index))
    assert len(played) == 1


def test_a_run_whose_levels_have_changed_since_is_not_resumed(tmp_path, monkeypatch):
    import gemtable.ai.heuristics.jowhari as jowhari_heuristic

    path = tmp_path / "levels.jsonl"
    pool = ["normal", "hard"]
    run_tournament(TournamentOptions("jowhari", pool, games=2, seed=1), workers=1, results=path)
    run_line = json.loads(path.read_text().splitlines()[0])
    assert run_line["plays_as"] == ["greedy", "mcts:100"]
    before = path.read_bytes()
    monkeypatch.setattr(jowhari_heuristic, "LEVELS", {"hard": "mcts:60"})
    with pytest.raises(ResultsError, match="plays_as .* .this run: .'greedy', 'mcts:60'.."):
        run_tournament(TournamentOptions("jowhari", pool, games=3, seed=1), workers=1,
                       results=path, resume=True)
    assert path.read_bytes() == before
    # A file from before the mapping was recorded still resumes.
    lines = path.read_text().splitlines(keepends=True)
    del run_line["plays_as"]
    path.write_text(json.dumps(run_line) + "\n" + "".join(lines[1:]))
    played: list[int] = []
    run_tournament(TournamentOptions("jowhari", pool, games=3, seed=1), workers=1,
                   results=path, resume=True, on_played=lambda g: played.append(g.index))
    assert played == [2]


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gemtable.tui.cli", *args]


def wait_for_games(path: Path, count: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while not path.exists() or len(path.read_text().splitlines()) < 1 + count:
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline, "no games were recorded"
        time.sleep(0.02)


@pytest.mark.parametrize("workers, how", [("2", signal.SIGINT), ("2", signal.SIGTERM),
                                          ("1", signal.SIGKILL)])
def test_a_killed_command_continues_with_resume(tmp_path, workers, how):
    # The run must outlast the signal, however late a loaded machine lets
    # this test send it: the interrupted command asks for 400 games (a
    # minute or more), and the run is then resumed as a 40-game one (the
    # number of games is not part of what a results file must match), so
    # the games after the 40th that it may have played are set aside.
    path = tmp_path / "killed.jsonl"
    base = ["arena", "jowhari", "--seat", "mcts:40", "--seat", "greedy",
            "--seed", "3", "--workers", workers, "--json", "-", "--results", str(path)]
    env = dict(os.environ, COLUMNS="200")
    # A command started in the background inherits Ctrl-C ignored; restore it
    # as a terminal would have it, so SIGINT reaches the run.
    process = subprocess.Popen(cli(*base, "--games", "400"), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wait_for_games(path, 3, process)
    process.send_signal(how)
    out, err = process.communicate(timeout=60)
    if how in (signal.SIGINT, signal.SIGTERM):
        assert process.returncode == 130 and out == ""
        assert "interrupted after" in err and "--resume" in err and str(path) in err
    else:
        assert process.returncode == -signal.SIGKILL
    before = game_indices(path)
    assert 3 <= len(before) < 400 and len(set(before)) == len(before)

    resumed = subprocess.run(cli(*base, "--games", "40", "--resume"), capture_output=True,
                             text=True, env=env, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    after = game_indices(path)
    assert after[: len(before)] == before and set(range(40)) <= set(after)
    assert len(after) == len(set(after))
    whole = run_arena(ArenaOptions("jowhari", ["mcts:40", "greedy"], games=40, seed=3), workers=1)
    assert without_timing(json.loads(resumed.stdout)) == without_timing(whole.to_json())
