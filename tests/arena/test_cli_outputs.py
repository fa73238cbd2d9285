"""`gemtable arena`, `tournament` and `bench` from the command line: the shapes of
their JSON and CSV, the table and plot, archived logs, and clear refusals."""

from __future__ import annotations

import csv
import io
import json

import pytest

from gemtable.ai.results import read_results, results_dir
from gemtable.engine import registry
from gemtable.engine.gamelog import load
from gemtable.tui.cli import main

ARENA_KEYS = {"game", "games", "seats", "win_rate", "ci95", "mean_score", "mean_turns",
              "seconds"}
TOURNAMENT_KEYS = {"game", "variant", "players", "games", "seed", "model", "confidence",
                   "pool", "standings", "matrix", "separated", "mean_turns", "seconds",
                   "move_ms"}
STANDING_KEYS = {"rank", "kind", "mu", "sigma", "low", "high", "games", "wins", "win_rate",
                 "ci95", "mean_score", "mean_turns"}
POOL = "random,greedy,mcts:5"


def tournament(capsys, *extra: str) -> tuple[int, str, str]:
    code = main(["tournament", "jowhari", "--pool", POOL, "--games", "6", "--seed", "1",
                 "--workers", "1", *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_tournament_json_to_stdout_is_only_json(capsys):
    code, out, _ = tournament(capsys, "--json", "-")
    assert code == 0
    data = json.loads(out)
    assert set(data) == TOURNAMENT_KEYS
    assert data["pool"] == POOL.split(",") and data["games"] == 6 and data["players"] == 2
    assert data["model"] == "plackett-luce"
    assert [s["rank"] for s in data["standings"]] == [1, 2, 3]
    for standing in data["standings"]:
        assert set(standing) == STANDING_KEYS
        assert standing["low"] < standing["mu"] < standing["high"]
        assert standing["games"] == 4
    mus = [s["mu"] for s in data["standings"]]
    assert mus == sorted(mus, reverse=True)
    matrix = data["matrix"]
    assert matrix["kinds"] == data["pool"]
    assert [row[i] for i, row in enumerate(matrix["rate"])] == [None, None, None]
    assert matrix["games"][0][1] == matrix["games"][1][0] == 2
    assert matrix["rate"][0][1] + matrix["rate"][1][0] == pytest.approx(1.0)
    lo, hi = matrix["ci95"][1][0]
    assert lo <= matrix["rate"][1][0] <= hi


def test_tournament_csv_has_a_row_per_kind(capsys):
    code, out, _ = tournament(capsys, "--csv", "-", "--model", "thurstone-mosteller")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["rank"] for row in rows] == ["1", "2", "3"]
    assert {row["kind"] for row in rows} == set(POOL.split(","))
    for row in rows:
        assert float(row["low"]) < float(row["mu"]) < float(row["high"])
        assert row[f"vs {row['kind']}"] == "" and row[f"vs {row['kind']} games"] == "0"
        others = [k for k in POOL.split(",") if k != row["kind"]]
        assert all(row[f"vs {k} games"] == "2" and 0 <= float(row[f"vs {k}"]) <= 1
                   for k in others)


def test_tournament_tables_and_plot(capsys, tmp_path):
    json_path, csv_path = tmp_path / "t.json", tmp_path / "t.csv"
    code, out, _ = tournament(capsys, "--json", str(json_path), "--csv", str(csv_path))
    assert code == 0
    assert "Jowhari tournament: 6 games" in out and "rating" in out
    assert "finished ahead of the column" in out
    plot = out[out.index("rating (mu) with 95% interval"):]
    for kind in POOL.split(","):
        assert f"{kind}┤" in plot  # each kind labels a row of the plot
    assert "─┼─" in plot or "┼" in plot
    assert set(json.loads(json_path.read_text())) == TOURNAMENT_KEYS
    assert csv_path.read_text().startswith("rank,kind,mu,sigma")
    assert "rating (mu)" not in tournament(capsys, "--no-plot")[1]


def test_runs_keep_a_results_file_in_the_data_folder_by_default(capsys):
    assert tournament(capsys, "--json", "-")[0] == 0
    [path] = results_dir().glob("tournament-jowhari-*.jsonl")
    loaded = read_results(path)
    assert loaded.spec.command == "tournament" and sorted(loaded.played) == list(range(6))
    # --resume without a path finds that run and plays nothing again.
    code, out, err = tournament(capsys, "--json", "-", "--resume")
    assert code == 0 and f"continuing the run in {path}" in err
    assert len(path.read_text().splitlines()) == 7


def test_arena_json_keys_with_results_and_logs(capsys, tmp_path):
    results, logs = tmp_path / "r.jsonl", tmp_path / "logs"
    code = main(["arena", "jowhari", "--seat", "greedy", "--seat", "random", "--games", "3",
                 "--workers", "1", "--results", str(results), "--logs", str(logs),
                 "--json", "-"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and set(data) == ARENA_KEYS
    played = read_results(results).played
    for index, game in played.items():
        log = load(logs / f"jowhari-game-{index:05d}.jsonl")
        assert log.finished and log.header.seats == game.seats
        assert tuple(float(s) for s in log.final.scores()) == game.scores


def test_bench_every_game(capsys):
    assert main(["bench", "all", "--seconds", "0.02", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["game"] for d in data] == list(registry.ids())
    assert all(d["actions_per_s"] > 0 and d["mcts_iterations_per_s"] > 0 for d in data)
    assert main(["bench", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert all(game_id in out for game_id in registry.ids()) and "MCTS iter/s" in out


@pytest.mark.parametrize("argv, message", [
    (["tournament", "jowhari", "--pool", "random,random", "--games", "2"], "once"),
    (["tournament", "jowhari", "--pool", "random,greedy", "--games", "2", "--players", "3"],
     "at least 3 kinds"),
    (["arena", "jowhari", "--seat", "random", "--seat", "greedy", "--games", "2",
      "--backend", "local", "--address", "10.0.0.1:6379"], "--address is for --backend ray"),
    (["bench", "jowhari", "--players", "9", "--seconds", "0.01"], "not 9"),
])
def test_clear_refusals(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_unknown_kinds_are_refused_before_any_game(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "jowhari", "--pool", "random,wizard", "--games", "2"])
    assert exit_info.value.code == 2
    assert "no bot kind 'wizard'" in capsys.readouterr().err
