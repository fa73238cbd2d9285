"""No one person fills the server: every unfinished table a person made counts
against a cap of their own, whatever its seats (--max-tables-per-person)."""

from __future__ import annotations

import pytest

from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubError
from gemtable.tui.serve.hub import HubLimits

ME_AND_A_BOT = (protocol.YOU, "greedy")


def make(client, seats=ME_AND_A_BOT) -> str:
    return client.call(protocol.CreateTable, game="jowhari", variant=None, seats=seats, seed=None).id


def test_one_person_cannot_fill_every_table_slot(hub_factory):
    """The issue's case: with --max-tables 8, one person made 8 "me + bot" tables
    (they start at once, so the share of waiting tables never counted them)."""
    running = hub_factory(max_tables=8)
    cap = HubLimits().tables_per_person  # the default
    assert 1 < cap < 8
    alice, bob = running.client("alice"), running.client("bob")
    made = [make(alice) for _ in range(cap - 1)]
    waiting = make(alice, (protocol.YOU, protocol.OPEN))
    with pytest.raises(HubError, match="the most one person may have"):
        make(alice)
    assert len(running.hub.tables) == cap
    make(bob)  # the next person still finds room
    # A table that ends or is cancelled gives the slot back.
    alice.call(protocol.CancelTable, table=waiting)
    make(alice)
    assert all(running.hub.tables[t].status == protocol.PLAYING for t in made)


def test_the_cap_is_the_operators_to_set(hub_factory):
    running = hub_factory(max_tables=8, tables_per_person=1)
    alice = running.client("alice")
    make(alice)
    with pytest.raises(HubError, match="you have made 1 tables that are not finished"):
        make(alice, (protocol.YOU, protocol.OPEN))
