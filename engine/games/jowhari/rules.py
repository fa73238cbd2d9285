"""What may be played in a Jowhari position, and what it does.

Each rule's condition is a small function here, which both `legal_actions`
and the refusals (refusals.py) ask, so the two cannot drift apart.

Rollouts spend most of their time here, so the code favours flat tuples and
pre-built actions over generality; every state it returns is a new value.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from . import actions
from .actions import Action
from .components import BONUS, COST, GOLD, PRESTIGE, is_hidden
from .state import GEM_LIMIT, PRESTIGE_GOAL, ROUND_LIMIT, JowhariState, Seat

TWO_OF_ONE_MINIMUM = 4
"""Tokens of a colour the supply must hold for a take of two of that colour."""

Decks = tuple[tuple[int, ...], ...]
Centre = tuple[tuple[int | None, ...], ...]

# --- the conditions ---------------------------------------------------------


def colours_in_supply(supply: tuple[int, ...]) -> tuple[int, ...]:
    """The gem colours the supply still holds, in colour order."""
    return tuple(c for c in range(5) if supply[c])


def different_take_size(available: tuple[int, ...]) -> int:
    """How many colours a take of different colours names: three, or every
    colour left when fewer than three are (0 when the supply has no gems)."""
    return min(actions.DIFFERENT_GEMS, len(available))


def two_may_be_taken(supply: tuple[int, ...], colour: int) -> bool:
    return supply[colour] >= TWO_OF_ONE_MINIMUM


def hand_has_room(seat: Seat) -> bool:
    """Whether the seat may reserve: its hand is its reserve."""
    return len(seat.hand) < actions.HAND_LIMIT


def may_return(seat: Seat, colour: int) -> bool:
    return seat.tokens[colour] > 0


def card_at(state: JowhariState, source: actions.Source) -> int | None:
    """The card `source` names for the player to move (None if empty)."""
    if source.kind == "centre":
        return state.centre[source.level - 1][source.index]
    if source.kind == "deck":
        deck = state.decks[source.level - 1]
        return deck[-1] if deck else None
    hand = state.seats[state.current].hand
    return hand[source.index] if source.index < len(hand) else None


def missing_gems(seat: Seat, card: int) -> tuple[int, ...]:
    """Per gem colour, what the seat lacks for `card` after discounts and gems
    (before gold, which pays for any colour)."""
    cost, bonuses, tokens = COST[card], seat.bonuses, seat.tokens
    return tuple(max(0, cost[c] - bonuses[c] - tokens[c]) for c in range(5))


def shortfall_counter(seat: Seat) -> Callable[[int], int]:
    """How many tokens the seat lacks for a card after discounts, gems and
    gold (0: it can buy it), as a function of the card.

    The seat's means are added up once: `legal_actions` asks this for every
    card in sight, which makes it the hottest loop of a playout.
    """
    bonuses, held = seat.bonuses, seat.tokens
    w0, w1, w2, w3, w4 = (bonuses[c] + held[c] for c in range(5))
    gold = held[GOLD]
    cost_of = COST

    def shortfall_of(card: int) -> int:
        c0, c1, c2, c3, c4 = cost_of[card]
        lacking = (
            (c0 - w0 if c0 > w0 else 0) + (c1 - w1 if c1 > w1 else 0)
            + (c2 - w2 if c2 > w2 else 0) + (c3 - w3 if c3 > w3 else 0)
            + (c4 - w4 if c4 > w4 else 0)
        )
        return lacking - gold if lacking > gold else 0

    return shortfall_of


def shortfall(seat: Seat, card: int) -> int:
    """Tokens the seat lacks for `card` after discounts, gems and gold: 0 means affordable."""
    return shortfall_counter(seat)(card)


# --- legal actions ----------------------------------------------------------


def _different_takes(available: tuple[int, ...]) -> tuple[actions.Take, ...]:
    size = different_take_size(available)
    if not size:
        return ()
    return tuple(actions.TAKE_DIFFERENT[combo] for combo in combinations(available, size))


_DIFFERENT_TAKES = {
    available: _different_takes(available)
    for size in range(6)
    for available in combinations(range(5), size)
}
"""The takes of different colours, by the colours the supply holds: built once."""


def legal_actions(state: JowhariState) -> tuple[Action, ...]:
    if state.over:
        return ()
    seat = state.seats[state.current]
    if state.returning:
        return tuple(actions.RETURN[c] for c in range(5) if may_return(seat, c))
    supply = state.supply
    available = colours_in_supply(supply)
    result: list[Action] = list(_DIFFERENT_TAKES[available])
    result.extend(actions.TAKE_TWO[c] for c in available if two_may_be_taken(supply, c))
    if hand_has_room(seat):
        for level_index, row in enumerate(state.centre):
            for index, card in enumerate(row):
                if card is not None:
                    result.append(actions.RESERVE_CENTRE[level_index + 1, index])
        for level_index, deck in enumerate(state.decks):
            if deck:
                result.append(actions.RESERVE_DECK[level_index + 1])
    short = shortfall_counter(seat)
    for level_index, row in enumerate(state.centre):
        for index, card in enumerate(row):
            if card is not None and not short(card):
                result.append(actions.BUY_CENTRE[level_index + 1, index])
    for index, card in enumerate(seat.hand):
        if not is_hidden(card) and not short(card):
            result.append(actions.BUY_HAND[index])
    if not result:
        result.append(actions.PASS)
    return tuple(result)


# --- effects ----------------------------------------------------------------


def _replace_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:index] + (seat,) + seats[index + 1 :]


def _take_from_centre(state: JowhariState, level: int, index: int) -> tuple[Decks, Centre]:
    """New (decks, centre) with the slot refilled from its deck's top."""
    deck = state.decks[level - 1]
    row = state.centre[level - 1]
    refill = deck[-1] if deck else None
    if refill is not None and refill < 0:
        raise ValueError("this view does not know the next card of the deck; determinize first")
    row = row[:index] + (refill,) + row[index + 1 :]
    centre = state.centre[: level - 1] + (row,) + state.centre[level:]
    decks = state.decks
    if deck:
        decks = decks[: level - 1] + (deck[:-1],) + decks[level:]
    return decks, centre


