"""The table hub through its socket protocol, without SSH: who may see and do what,
stand-in bots, and tables surviving a restart."""

from __future__ import annotations

import pytest
from serve_support import wait_until
from tui_support import Recorder

from gemtable.engine import SPECTATOR
from gemtable.engine.gamelog import load
from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubError
from gemtable.tui.table import ActionRejected, ViewUpdated


class Inbox(Recorder):
    """Where one attachment's table messages land."""

    def views(self) -> list[ViewUpdated]:
        return self.of(ViewUpdated)

    def latest(self) -> ViewUpdated:
        return self.views()[-1]


def two_people_and_a_bot(running, seed: int = 7) -> tuple[object, object, str]:
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                      seats=(protocol.YOU, protocol.OPEN, "greedy"), seed=seed)
    assert info.status == protocol.WAITING and info.open_seats == (1,)
    info = bob.call(protocol.TakeSeat, table=info.id, seat=None)
    assert info.status == protocol.PLAYING and info.seat_of("bob") == 1
    return alice, bob, info.id


def test_each_screen_gets_its_own_seats_view_and_spectators_the_public_one(hub_factory):
    running = hub_factory()
    alice, bob, table = two_people_and_a_bot(running)
    carol = running.client("carol")
    inboxes = {0: Inbox(), 1: Inbox(), SPECTATOR: Inbox()}
    attached = {0: alice.attach(table, 0, inboxes[0])[0],
                1: bob.attach(table, 1, inboxes[1])[0],
                SPECTATOR: carol.attach(table, SPECTATOR, inboxes[SPECTATOR])[0]}
    wait_until(lambda: inboxes[0].views() and inboxes[0].latest().legal, what="alice's turn")
    alice.tell(protocol.Submit, attachment=attached[0], action=inboxes[0].latest().legal[0])
    wait_until(lambda: inboxes[1].views() and inboxes[1].latest().legal, what="bob's turn")
    bob.tell(protocol.Submit, attachment=attached[1], action=inboxes[1].latest().legal[-1])
    # Each attachment is delivered on its own: wait until the bot's move reached all.
    wait_until(lambda: all(inbox.latest().step >= 3 for inbox in inboxes.values()),
               what="the bot's move on every screen")

    log = load(running.hub.data.table_log(table))
    for who, inbox in inboxes.items():
        views = inbox.views()
        assert len(views) >= 4
        for message in views:
            assert message.seat is who or message.seat == who
            assert message.view == log.states[message.step].view(who)
            assert message.legal == () or message.to_move == who
    # The three saw different things: hands are hidden from the others.
    finals = {who: inbox.latest().view for who, inbox in inboxes.items()}
    assert finals[0] != finals[1] != finals[SPECTATOR] != finals[0]


def test_nobody_sees_or_plays_a_seat_that_is_not_theirs(hub_factory):
    running = hub_factory()
    alice, bob, table = two_people_and_a_bot(running)
    carol = running.client("carol")
    for client, seat in ((bob, 0), (alice, 1), (carol, 0), (alice, 2)):
        with pytest.raises(HubError, match="your own seat or the public view"):
            client.attach(table, seat, Inbox())
    watching, _ = carol.attach(table, SPECTATOR, Inbox())
    with pytest.raises(HubError, match="spectator cannot play"):
        carol.call(protocol.Submit, attachment=watching, action="take RBG")
    with pytest.raises(HubError, match="not at that table"):
        carol.call(protocol.Submit, attachment=watching + 100, action="take RBG")
    inbox = Inbox()
    seat, _ = bob.attach(table, 1, inbox)
    bob.tell(protocol.Submit, attachment=seat, action="take RBG")  # not bob's turn
    wait_until(lambda: any(isinstance(m, ActionRejected) for m in inbox.messages))
    assert running.hub.tables[table].table.step == 0


