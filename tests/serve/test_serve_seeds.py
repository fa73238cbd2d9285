"""Seeds: 128-bit random by default (a deal's public cards must not give the seed
away), shown to everyone when the maker chose it, never sent while a random one
matters, and game logs readable by the server's account only."""

from __future__ import annotations

import threading

from serve_support import wait_until

from gemtable.engine import SPECTATOR, chance_rng, registry
from gemtable.engine.core import random_seed
from gemtable.engine.gamelog import load
from gemtable.tui import cli, launch
from gemtable.tui.app import GemtableApp, StartMenu
from gemtable.tui.cli import main
from gemtable.tui.serve import protocol, wire
from gemtable.tui.serve.client import HubError
from gemtable.tui.serve.lobby import table_detail
from gemtable.tui.table import Table, ViewUpdated, bot_seed

BIG = 2**127 + 12345


def test_default_seeds_are_128_bit_random_everywhere(monkeypatch, hub_factory):
    seeds = [random_seed() for _ in range(8)]
    assert len(set(seeds)) == 8 and max(seeds) >= 2**100 and max(seeds) < 2**128
    played: list[int] = []
    monkeypatch.setattr(launch, "play", lambda *a, seed, **k: played.append(seed) or 0)
    monkeypatch.setattr(cli, "refuse_without_terminal", lambda command, advice: None)
    assert main(["play", "jowhari", "--seat", "human", "--seat", "greedy"]) == 0
    assert main(["play", "jowhari", "--seat", "human", "--seat", "greedy"]) == 0
    assert played[0] != played[1] and max(played) >= 2**100
    # The menu holds no seed: each game started from it draws a full-size one
    # (tests/tui/test_menu_deals.py plays two and compares).
    assert GemtableApp(StartMenu())._new_menu().seed is None
    running = hub_factory()
    alice = running.client("alice")
    made = [alice.call(protocol.CreateTable, game="jowhari", variant=None,
                       seats=("greedy", "greedy"), seed=None).id for _ in range(3)]
    table_seeds = {running.hub.tables[t].table.header.seed for t in made}
    assert len(table_seeds) == 3 and max(table_seeds) >= 2**100


def test_big_seeds_replay_the_same_game_and_seed_the_bots(tmp_path):
    def play(log) -> list[object]:
        table = Table.create("jowhari", ["greedy", "greedy"], seed=BIG, log=log)
        table.set_delay(0.0)
        done = threading.Event()
        table.connect(SPECTATOR, lambda m: done.set() if not isinstance(m, ViewUpdated)
                      and type(m).__name__ == "GameEnded" else None)
        table.start()
        assert done.wait(60)
        table.close()
        return list(load(log).actions)

    first, second = play(tmp_path / "a.jsonl"), play(tmp_path / "b.jsonl")
    assert first == second and load(tmp_path / "a.jsonl").header.seed == BIG
    assert chance_rng(BIG, 3).random() == chance_rng(BIG, 3).random()
    assert chance_rng(BIG, 3).random() != chance_rng(BIG + 1, 3).random()
    assert bot_seed(BIG, 1, 4) == bot_seed(BIG, 1, 4) != bot_seed(BIG, 1, 5)
    assert registry.get("jowhari").new(3, seed=BIG) == registry.get("jowhari").new(3, seed=BIG)
    assert (tmp_path / "a.jsonl").stat().st_mode & 0o777 == 0o600


def test_a_chosen_seed_is_told_to_everyone_who_sits_down(hub_factory):
    running = hub_factory()
    alice, bob = running.client("alice"), running.client("bob")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                      seats=(protocol.YOU, protocol.OPEN, "greedy"), seed=BIG)
    assert info.seed == BIG
    seated = bob.call(protocol.TakeSeat, table=info.id, seat=None)
    assert seated.seed == BIG
    assert f"Seed {BIG}, chosen by alice" in str(table_detail(seated, "bob", None))


def test_a_random_seed_is_never_sent_before_the_game_ends(hub_factory, monkeypatch):
    received: list[object] = []
    decode = wire.decode_event

    def keep(data: bytes) -> object:
        received.append(data)
        message = decode(data)
        received.append(repr(message))
        return message

    monkeypatch.setattr(wire, "decode_event", keep)
    running = hub_factory()
    alice, carol = running.client("alice"), running.client("carol")
    info = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                      seats=(protocol.YOU, "greedy"), seed=None)
    seed = running.hub.tables[info.id].table.header.seed
    inbox: list[object] = []
    alice.attach(info.id, 0, inbox.append)
    carol.attach(info.id, SPECTATOR, inbox.append)
    wait_until(lambda: any(isinstance(m, ViewUpdated) and m.legal for m in inbox),
               what="alice's turn")
    assert info.seed is None and carol.call(protocol.TableQuery, table=info.id).seed is None
    digits, raw = str(seed), seed.to_bytes(16, "little")
    assert not any(digits in r for r in received if isinstance(r, str))
    assert not any(raw in r or digits.encode() in r for r in received if isinstance(r, bytes))
    # Once it is over, anyone may check the deal.
    running.run(running.hub.tables[info.id].close())
    table = running.hub.tables[info.id]
    monkeypatch.setattr(type(table.table), "is_over", property(lambda self: True))
    assert table.info().seed == seed


def test_a_seed_out_of_range_is_refused_with_a_sentence(hub_factory):
    running = hub_factory()
    alice = running.client("alice")
    for bad in (2**128, -1, 10**4400 - 1):
        try:
            alice.call(protocol.CreateTable, game="jowhari", variant=None,
                       seats=(protocol.YOU, "greedy"), seed=bad)
        except HubError as error:
            assert "whole number" in str(error)
        else:
            raise AssertionError(f"seed {bad.bit_length()} bits long was accepted")
