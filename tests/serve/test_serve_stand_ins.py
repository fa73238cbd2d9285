"""Stand-in bots: each absent seat is played through a connection of its own, a
move is logged as played only once the table took it, and a refused move is
tried again later, not at once."""

from __future__ import annotations

import logging
import threading
import time

from serve_support import WAIT, wait_until
from tui_support import Recorder

from gemtable.tui.serve import protocol
from gemtable.tui.table import ViewUpdated

AWAY = 0.3
"""Seconds away before a stand-in plays (small, so the test runs quickly)."""


def latest(inbox: Recorder) -> ViewUpdated | None:
    views = inbox.of(ViewUpdated)
    return views[-1] if views else None


def my_turn(inbox: Recorder) -> bool:
    view = latest(inbox)
    return view is not None and bool(view.legal)


def test_one_stand_in_per_seat_and_the_table_moves_on(hub_factory, caplog):
    """The issue's sequence: alice and bob sit; bob leaves, a stand-in plays for him,
    bob returns; alice leaves. Her turns must be played too (once, the one stand-in
    answered for every seat, and the table stood still)."""
    caplog.set_level(logging.INFO, logger="gemtable.serve")
    running = hub_factory(stand_in_after=AWAY, stand_in_bot="random")
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                      seed=11)
    bob.call(protocol.TakeSeat, table=info.id, seat=None)
    table = running.hub.tables[info.id].table
    alice_inbox, bob_inbox = Recorder(), Recorder()
    alice_seat, _ = alice.attach(info.id, 0, alice_inbox)
    bob_seat, _ = bob.attach(info.id, 1, bob_inbox)

    # Alice plays; bob leaves on his turn and a stand-in plays it from his seat.
    wait_until(lambda: my_turn(alice_inbox), what="alice's first turn")
    alice.tell(protocol.Submit, attachment=alice_seat, action=latest(alice_inbox).legal[0])
    wait_until(lambda: my_turn(bob_inbox), what="bob's turn")
    bob.detach(bob_seat)
    wait_until(lambda: table.step >= 2, what="the stand-in's move for bob")
    assert [entry.mover for entry in table.history] == [0, 1]

    # Bob is back, it is alice's turn, and now she leaves.
    bob_inbox = Recorder()
    bob_seat, _ = bob.attach(info.id, 1, bob_inbox)
    wait_until(lambda: my_turn(alice_inbox) and latest(alice_inbox).step == 2)
    alice.detach(alice_seat)
    wait_until(lambda: table.step >= 3, what="a stand-in's move for alice")
    assert table.history[2].mover == 0
    # ... and the table goes on: bob plays, and her stand-in answers again.
    wait_until(lambda: my_turn(bob_inbox) and latest(bob_inbox).step == 3)
    bob.tell(protocol.Submit, attachment=bob_seat, action=latest(bob_inbox).legal[0])
    wait_until(lambda: table.step >= 5, what="alice's stand-in again")
    assert [entry.mover for entry in table.history[:5]] == [0, 1, 0, 1, 0]

    def played() -> list[str]:
        """The seat of each move logged as a stand-in's."""
        return [r.getMessage().split("for seat ")[1][0] for r in list(caplog.records)
                if "stand-in random played" in r.getMessage()]

    wait_until(lambda: len(played()) >= 3, what="the third stand-in move in the log")
    assert played()[:3] == ["2", "1", "1"]
    assert "refused" not in caplog.text


class RefusedMoves:
    """A stand-in bot whose every move the table refuses; it notes when it was asked."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.lock = threading.Lock()

    def __call__(self, kind: str, game_id: str, seed: int, view: object) -> str:
        with self.lock:
            self.asked.append(time.monotonic())
        return "fly away"

    def count(self) -> int:
        with self.lock:
            return len(self.asked)


def test_a_refused_stand_in_move_is_not_logged_as_played_and_waits_longer_each_time(
        hub_factory, caplog, monkeypatch):
    from gemtable.tui.serve import hubtable

    first = 0.8
    monkeypatch.setattr(hubtable, "STAND_IN_BACKOFF", first, raising=False)
    caplog.set_level(logging.INFO, logger="gemtable.serve")
    running = hub_factory(stand_in_after=0.1, stand_in_bot="random")
    bot = RefusedMoves()
    running.pool.choose = bot  # the hub hands each new table the pool's `choose`
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                      seed=5)
    bob.call(protocol.TakeSeat, table=info.id, seat=None)
    seat, _ = alice.attach(info.id, 0, Recorder())
    alice.detach(seat)  # she looked in, and left on her turn
    wait_until(lambda: bot.count() >= 4, timeout=WAIT, what="four tries")
    table = running.hub.tables[info.id].table
    assert table.step == 0
    gaps = [later - earlier for earlier, later in zip(bot.asked, bot.asked[1:], strict=False)]
    # At least the back-off, doubling: 0.8 s, 1.6 s, 3.2 s (once, a refusal came
    # back every 0.6 s, the bot's pace, for as long as the table stood).
    for n, gap in enumerate(gaps[:3]):
        assert gap >= first * 2**n, gaps
    messages = [r.getMessage() for r in caplog.records]
    assert not any("played" in m for m in messages)
    assert sum("refused" in m for m in messages) >= 3


def test_a_stand_in_plays_the_first_turn_of_someone_who_never_came(hub_factory):
    running = hub_factory(stand_in_after=AWAY, stand_in_bot="random")
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                      seed=5)
    bob.call(protocol.TakeSeat, table=info.id, seat=None)  # the game starts; alice never comes
    table = running.hub.tables[info.id].table
    wait_until(lambda: table.step >= 1, what="a stand-in's first move for alice")
    assert table.history[0].mover == 0