def apply_action(state: JowhariState, action: Action) -> JowhariState:
    me = state.current
    seat = state.seats[me]
    supply = state.supply
    decks, centre = state.decks, state.centre
    passes = 0

    if isinstance(action, actions.Take):
        taken = list(seat.tokens)
        left = list(supply)
        for c in action.colours:
            taken[c] += 1
            left[c] -= 1
        seat = Seat(tuple(taken), seat.bonuses, seat.prestige, seat.bought, seat.hand, seat.hand_public)
        supply = tuple(left)
    elif isinstance(action, actions.Return):
        c = action.colour
        tokens = seat.tokens
        tokens = tokens[:c] + (tokens[c] - 1,) + tokens[c + 1 :]
        supply = supply[:c] + (supply[c] + 1,) + supply[c + 1 :]
        seat = Seat(tokens, seat.bonuses, seat.prestige, seat.bought, seat.hand, seat.hand_public)
    elif isinstance(action, actions.Reserve):
        source = action.source
        if source.kind == "centre":
            slot = centre[source.level - 1][source.index]
            assert slot is not None, "a legal action names a card"
            card = slot
            decks, centre = _take_from_centre(state, source.level, source.index)
            public = True
        else:
            deck = decks[source.level - 1]
            card = deck[-1]
            decks = decks[: source.level - 1] + (deck[:-1],) + decks[source.level :]
            public = False
        tokens = seat.tokens
        if supply[GOLD]:
            tokens = tokens[:GOLD] + (tokens[GOLD] + 1,)
            supply = supply[:GOLD] + (supply[GOLD] - 1,)
        seat = Seat(
            tokens, seat.bonuses, seat.prestige, seat.bought,
            seat.hand + (card,), seat.hand_public + (public,),
        )
    elif isinstance(action, actions.Buy):
        source = action.source
        hand, hand_public = seat.hand, seat.hand_public
        if source.kind == "centre":
            slot = centre[source.level - 1][source.index]
            assert slot is not None, "a legal action names a card"
            card = slot
            decks, centre = _take_from_centre(state, source.level, source.index)
        else:
            i = source.index
            card = hand[i]
            hand = hand[:i] + hand[i + 1 :]
            hand_public = hand_public[:i] + hand_public[i + 1 :]
        cost = COST[card]
        purse = list(seat.tokens)
        back = list(supply)
        for c in range(5):
            need = cost[c] - seat.bonuses[c]
            if need > 0:
                paid = need if need <= purse[c] else purse[c]
                purse[c] -= paid
                back[c] += paid
                if need > paid:
                    purse[GOLD] -= need - paid
                    back[GOLD] += need - paid
        bonus = BONUS[card]
        bonuses = seat.bonuses
        bonuses = bonuses[:bonus] + (bonuses[bonus] + 1,) + bonuses[bonus + 1 :]
        seat = Seat(
            tuple(purse), bonuses, seat.prestige + PRESTIGE[card],
            seat.bought + (card,), hand, hand_public,
        )
        supply = tuple(back)
    elif isinstance(action, actions.Pass):
        passes = state.passes_in_row + 1
    else:  # pragma: no cover - apply() has already checked legality
        raise TypeError(f"not a Jowhari action: {action!r}")

    seats = _replace_seat(state.seats, me, seat)
    if seat.gems > GEM_LIMIT:
        return JowhariState(
            state.players, state.variant, supply, decks, centre, seats, me,
            True, state.turns, state.first_to_goal, 0, False, state.observer,
        )
    return _end_turn(state, supply, decks, centre, seats, passes)


def _end_turn(state: JowhariState, supply: tuple[int, ...], decks: Decks, centre: Centre,
              seats: tuple[Seat, ...], passes: int) -> JowhariState:
    me = state.current
    players = state.players
    first = state.first_to_goal
    if first is None and seats[me].prestige >= PRESTIGE_GOAL:
        first = me
    turns = state.turns + 1
    round_done = me == players - 1
    over = (
        passes >= players
        or (round_done and first is not None)
        or (round_done and turns >= ROUND_LIMIT * players)
    )
    return JowhariState(
        players, state.variant, supply, decks, centre, seats, (me + 1) % players,
        False, turns, first, passes, over, state.observer,
    )
