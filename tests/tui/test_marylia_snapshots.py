"""The Marylia game screen at 80x24 and 120x40: the set-up, the middle of a
game, a sealed bid being typed, its reveal, and the end, for 2 players (and
5 at 80x24), kept as SVG and plain text under screenshots/ with the helpers
and normalisation of test_tui_snapshots.py. `pytest --snapshot-update`
rewrites them after an intended change.

The opponents are a test bot defined here, not the real ones, so a change to
a bot's heuristic does not redraw these screens; they sit under a kind a
person can choose ("greedy"), played by `TidyBot`, which sells what it
can, forges its best item worth 8 or more, buys when it keeps 5 coins
spare, refills its city, else walks to the cheapest city with a card, else
collects; it joins auctions with 8 coins or more and bids a fixed amount by
seat. It is deterministic. Every merchant starts in city 1, so the first purchase is an auction.
"""

from __future__ import annotations

import pytest
from tui_support import bots, make_app, match_screen, real_board, render_text, settled, until

from gemtable.engine import State
from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.components import COST, item_value
from gemtable.engine.games.marylia.rules import travel_cost
from gemtable.engine.games.marylia.state import ACT, BID, MaryliaState
from gemtable.tui.app import StartTable
from gemtable.tui.boards.base import Board
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.table import Table

SIZES = [(80, 24), (120, 40)]
SEED = 2
"""Seat 1 (the person) is the first player with 2 and with 5 players."""


class TidyBot:
    kind = "greedy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        assert view.viewer is not None, "a bot was handed the true state"
        assert isinstance(view, MaryliaState)
        return tidy_choice(view)


def tidy_choice(view: MaryliaState) -> object:
    legal = view.legal_actions()
    if actions.PLACE[0] in legal:
        return actions.PLACE[0]
    mover = view.to_move
    assert isinstance(mover, int)
    seat = view.seats[mover]
    bids = [a for a in legal if isinstance(a, actions.Bid)]
    if bids:
        return actions.bid(min(seat.coins, 3 + 2 * mover))
    joins = [a for a in legal if isinstance(a, actions.Join)]
    if actions.PASS in legal:
        return joins[0] if joins and seat.coins >= 8 else actions.PASS
    discards = [a for a in legal if isinstance(a, actions.Discard)]
    if discards:
        return discards[0]
    sells = [a for a in legal if isinstance(a, actions.Sell)]
    if sells:
        return max(sells, key=lambda a: seat.items[a.item].value)
    forges = [a for a in legal if isinstance(a, actions.Forge)
              and item_value(a.recipe, a.parts) >= 8]
    if forges:
        return max(forges, key=lambda a: (item_value(a.recipe, a.parts), str(a)))
    if actions.BUY in legal and seat.coins >= COST[view.resources[seat.city]] + 5:
        return actions.BUY
    if actions.WAIT in legal:
        return actions.WAIT
    travels = [a for a in legal if isinstance(a, actions.Travel) and view.resources[a.city] >= 0]
    if travels:
        return min(travels, key=lambda a: (travel_cost(view.seats[mover].city, a.city), a.city))
    return actions.COLLECT


def snapshot_bots(kind: str, *, game_id: str, seed: int) -> object:
    return TidyBot(seed) if kind == "greedy" else bots(kind, game_id=game_id, seed=seed)


@pytest.fixture
def check(snapshot):
    def check_screen(app, name: str) -> None:
        text = render_text(app)
        for line in text.splitlines():
            assert len(line) <= app.size.width
        match_screen(snapshot, app, name, text=text)

    return check_screen


def marylia_app(players: int, *, human: bool = True):
    seats = (["human"] if human else ["greedy"]) + ["greedy"] * (players - 1)
    table = Table.create("marylia", seats, seed=SEED, bots=snapshot_bots)
    return table, make_app(StartTable(table), board_class=real_board)


def human_to_act(table: Table) -> bool:
    return table.true_state.to_move == 0


async def play_tidy_until(pilot, app, table: Table, done, limit: int = 400) -> None:
    """The person at seat 1 plays TidyBot's choices, as the board posts them, until `done()`."""
    for _ in range(limit):
        await until(pilot, lambda: human_to_act(table) or table.true_state.is_over)
        await settled(pilot, app, table)
        if done():
            return
        step = table.step
        app.screen.board.post_message(Board.ActionChosen(tidy_choice(table.true_state.view(0))))
        await until(pilot, lambda s=step: table.step > s)
    raise AssertionError("the position never came")


def screens(players: int):
    sizes = SIZES if players == 2 else SIZES[:1]
    return [pytest.param(size, players, id=f"{players}p-{size[0]}x{size[1]}") for size in sizes]


def name(kind: str, players: int) -> str:
    return f"marylia_{kind}" + ("" if players == 2 else f"_{players}p")


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(5))
async def test_start(size, players, check):
    """Set-up: the person places first; the cursor is on city 3."""
    table, app = marylia_app(players)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: human_to_act(table))
        await settled(pilot, app, table)
        app.screen.board.focus()
        await pilot.press("3")
        await pilot.pause()
        check(app, name("start", players))


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(5))
async def test_mid_game(size, players, check):
    """Round 4, the person's turn, forging: Tab filled in the best item."""
    table, app = marylia_app(players)
    async with app.run_test(size=size) as pilot:
        await play_tidy_until(pilot, app, table, lambda: table.true_state.round >= 4
                              and table.true_state.step == ACT
                              and table.true_state.actions_left == 3)
        app.screen.board.focus()
        view = table.true_state.view(0)
        if any(isinstance(a, actions.Forge) for a in view.legal_actions()):
            await pilot.press("f", "tab")
        else:
            await pilot.press("5")
        await pilot.pause()
        check(app, name("mid", players))


def bidding(table: Table) -> bool:
    state = table.true_state
    return state.step == BID and state.to_move == 0


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(5))
async def test_auction_bid_and_reveal(size, players, check):
    """The person types a sealed bid (not yet committed), then commits it and
    sees every bid revealed."""
    table, app = marylia_app(players)
    async with app.run_test(size=size) as pilot:
        await play_tidy_until(pilot, app, table, lambda: bidding(table)
                              and table.true_state.current == 0)
        app.screen.board.focus()
        await pilot.press("4")
        await pilot.pause()
        check(app, name("auction_bid", players))
        step = table.step
        await pilot.press("enter")
        await until(pilot, lambda: table.true_state.auction is None and table.step > step
                    and human_to_act(table))
        await settled(pilot, app, table)
        assert "bids revealed" in render_text(app)
        check(app, name("auction_reveal", players))


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(5))
async def test_end(size, players, check, every_view_drawn):
    table, app = marylia_app(players, human=False)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=120)
        await pilot.pause()
        check(app, name("end", players))
        await pilot.press("v")  # the final table behind the results: wealth per seat
        await until(pilot, lambda: not isinstance(app.screen, EndScreen))
        await pilot.pause()
        assert "wealth" in render_text(app)
        check(app, name("end_board", players))
