"""Jowhari rules, one test per rule and ruling, on hand-built positions.

Positions are written with card codes from data/cards.csv and token strings
such as "RRBY" (two red, one blue, one gold).
"""

from __future__ import annotations

import attrs
import pytest

from gemtable.engine import SPECTATOR, IllegalAction, registry
from gemtable.engine.games.jowhari import actions, components
from gemtable.engine.games.jowhari.state import JowhariState, Seat

GAME = registry.get("jowhari")


def card(code: str) -> int:
    return components.CODE.index(code)


def tokens(text: str) -> tuple[int, ...]:
    return tuple(text.count(letter) for letter in components.LETTERS)


def seat(tok: str = "", *, bonuses: str = "", prestige: int = 0, bought=(), hand=(),
         public=None) -> Seat:
    hand = tuple(card(c) for c in hand)
    return Seat(
        tokens(tok), tokens(bonuses)[:5], prestige, tuple(card(c) for c in bought), hand,
        tuple(public) if public is not None else (False,) * len(hand),
    )


def position(*seats: Seat, supply: str | None = None, current: int = 0, **changes) -> JowhariState:
    """A 2-to-4 player position: a real deal with the given seats and supply."""
    start = GAME.new(len(seats), seed=3)
    if supply is not None:
        changes["supply"] = tokens(supply)
    return attrs.evolve(start, seats=tuple(seats), current=current, **changes)


def play(state: JowhariState, *moves: str) -> JowhariState:
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


FULL_SUPPLY = "RRRRBBBBGGGGWWWWKKKKYYYYY"


# --- set-up -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "gems"), [(2, 4), (3, 5), (4, 7)])
def test_setup_supply_hands_and_centre(players, gems):
    state = GAME.new(players, seed=1)
    assert state.supply == (gems,) * 5 + (5,)
    assert [len(row) for row in state.centre] == [4, 3, 3]
    for s in state.seats:
        assert s.tokens == (0, 0, 0, 0, 0, 2), "2 gold each, from the box"
        assert [components.LEVEL[c] for c in s.hand] == [1, 1, 2]
        assert s.hand_public == (False, False, False)
    assert [len(d) for d in state.decks] == [40 - 4 - 2 * players, 30 - 3 - players, 20 - 3]
    assert state.to_move == 0


def test_ninety_cards_with_prestige_in_the_rulebook_ranges():
    assert components.CARD_COUNT == 90
    assert {level: len(c) for level, c in components.CARDS_OF_LEVEL.items()} == {1: 40, 2: 30, 3: 20}
    allowed = {1: {0, 1}, 2: {2, 3}, 3: {4, 5}}
    for c in range(90):
        assert components.PRESTIGE[c] in allowed[components.LEVEL[c]]
    assert len(set(components.CODE)) == 90


# --- taking gems ----------------------------------------------------------------


def test_take_three_different_when_five_colours_are_left():
    state = position(seat(), seat(), supply=FULL_SUPPLY)
    takes = [a for a in state.legal_actions() if isinstance(a, actions.Take)]
    assert len([a for a in takes if len(set(a.colours)) == 3]) == 10
    after = play(state, "take RBG")
    assert after.seats[0].tokens == tokens("RBG")
    assert after.supply == tokens("RRRBBBGGGWWWWKKKKYYYYY")
    assert after.to_move == 1


def test_with_three_colours_left_only_those_three_may_be_taken():
    state = position(seat(), seat(), supply="RRGGKK")
    threes = [str(a) for a in state.legal_actions() if isinstance(a, actions.Take)]
    assert threes == ["take RGK"]
    with pytest.raises(IllegalAction, match="no blue"):
        play(state, "take RBG")


@pytest.mark.parametrize(
    ("supply", "take", "wrong", "reason"),
    [("RRWW", "take RW", "take R", "each colour left"), ("K", "take K", "take KB", "no blue")],
)
def test_with_fewer_than_three_colours_take_one_of_each_left(supply, take, wrong, reason):
    state = position(seat(), seat(), supply=supply)
    assert [str(a) for a in state.legal_actions() if isinstance(a, actions.Take)] == [take]
    with pytest.raises(IllegalAction, match=reason):
        play(state, wrong)


