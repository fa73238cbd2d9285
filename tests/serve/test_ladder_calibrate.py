"""`gemtable serve --calibrate-bots`: bot levels play each other, every game goes on
the ladder once, and the ratings are openskill's own; never beside a running server."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import fmean

import pytest
from ladder_games import bot, person
from openskill.models import PlackettLuce
from serve_support import WAIT, ThreadPool

from gemtable.ai.base import seat_role
from gemtable.engine import registry
from gemtable.tui.cli import main
from gemtable.tui.serve.datalock import hold_data_folder, release_data_folder
from gemtable.tui.serve.hub import Hub, HubLimits
from gemtable.tui.serve.ladder import FinishedGame, Ladder
from gemtable.tui.serve.ladder import calibrate as calibration
from gemtable.tui.serve.ladder.calibrate import (
    GENERIC_KINDS,
    CalibrationOptions,
    Plan,
    calibration_kinds,
    in_index_order,
    run_calibration,
)
from gemtable.tui.serve.store import DataDir

CHEAP = ("random", "greedy")
"""Levels that play a game in a blink: the tests' pool."""


@pytest.fixture
def cheap_levels(monkeypatch):
    """Every game's calibration plays random against greedy only."""
    monkeypatch.setattr(calibration, "calibration_kinds", lambda game_id, exec_bots=(): CHEAP)


