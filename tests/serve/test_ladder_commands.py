"""`ssh host stats [NAME]` and `ssh host leaderboard GAME`, after recorded games."""

from __future__ import annotations

import asyncio

import pytest
from ladder_tables import write_table
from serve_support import ServerProcess, command_output, wait_until

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def ladder_server(tmp_path):
    """A server that found two finished tables of alice's on disk at start: a rated
    Jowhari against greedy, and a solo Jewel Box."""
    data = tmp_path / "data"
    write_table(data, "duel1", ["alice", None], ("human", "greedy"), seed=4)
    write_table(data, "solo1", ["alice"], ("human",), game_id="jewelbox", seed=6)
    running = ServerProcess(data)
    running.start()
    wait_until(lambda: all(f"table {table} recorded on the ladder" in running.log()
                           for table in ("duel1", "solo1")), what="both tables recorded")
    yield running
    running.stop()


def output(server: ServerProcess, user: str, command: str) -> str:
    return asyncio.run(command_output(server.port, user, command))


def test_stats_of_your_own_and_of_another_name(ladder_server):
    mine = output(ladder_server, "alice", "stats")
    assert mine.startswith("alice on the ladder\n")
    assert "Rated games:\n  Jowhari: rating " in mine
    assert "rank 1 of 1 people, 1 game, last played " in mine
    assert "plays like greedy" in mine
    assert "Solo games:\n  Jewel Box (solo): best score " in mine
    assert ", 1 game\n" in mine
    assert "Last 2 tables:" in mine
    duel = next(line for line in mine.splitlines() if " duel1 " in line)
    assert "Jowhari  place " in duel and "ordinal " in duel
    assert "against greedy (bot) place " in duel
    solo = next(line for line in mine.splitlines() if " solo1 " in line)
    assert "Jewel Box" in solo and "solo" in solo and "against" not in solo
    # Anyone may ask about a name; bob's is the same text.
    assert output(ladder_server, "bob", "stats alice") == mine


def test_stats_of_a_name_with_nothing_recorded(ladder_server):
    text = output(ladder_server, "alice", "stats bob")
    assert text == ("bob on the ladder\nNo rated games yet.\n"
                    "No finished tables recorded yet.\n")
    refused = output(ladder_server, "alice", "stats \x1b[31mred")
    assert "is not a name" in refused and "\x1b" not in refused


def test_a_leaderboard_and_an_unknown_game(ladder_server, shipped_games):
    board = output(ladder_server, "bob", "leaderboard jowhari").splitlines()
    assert board[0] == "Jowhari leaderboard"
    assert board[1].split() == ["rank", "name", "kind", "ordinal", "games", "last", "played"]
    rows = [line.split()[:3] for line in board[2:]]
    assert sorted(rows, key=lambda row: row[1]) == [["1", "alice", "person"],
                                                    ["2", "greedy", "bot"]] or sorted(
        rows, key=lambda row: row[1]) == [["2", "alice", "person"], ["1", "greedy", "bot"]]
    assert output(ladder_server, "bob", "leaderboard marylia") == \
        "Nobody is rated in Jewels: Merchants of Marylia yet.\n"
    unknown = output(ladder_server, "bob", "leaderboard chess")
    # The server offers the shipped games (a game registered only by the tests is not there).
    assert unknown == (f"gemtable: there is no game 'chess'; the games are "
                       f"{', '.join(shipped_games)}.\n")
    assert "leaderboard GAME" in output(ladder_server, "bob", "leaderboard")
    assert "stats [NAME]" in output(ladder_server, "bob", "help")