def test_take_two_needs_four_in_the_supply():
    state = position(seat(), seat(), supply="RRRRBBBGGWK")
    legal = {str(a) for a in state.legal_actions()}
    assert "take RR" in legal and "take BB" not in legal
    with pytest.raises(IllegalAction, match="at least 4 .* there are 3"):
        play(state, "take BB")
    after = play(state, "take RR")
    assert after.seats[0].tokens[0] == 2 and after.supply[0] == 2


def test_take_three_of_one_colour_or_two_plus_one_is_not_a_move():
    state = position(seat(), seat(), supply=FULL_SUPPLY)
    for text in ("take RRB", "take RRR"):
        with pytest.raises(IllegalAction, match="up to three gems of different colours, or two"):
            state.parse_action(text)


# --- the ten-gem limit -----------------------------------------------------------


def test_over_ten_gems_the_player_returns_one_token_at_a_time():
    state = position(seat("RRRBBBGGWW"), seat(), supply=FULL_SUPPLY)
    after = play(state, "take RBK")
    assert after.returning and after.to_move == 0, "still the same player's turn"
    assert {str(a) for a in after.legal_actions()} == {f"return {x}" for x in "RBGWK"}
    with pytest.raises(IllegalAction, match="must first return 3"):
        play(after, "take RBG")
    after = play(after, "return K", "return R")
    assert after.returning
    after = play(after, "return R")
    assert not after.returning and after.to_move == 1
    assert after.seats[0].tokens == tokens("RRBBBBGGWW")
    assert after.turns == 1


def test_gold_does_not_count_toward_the_ten():
    state = position(seat("RRRBBBGYYY"), seat(), supply=FULL_SUPPLY)
    after = play(state, "take RBG")
    assert after.seats[0].gems == 10 and after.seats[0].tokens[components.GOLD] == 3
    assert not after.returning and after.to_move == 1


def test_returning_when_not_over_the_limit_is_illegal():
    state = position(seat("RR"), seat(), supply=FULL_SUPPLY)
    with pytest.raises(IllegalAction, match="only for more than 10"):
        play(state, "return R")


# --- reserving -----------------------------------------------------------------


def test_the_dealt_hand_is_the_reserve_so_a_full_hand_cannot_reserve():
    state = GAME.new(2, seed=4)
    assert not any(isinstance(a, actions.Reserve) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="hand is the reserve"):
        play(state, "reserve 1a")


def test_reserve_from_centre_is_public_refills_and_gives_gold():
    start = position(seat(hand=["101", "102"]), seat(), supply=FULL_SUPPLY)
    taken = start.centre[1][2]
    refill = start.decks[1][-1]
    after = play(start, "reserve 2c")
    me = after.seats[0]
    assert me.hand[-1] == taken and me.hand_public[-1] is True
    assert me.tokens[components.GOLD] == 1 and after.supply[components.GOLD] == 4
    assert after.centre[1][2] == refill and len(after.decks[1]) == len(start.decks[1]) - 1
    assert after.view(1).seats[0].hand[-1] == taken, "the others saw it leave the centre"


def test_reserve_from_a_deck_top_is_hidden_from_the_others():
    start = position(seat(hand=["101"]), seat(), supply=FULL_SUPPLY)
    top = start.decks[2][-1]
    after = play(start, "reserve d3")
    assert after.seats[0].hand[-1] == top and after.seats[0].hand_public[-1] is False
    assert after.view(0).seats[0].hand[-1] == top
    assert after.view(1).seats[0].hand[-1] == -3, "others see only the back: level 3"
    assert after.view(SPECTATOR).seats[0].hand[-1] == -3


def test_no_gold_for_reserving_when_the_supply_has_none():
    start = position(seat(hand=[]), seat(), supply="RRBB")
    after = play(start, "reserve 1a")
    assert after.seats[0].tokens[components.GOLD] == 0 and after.supply[components.GOLD] == 0


def test_an_empty_deck_cannot_be_reserved_and_leaves_centre_slots_empty():
    start = position(seat(hand=[]), seat(), supply=FULL_SUPPLY)
    start = attrs.evolve(start, decks=(start.decks[0], (), start.decks[2]))
    assert actions.RESERVE_DECK[2] not in start.legal_actions()
    with pytest.raises(IllegalAction, match="level 2 deck is empty"):
        play(start, "reserve d2")
    after = play(start, "reserve 2a")
    assert after.centre[1][0] is None
    with pytest.raises(IllegalAction, match="slot 2a is empty"):
        play(play(after, "take RBG"), "reserve 2a")


