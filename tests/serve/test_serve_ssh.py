"""Shared tables end to end: a real server, real SSH clients with terminals.

Two people and a bot play Jowhari while a third person watches; each screen
shows its own hand only; a player drops and comes back to the same seat and
screen; the server is killed and started again and the table carries on.
"""

from __future__ import annotations

import asyncio
import json
import re

from serve_support import Client

from gemtable.engine.gamelog import load

TABLE_ID = re.compile(r"Table ([a-z0-9]{5}) ")


def log_actions(server, table_id: str) -> list[str]:
    path = server.data / "tables" / f"{table_id}.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [r["action"] for r in records if r["kind"] == "action"]


def hand_cells(screen, seat: int) -> str:
    """The 'hand' column of a seat's row in the players' table ("" until drawn)."""
    for line in screen.lines():
        if re.match(rf"^.Seat {seat}\b", line):
            return line[58:]
    return ""


def sees_own_hand_only(seat: int | None, players: int = 3):
    """On screen: this seat's hand in full, every other hand as card backs."""
    def check(screen) -> bool:
        cells = {s: hand_cells(screen, s) for s in range(1, players + 1)}
        mine = cells.pop(seat) if seat is not None else None
        return ((mine is None or ("3 (below)" in mine and "Hand" in screen))
                and all("▮1 ▮1 ▮2" in other for other in cells.values()))
    return check


async def make_table(alice: Client) -> str:
    """Alice makes a Jowhari table: herself, an open seat, a bot at the normal level."""
    await alice.wait_for("shared tables")
    alice.send("c")
    await alice.wait_for("New shared table")
    await alice.wait_for("◀ bot: normal ▶")
    # Down to the seed and a fixed deal (so the moves below are legal), in one write:
    # typed quickly over a slow link, keys arrive together and must all land.
    alice.send("\x1b[B" * 6 + "7")
    await alice.wait_for("Seed       7")
    alice.send("\r")
    await alice.wait_for("waiting for players")
    return TABLE_ID.search(alice.text()).group(1)


async def test_two_people_a_bot_and_a_watcher_play_with_private_hands(server, clients):
    port = server.port
    alice = await clients(port, "alice")
    table = await make_table(alice)
    await alice.wait_for(f"join {table}")

    bob = await clients(port, "bob", command=f"join {table}")
    await bob.wait_for("you: Seat 2 (bob)")
    await alice.wait_for("Your turn, Seat 1 (alice)")
    carol = await clients(port, "carol", command=f"watch {table}")
    await carol.wait_for("watching · public view")

    # Each seat sees its own hand ("3 (below)" and the cards in the Hand row);
    # the other seats' hands are card backs (▮ and the level) on every screen.
    await alice.wait_for(sees_own_hand_only(1))
    await bob.wait_for(sees_own_hand_only(2))
    await carol.wait_for(sees_own_hand_only(None))

    # The turn comes to alice: a bell and a banner.
    await alice.wait_for(lambda s: s.bells >= 1)
    await alice.play("take RBG")
    # Together: the banner shows for four seconds, and a busy machine is slow to draw.
    # Each log line names the mover, and says "You" on the mover's own screen.
    await asyncio.gather(alice.wait_for("1. You: took red, blue and green gems"),
                         *(screen.wait_for("1. Seat 1 (alice): took red, blue and green gems")
                           for screen in (bob, carol)),
                         bob.wait_for("▶ Your turn, Seat 2 (bob)"))
    await bob.play("take GWK")
    for screen in (alice, bob, carol):
        await screen.wait_for("3. Seat 3 (normal)")
    await alice.wait_for("Your turn, Seat 1 (alice)")
    assert log_actions(server, table)[:2] == ["take RBG", "take GWK"]

    # Bob drops; his seat waits for him; he comes back to the same seat and screen.
    await bob.close()
    await alice.play("take RBK")
    await alice.wait_for("4. You: took red, blue and black gems")
    bob = await clients(port, "bob")
    await bob.wait_for("Back at table")
    await bob.wait_for("4. Seat 1 (alice): took red, blue and black gems")
    await bob.wait_for("Your turn, Seat 2 (bob)")
    await bob.wait_for(sees_own_hand_only(2))
    await bob.play("take RGW")
    await carol.wait_for("5. Seat 2 (bob): took red, green and white gems")
    assert log_actions(server, table)[:5][-1] == "take RGW"


async def test_the_server_killed_and_started_again_resumes_the_table(server, clients):
    port = server.port
    alice = await clients(port, "alice")
    table = await make_table(alice)
    bob = await clients(port, "bob", command=f"join {table}")
    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBG")
    await bob.wait_for("Your turn, Seat 2 (bob)")
    await bob.play("take GWK")
    await alice.wait_for("3. Seat 3 (normal)")
    before = log_actions(server, table)

    server.kill()
    await asyncio.gather(alice.term.closed.wait(), bob.term.closed.wait())
    server.start()
    assert f"table {table} restored at action {len(before)}" in server.log()

    alice = await clients(server.port, "alice")
    await alice.wait_for("Back at table")
    await alice.wait_for("3. Seat 3 (normal)")
    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBK")
    bob = await clients(server.port, "bob", command=f"join {table}")
    await bob.wait_for("4. Seat 1 (alice): took red, blue and black gems")
    after = log_actions(server, table)
    assert after[: len(before)] == before and after[len(before)] == "take RBK"
    loaded = load(server.data / "tables" / f"{table}.jsonl")
    assert not loaded.finished and len(loaded.actions) == len(after)

    server.stop()  # an orderly stop says so on every screen
    for person in (alice, bob):
        await person.wait_for("The server is stopping; your game is saved.")
