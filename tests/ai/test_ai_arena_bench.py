"""Arena and bench: JSON shapes, determinism across worker counts, statistics."""

from __future__ import annotations

import json

import pytest

from gemtable.ai.arena import ArenaOptions, game_seed, play_arena_game, run_arena
from gemtable.ai.bench import run_bench
from gemtable.ai.match import play_match
from gemtable.ai.runner import RunOptions
from gemtable.ai.stats import wilson
from gemtable.tui.commands.arena import arena_command
from gemtable.tui.commands.bench import bench_command

ARENA_KEYS = {"game", "games", "seats", "win_rate", "ci95", "mean_score", "mean_turns",
              "seconds"}


def test_wilson_interval():
    lo, hi = wilson(9, 10)
    assert 0.55 < lo < 0.6 and 0.98 < hi < 0.99
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(1 - hi)
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_results_do_not_depend_on_worker_count():
    kinds = ["greedy", "random"]
    alone = run_arena(ArenaOptions("jowhari", kinds, games=4, seed=9), workers=1).to_json()
    pooled = run_arena(ArenaOptions("jowhari", kinds, games=4, seed=9), workers=2).to_json()
    alone.pop("seconds")
    pooled.pop("seconds")
    assert alone == pooled
    other_seed = run_arena(ArenaOptions("jowhari", kinds, games=4, seed=10), workers=1).to_json()
    assert other_seed["mean_turns"] != alone["mean_turns"] or \
        other_seed["mean_score"] != alone["mean_score"]


def test_arena_rotates_seats_and_counts_shares():
    result = run_arena(ArenaOptions("jowhari", ["random", "random", "random"], games=6, seed=1),
                       workers=1)
    assert sum(result.wins) == pytest.approx(6)  # every game has a whole win to share
    assert result.seats == ("random",) * 3  # the same kind twice is separate seats
    assert len(result.win_rate) == len(result.ci95) == len(result.mean_score) == 3


def test_game_g_rotates_the_seating_by_g():
    kinds = ("greedy", "random", "mcts:10")
    for index in (0, 1, 2, 4):
        record = play_arena_game("jowhari", kinds, 5, None, index)
        table = [kinds[(seat + index) % 3] for seat in range(3)]
        final = play_match("jowhari", table, seed=game_seed(5, index)).final
        by_given = [(given - index) % 3 for given in range(3)]  # given seat -> table seat
        assert record.shares == tuple(final.outcome()[t] for t in by_given)
        assert record.scores == tuple(float(final.scores()[t]) for t in by_given)


def test_arena_json_to_stdout_is_only_json(capsys):
    code = arena_command(ArenaOptions("jowhari", ["greedy", "random", "greedy"], games=3, seed=2),
                         json_path="-", options=RunOptions(workers=1))
    assert code == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert set(data) == ARENA_KEYS
    assert data["game"] == "jowhari" and data["games"] == 3
    assert data["seats"] == ["greedy", "random", "greedy"]
    assert len(data["win_rate"]) == len(data["ci95"]) == len(data["mean_score"]) == 3
    for rate, (lo, hi) in zip(data["win_rate"], data["ci95"], strict=True):
        assert 0 <= lo <= rate <= hi <= 1
    assert sum(data["win_rate"]) == pytest.approx(1.0, abs=1e-3)
    assert data["mean_turns"] > 0 and data["seconds"] >= 0


def test_arena_json_file_and_table(tmp_path, capsys):
    path = tmp_path / "arena.json"
    assert arena_command(ArenaOptions("jowhari", ["random", "greedy"], games=2, seed=0),
                         json_path=str(path), options=RunOptions(workers=1)) == 0
    assert set(json.loads(path.read_text())) == ARENA_KEYS
    out = capsys.readouterr().out
    assert "win rate" in out and "greedy" in out and "95% CI" in out


def test_arena_refuses_a_bad_variant(capsys):
    assert arena_command(ArenaOptions("jowhari", ["random", "random"], games=1, variant="nope"),
                         json_path="-", options=RunOptions(workers=1)) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "nope" in captured.err


def test_bench_json_keys(capsys):
    assert bench_command("jowhari", seconds=0.05, json_path="-") == 0
    data = json.loads(capsys.readouterr().out)
    assert {"games_per_s", "actions_per_s", "mcts_iterations_per_s"} <= set(data)
    assert data["games_per_s"] > 0 and data["actions_per_s"] > data["games_per_s"]
    assert data["mcts_iterations_per_s"] > 0


def test_bench_counts_whole_games():
    result = run_bench("jowhari", seconds=0.02)
    assert result.games >= 1 and result.actions > 20 * result.games
    assert result.mcts_iterations >= 1
