"""Marylia's sealed bids at a served table: each bidder bids on their own screen,
and nothing another seat or a watcher is sent (views, log lines, any message)
tells a committed bid before every bid is in; then the reveal shows them all.

The seed is data found by a search over seeds (2 players, seeds 0 to 5): with
seed 1, seat 1 moves first, and once both merchants start in city 3 seat 1 can
buy that city's card while seat 2 may join, so the third action opens an auction.
"""

from __future__ import annotations

import contextlib
import re

from serve_support import Client, wait_until
from tui_support import Recorder

from gemtable.engine import SPECTATOR, registry
from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.state import JOIN, NO_BID, SEALED
from gemtable.tui.serve import protocol
from gemtable.tui.table import TurnStarted, ViewUpdated, history_of, history_seen_by

SEED = 1
CITY = 3
"""Both merchants start here (1-based, as typed)."""
BOB_BID = 5
OPENING = (f"start {CITY}", f"start {CITY}", "buy", "join")
"""Seat 1 places, seat 2 places, seat 1 buys (an auction), seat 2 joins."""


def test_the_seed_opens_an_auction_at_once():
    """The set-up the tests below rely on, asked of the engine."""
    state = registry.get("marylia").new(2, SEED)
    assert state.first == 0
    for text in OPENING[:3]:
        state = state.apply(state.parse_action(text))
    assert state.step == JOIN and state.auction is not None and state.to_move == 1
    state = state.apply(state.parse_action(OPENING[3]))
    assert state.auction.bidders == (0, 1) and state.to_move == 0


def test_a_table_restored_from_its_log_keeps_the_bid_sealed():
    """After a server restart the history is re-played from the log: the bid
    must be marked secret there too."""
    state = registry.get("marylia").new(2, SEED)
    texts = (*OPENING, "bid 9")
    states = [state]
    for text in texts:
        states.append(states[-1].apply(states[-1].parse_action(text)))
    history = history_of(states, texts)
    assert [entry.secret for entry in history] == [False] * 4 + [True]
    for who in (1, SPECTATOR):
        assert history_seen_by(history, who)[-1].action == "commits a sealed bid"
    assert history_seen_by(history, 0)[-1].action == "bid 9"


class Inbox(Recorder):
    def views(self) -> list[ViewUpdated]:
        return self.of(ViewUpdated)

    def turn_at(self, step: int) -> bool:
        return any(isinstance(m, TurnStarted) and m.step == step for m in self.messages)


def auction_until_bob_bids(running, alice_bid: int):
    """Alice (seat 1) and Bob (seat 2) at a table, Carol watching: the opening,
    Alice's sealed bid; returns the inboxes and Bob's attachment."""
    alice, bob, carol = (running.client(name) for name in ("alice", "bob", "carol"))
    info = alice.call(protocol.CreateTable, game="marylia", variant=None, seats=(protocol.YOU, protocol.OPEN),
                      seed=SEED)
    bob.call(protocol.TakeSeat, table=info.id, seat=None)
    inboxes = {0: Inbox(), 1: Inbox(), SPECTATOR: Inbox()}
    attached = {0: alice.attach(info.id, 0, inboxes[0])[0],
                1: bob.attach(info.id, 1, inboxes[1])[0]}
    carol.attach(info.id, SPECTATOR, inboxes[SPECTATOR])
    clients = {0: alice, 1: bob}
    for step, text in enumerate((*OPENING, f"bid {alice_bid}")):
        seat = (0, 1)[step % 2]
        wait_until(lambda s=seat, n=step: inboxes[s].turn_at(n), what=f"seat {seat + 1} to move")
        clients[seat].tell(protocol.Submit, attachment=attached[seat], action=text)
    # Bob's turn to bid: everything Bob and Carol were told until now is settled.
    wait_until(lambda: all(inboxes[who].turn_at(5) for who in (1, SPECTATOR)),
               what="bob to bid, on every screen")
    return inboxes, bob, attached[1]


ALICE_BIDS = (9, 2)
"""Two runs, alike but for Alice's bid."""


def sealed_auction(running, alice_bid: int) -> dict[object, list[object]]:
    """One auction with Alice bidding `alice_bid`: checks what each screen is
    sent; returns what Bob and Carol were told before Bob bid."""
    inboxes, bob, bobs_seat = auction_until_bob_bids(running, alice_bid)
    told = {who: list(inboxes[who].messages) for who in (1, SPECTATOR)}
    # Alice's own view shows her bid; Bob's and Carol's say only that it is in.
    assert inboxes[0].views()[-1].view.auction.bids == (alice_bid, NO_BID)
    for who in (1, SPECTATOR):
        latest = inboxes[who].views()[-1]
        assert latest.view.auction.bids == (SEALED, NO_BID)
        assert latest.history[-1].line() == "5. Seat 1: commits a sealed bid"
        assert not any(f"bid {alice_bid}" in text for entry in latest.history
                       for text in (entry.action, entry.told))
    # Bob bids on his own seat; the reveal reaches all three.
    legal = inboxes[1].views()[-1].legal
    assert str(actions.bid(BOB_BID)) in legal and legal[0] == "bid 0"
    bob.tell(protocol.Submit, attachment=bobs_seat, action=f"bid {BOB_BID}")
    wait_until(lambda: all(inbox.views()[-1].step == 6 for inbox in inboxes.values()),
               what="the reveal on every screen")
    for inbox in inboxes.values():
        view = inbox.views()[-1].view
        assert view.auction is None and view.last_auction == ((0, alice_bid), (1, BOB_BID))
    return told


