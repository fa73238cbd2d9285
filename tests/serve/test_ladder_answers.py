"""What a person's session may ask the ladder: their ratings, a leaderboard, their
history, and the replay and review of their own finished tables; and what it may
not: another person's hidden cards, through any of these, before the game ended."""

from __future__ import annotations

import threading

import pytest
from ladder_tables import games_recorded, make_table, play_out
from serve_support import wait_until

from gemtable.ai.review import cache_path
from gemtable.engine import gamelog
from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubError

pytestmark = pytest.mark.timeout(240)


def refusal(client, kind, **fields) -> str:
    with pytest.raises(HubError) as refused:
        client.call(kind, **fields)
    return str(refused.value)


def test_a_person_sees_their_rating_the_leaderboard_their_history_and_the_replay(
        hub_factory):
    running = hub_factory()
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    play_out(running, "alice", table_id, 0)
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")
    alice = running.client("alice")

    [line] = alice.call(protocol.RatingsQuery)
    assert (line.game, line.rank, line.people, line.games) == ("jowhari", 1, 1, 1)
    assert line.plays_like == "greedy"  # the only rated level of the game
    board = alice.call(protocol.LeaderboardQuery, game="jowhari")
    assert {(row.name, row.kind) for row in board.rows} == {("alice", "person"),
                                                            ("greedy", "bot")}
    assert [row.ordinal for row in board.rows] == sorted(
        (row.ordinal for row in board.rows), reverse=True)
    assert line.ordinal == next(row.ordinal for row in board.rows if row.name == "alice")
    assert "no game" in refusal(alice, protocol.LeaderboardQuery, game="chess")

    history = alice.call(protocol.HistoryQuery)
    [entry] = history.lines
    assert (entry.table, entry.seat, entry.replay, history.total) == (table_id, 0, True, 1)
    assert [(seat.player, seat.kind) for seat in entry.others] == [("greedy", "bot")]

    replay = alice.call(protocol.ReplayQuery, table=table_id)
    log_path = running.hub.data.table_log(table_id)
    assert replay.seat == 0 and replay.text == log_path.read_text()
    loaded = gamelog.loads(replay.text.encode(), log_path)
    assert loaded.finished and loaded.final.is_over
    # Nobody else's history holds the table, and only a person who sat there gets it.
    assert running.client("bob").call(protocol.HistoryQuery).lines == ()
    assert "not among your finished tables" in refusal(running.client("bob"),
                                                       protocol.ReplayQuery, table=table_id)


def review_of(client, table_id: str) -> protocol.ReviewStatus:
    statuses: list[protocol.ReviewStatus] = []

    def finished() -> bool:
        statuses.append(client.call(protocol.ReviewQuery, table=table_id))
        return statuses[-1].review is not None or bool(statuses[-1].error)

    wait_until(finished, what="the review")
    return statuses[-1]


def test_the_review_covers_the_asking_persons_own_moves_and_is_kept(hub_factory):
    running = hub_factory(review_budget=8)
    table_id = make_table(running, "alice", (protocol.YOU, protocol.OPEN))
    running.client("bob").call(protocol.TakeSeat, table=table_id, seat=1)
    both = [threading.Thread(target=play_out, args=(running, user, table_id, seat))
            for user, seat in (("alice", 0), ("bob", 1))]
    for player in both:
        player.start()
    for player in both:
        player.join()
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")

    status = review_of(running.client("bob"), table_id)
    assert status.error == "" and status.seat == 1
    review = status.review
    log_path = running.hub.data.table_log(table_id)
    loaded = gamelog.load(log_path)
    bobs = [i for i, state in enumerate(loaded.states[:-1]) if state.to_move == 1]
    assert [move.index for move in review.moves] == bobs  # bob's moves, none of alice's
    assert {move.seat for move in review.moves} == {1}
    assert (status.done, status.total, review.budget) == (len(bobs), len(bobs), 8)
    assert cache_path(log_path, (1,)).is_file()
    assert running.client("bob").call(protocol.ReviewQuery, table=table_id).review == review
    assert "not among your finished tables" in refusal(running.client("carol"),
                                                       protocol.ReviewQuery, table=table_id)


def test_no_history_replay_or_review_of_a_game_still_in_play(hub_factory):
    running = hub_factory()
    table_id = make_table(running, "alice", (protocol.YOU, protocol.OPEN))
    running.client("bob").call(protocol.TakeSeat, table=table_id, seat=1)
    hub_table = running.hub.tables[table_id]
    wait_until(lambda: len(hub_table.table.history) == 0 and not hub_table.table.is_over,
               what="the game to start")
    for user in ("alice", "bob", "carol"):
        client = running.client(user)
        assert client.call(protocol.HistoryQuery).lines == ()
        for kind in (protocol.ReplayQuery, protocol.ReviewQuery):
            assert "not among your finished tables" in refusal(client, kind, table=table_id)
    assert running.on_loop(lambda: running.hub.ladder.reviews.known(table_id, 0)) is False


def test_a_recorded_table_id_never_brings_the_log_of_another_game(hub_factory):
    """Should the log under a recorded table's id be replaced (an operator's copy, an
    id used again), a game still in play is not sent: only a finished log of the
    recorded game is."""
    running = hub_factory()
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    play_out(running, "alice", table_id, 0)
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")
    log_path = running.hub.data.table_log(table_id)
    lines = log_path.read_text().splitlines(keepends=True)
    log_path.write_text("".join(lines[:len(lines) // 2]))  # the same game, half played
    alice = running.client("alice")
    for kind in (protocol.ReplayQuery, protocol.ReviewQuery):
        assert "no longer on the server" in refusal(alice, kind, table=table_id)
    log_path.unlink()
    [entry] = alice.call(protocol.HistoryQuery).lines
    assert entry.replay is False


def test_a_failed_review_is_told_once_then_tried_again(hub_factory, monkeypatch):
    running = hub_factory(review_budget=8)
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    play_out(running, "alice", table_id, 0)
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")
    tries: list[int] = []

    def failing(*args, **kwargs):
        tries.append(1)
        raise ValueError("a damaged record")

    monkeypatch.setattr("gemtable.tui.serve.ladder.reviews.decisions_of", failing)
    alice = running.client("alice")
    status = review_of(alice, table_id)
    assert status.review is None and "a damaged record" in status.error
    monkeypatch.undo()
    assert review_of(alice, table_id).review is not None  # asked again: a new try
    assert len(tries) == 1


def test_a_server_that_keeps_no_ladder_records_nothing_and_says_so(hub_factory):
    running = hub_factory(ladder=False)
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    play_out(running, "alice", table_id, 0)
    alice = running.client("alice")
    for kind, fields in ((protocol.RatingsQuery, {}), (protocol.HistoryQuery, {}),
                         (protocol.LeaderboardQuery, {"game": "jowhari"}),
                         (protocol.ReplayQuery, {"table": table_id})):
        assert "keeps no ladder" in refusal(alice, kind, **fields)
    assert not running.hub.data.ladder.exists()