def test_seats_are_taken_one_per_person_and_only_before_play_starts(hub_factory):
    running = hub_factory()
    alice, bob, carol = (running.client(name) for name in ("alice", "bob", "carol"))
    with pytest.raises(HubError, match="one seat"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.YOU), seed=1)
    with pytest.raises(HubError, match="no bot"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, "nonsense"))
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                      seats=(protocol.YOU, protocol.OPEN, protocol.OPEN), seed=1)
    assert alice.call(protocol.TakeSeat, table=info.id, seat=None).seat_of("alice") == 0
    with pytest.raises(HubError, match="only the person who made"):
        bob.call(protocol.CancelTable, table=info.id)
    bob.call(protocol.TakeSeat, table=info.id, seat=2)
    with pytest.raises(HubError, match="seat 3 is not open"):
        carol.call(protocol.TakeSeat, table=info.id, seat=2)
    bob.call(protocol.StandUp, table=info.id)  # changed his mind before the start
    carol.call(protocol.TakeSeat, table=info.id, seat=2)
    started = bob.call(protocol.TakeSeat, table=info.id, seat=None)
    assert started.status == protocol.PLAYING
    assert [s.user for s in started.seats] == ["alice", "bob", "carol"]
    dave = running.client("dave")
    with pytest.raises(HubError, match="no open seat; you can watch"):
        dave.call(protocol.TakeSeat, table=info.id, seat=None)
    with pytest.raises(HubError, match="seat stays yours"):
        bob.call(protocol.StandUp, table=info.id)
    with pytest.raises(HubError, match="no table"):
        dave.call(protocol.TableQuery, table="zzzzz")


def test_limits_on_tables(hub_factory):
    running = hub_factory(max_tables=4)
    alice, bob = running.client("alice"), running.client("bob")
    for _ in range(3):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN))
    with pytest.raises(HubError, match="3 tables waiting"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN))
    bob.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN))
    with pytest.raises(HubError, match="holds 4 tables"):
        bob.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, "random"))
    mine = [t.id for t in running.hub.lobby().tables if t.created_by == "alice"]
    alice.call(protocol.CancelTable, table=mine[0])
    assert not running.hub.data.table_log(mine[0]).exists()
    bob.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, "random"))


def test_a_stand_in_plays_an_absent_seat_from_its_view_until_they_return(hub_factory):
    running = hub_factory(stand_in_after=0.3, stand_in_bot="random")
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                      seed=3)
    bob.call(protocol.TakeSeat, table=info.id, seat=None)
    table = running.hub.tables[info.id]
    seen = Inbox()
    seat0, _ = alice.attach(info.id, 0, seen)
    # Bob never came: after the wait a bot plays his turns, seeing his view only.
    wait_until(lambda: seen.views() and seen.latest().legal)
    alice.tell(protocol.Submit, attachment=seat0, action=seen.latest().legal[0])
    wait_until(lambda: table.table.step >= 2, what="the stand-in's move")
    assert table.table.history[1].mover == 1
    assert running.pool.views and all(v.viewer == 1 for v in running.pool.views)
    assert running.hub.lobby().tables[0].seats[1].stand_in

    # Bob is back before his next turn: the table waits for him.
    bob_inbox = Inbox()
    seat1, back = bob.attach(info.id, 1, bob_inbox)
    assert back.seats[1].present and not back.seats[1].stand_in
    wait_until(lambda: seen.latest().legal and seen.latest().step == 2)
    alice.tell(protocol.Submit, attachment=seat0, action=seen.latest().legal[0])
    wait_until(lambda: bob_inbox.views() and bob_inbox.latest().legal)
    # Once the hub has taken in alice's move (bob to move), no bot is due for him.
    wait_until(lambda: running.on_loop(lambda: table.mover) == 1, what="the hub to see bob's turn")
    assert not running.on_loop(lambda: table.stand_in_planned)
    assert table.table.step == 3
    bob.tell(protocol.Submit, attachment=seat1, action=bob_inbox.latest().legal[0])
    wait_until(lambda: table.table.step == 4)


