"""The log line of every move, what a move reveals, and the invariants."""

from __future__ import annotations

import re

from playouts import playout_steps

from gemtable.engine import CHANCE
from gemtable.engine.games.marylia import GAME
from gemtable.engine.games.marylia.actions import (
    Bid,
    Buy,
    Collect,
    Forge,
    Interact,
    Place,
    Roll,
    Travel,
)
from gemtable.engine.games.marylia.components import RESOURCES
from gemtable.engine.wording import second_person


def _playout(players: int, seed: int):
    return playout_steps(GAME, players, GAME.default_variant(players).id, seed)


def test_every_move_has_a_log_line_and_keeps_the_invariants():
    kinds = set()
    for players in (2, 3, 5):
        for state, action, after in _playout(players, seed=players):
            line = state.describe(action, after)
            assert line and line == line.strip()
            assert after.invariants() == ()
            kinds.add(type(action))
            if isinstance(action, Bid) and after.auction is not None:
                assert line == "commits a sealed bid"
                assert not state.reveals(action)
            if isinstance(action, Roll | Forge):
                assert state.reveals(action)
            if isinstance(action, Travel | Collect):
                assert not state.reveals(action)
    assert {Bid, Buy, Forge, Roll, Travel} <= kinds


def test_a_line_names_seats_as_the_board_does_and_never_the_mover_first():
    """The log prefixes each line with the seat that moved ("Seat 2: ..."), so
    a seat's own line starts with its verb; other seats (the one a die decides
    a fight for, the bidders at a reveal) are named "Seat N"."""
    named = 0
    for state, action, after in _playout(3, seed=4):
        line = state.describe(action, after)
        assert not re.search(r"\bP\d", line), line
        if state.to_move is not CHANCE:
            assert re.match(r"[a-z]", line), line
        mentions = re.findall(r"\bSeat (\d)\b", line)
        assert all(1 <= int(n) <= 3 for n in mentions), line
        named += bool(mentions)
    assert named


def test_log_lines_name_no_card_drawn_face_down():
    drawn = 0
    for seed in range(6):
        for state, action, after in _playout(3, seed=seed):
            if isinstance(action, Interact) and len(after.resource_deck) < len(
                    state.resource_deck):
                line = state.describe(action, after)
                assert not any(name in line for name in RESOURCES), line
                assert state.reveals(action)
                drawn += 1
    assert drawn


def test_log_lines_use_the_right_article():
    from marylia_positions import AMETHYST, card_named, set_city, set_seat, started

    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    state = set_city(state, 0, card_named("Courier"), AMETHYST)
    bought = state.apply(state.parse_action("buy"))
    assert state.describe(state.parse_action("buy"), bought).endswith(
        "buys an amethyst for 2 coins")


def test_placing_the_merchant_reads_alike_after_you_and_after_a_seat_name():
    state = GAME.new(2, seed=3)
    place = next(a for a in state.legal_actions() if isinstance(a, Place))
    told = state.describe(place, state.apply(place))
    assert told == f"placed the merchant in city {place.city + 1}", told
    assert "their" not in told


def test_a_seats_own_line_reads_in_the_second_person():
    """The table shows a seat its own moves after "You:": "You: interact with",
    "You: want to buy", never "You: interacts with"."""
    from marylia_positions import DIAMOND, card_named, set_city, set_seat, started

    state = started(3)
    state = set_city(state, state.seats[state.current].city, card_named("Courier"), DIAMOND)
    for seat in range(3):
        state = set_seat(state, seat, coins=20, city=state.seats[state.current].city)
    buy = state.parse_action("buy")
    told = state.describe(buy, state.apply(buy))
    assert told == "wants to buy the diamond: an auction is offered"
    assert second_person(told) == "want to buy the diamond: an auction is offered"
    interact = state.parse_action("interact")
    told = state.describe(interact, state.apply(interact))
    assert told.startswith("interacts with the Courier")
    assert second_person(told).startswith("interact with the Courier")