# --- buying --------------------------------------------------------------------


def test_buy_pays_cost_less_bonuses_and_returns_tokens_to_the_supply():
    # 104: level 1, bonus red, costs 2 red 2 white.
    target = card("104")
    start = position(seat("RRWW", bonuses="W"), seat(), supply="RRBBGG")
    start = attrs.evolve(start, centre=((target,) + start.centre[0][1:],) + start.centre[1:])
    after = play(start, "buy 1a")
    me = after.seats[0]
    assert me.tokens == tokens("W"), "one white was covered by the white bonus"
    assert after.supply == tokens("RRRRBBGGW")
    assert me.bonuses == tokens("RW")[:5] and me.bought == (target,)
    assert me.prestige == components.PRESTIGE[target]
    assert after.centre[0][0] == start.decks[0][-1], "the slot is refilled"


def test_gold_covers_only_the_shortfall_and_gems_are_spent_first():
    target = card("104")  # 2 red, 2 white
    start = position(seat("RWWYY"), seat(), supply="BBGG")
    start = attrs.evolve(start, centre=((target,) + start.centre[0][1:],) + start.centre[1:])
    after = play(start, "buy 1a")
    assert after.seats[0].tokens == tokens("Y"), "one gold for the missing red"
    assert after.supply == tokens("RWWBBGGY")


def test_buy_from_hand_and_unaffordable_cards_give_the_shortfall():
    hand_card = card("101")  # 3 white
    start = position(seat("WW", hand=["101", "201"]), seat(), supply=FULL_SUPPLY)
    assert actions.BUY_HAND[0] not in start.legal_actions()
    with pytest.raises(IllegalAction, match="1 token short"):
        play(start, "buy h1")
    start = position(seat("WWW", hand=["101", "201"]), seat(), supply=FULL_SUPPLY)
    after = play(start, "buy h1")
    assert after.seats[0].hand == (card("201"),) and after.seats[0].bought == (hand_card,)
    with pytest.raises(IllegalAction, match="no card h3"):
        play(start, "buy h3")


def test_bonuses_can_make_a_card_free():
    start = position(seat(bonuses="WWW", hand=["101"]), seat(), supply=FULL_SUPPLY)
    assert actions.BUY_HAND[0] in start.legal_actions()
    assert play(start, "buy h1").seats[0].tokens == tokens("")


# --- passing and the end ------------------------------------------------------------


def test_pass_only_when_nothing_else_is_legal():
    costly = ["301", "302", "303"]
    stuck = position(seat(hand=costly), seat(hand=costly), supply="YYYYY")
    stuck = attrs.evolve(stuck, centre=tuple((card(c) for c in ["304", "305", "306", "307"][: n])
                                              for n in (4, 3, 3)))
    assert stuck.legal_actions() == (actions.PASS,)
    free = position(seat(), seat(), supply=FULL_SUPPLY)
    with pytest.raises(IllegalAction, match="only when no other action"):
        play(free, "pass")


def test_every_player_passing_in_a_row_ends_the_game():
    costly = ["301", "302", "303"]
    stuck = position(seat(hand=costly, prestige=3), seat(hand=costly, prestige=3, bought=["101"]),
                     supply="YYYYY")
    stuck = attrs.evolve(stuck, centre=tuple((card(c) for c in ["304", "305", "306", "307"][: n])
                                              for n in (4, 3, 3)))
    once = play(stuck, "pass")
    assert not once.is_over
    twice = play(once, "pass")
    assert twice.is_over
    assert twice.winners() == (0,), "nobody reached 10: prestige, then fewer cards"


def test_reaching_ten_finishes_the_round_and_the_first_keeps_the_win():
    # 301 costs 7 white... pick any level-3 card and hand seat 0 enough bonuses.
    big = card("301")
    me = seat(bonuses="RRRRRRRBBBBBBBGGGGGGGWWWWWWWKKKKKKK", prestige=7, hand=[components.CODE[big]])
    other = seat(bonuses="RRRRRRRBBBBBBBGGGGGGGWWWWWWWKKKKKKK", prestige=9, hand=["302"])
    start = position(me, other, supply=FULL_SUPPLY)
    after = play(start, "buy h1")
    assert after.seats[0].prestige >= 10 and after.first_to_goal == 0
    assert not after.is_over and after.to_move == 1, "the round is played out"
    end = play(after, "buy h1")
    assert end.is_over
    assert end.seats[1].prestige > end.seats[0].prestige or end.seats[1].prestige >= 10
    assert end.winners() == (0,) and end.ranking()[0] == 1