def test_a_committed_bid_reaches_no_other_seat_or_watcher_before_the_reveal(hub_factory):
    told = [sealed_auction(hub_factory(), bid) for bid in ALICE_BIDS]
    # The strongest check: what Bob and Carol were sent before the reveal is the
    # same, message for message, whatever Alice bid.
    for who in (1, SPECTATOR):
        assert told[0][who] == told[1][who]


# --- over SSH: two people, each on their own screen ------------------------------------

TABLE_ID = re.compile(r"Table ([a-z0-9]{5}) ")
MARYLIA = registry.get("marylia").title


def game_row(text: str) -> str:
    return next((line for line in text.splitlines() if "Game" in line and "◀" in line), "")


async def press(person: Client, key: str) -> None:
    """One key, then its answer on the terminal: a focus move redraws the rows it
    leaves and enters, so the next key goes to the row now focused."""
    assert person.term is not None
    before = len(person.term.raw)
    person.send(key)
    await person.wait_for(lambda screen: len(person.term.raw) > before)


async def make_marylia_table(alice: Client) -> str:
    """Alice makes a two-seat Marylia table with the seed above, the other seat open."""
    await alice.wait_for("shared tables")
    alice.send("c")
    await alice.wait_for("New shared table")
    # The game row cycles: step back until it shows Marylia (a step the form
    # missed while it redrew is simply taken again).
    for _ in range(4 * len(registry.ids())):
        shown = game_row(alice.text())
        if MARYLIA in shown:
            break
        alice.send("\x1b[D")
        with contextlib.suppress(AssertionError):
            await alice.wait_for(lambda screen, before=shown: game_row(screen.text()) != before,
                                 timeout=3)
    assert MARYLIA in game_row(alice.text())
    await alice.wait_for("◀ bot: normal ▶")  # three seats by default
    await press(alice, "\x1b[B")
    alice.send("\x1b[D")  # two players
    await alice.wait_for(lambda s: "◀ bot: normal ▶" not in s)
    for _ in range(4):  # variant, seat 1, seat 2, then the seed
        await press(alice, "\x1b[B")
    await alice.type(str(SEED))
    await alice.wait_for(f"Seed       {SEED}")
    alice.send("\r")
    await alice.wait_for("waiting for players")
    return TABLE_ID.search(alice.text()).group(1)


async def bid_on_screen(person: Client, amount: int) -> None:
    """The bid prompt is on this person's screen: type the digits, then Enter."""
    await person.wait_for("Your sealed bid: type 0 to")
    await person.type(str(amount))
    await person.wait_for(f"Enter: bid {amount}")
    person.send("\r")


async def test_each_bidder_bids_on_their_own_screen_and_sees_the_others_only_sealed(
        server, clients):
    alice_bid = ALICE_BIDS[0]
    alice = await clients(server.port, "alice")
    table = await make_marylia_table(alice)
    bob = await clients(server.port, "bob", command=f"join {table}")
    carol = await clients(server.port, "carol", command=f"watch {table}")
    await carol.wait_for("watching · public view")
    # The opening with the board's keys, each mover waiting for their own prompt.
    prompts = ("Set-up: press 1-7", "Set-up: press 1-7", "Your turn, 3 actions left",
               "j joins for 1 coin")
    for person, prompt, key, text in zip((alice, bob, alice, bob), prompts,
                                         (str(CITY), str(CITY), "b", "j"), OPENING, strict=True):
        await person.wait_for(prompt)
        person.send(key)
        await person.wait_for(f"Enter: {text}")
        person.send("\r")
    # Alice bids first, on her screen; Bob's says she is bidding and waits.
    await bob.wait_for("Seat 1 is bidding (sealed)")
    assert "Your sealed bid" not in bob.text()
    await bid_on_screen(alice, alice_bid)
    await alice.wait_for(f"S1 bid {alice_bid}")  # her own bid, on her own screen only
    # Now the prompt is Bob's; he and Carol see only that Alice's bid is in.
    await bob.wait_for("Your sealed bid: type 0 to")
    for other in (bob, carol):
        await other.wait_for("S1 sealed")
        assert f"bid {alice_bid}" not in other.text()
    assert "Your sealed bid" not in alice.text() + carol.text()
    await bid_on_screen(bob, BOB_BID)
    revealed = f"S1 {alice_bid}¢ won · S2 {BOB_BID}¢"
    for person in (alice, bob, carol):
        await person.wait_for(revealed)
    # Nothing else was on Bob's or Carol's terminal before the reveal: the bytes say so.
    for other in (bob, carol):
        before = bytes(other.term.raw).split(f"{alice_bid}¢ won".encode())[0]
        assert f"bid {alice_bid}".encode() not in before
