"""The ladder's ratings, leaderboards, histories and solo scores after a scripted
series, against openskill's own computation done here step by step."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from statistics import fmean

import pytest
from ladder_games import GAMES, SERIES, bot, person, table
from openskill.models import PlackettLuce

from gemtable.tui.serve.ladder import FinishedGame, Ladder, Standing

Key = tuple[str, str, str]
"""game id, name, kind"""


def expected() -> tuple[dict[Key, tuple[float, float, int, float]],
                        dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]]]:
    """Every rating after the series (mu, sigma, games, last played), and each
    person's rating before and after each table (by table id and name)."""
    model = PlackettLuce()
    ratings: dict[Key, tuple[float, float, int, float]] = {}
    changes: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {}
    for scripted in SERIES:
        game = scripted.game
        if game.solo or not scripted.counted:
            continue
        seats = [game.seats[index] for index in scripted.counted]
        keys: list[Key] = [(game.game_id, seat.player, seat.kind) for seat in seats]
        before = {key: ratings.get(key, (model.mu, model.sigma, 0, 0.0)) for key in keys}
        teams = [[model.rating(mu=before[key][0], sigma=before[key][1])] for key in keys]
        rated = model.rate(teams, ranks=[seat.place for seat in seats])
        afters: dict[Key, list[tuple[float, float]]] = defaultdict(list)
        for key, team in zip(keys, rated, strict=True):
            afters[key].append((team[0].mu, team[0].sigma))
            if key[2] == "person":
                changes[(game.table_id, key[1])] = (before[key][:2], afters[key][0])
        for key, values in afters.items():
            ratings[key] = (fmean(mu for mu, _ in values), fmean(sigma for _, sigma in values),
                            before[key][2] + 1, game.finished_at)
    return ratings, changes


@pytest.fixture
def ladder(tmp_path: Path):
    with Ladder(tmp_path / "ladder.sqlite") as opened:
        for game in GAMES:
            assert opened.record(game)
        yield opened


def test_ratings_equal_openskill_step_by_step(ladder: Ladder) -> None:
    ratings, _ = expected()
    found: dict[Key, Standing] = {(game_id, row.name, row.kind): row
             for game_id in {game.game_id for game in GAMES}
             for row in ladder.leaderboard(game_id)}
    assert set(found) == set(ratings)
    for key, (mu, sigma, games, last_played) in ratings.items():
        row = found[key]
        assert row.mu == pytest.approx(mu, abs=1e-9), key
        assert row.sigma == pytest.approx(sigma, abs=1e-9), key
        assert row.ordinal == pytest.approx(
            PlackettLuce().rating(mu=mu, sigma=sigma).ordinal(), abs=1e-9)
        assert (row.games, row.last_played) == (games, last_played), key
    # The game where only dave and two "greedy" seats were rated moved alice too.
    assert ("jowhari", "dave", "person") in ratings
    assert ("jowhari", "carol", "person") in ratings


