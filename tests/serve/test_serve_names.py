"""Names over real SSH: in key mode each key has its own names; with --open a name
is bound to the key, or the rejoin code, that first used it; the lobby says names
are not verified there."""

from __future__ import annotations

import re

import asyncssh
import pytest
from serve_support import WAIT, Client, server_with_keys

LOBBY = "shared tables"


async def test_a_key_cannot_take_a_name_its_line_does_not_give(make_server, tmp_path,
                                                                 clients):
    alice_key = asyncssh.generate_private_key("ssh-ed25519")
    keyed = server_with_keys(make_server, tmp_path, alice=alice_key)
    alice = await clients(keyed.port, "alice", client_keys=[alice_key])
    await alice.wait_for(LOBBY)
    assert "not verified" not in alice.text()
    async with asyncssh.connect("127.0.0.1", keyed.port, username="bob", known_hosts=None,
                                client_keys=[alice_key]) as conn:
        listing = await conn.run("list", timeout=WAIT)
    assert listing.exit_status == 1 and "may not use the name bob" in listing.stdout
    bob = await clients(keyed.port, "bob", client_keys=[alice_key])
    await bob.wait_for("may use alice")
    await bob.term.closed.wait()


async def test_open_names_belong_to_the_key_or_code_that_first_used_them(server, clients):
    own_key, other_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    alice = await clients(server.port, "alice", client_keys=[own_key])
    await alice.wait_for("names are not verified")
    await alice.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await Client.open(server.port, "alice", client_keys=[other_key])
    with pytest.raises(asyncssh.PermissionDenied):
        await Client.open(server.port, "alice", client_keys=[])
    again = await clients(server.port, "alice", client_keys=[own_key])
    await again.wait_for(LOBBY)

    carol = await clients(server.port, "carol", client_keys=[])
    await carol.wait_for("rejoin code is")
    code = re.search(r"rejoin code is ([a-z0-9]{8}) ", carol.text())
    assert code, carol.text()
    await carol.close()
    for wrong in ([other_key], []):
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.open(server.port, "carol", client_keys=wrong, password="nope")
    back = await clients(server.port, "carol", client_keys=[], password=code.group(1))
    await back.wait_for(LOBBY)
    assert "rejoin code is" not in back.text()
