"""Served tables for the ladder's tests: a game played out by a person through the
hub, and tables written into a data folder as a server leaves them."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from playouts import played_out
from serve_support import HubThread, wait_until
from tui_support import Recorder

from gemtable.engine import registry
from gemtable.engine.gamelog import Header, write_complete
from gemtable.tui.serve import protocol
from gemtable.tui.serve.store import DataDir, TableRecord
from gemtable.tui.table import ViewUpdated


def write_table(data: Path, table_id: str, owners: list[str | None], seats: tuple[str, ...],
                *, game_id: str = "jowhari", seed: int = 5,
                last_move_left: bool = False) -> str:
    """A started table in `data` as a server leaves it: finished, or (with
    `last_move_left`) one move short of its end, that move a person's (the first
    seed from `seed` on whose game ends so). Returns the last move."""
    while True:
        states, actions = played_out(game_id, len(seats), seed)
        mover = states[-2].to_move
        if not last_move_left or (isinstance(mover, int) and owners[mover] is not None):
            break
        seed += 1
    if last_move_left:
        states, actions, last = states[:-1], actions[:-1], actions[-1]
    else:
        last = actions[-1]
    folder = DataDir(data)
    variant = registry.get(game_id).default_variant(len(seats)).id
    header = Header(game=game_id, variant=variant, players=len(seats), seats=seats, seed=seed)
    write_complete(folder.table_log(table_id), header, states, actions)
    folder.save_record(TableRecord(table_id, owners, owners[0] or "alice",
                                   datetime.now(UTC).isoformat(), started=True))
    return last


def my_turn(inbox: Recorder) -> tuple[str, ...]:
    views = inbox.of(ViewUpdated)
    return views[-1].legal if views else ()


def play_out(running: HubThread, user: str, table_id: str, seat: int) -> None:
    """`user` plays their seat's first legal move at every turn until the game ends."""
    client = running.client(user)
    hub_table = running.hub.tables[table_id]
    running.on_loop(lambda: hub_table.table.set_delay(0.0))  # the bots answer at once
    inbox = Recorder()
    attachment, _ = client.attach(table_id, seat, inbox)
    while not hub_table.table.is_over:
        wait_until(lambda: hub_table.table.is_over or len(my_turn(inbox)) > 0,
                   what=f"{user}'s turn")
        legal = my_turn(inbox)
        if hub_table.table.is_over or not legal:
            continue
        step = inbox.of(ViewUpdated)[-1].step
        client.tell(protocol.Submit, attachment=attachment, action=legal[0])
        wait_until(lambda step=step: hub_table.table.is_over or inbox.of(ViewUpdated)[-1].step > step,
                   what="the move to be taken")
    client.detach(attachment)


def make_table(running: HubThread, user: str, seats: tuple[str, ...], seed: int = 3) -> str:
    client = running.client(user)
    info = client.call(protocol.CreateTable, game="jowhari", variant=None, seats=seats,
                       seed=seed)
    return str(info.id)


def recorded(running: HubThread) -> bool:
    """The hub has no finished table left to record."""
    return not running.on_loop(lambda: running.hub.ladder.busy)


def ask_ladder(running: HubThread, function, *args):
    """`function(ladder, *args)` on the hub's ladder thread."""
    return running.run(running.hub.in_ladder(function, *args))


def games_recorded(running: HubThread) -> list[str]:
    return ask_ladder(running, lambda ladder: [row[0] for row in ladder.db.execute(
        "SELECT table_id FROM games ORDER BY id")])