def test_leaderboard_order_rating_and_plays_like(ladder: Ladder) -> None:
    board = ladder.leaderboard("jowhari")
    ordinals = [row.ordinal for row in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {row.kind for row in board} == {"person", "bot"}
    alice = ladder.rating("alice", "jowhari")
    assert alice is not None and alice in board
    assert ladder.rating("greedy", "jowhari") is None  # no person called greedy
    assert ladder.rating("greedy", "jowhari", kind="bot") in board
    assert ladder.rating("alice", "jewelbox") is None  # solo: scores, not a rating
    assert ladder.leaderboard("jewelbox") == []
    levels = {row.name: row.ordinal for row in board if row.kind == "bot"}
    nearest = min(levels, key=lambda name: abs(levels[name] - alice.ordinal))
    assert ladder.plays_like("jowhari", alice.ordinal) == nearest
    for name, value in levels.items():
        assert ladder.plays_like("jowhari", value + 0.001) == name
    assert ladder.plays_like("jewelbox", 0.0) is None


def test_history_lists_exactly_the_tables_sat_at(ladder: Ladder) -> None:
    _, changes = expected()
    for name in ("alice", "bob", "carol", "dave", "erin"):
        entries = ladder.history(name)
        sat_at = [game for game in reversed(GAMES)
                  if any(seat.player == name and seat.kind == "person" for seat in game.seats)]
        assert [entry.table_id for entry in entries] == [game.table_id for game in sat_at]
        for entry, game, scripted in zip(entries, sat_at, [s for s in reversed(SERIES)
                                                           if s.game in sat_at], strict=True):
            assert (entry.game_id, entry.variant, entry.finished_at, entry.solo) == (
                game.game_id, game.variant, game.finished_at, game.solo)
            own = [index for index, seat in enumerate(game.seats) if seat.player == name
                   and seat.kind == "person"]
            assert entry.rated == (own[0] in scripted.counted)
            assert len(entry.others) == len(game.seats) - 1
            if (game.table_id, name) in changes:
                before, after = changes[(game.table_id, name)]
                assert entry.before == pytest.approx(before, abs=1e-9)
                assert entry.after == pytest.approx(after, abs=1e-9)
                assert entry.ordinal_change == pytest.approx(
                    (after[0] - 3 * after[1]) - (before[0] - 3 * before[1]), abs=1e-9)
            else:
                assert entry.before is entry.after is entry.ordinal_change is None
    alice = {entry.table_id: entry for entry in ladder.history("alice")}
    assert not alice["t04"].rated and alice["t04"].place == 1
    assert [(seat.player, seat.kind, seat.place, seat.rated) for seat in alice["t04"].others] == [
        ("bob", "person", 2, True), ("greedy", "bot", 3, True)]
    # Two seats of her own: the entry is the better placed, the other among the rest.
    assert alice["t05"].place == 1 and not alice["t05"].rated
    assert ("alice", "person", 2, False) in [
        (seat.player, seat.kind, seat.place, seat.rated) for seat in alice["t05"].others]


def test_solo_scores_and_best_scores(ladder: Ladder) -> None:
    scores = ladder.solo_scores("alice", "jewelbox")
    # t13 was played mostly by a stand-in: recorded, but its 70 does not count.
    assert [(s.table_id, s.score) for s in scores] == [("t14", 48), ("t12", 55), ("t11", 40)]
    assert ladder.solo_scores("alice", "jowhari") == []
    best = [(b.game_id, b.variant, b.score, b.table_id, b.games)
            for b in ladder.best_scores("alice")]
    assert best == [("iridescia", "standard", 12, "t15", 1), ("jewelbox", "solo", 55, "t12", 3)]
    assert [(b.game_id, b.score) for b in ladder.best_scores("bob")] == [("jewelbox", 61)]
    assert ladder.best_scores("carol") == []
    # The Rhom seat of a solo game is part of the game, never rated.
    assert ladder.rating("rhom", "iridescia", kind="bot") is None


def test_a_level_alone_with_itself_changes_nothing(tmp_path: Path) -> None:
    with Ladder(tmp_path / "ladder.sqlite") as ladder:
        assert ladder.record(table(1, "jowhari", bot("greedy", 1), bot("greedy", 2),
                                   counted=(), calibration=True).game)
        assert ladder.record(table(2, "jowhari", person("alice", 1), person("bob", 2),
                                   counted=(0, 1)).game)
        assert [row.name for row in ladder.leaderboard("jowhari")] == ["alice", "bob"]


def test_finished_games_are_checked() -> None:
    with pytest.raises(ValueError, match="calibration"):
        table(1, "jowhari", person("alice", 1), bot("greedy", 2), counted=(), calibration=True)
    with pytest.raises(ValueError, match="stand-in"):
        person("alice", 1, moves=3, stand_in=4)
    with pytest.raises(ValueError, match="place"):
        person("alice", 0)
    with pytest.raises(ValueError, match="no seats"):
        FinishedGame("t1", "jowhari", "standard", 0.0, seats=())
