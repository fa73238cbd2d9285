"""The ladder's screens in the served app, driven by keys against a real hub: the
lobby's ratings, the leaderboards, one's history, and a finished table's replay
and review. Renders kept under screenshots/serve/."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from ladder_games import GAMES, person
from ladder_tables import ask_ladder, games_recorded, make_table, play_out
from serve_support import app_for, until, wait_until
from tui_support import match_screen, render_text

from gemtable.engine import SPECTATOR
from gemtable.tui.screens.review import ReviewScreen
from gemtable.tui.serve import protocol, served_replay
from gemtable.tui.serve.history import HistoryScreen
from gemtable.tui.serve.ladder import FinishedGame, Ladder
from gemtable.tui.serve.ladder.reviews import ReviewJobs
from gemtable.tui.serve.leaderboard import LeaderboardScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.served_replay import ServedReplayScreen

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "serve"

LONG_NAME = "Bartholomew-the-very-long-named[b]"
"""Cut to fit on every screen, and shown as typed (never as markup)."""

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name, folder=SCREENSHOTS)


def recorded_series(running) -> None:
    """The scripted tables of ladder_games, and one more with a long name, on the
    hub's ladder (fixed times: the screens come out the same every run)."""
    extra = FinishedGame(table_id="t17", game_id="jowhari", variant="standard",
                         finished_at=1_800_003_600.0,
                         seats=(person(LONG_NAME, 1, 44), person("alice", 2, 40)))
    for game in (*GAMES, extra):
        ask_ladder(running, Ladder.record, game)


def shown(app) -> str:
    return render_text(app)


async def test_the_lobby_shows_ones_ratings_and_the_highlighted_games(hub, check):
    recorded_series(hub)
    hub.client("carol").call(protocol.CreateTable, game="marylia", variant=None,
                             seats=(protocol.YOU, protocol.OPEN, "greedy"), seed=1)
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and "Your ratings: Jowhari" in shown(app))
        assert "Marylia" in shown(app).splitlines()[1]
        await until(pilot, lambda: "Your rating in this game: 0.3, #1 of 4 people · plays "
                    "like greedy" in shown(app))
        check(app, "ladder_lobby")


async def test_someone_never_rated_is_told_where_the_leaderboards_are(hub):
    recorded_series(hub)
    app = app_for(hub, "erin")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "No rated games yet: L shows the leaderboards" in shown(app))
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and "No finished tables yet" in shown(app))
        # A game of hers ends meanwhile: the lobby asks again when it is shown again.
        ask_ladder(hub, Ladder.record, FinishedGame(
            table_id="t18", game_id="jowhari", variant="standard", finished_at=1_800_007_200.0,
            seats=(person("erin", 1, 30), person("bob", 2, 20))))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and "Your ratings: Jowhari" in shown(app))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_leaderboard_one_game_at_a_time(hub, check, size):
    recorded_series(hub)
    app = app_for(hub, "alice")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen)
                    and app.screen.board is not None)
        board = app.screen.board
        assert board.game == "jowhari"  # nothing highlighted: the first game rated
        text = shown(app)
        assert "► " in next(line for line in text.splitlines() if " alice " in line)
        assert "greedy" in text and "bot" in text
        assert LONG_NAME not in text and "Bartholomew" in text  # cut, as typed
        check(app, "ladder_leaderboard")
        await pilot.press("right")
        await until(pilot, lambda: app.screen.board is not None
                    and app.screen.board.game != "jowhari")
        await pilot.press("left")
        await until(pilot, lambda: app.screen.board is not None
                    and app.screen.board.game == "jowhari")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_switching_to_a_game_nobody_is_rated_in(hub):
    recorded_series(hub)
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen)
                    and app.screen.board is not None)
        for _ in range(len(app.welcome.games)):
            await pilot.press("tab")
            await until(pilot, lambda: app.screen.board is not None)
            if not app.screen.board.rows:
                break
        assert not app.screen.board.rows
        assert "Nobody is rated in" in shown(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_history_newest_first_with_best_solo_scores(hub, check, size):
    recorded_series(hub)
    app = app_for(hub, "alice")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and app.screen.history is not None)
        history = app.screen.history
        assert history.lines[0].table == "t17"
        text = shown(app)
        assert "Best solo scores: " in text
        assert "not rated" in text and "solo" in text
        assert "(bot)" in text
        check(app, "ladder_history")
        # These tables were never played here: no log, and the screen says so.
        await pilot.press("enter")
        await until(pilot, lambda: "no longer on the server" in shown(app))
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_a_finished_game_replayed_from_ones_seat_and_reviewed(hub_factory, monkeypatch):
    monkeypatch.setattr(served_replay, "REVIEW_POLL", 0.05)
    # The hub's review processes are spawned; a process running a Textual app under
    # test cannot spawn (its standard streams are not files): threads here.
    threads = ThreadPoolExecutor(2)
    monkeypatch.setattr(ReviewJobs, "_pool", lambda jobs: threads)
    running = hub_factory(review_budget=8)
    table_id = make_table(running, "alice", ("greedy", protocol.YOU))
    play_out(running, "alice", table_id, 1)
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")
    app = app_for(running, "alice")
    async with app.run_test(size=(100, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and "Your ratings: Jowhari" in shown(app))
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and app.screen.history is not None)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ServedReplayScreen))
        replay = app.screen
        assert replay.seating.follow == 1 and "Seat 2 view" in replay.query_one("#status").right
        await pilot.press("a")  # the game is over: every hand, then one's own view again
        await until(pilot, lambda: replay.seating.follow is SPECTATOR)
        await pilot.press("a")
        await until(pilot, lambda: replay.seating.follow == 1)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert review.seat == 1
        await until(pilot, lambda: review.review is not None or review._error, timeout=120)
        assert review.review is not None
        assert {move.seat for move in review.review.moves} == {1}
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
    threads.shutdown()


class AnsweringClient:
    """Answers each ReviewQuery with the next status of a script."""

    def __init__(self, *answers: object) -> None:
        self.answers = list(answers)

    def call(self, kind, **fields):
        assert kind is protocol.ReviewQuery and fields == {"table": "t01"}
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_the_served_reviewer_reports_progress_and_passes_on_refusals(monkeypatch):
    monkeypatch.setattr(served_replay, "REVIEW_POLL", 0.0)
    steps: list[tuple[int, int]] = []
    client = AnsweringClient(protocol.ReviewStatus("t01", 1, 0, 0),
                             protocol.ReviewStatus("t01", 1, 3, 10),
                             protocol.ReviewStatus("t01", 1, 0, 0, error="the log is damaged"))
    review = served_replay.served_reviewer(client, "t01")
    with pytest.raises(ValueError, match="the log is damaged"):
        review(Path("table t01"), budget=8, progress=lambda done, total: steps.append(
            (done, total)))
    assert steps == [(3, 10)]  # nothing counted before the server knows the total
    refused = AnsweringClient(served_replay.HubError("table 't01' is not among yours"))
    with pytest.raises(ValueError, match="not among yours"):
        served_replay.served_reviewer(refused, "t01")(Path("table t01"))
    # A review the server never starts is given up on.
    monkeypatch.setattr(served_replay, "REVIEW_START_WAIT", -1.0)
    never = AnsweringClient(*[protocol.ReviewStatus("t01", 1, 0, 0)] * 3)
    with pytest.raises(ValueError, match="not started"):
        served_replay.served_reviewer(never, "t01")(Path("table t01"))
