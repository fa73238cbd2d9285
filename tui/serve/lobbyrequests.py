"""The lobby's requests as the hub answers them: make a table, take a seat, give
one up before the game starts, cancel a table that has not started."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from gemtable.engine.core import random_seed
from gemtable.tui.table import Table, TableError

from . import protocol
from .plain import quoted
from .store import TableRecord, new_table_id

if TYPE_CHECKING:
    from .hub import Hub
    from .hubtable import HubTable

log = logging.getLogger("gemtable.serve")

TABLES_PER_USER = 3
"""Tables one person may have at once that wait for players or have bots only."""


def _refused(text: str) -> Exception:
    from .hub import Refused

    return Refused(text)


def check_may_make(hub: Hub, user: str, request: protocol.CreateTable) -> None:
    """Refused if the server or this person has tables enough, or a seat's kind is
    not one the server offers for the game."""
    active = hub.active_tables()
    if len(active) >= hub.limits.max_tables:
        raise _refused(f"the server holds {hub.limits.max_tables} tables already; "
                       "join one, or try later")
    made = [t for t in active if t.record.created_by == user]
    if len(made) >= hub.limits.tables_per_person:
        raise _refused(f"you have made {len(made)} tables that are not finished, the most "
                       "one person may have here; finish or cancel one first")
    # Bot-only tables start at once but take a slot all the same: they count.
    held = [t for t in made if t.status == protocol.WAITING or not t.human_seats]
    if len(held) >= TABLES_PER_USER:
        raise _refused(f"you have {len(held)} tables waiting for players or playing "
                       "bots only already; cancel one or let it finish")
    seats = tuple(request.seats)
    if sum(1 for s in seats if s == protocol.YOU) > 1:
        raise _refused("you can sit at one seat of a table only")
    game = next((g for g in hub.games if g.id == request.game), None)
    for kind in (s for s in seats if s not in (protocol.YOU, protocol.OPEN)):
        # A seat kind may name a program to run: only the operator's may.
        if not hub.offers(kind):
            raise _refused(f"this server offers no outside program {quoted(kind)}")
        # Nor any other kind the form does not list: `mcts:99999999` or a
        # search on 64 processes would be one person's way to drain the CPU.
        # (A game that is not here is refused later, by the table.)
        if game is not None and kind not in game.bots:
            raise _refused(f"this server offers no bot {quoted(kind)} for {game.title}; "
                           "the new-table form lists the ones it does")


async def create_table(hub: Hub, user: str, request: protocol.CreateTable) -> protocol.TableInfo:
    check_may_make(hub, user, request)
    seats = tuple(request.seats)
    kinds = ["human" if s in (protocol.YOU, protocol.OPEN) else s for s in seats]
    owners: list[str | None] = [user if s == protocol.YOU else None for s in seats]
    taken = set(hub.tables) | {p.stem for p in hub.data.tables.glob("*.json*")}
    table_id = new_table_id(taken)
    chosen = request.seed is not None
    seed = random_seed() if request.seed is None else request.seed
    refusal = protocol.seed_refusal(seed)
    if refusal is not None:
        raise _refused(refusal)
    try:
        table = await hub.in_thread(lambda: Table.create(
            request.game, kinds, seed=seed, variant=request.variant,
            log=hub.data.table_log(table_id), bots=hub.make_bot))
    except TableError as error:
        raise _refused(str(error)) from None
    record = TableRecord(table_id, owners, user, datetime.now(UTC).isoformat(),
                         seed_chosen=chosen)
    hub.data.save_record(record)
    hub_table = await hub.add_table(record, table)
    log.info("table %s: %s made %s for %s", table_id, user, request.game, ", ".join(seats))
    await _start_if_full(hub, hub_table)
    return hub_table.info()


async def take_seat(hub: Hub, user: str, request: protocol.TakeSeat) -> protocol.TableInfo:
    table = hub.table(request.table)
    mine = table.seat_of(user)
    if mine is not None:
        return table.info()  # already sitting here: nothing to take
    if table.status != protocol.WAITING:
        raise _refused(f"table {table.id} has no open seat; you can watch it")
    open_seats = table.open_seats()
    seat = open_seats[0] if request.seat is None and open_seats else request.seat
    if seat not in open_seats:
        raise _refused(f"seat {seat + 1 if isinstance(seat, int) else seat} is not open")
    table.record.owners[seat] = user
    hub.data.save_record(table.record)
    log.info("table %s: %s sits at seat %d", table.id, user, seat + 1)
    await _start_if_full(hub, table)
    hub.lobby_changed()
    return table.info()


async def _start_if_full(hub: Hub, table: HubTable) -> None:
    if table.status == protocol.WAITING and not table.open_seats():
        table.record.started = True
        hub.data.save_record(table.record)
        await table.start()
        log.info("table %s: play starts", table.id)


async def stand_up(hub: Hub, user: str, request: protocol.StandUp) -> None:
    table = hub.table(request.table)
    seat = table.seat_of(user)
    if seat is None:
        raise _refused(f"you have no seat at table {table.id}")
    if table.status != protocol.WAITING:
        raise _refused("the game has started: your seat stays yours (a bot plays it "
                       "while you are away)")
    table.record.owners[seat] = None
    if not any(table.record.owners):
        await _remove(hub, table)
    else:
        hub.data.save_record(table.record)
    hub.lobby_changed()


async def cancel_table(hub: Hub, user: str, request: protocol.CancelTable) -> None:
    table = hub.table(request.table)
    if table.record.created_by != user:
        raise _refused("only the person who made a table can cancel it")
    if table.status != protocol.WAITING:
        raise _refused("the game has started; it cannot be cancelled")
    await _remove(hub, table)


async def _remove(hub: Hub, table: HubTable) -> None:
    del hub.tables[table.id]
    await table.close()
    hub.data.remove_table(table.id)
    log.info("table %s removed before it started", table.id)
    hub.lobby_changed()