def test_a_restarted_hub_resumes_every_unfinished_table_with_its_seats(hub_factory, tmp_path):
    data = tmp_path / "kept"
    first = hub_factory(data)
    alice, bob, playing = two_people_and_a_bot(first)
    waiting = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                         seats=(protocol.YOU, protocol.OPEN), seed=5).id
    inbox = Inbox()
    seat0, _ = alice.attach(playing, 0, inbox)
    wait_until(lambda: inbox.views() and inbox.latest().legal)
    alice.tell(protocol.Submit, attachment=seat0, action=inbox.latest().legal[0])
    wait_until(lambda: first.hub.tables[playing].table.step == 1)
    before = {t.id: t for t in first.hub.lobby().tables}
    first.stop()
    (data / "tables" / "junk1.json").write_text("{not json")  # skipped, never fatal

    second = hub_factory(data)
    after = {t.id: t for t in second.hub.lobby().tables}
    assert set(after) == {playing, waiting}
    assert [s.user for s in after[playing].seats] == [s.user for s in before[playing].seats]
    assert after[playing].status == protocol.PLAYING and after[waiting].status == protocol.WAITING
    assert after[playing].step == 1
    bob = second.client("bob")
    inbox = Inbox()
    seat1, _ = bob.attach(playing, 1, inbox)
    wait_until(lambda: inbox.views() and inbox.latest().legal)
    bob.tell(protocol.Submit, attachment=seat1, action=inbox.latest().legal[0])
    wait_until(lambda: second.hub.tables[playing].table.step == 3, what="bob, then the bot")
    carol = second.client("carol")
    assert carol.call(protocol.TakeSeat, table=waiting, seat=None).status == protocol.PLAYING


def test_damaged_table_files_are_kept_aside_logged_and_told(hub_factory, tmp_path, caplog):
    from gemtable.tui.serve.client import HubClient

    data = tmp_path / "kept"
    first = hub_factory(data)
    alice, bob, garbled = two_people_and_a_bot(first)
    carol, dave = first.client("carol"), first.client("dave")
    torn = carol.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, "greedy"),
                      seed=3).id
    record = dave.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                       seed=4).id
    wait_until(lambda: first.hub.tables[torn].table.step >= 0)
    first.stop()
    tables = data / "tables"
    with (tables / f"{garbled}.jsonl").open("a") as log:
        log.write("garbage, not a log line\n")
    with (tables / f"{torn}.jsonl").open("a") as log:
        log.write('{"kind":"action","n":')  # the server died mid-write
    (tables / f"{record}.json").write_text('{"id": "x", "owners": 7}')

    second = hub_factory(data)
    assert set(second.hub.tables) == {torn}  # resumed before the torn line
    kept = sorted(p.name.split(".")[0] + "." + p.name.split(".")[1]
                  for p in (tables / "damaged").iterdir())
    assert kept == sorted([f"{garbled}.json", f"{garbled}.jsonl", f"{torn}.jsonl",
                           f"{record}.json", f"{record}.jsonl"])
    said = caplog.text
    assert f"table {garbled} not restored" in said and f"table {torn}: the last line" in said
    assert f"table {record}: its seat record is unreadable" in said

    def notices(user: str) -> list[str]:
        client = HubClient(second.hub.socket_path)
        second.clients.append(client)
        return list(client.hello(second.hub.issue_token(user)).notices)

    assert any("could not be resumed" in n and garbled in n for n in notices("bob"))
    assert any("not saved whole" in n for n in notices("carol"))
    assert notices("carol") == []  # said once


def test_the_operators_outside_programs_are_offered_and_no_other_may_sit(hub_factory):
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "random_bot.py"
    offered = f"exec:{sys.executable} {example}"
    running = hub_factory(exec_bots=(offered,))
    alice = running.client("alice")
    assert all(offered in game.bots for game in alice.welcome.games)
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(offered, "greedy"),
                      seed=3)
    assert info.status == protocol.PLAYING
    with pytest.raises(HubError, match="offers no outside program"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None,
                   seats=(f"exec:{sys.executable} -c 'print(1)'", "greedy"), seed=3)


def test_hints_are_off_where_people_play_each_other_and_on_against_bots(hub_factory):
    running = hub_factory()
    alice = running.client("alice")
    shared = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN))
    alone = alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, "greedy"))
    assert shared.hints is False and alone.hints is True
