"""Browsers at the same tables as SSH, with the same seats: a browser player and a
browser watcher beside SSH players each see what their seat may know, a browser
player who closes the page comes back to the same seat, and a stand-in plays the
seat of one who stays away."""

from __future__ import annotations

import asyncio

import pytest
from serve_support import sign_in_link
from test_serve_ssh import log_actions, make_table, sees_own_hand_only

pytestmark = pytest.mark.timeout(120)


async def test_a_browser_player_and_watcher_beside_ssh_see_their_own_views_and_come_back(
        make_server, clients, web_clients):
    server = make_server("--web", "0")
    alice = await clients(server.port, "alice")
    table = await make_table(alice)
    bob = await web_clients.signed_in(await sign_in_link(server.port, "bob"), size=(80, 24))
    await bob.wait_for("shared tables")
    await bob.send("j")
    await bob.type(table)
    await bob.send("\r")
    await bob.wait_for("you: Seat 2 (bob)")
    carol = await web_clients.signed_in(await sign_in_link(server.port, "carol"), size=(80, 24))
    await carol.wait_for(table)
    await carol.send("w")
    await carol.wait_for("watching · public view")

    await alice.wait_for(sees_own_hand_only(1))
    await bob.wait_for(sees_own_hand_only(2))
    await carol.wait_for(sees_own_hand_only(None))

    await alice.play("take RBG")
    await asyncio.gather(*(screen.wait_for("1. Seat 1 (alice): took red, blue and green gems")
                           for screen in (bob, carol)))
    await bob.wait_for("Your turn, Seat 2 (bob)")
    await bob.play("take GWK")
    await alice.wait_for("2. Seat 2 (bob): took green, white and black gems")
    await carol.wait_for("3. Seat 3 (normal)")

    # Bob closes his page; his seat waits; the page opened again puts him back in it.
    await bob.close_terminal()
    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBK")
    await alice.wait_for("4. You: took red, blue and black gems")
    await bob.open_terminal(size=(80, 24))
    await bob.wait_for("Back at table")
    await bob.wait_for("4. Seat 1 (alice): took red, blue and black gems")
    await bob.wait_for(sees_own_hand_only(2))
    await bob.play("take RGW")
    await carol.wait_for("5. Seat 2 (bob): took red, green and white gems")
    actions = log_actions(server, table)
    assert actions[:2] == ["take RBG", "take GWK"]  # then the bot's
    assert actions[3:5] == ["take RBK", "take RGW"]


async def test_a_stand_in_plays_for_a_browser_player_who_stays_away(
        make_server, clients, web_clients):
    server = make_server("--web", "0", "--stand-in-after", "1", "--stand-in-bot", "random")
    alice = await clients(server.port, "alice")
    table = await make_table(alice)
    bob = await web_clients.signed_in(await sign_in_link(server.port, "bob"), size=(80, 24))
    await bob.send("j")
    await bob.type(table)
    await bob.send("\r")
    await bob.wait_for("you: Seat 2 (bob)")
    await bob.close_terminal()

    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBG")
    await alice.wait_for("2. Seat 2 (bob)")  # his stand-in's move, seconds later
    assert "stand-in random played" in server.log() and "for seat 2" in server.log()
