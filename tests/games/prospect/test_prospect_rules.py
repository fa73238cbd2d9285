"""Prospect's rules, one ruling or rule at a time, on positions built by hand."""

from __future__ import annotations

import attrs
import pytest

from games.prospect import ProspectState, actions, components
from games.prospect.components import COST, DRAW_COST, GEM, HIDDEN, MAX_DIGS, POINTS
from gemtable.engine import CHANCE, SPECTATOR, IllegalAction, registry

GAME = registry.get("prospect")


def fresh(players: int = 2, seed: int = 3) -> ProspectState:
    state = GAME.new(players, seed=seed)
    assert isinstance(state, ProspectState)
    return state


def with_nuggets(state: ProspectState, nuggets: int) -> ProspectState:
    seats = list(state.seats)
    seats[state.current] = attrs.evolve(seats[state.current], nuggets=nuggets)
    return attrs.evolve(state, seats=tuple(seats))


def play(state: ProspectState, *texts: str) -> ProspectState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


def test_the_deal_uses_every_card_once():
    state = fresh(4)
    placed = [*state.deck, *state.market, *(c for seat in state.seats for c in seat.hand)]
    assert sorted(placed) == list(components.CARDS)
    assert all(len(seat.hand) == components.STARTING_HAND for seat in state.seats)


def test_a_dig_waits_for_the_die_and_a_good_roll_fills_the_cart():
    state = play(fresh(), "dig")
    assert state.to_move is CHANCE
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"roll {n}" for n in range(1, 7)]
    state = play(state, "roll 5")
    assert state.to_move == 0 and state.mover.cart == 5 and state.digs == 1


def test_a_cave_in_loses_the_cart_and_ends_the_turn():
    state = play(fresh(), "dig", "roll 6", "dig", "roll 1")
    assert state.to_move == 1
    assert state.seats[0].cart == 0 and state.seats[0].nuggets == 3
    assert state.seats[0].cave_ins == 1


def test_the_last_dig_banks_the_cart():
    state = fresh()
    for _ in range(MAX_DIGS):
        state = play(state, "dig", "roll 2")
    assert state.to_move == 1 and state.seats[0].nuggets == 3 + 2 * MAX_DIGS


def test_stop_banks_and_pan_is_one_sure_nugget_before_digging():
    assert play(fresh(), "dig", "roll 4", "stop").seats[0].nuggets == 7
    assert play(fresh(), "pan").seats[0].nuggets == 4
    with pytest.raises(IllegalAction, match="pan instead of digging"):
        play(fresh(), "dig", "roll 4", "pan")


def test_a_bought_card_is_replaced_from_the_deck_and_only_one_card_a_turn():
    state = with_nuggets(fresh(), 20)
    card, top = state.market[1], state.deck[-1]
    assert card is not None
    after = play(state, "buy 2")
    assert after.mover.found == (card,) and after.market[1] == top
    assert after.mover.nuggets == 20 - COST[card]
    with pytest.raises(IllegalAction, match="already taken a card"):
        play(after, "draw")
    with pytest.raises(IllegalAction, match="before the first dig"):
        play(state, "dig", "roll 3", "buy 1")


def test_a_card_too_dear_is_refused_with_its_price():
    state = with_nuggets(fresh(), 0)
    card = state.market[0]
    assert card is not None
    assert state.why_illegal(actions.BUYS[0]) == (
        f"the {GEM[card]} costs {COST[card]} nuggets and you have 0")
    assert "market has slots 1 to 3" in state.why_illegal(actions.Action("buy", 4))


def test_a_drawn_card_is_seen_by_its_owner_only():
    state = with_nuggets(fresh(), DRAW_COST)
    top = state.deck[-1]
    after = play(state, "draw")
    assert after.seats[0].hand[-1] == top and after.seats[0].nuggets == 0
    assert after.view(0).seats[0].hand[-1] == top
    assert after.view(1).seats[0].hand == (HIDDEN,) * 3
    assert set(after.view(SPECTATOR).deck) == {HIDDEN}
    assert "draws a card" in state.describe(actions.DRAW, after)


def test_a_determinization_keeps_what_the_seat_sees():
    import random

    state = fresh(3)
    view = state.view(1)
    guess = view.determinize(random.Random(5))
    assert guess.seats[1].hand == state.seats[1].hand and guess.market == state.market
    assert guess.view(1) == view and guess.component_counts() == state.component_counts()


def test_the_end_scores_cards_sets_and_nuggets_and_breaks_ties():
    state = fresh()
    quartz = [c for c in components.CARDS if GEM[c] == "quartz"][:3]
    seats = (attrs.evolve(state.seats[0], nuggets=5, hand=(), found=tuple(quartz)),
             attrs.evolve(state.seats[1], nuggets=6, hand=(), found=(), cave_ins=0))
    over = attrs.evolve(state, seats=seats, turns=components.ROUNDS * 2)
    assert over.is_over
    assert over.scores() == (5 + 3 * POINTS[quartz[0]] + components.SET_BONUS, 6)
    tied = attrs.evolve(over, seats=(attrs.evolve(seats[0], nuggets=6, found=()), seats[1]))
    assert tied.ranking() == (1, 1)
    bruised = attrs.evolve(tied, seats=(tied.seats[0], attrs.evolve(seats[1], cave_ins=2)))
    assert bruised.ranking() == (1, 2)
    assert [line.label for line in over.score_breakdown(0)][-1] == "Total"


def test_every_turn_ends_within_a_bounded_number_of_steps():
    # one card, then each dig and its roll, then a stop: the game's length is a true bound
    state = with_nuggets(fresh(), 99)
    state = play(state, "buy 1")
    for _ in range(MAX_DIGS - 1):
        state = play(state, "dig", "roll 6")
    assert [str(a) for a in state.legal_actions()] == ["dig", "stop"]
    assert play(state, "dig", "roll 6").to_move == 1