def run(data: Path, *, games: int = 6, seed: int = 0, game_ids=("jowhari",),
        workers: int = 1) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_calibration(CalibrationOptions(data=data, per_pairing=games, seed=seed,
                                              game_ids=tuple(game_ids), workers=workers),
                           out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def recorded(data: Path) -> list[tuple[str, str, str]]:
    """(table id, game id, source) of every recorded game, in the order recorded."""
    with sqlite3.connect(data / "ladder.sqlite") as db:
        return db.execute("SELECT table_id, game_id, source FROM games ORDER BY id").fetchall()


def person_game(data: Path) -> None:
    """alice beat greedy at a served table before any calibration."""
    with Ladder(DataDir(data).ladder) as ladder:
        assert ladder.record(FinishedGame(
            table_id="tab01", game_id="jowhari", variant="standard",
            finished_at=1_800_000_000.0, seats=(person("alice", 1), bot("greedy", 2))))


def replayed(data: Path) -> dict[tuple[str, str, str], tuple[float, float, int]]:
    """Every rating, computed here by openskill from the recorded results in the
    order they were recorded (a level at several seats moves by their mean)."""
    model = PlackettLuce()
    ratings: dict[tuple[str, str, str], tuple[float, float, int]] = {}
    with sqlite3.connect(data / "ladder.sqlite") as db:
        games = db.execute("SELECT id, game_id FROM games WHERE rated = 1 ORDER BY id")
        for row, game_id in games.fetchall():
            seats = db.execute(
                "SELECT players.name, players.kind, results.place FROM results"
                " JOIN players ON players.id = results.player"
                " WHERE results.game = ? AND results.rated = 1 ORDER BY results.seat",
                (row,)).fetchall()
            keys = [(game_id, name, kind) for name, kind, _ in seats]
            before = {key: ratings.get(key, (model.mu, model.sigma, 0)) for key in keys}
            teams = [[model.rating(mu=before[key][0], sigma=before[key][1])] for key in keys]
            rated = model.rate(teams, ranks=[float(place) for _, _, place in seats])
            afters = defaultdict(list)
            for key, (rating,) in zip(keys, rated, strict=True):
                afters[key].append((rating.mu, rating.sigma))
            for key, values in afters.items():
                ratings[key] = (fmean(mu for mu, _ in values),
                                fmean(sigma for _, sigma in values), before[key][2] + 1)
    return ratings


def test_ratings_are_openskills_and_people_are_untouched(tmp_path, cheap_levels) -> None:
    data = tmp_path / "data"
    person_game(data)
    with Ladder(data / "ladder.sqlite") as ladder:
        alice = ladder.rating("alice", "jowhari")
    code, out, err = run(data, games=8, seed=5, game_ids=("jowhari", "marylia"), workers=2)
    assert (code, err) == (0, "")
    games = recorded(data)
    assert len(games) == 1 + 2 * 8
    assert {source for _, _, source in games[1:]} == {"calibration"}
    assert len({table_id for table_id, _, _ in games}) == len(games)
    assert "game 16 of 16: marylia" in out
    expected = replayed(data)
    with Ladder(data / "ladder.sqlite") as ladder:
        assert ladder.rating("alice", "jowhari") == alice
        for game_id in ("jowhari", "marylia"):
            levels = {row.name: row for row in ladder.leaderboard(game_id) if row.kind == "bot"}
            assert set(levels) == set(CHEAP)
            for name, row in levels.items():
                mu, sigma, played = expected[(game_id, name, "bot")]
                assert row.mu == pytest.approx(mu, abs=1e-9)
                assert row.sigma == pytest.approx(sigma, abs=1e-9)
                assert row.games == played
                assert f"mu {row.mu:6.2f} ± {row.sigma:5.2f}" in out
    # Every calibration game is bots only: greedy met random 8 more times in jowhari.
    assert expected[("jowhari", "random", "bot")][2] == 8
    assert expected[("jowhari", "greedy", "bot")][2] == 9


def test_the_same_seed_adds_nothing_and_another_adds_games(tmp_path, cheap_levels) -> None:
    data = tmp_path / "data"
    assert run(data, games=4, seed=1)[0] == 0
    first = recorded(data)
    with Ladder(data / "ladder.sqlite") as ladder:
        ratings = ladder.leaderboard("jowhari")
    code, out, _ = run(data, games=4, seed=1)
    assert code == 0 and "jowhari: 0 games played" in out and "4 recorded before" in out
    assert recorded(data) == first
    with Ladder(data / "ladder.sqlite") as ladder:
        assert ladder.leaderboard("jowhari") == ratings
    # More games with the same seed: only the new ones are played.
    assert "jowhari: 2 games played" in run(data, games=6, seed=1)[1]
    assert recorded(data)[:4] == first and len(recorded(data)) == 6
    assert run(data, games=4, seed=2)[0] == 0
    assert len(recorded(data)) == 10


def test_the_games_are_the_tournaments_in_index_order(tmp_path, cheap_levels) -> None:
    data = tmp_path / "data"
    run(data, games=5, seed=9, workers=2)
    plan = Plan("jowhari", CHEAP, 5, 9)
    assert [table_id for table_id, _, _ in recorded(data)] == [
        plan.table_id(task.index) for task in plan.tasks()]


def test_games_are_put_in_index_order() -> None:
    class Played:
        def __init__(self, index: int) -> None:
            self.index = index

    arrivals = [Played(i) for i in (2, 0, 4, 1, 3)]
    ordered = in_index_order(iter(arrivals), [0, 1, 2, 3, 4])  # type: ignore[arg-type]
    assert [game.index for game in ordered] == [0, 1, 2, 3, 4]
    # A gap holds back the games after it (they are played again next time).
    held = in_index_order(iter(arrivals[:3]), [0, 1, 2, 3, 4])  # type: ignore[arg-type]
    assert [game.index for game in held] == [0]


def test_the_levels_are_those_the_server_offers(tmp_path) -> None:
    program = "exec:python3 /srv/bot.py"
    hub = Hub(DataDir(tmp_path / "data"), ThreadPool(), limits=HubLimits(exec_bots=(program,)))
    for info in hub._game_infos():
        players = tuple(kind for kind in info.bots if seat_role(kind, info.id) is None
                        and kind not in GENERIC_KINDS)
        assert calibration_kinds(info.id, (program,)) == players
        assert players[:4] == ("easy", "normal", "hard", "expert") and program in players
        # random, greedy and mcts are offered, rated from people's games only
        assert set(GENERIC_KINDS) <= set(info.bots)
    assert "rhom" not in calibration_kinds("iridescia")  # the game's automaton


def test_refused_while_a_server_holds_the_data_folder(make_server) -> None:
    server = make_server()
    code, out, err = run(server.data)
    assert code == 1 and out == ""
    assert f"{server.data} is in use by another gemtable serve" in err
    ladder = server.data / "ladder.sqlite"
    assert not ladder.exists() or recorded(server.data) == []


def test_a_server_is_refused_while_the_bots_are_calibrated(tmp_path) -> None:
    data = tmp_path / "data"
    DataDir(data)
    held = hold_data_folder(data)
    try:
        finished = subprocess.run(
            [sys.executable, "-m", "gemtable.tui.cli", "serve", "--open", "--port", "0",
             "--data", str(data)], capture_output=True, text=True, timeout=WAIT)
    finally:
        release_data_folder(held)
    assert finished.returncode == 2
    assert f"{data} is in use by another gemtable serve (process {os.getpid()})" \
        in finished.stderr


@pytest.mark.parametrize(("arguments", "message"), [
    (["--calibrate-bots", "--calibration-games", "0"], "must be at least 1"),
    (["--calibrate-bots", "--calibration-game", "chess"], "no game 'chess'; choose from"),
    (["--calibrate-bots", "--calibration-seed", "soon"], "invalid int value: 'soon'"),
    (["--calibrate-bots", "--calibration-workers", "-2"], "'-2' must not be negative"),
    (["--calibration-games", "5", "--open"], "--calibration-games: only with --calibrate-bots"),
    (["--calibration-game", "jowhari", "--calibration-seed", "3", "--open"],
     "--calibration-seed, --calibration-game: only with --calibrate-bots"),
])
def test_bad_options_are_refused_clearly(arguments, message, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", *arguments])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_a_data_folder_it_cannot_use_is_refused(tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o777)
    os.chmod(data, 0o777)
    code, out, err = run(data)
    assert code == 1 and out == ""
    assert "other accounts can write to" in err


def test_ctrl_c_stops_and_keeps_what_was_recorded(tmp_path) -> None:
    data = tmp_path / "data"
    process = subprocess.Popen(
        [sys.executable, "-m", "gemtable.tui.cli", "serve", "--calibrate-bots", "--data",
         str(data), "--calibration-game", "jewelbox", "--calibration-games", "50",
         "--calibration-workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    printed = [process.stdout.readline(), process.stdout.readline()]
    # Four levels and the game's two planners: fifteen pairings of 50 games.
    assert printed[1].startswith("game 1 of 750: jewelbox"), printed
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=WAIT)
    assert process.returncode == 130, err
    lines = printed + rest.splitlines()
    progress = [line for line in lines if line.startswith("game ")]
    assert f"Stopped: the {len(progress)} games recorded are kept" in rest
    # What it said it recorded is there, and it is the tournament's first games.
    plan = Plan("jewelbox", calibration_kinds("jewelbox"), 750, 0)
    assert [table_id for table_id, _, _ in recorded(data)] == [
        plan.table_id(index) for index in range(len(progress))]
    # The folder is free again at once.
    release_data_folder(hold_data_folder(data))


def test_every_game_can_be_calibrated_at_two_seats() -> None:
    for game in registry.all():
        assert game.min_players <= calibration.PLAYERS <= game.max_players
        assert len(calibration_kinds(game.id)) >= 2
    plans = {plan.game_id: plan for plan in calibration.make_plans(registry.ids(), 20, 0)}
    assert set(plans) == set(registry.ids())
    # Every two levels meet 20 times: four levels make 120 games, Jewel Box's six 300.
    assert (plans["jowhari"].games, plans["jewelbox"].games) == (120, 300)
