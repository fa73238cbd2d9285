"""The hub's frames are JSON, read against a schema per message, never unpickled:
a small frame cannot make either end build something big, or anything but a
message of the protocol."""

from __future__ import annotations

import json
import pickle
import random
import socket
import struct
import threading
import tracemalloc

import pytest
from serve_support import WAIT, wait_until

from gemtable.engine import CHANCE, SPECTATOR, registry
from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubClient
from gemtable.tui.table.messages import GameEnded, GameResult, ViewUpdated, history_of

BIG = 2**26
"""What the crafted frame asks for (64 MiB; the attack asked for 2**34)."""


def frame(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


def raw_session(running) -> socket.socket:
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(WAIT)
    connection.connect(str(running.hub.socket_path))
    return connection


def read_frame(connection: socket.socket) -> bytes:
    def exactly(size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = connection.recv(size - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    (length,) = struct.unpack(">I", exactly(4))
    return exactly(length)


def test_a_30_byte_frame_cannot_make_the_hub_build_a_huge_value(hub_factory):
    running = hub_factory()
    # builtins.bytes(2**26): a pickle the old allow-list let through.
    crafted = b"cbuiltins\nbytes\n(J" + struct.pack("<i", BIG) + b"tR."
    assert len(frame(crafted)) <= 30
    connection = raw_session(running)
    tracemalloc.start()
    try:
        connection.sendall(frame(crafted))
        assert connection.recv(1) == b""  # the hub closed this session
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        connection.close()
    assert peak < BIG // 8, f"{peak} bytes at the peak"
    assert running.client("bob").welcome.user == "bob"  # the hub serves on


def test_frames_are_json_naming_their_type(hub_factory):
    running = hub_factory()
    connection = raw_session(running)
    token = running.hub.issue_token("alice")
    connection.sendall(frame(json.dumps({"$": "Hello", "rid": 1, "token": token}).encode()))
    reply = json.loads(read_frame(connection))
    assert reply["$"] == "Reply" and reply["rid"] == 1 and reply["ok"] is True
    assert reply["value"]["$"] == "Welcome" and reply["value"]["user"] == "alice"
    lobby = json.loads(read_frame(connection))
    assert lobby["$"] == "LobbyUpdate"
    connection.close()


class FakeHub:
    """A socket a session's client connects to, sending whatever frames a test gives."""

    def __init__(self, path) -> None:
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(path))
        self.listener.listen(1)
        self.accepted: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        self.accepted.append(self.listener.accept()[0])

    def send(self, data: bytes) -> None:
        wait_until(lambda: self.accepted, what="the client to connect")
        self.accepted[0].sendall(data)

    def close(self) -> None:
        for connection in self.accepted:
            connection.close()
        self.listener.close()


@pytest.mark.parametrize("pickled", [True, False])
def test_a_session_unpickles_nothing_from_the_hub(tmp_path, pickled):
    fake = FakeHub(tmp_path / "hub.sock")
    client = HubClient(tmp_path / "hub.sock")
    heard: list[object] = []
    client.listen(heard.append)
    notice = protocol.Notice("from the hub")
    try:
        if pickled:
            fake.send(frame(pickle.dumps(notice)))
        else:
            fake.send(frame(json.dumps({"$": "Notice", "text": "from the hub",
                                        "closing": False}).encode()))
        wait_until(lambda: heard, what="the client to read the frame")
        assert heard == ([None] if pickled else [notice])  # a pickle: the hub is not trusted
    finally:
        client.close()
        fake.close()


# --- the schema, without a socket --------------------------------------------------------


def test_requests_are_held_to_their_schema():
    from gemtable.tui.serve import wire

    good = {"$": "CreateTable", "rid": 4, "game": "jowhari", "variant": None,
            "seats": ["you", "greedy"], "seed": 2**127}
    assert wire.decode_request(json.dumps(good).encode()) == protocol.CreateTable(
        4, "jowhari", None, ("you", "greedy"), 2**127)
    bad = [
        {**good, "$": "Welcome"}, {**good, "$": "Reply"}, {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "seats"}, {**good, "rid": True},
        {**good, "rid": 1.5}, {**good, "rid": 2**70}, {**good, "seats": "you"},
        {**good, "seats": ["you"] * (wire.MAX_ITEMS + 1)}, {**good, "seats": [["you"]]},
        {**good, "game": "x" * (wire.MAX_TEXT + 1)}, {**good, "variant": {"$": "SPECTATOR"}},
        {"$": "Attach", "rid": 1, "table": "t", "who": {"$": "CHANCE", "x": 1}},
        {"$": "Attach", "rid": 1, "table": "t", "who": "spectator"},
        {"$": "Hello", "rid": 1, "token": ["t"]}, [good], "Hello", None,
    ]
    for case in bad:
        with pytest.raises(protocol.ProtocolError):
            wire.decode_request(json.dumps(case).encode())
    for payload in (b"[" * 100_000 + b"]" * 100_000, b'{"$": "Hello", "rid": NaN}',
                    b'{"$":"Hello","rid":' + b"9" * 5000 + b',"token":"t"}',
                    b'{"$": "Hello", "rid": 1, "token": "\xff"}', b"\x80\x05garbage", b""):
        with pytest.raises(protocol.ProtocolError):
            wire.decode_request(payload)
    spectator = {"$": "Attach", "rid": 1, "table": "t", "who": {"$": "SPECTATOR"}}
    assert wire.decode_request(json.dumps(spectator).encode()).who is SPECTATOR


def _shaken(value: object, rng: random.Random) -> object:
    """`value` (a request as JSON) with one thing changed at random."""
    noise = [None, True, 0, -1, 2**64, 1.5, "", "x" * 5000, [], [1], {}, {"$": "Hello"},
             {"$": "SPECTATOR"}]
    if isinstance(value, dict):
        keys = list(value)
        key = rng.choice(keys)
        changed = dict(value)
        what = rng.randrange(4)
        if what == 0:
            del changed[key]
        elif what == 1:
            changed[rng.choice(["x", "$", key + "_"])] = rng.choice(noise)
        elif what == 2:
            changed[key] = rng.choice(noise)
        else:
            changed[key] = _shaken(changed[key], rng)
        return changed
    if isinstance(value, list):
        return [*value, rng.choice(noise)] if value and rng.random() < 0.5 else []
    return rng.choice(noise)


def test_shaken_requests_are_whole_requests_or_refused():
    from gemtable.tui.serve import wire

    samples = [protocol.Hello(1, "token"), protocol.CreateTable(2, "jowhari", "standard", ("you", "open"), 9),
               protocol.TableQuery(3, "k7m2q"), protocol.TakeSeat(4, "k7m2q", None), protocol.StandUp(5, "a"),
               protocol.CancelTable(6, "a"), protocol.Attach(7, "a", SPECTATOR), protocol.Attach(8, "a", 2),
               protocol.Detach(9, 1), protocol.Submit(0, 1, "take RBG"), protocol.RetryBot(10, "a"),
               protocol.CrashReport(11, "trace")]
    rng = random.Random(35)
    refused = 0
    for _ in range(3000):
        sample = rng.choice(samples)
        shaken = _shaken(json.loads(wire.encode(sample)[4:]), rng)
        try:
            request = wire.decode_request(json.dumps(shaken).encode())
        except protocol.ProtocolError:
            refused += 1
            continue
        assert type(request) in protocol.REQUEST_TYPES
        assert type(request.rid) is int and abs(request.rid) < wire.MAX_INT
        for field in ("table", "token", "action", "game"):
            value = getattr(request, field, "")
            assert type(value) is str and len(value) <= wire.MAX_TEXT
    assert refused > 1500


def _play(game, players: int, seed: int) -> tuple[list, list[str]]:
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    states, actions = [state], []
    while not state.is_over and len(actions) < 400:
        action = (state.sample_chance(rng) if state.to_move is CHANCE
                  else rng.choice(list(state.legal_actions())))
        actions.append(str(action))
        state = state.apply(action)
        states.append(state)
    return states, actions


@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_every_games_views_travel_whole(game):
    from gemtable.tui.serve import wire

    states, actions = _play(game, game.max_players, seed=35)
    history = history_of(states, actions)
    for step in (0, len(actions) // 2, len(actions)):
        state = states[step]
        for who in (*range(game.max_players), SPECTATOR):
            view = state.view(who)
            message = protocol.TableEvent(1, ViewUpdated(
                who, step, view, state.to_move if isinstance(state.to_move, int) else None,
                tuple(str(a) for a in view.legal_actions()) if view.to_move == who else (),
                history[:step]))
            data = wire.encode(message)
            assert json.loads(data[4:])["$"] == "TableEvent"
            back = wire.decode_event(data[4:])
            assert back == message
            assert back.message.view.legal_actions() == view.legal_actions()
    final = states[-1]
    if final.is_over:
        ended = protocol.TableEvent(2, GameEnded(0, GameResult.of(final, ("a",) * game.max_players)))
        assert wire.decode_event(wire.encode(ended)[4:]) == ended
