"""The review screen: a replay with the search's verdict on every move of a person."""

from __future__ import annotations

from review_support import REVIEW_OPTIONS, finished_log
from textual.widgets import Static
from tui_support import make_app, real_board, until

from gemtable.ai.review import cache_path, review_log
from gemtable.tui.app import StartReview
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.review import ReviewScreen, short_loss
from gemtable.tui.table import GameResult
from gemtable.tui.table.storage import open_log

SIZE = (80, 24)


def review_app(path, **options):
    return make_app(StartReview(open_log(path), path), board_class=real_board,
                    review_options=dict(REVIEW_OPTIONS), **options)


async def test_the_review_shows_each_decision_and_jumps_to_the_mistakes(tmp_path):
    path = finished_log(tmp_path)
    app = review_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen)
                    and app.screen.review is not None)
        screen = app.screen
        expected = review_log(path, **REVIEW_OPTIONS)  # from the cache it just wrote
        assert screen.review == expected and cache_path(path).exists()
        mistakes = expected.mistakes
        assert mistakes
        await pilot.press("1")
        assert screen.index == mistakes[0].index
        panel = str(screen.query_one("#review-panel", Static).render())
        assert f"played {mistakes[0].played}" in panel
        assert f"better: {mistakes[0].preferred}" in panel and "mistake 1" in panel
        await pilot.press("right")
        assert screen.index == mistakes[0].index + 1  # steps like a replay
        await pilot.press("home")
        first = expected.moves[0]
        assert screen.index == 0 and first.index == 0
        assert f"played {first.played}" in str(screen.query_one("#review-panel").render())


async def test_the_end_screen_opens_the_review_and_q_comes_back(tmp_path):
    path = finished_log(tmp_path)
    loaded = open_log(path)
    result = GameResult.of(loaded.final, loaded.header.seats)
    app = make_app(board_class=real_board, review_options=dict(REVIEW_OPTIONS))
    async with app.run_test(size=SIZE) as pilot:
        chosen: list[object] = []
        app.push_screen(EndScreen("Jowhari", result, ("Seat 1", "Seat 2"), can_review=True),
                        chosen.append)
        await pilot.pause()
        assert "r review" in str(app.screen.query_one("#end-keys").render())
        await pilot.press("r")
        await until(pilot, lambda: chosen == ["review"])
        below = app.screen
        app.open_review(path)
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("q")
        await until(pilot, lambda: app.screen is below)


async def test_no_review_key_where_the_log_is_elsewhere(tmp_path):
    path = finished_log(tmp_path)
    loaded = open_log(path)
    result = GameResult.of(loaded.final, loaded.header.seats)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        chosen: list[object] = []
        app.push_screen(EndScreen("Jowhari", result, ("Seat 1", "Seat 2")), chosen.append)
        await pilot.pause()
        assert "review" not in str(app.screen.query_one("#end-keys").render())
        await pilot.press("r")
        await pilot.pause()
        assert chosen == [] and isinstance(app.screen, EndScreen)


def test_a_cost_is_signed_unless_it_rounds_to_nothing():
    assert short_loss(0.434, solo=False) == "-43% win"
    assert short_loss(0.004, solo=False) == "0% win"
    assert short_loss(4.0, solo=True) == "-4.0 pts"
    assert short_loss(0.01, solo=True) == "0.0 pts"