def test_the_last_seat_reaching_ten_ends_the_game_at_once():
    everything = "RRRRRRRBBBBBBBGGGGGGGWWWWWWWKKKKKKK"
    start = position(seat(), seat(bonuses=everything, prestige=8, hand=["301"]),
                     supply=FULL_SUPPLY, current=1, turns=1)
    end = play(start, "buy h1")
    assert end.is_over and end.winners() == (1,)


def test_ranking_breaks_prestige_ties_by_fewer_cards_and_shares_exact_ties():
    state = position(
        seat(prestige=10, bought=["101", "102", "103"]),
        seat(prestige=7, bought=["104", "105", "106", "107"]),
        seat(prestige=7, bought=["108", "109"]),
        seat(prestige=7, bought=["110", "111"]),
        first_to_goal=0, over=True,
    )
    assert state.ranking() == (1, 4, 2, 2)
    assert state.winners() == (0,)
    assert state.scores() == (10, 7, 7, 7)


def test_the_round_limit_ends_a_game_nobody_can_win():
    from gemtable.engine.games.jowhari.state import ROUND_LIMIT

    start = position(seat(), seat(), supply=FULL_SUPPLY, turns=ROUND_LIMIT * 2 - 2)
    after = play(start, "take RBG")
    assert not after.is_over
    assert play(after, "take RBG").is_over


# --- what each seat may know -------------------------------------------------------


def test_views_hide_dealt_hands_and_deck_order_only():
    state = GAME.new(3, seed=8)
    view = state.view(1)
    assert view.seats[1].hand == state.seats[1].hand
    for other in (0, 2):
        assert view.seats[other].hand == (-1, -1, -2)
    assert all(all(c < 0 for c in deck) for deck in view.decks)
    assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
    assert view.centre == state.centre and view.supply == state.supply
    assert state.view(SPECTATOR).seats[1].hand == (-1, -1, -2)


def test_determinization_deals_unseen_cards_of_the_right_level():
    import random

    state = GAME.new(2, seed=8)
    view = state.view(0)
    sample = view.determinize(random.Random(1))
    assert sample.seats[0].hand == state.seats[0].hand
    assert [components.LEVEL[c] for c in sample.seats[1].hand] == [1, 1, 2]
    seen = set(state.seats[0].hand) | {c for row in state.centre for c in row}
    assert not seen & set(sample.seats[1].hand)
    def hidden_cards(s):
        return sorted([c for deck in s.decks for c in deck] + list(s.seats[1].hand))

    assert hidden_cards(sample) == hidden_cards(state)


def test_a_view_cannot_become_another_seats_view():
    view = GAME.new(2, seed=1).view(0)
    with pytest.raises(ValueError, match="cannot give seat 1.s view"):
        view.view(1)


# --- notation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [("take gbr", "take RBG"), ("TAKE kk", "take KK"), ("buy H1", "buy h1"),
     ("reserve D3", "reserve d3"), ("  buy   2C ", "buy 2c"), ("return w", "return W")],
)
def test_notation_accepts_any_case_order_and_spacing(text, expected):
    assert str(actions.parse(" ".join(text.split()).lower())) == expected


@pytest.mark.parametrize("text", ["buy 1e", "buy 4a", "take", "return YY", "take YRB", "hello"])
def test_nonsense_notation_names_no_action(text):
    assert actions.parse(text.lower()) is None


@pytest.mark.parametrize("text", ["buy d1", "reserve h1", "take RRB"])
def test_moves_no_rule_allows_are_still_read_so_the_rules_can_say_why(text):
    assert actions.parse(text.lower()) is not None


def test_a_view_refuses_to_invent_the_card_that_refills_the_centre():
    view = position(seat(hand=["101"]), seat(), supply=FULL_SUPPLY).view(0)
    with pytest.raises(ValueError, match="determinize first"):
        play(view, "reserve 1a")
