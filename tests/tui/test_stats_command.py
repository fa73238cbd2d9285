"""`gemtable stats --logs DIR`: the local games' logs recorded into the same
ladder the server keeps, each once, and the same text printed."""

from __future__ import annotations

import os
from pathlib import Path

from playouts import played_out

from gemtable.engine import registry
from gemtable.engine.gamelog import Header, write_complete
from gemtable.tui import cli
from gemtable.tui.commands.stats import LOG_NAME_SHOWN
from gemtable.tui.serve.ladder import FinishedGame, Ladder, SeatResult
from gemtable.tui.serve.ladder.text import stats_text

START = 1_800_000_000.0
"""When the first test game ended (seconds since the epoch); one a minute after it."""


def write_log(folder: Path, name: str, game_id: str, seats: tuple[str, ...], seed: int,
              minute: int, *, finished: bool = True) -> FinishedGame:
    """A local log as the table writes it, and the game the ladder should be told."""
    states, actions = played_out(game_id, len(seats), seed)
    if not finished:
        states, actions = states[:-1], actions[:-1]
    variant = registry.get(game_id).default_variant(len(seats)).id
    path = folder / name
    write_complete(path, Header(game=game_id, variant=variant, players=len(seats),
                                seats=seats, seed=seed), states, actions)
    ended = START + 60 * minute
    os.utime(path, (ended, ended))
    final = states[-1]
    moves = [sum(1 for s in states[:-1] if s.to_move == seat) for seat in range(len(seats))]
    results = [SeatResult("you", "person", int(place), float(score), moves=count)
               if kind == "human" else SeatResult(kind, "bot", int(place), float(score),
                                                  moves=count)
               for kind, place, score, count in zip(seats, final.ranking(), final.scores(),
                                                    moves, strict=True)]
    humans = sum(kind == "human" for kind in seats)
    return FinishedGame(name, game_id, variant, ended, results,
                        solo=humans == 1 and len(seats) == 1)


def local_logs(folder: Path) -> list[FinishedGame]:
    """Four finished games (two rated, a hot-seat one, a solo one), one unfinished
    and one damaged file; the finished ones in the order they ended."""
    folder.mkdir()
    games = [
        write_log(folder, "jowhari-1.jsonl", "jowhari", ("human", "greedy"), 3, 1),
        write_log(folder, "jowhari-hot-seat.jsonl", "jowhari", ("human", "human"), 4, 2),
        write_log(folder, "jewelbox-solo.jsonl", "jewelbox", ("human",), 5, 3),
        write_log(folder, "jowhari-2.jsonl", "jowhari", ("random", "human"), 6, 4),
    ]
    write_log(folder, "jowhari-unfinished.jsonl", "jowhari", ("human", "greedy"), 7, 5,
              finished=False)
    (folder / "damaged.jsonl").write_text('{"kind": "header", "game": "jow\n', "utf-8")
    return games


def expected_text(games: list[FinishedGame], ladder_path: Path) -> str:
    with Ladder(ladder_path) as ladder:
        for game in games:
            assert ladder.record(game)
        return stats_text(ladder, "you", id_width=LOG_NAME_SHOWN)


def test_local_logs_give_the_ladders_ratings_and_each_is_recorded_once(tmp_path, capsys):
    logs = tmp_path / "games"
    games = local_logs(logs)
    expected = expected_text(games, tmp_path / "expected.sqlite")

    assert cli.main(["stats", "--logs", str(logs)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(expected)
    assert out.endswith("4 new games recorded, 2 logs skipped (unfinished, damaged or "
                        "unreadable).\n")
    with Ladder(logs / "stats.sqlite") as cache, Ladder(tmp_path / "expected.sqlite") as ladder:
        for player, kind in (("you", "person"), ("greedy", "bot"), ("random", "bot")):
            assert cache.rating(player, "jowhari", kind) == ladder.rating(player, "jowhari",
                                                                          kind)
        assert cache.rating("you", "jowhari") is not None
        history = {entry.table_id: entry for entry in cache.history("you")}
        assert set(history) == {game.table_id for game in games}
        # Two humans at one terminal are one person: self-play, rated for nobody.
        assert history["jowhari-hot-seat.jsonl"].ordinal_change is None
        assert history["jewelbox-solo.jsonl"].solo
        assert cache.best_scores("you")

    assert cli.main(["stats", "--logs", str(logs)]) == 0
    again = capsys.readouterr().out
    assert again.startswith(expected)
    assert "0 new games recorded, 2 logs skipped" in again


def test_a_new_log_is_added_to_those_recorded(tmp_path, capsys):
    logs = tmp_path / "games"
    games = local_logs(logs)
    assert cli.main(["stats", "--logs", str(logs)]) == 0
    games.append(write_log(logs, "jowhari-3.jsonl", "jowhari", ("human", "greedy"), 8, 6))
    capsys.readouterr()
    assert cli.main(["stats", "you", "--logs", str(logs)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(expected_text(games, tmp_path / "expected.sqlite"))
    assert "1 new game recorded, 2 logs skipped" in out


def test_a_missing_folder_is_an_error(tmp_path, capsys):
    assert cli.main(["stats", "--logs", str(tmp_path / "nowhere")]) == 1
    assert "there is no folder" in capsys.readouterr().err


def test_the_help_lists_stats(capsys):
    parser = cli.build_parser()
    assert "stats" in parser.format_help()
    commands = parser._subparsers._group_actions[0].choices  # noqa: SLF001 - no API
    assert "--logs DIR" in commands["stats"].format_help()
