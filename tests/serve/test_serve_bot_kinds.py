"""The hub seats only the bot kinds the server offers: the new-table form's list
(from the welcome), plus the operator's `--exec-bot` programs. A request crafted
by hand for a kind the form never shows (a search with a huge budget, on many
processes) is refused with a sentence and makes no table."""

from __future__ import annotations

import pytest

from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubError

UNOFFERED = (
    "mcts:99999999",  # a budget no form offers
    "mcts:1e9s",
    "mcts@64",  # 64 search processes
    "greedy@64",
    "mcts-fresh:100000",
    "loose:0.0/1/1",  # a level written out by hand
    "expert@64",  # a level on 64 search processes
    "mcts:ITERATIONS",  # the placeholder, not a kind
    "Greedy",
    "human",  # not a bot: a seat for a person is `you` or `open`
)


@pytest.mark.parametrize("kind", UNOFFERED)
def test_a_bot_kind_the_form_does_not_offer_is_refused(hub, kind):
    alice = hub.client("alice")
    jowhari = next(g for g in alice.welcome.games if g.id == "jowhari")
    assert kind not in jowhari.bots
    with pytest.raises(HubError, match="offers no bot .* for Jowhari; the new-table form"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, kind), seed=1)
    assert hub.on_loop(lambda: dict(hub.hub.tables)) == {}
    assert list(hub.hub.data.tables.glob("*.json*")) == []


def test_every_kind_the_form_offers_is_seated(hub):
    alice = hub.client("alice")
    jowhari = next(g for g in alice.welcome.games if g.id == "jowhari")
    assert {"random", "greedy", "mcts"} <= set(jowhari.bots)
    assert jowhari.bots[:4] == ("easy", "normal", "hard", "expert")  # the local menu's levels
    for kind in jowhari.bots:
        # An open seat keeps the table waiting: no bot thinks in this test.
        info = alice.call(protocol.CreateTable, game="jowhari", variant=None,
                          seats=(protocol.YOU, protocol.OPEN, kind), seed=1)
        assert info.status == protocol.WAITING and info.seats[2].kind == kind
        alice.call(protocol.CancelTable, table=info.id)
