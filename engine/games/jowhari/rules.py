"""What may be played in a Jowhari position, what it does, and who won.

Rollouts spend most of their time here, so the code favours flat tuples and
pre-built actions over generality; every state it returns is a new value.
"""

from __future__ import annotations

from itertools import combinations

from gemtable.engine.core import ScoreLine

from . import actions as A
from . import notation
from .cards import BONUS, CODE, COLOURS, COST, GOLD, LETTERS, LEVEL, PRESTIGE
from .state import GEM_LIMIT, PRESTIGE_GOAL, ROUND_LIMIT, JowhariState, Seat

_ALL_THREE = tuple(combinations(range(5), A.DIFFERENT_GEMS))


# --- legal actions ----------------------------------------------------------


def missing_gems(seat: Seat, card: int) -> tuple[int, ...]:
    """Per gem colour, what the seat lacks for `card` after discounts and gems
    (before gold, which pays for any colour)."""
    cost, bonuses, tokens = COST[card], seat.bonuses, seat.tokens
    return tuple(max(0, cost[c] - bonuses[c] - tokens[c]) for c in range(5))


def shortfall(seat: Seat, card: int) -> int:
    """Tokens the seat lacks for `card` after discounts, gems and gold."""
    return max(0, sum(missing_gems(seat, card)) - seat.tokens[GOLD])


def legal_actions(state: JowhariState) -> tuple:
    if state.over:
        return ()
    seat = state.seats[state.current]
    if state.returning:
        return tuple(A.RETURN[c] for c in range(5) if seat.tokens[c])
    result: list = []
    supply = state.supply
    available = tuple(c for c in range(5) if supply[c])
    if len(available) >= 3:
        if len(available) == 5:
            result.extend(A.TAKE_DIFFERENT[combo] for combo in _ALL_THREE)
        else:
            result.extend(A.TAKE_DIFFERENT[combo] for combo in combinations(available, 3))
    elif available:
        result.append(A.TAKE_DIFFERENT[available])
    result.extend(A.TAKE_TWO[c] for c in available if supply[c] >= 4)
    if len(seat.hand) < A.HAND_LIMIT:
        for level_index, row in enumerate(state.centre):
            for index, card in enumerate(row):
                if card is not None:
                    result.append(A.RESERVE_CENTRE[level_index + 1, index])
        for level_index, deck in enumerate(state.decks):
            if deck:
                result.append(A.RESERVE_DECK[level_index + 1])
    # Affordability inlined: this is the hottest loop of every playout.
    bonuses, held = seat.bonuses, seat.tokens
    w0, w1, w2, w3, w4 = (bonuses[c] + held[c] for c in range(5))
    gold = held[GOLD]
    cost_of = COST

    def affordable(card: int) -> bool:
        c0, c1, c2, c3, c4 = cost_of[card]
        return (
            (c0 - w0 if c0 > w0 else 0) + (c1 - w1 if c1 > w1 else 0)
            + (c2 - w2 if c2 > w2 else 0) + (c3 - w3 if c3 > w3 else 0)
            + (c4 - w4 if c4 > w4 else 0)
        ) <= gold

    for level_index, row in enumerate(state.centre):
        for index, card in enumerate(row):
            if card is not None and affordable(card):
                result.append(A.BUY_CENTRE[level_index + 1, index])
    for index, card in enumerate(seat.hand):
        if card >= 0 and affordable(card):
            result.append(A.BUY_HAND[index])
    if not result:
        result.append(A.PASS)
    return tuple(result)


# --- effects ----------------------------------------------------------------


def _replace_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:index] + (seat,) + seats[index + 1 :]


def card_at(state: JowhariState, seat_index: int, source: A.Source) -> int | None:
    if source.kind == "centre":
        return state.centre[source.level - 1][source.index]
    if source.kind == "deck":
        deck = state.decks[source.level - 1]
        return deck[-1] if deck else None
    hand = state.seats[seat_index].hand
    return hand[source.index] if source.index < len(hand) else None


def _take_from_centre(state: JowhariState, level: int, index: int) -> tuple[
        tuple[tuple[int, ...], ...], tuple[tuple[int | None, ...], ...]]:
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


def apply_action(state: JowhariState, action: object) -> JowhariState:
    me = state.current
    seat = state.seats[me]
    supply = state.supply
    decks, centre = state.decks, state.centre
    passes = 0

    if isinstance(action, A.Take):
        taken = list(seat.tokens)
        left = list(supply)
        for c in action.colours:
            taken[c] += 1
            left[c] -= 1
        seat = Seat(tuple(taken), seat.bonuses, seat.prestige, seat.bought, seat.hand, seat.hand_public)
        supply = tuple(left)
    elif isinstance(action, A.Return):
        c = action.colour
        tokens = seat.tokens
        tokens = tokens[:c] + (tokens[c] - 1,) + tokens[c + 1 :]
        supply = supply[:c] + (supply[c] + 1,) + supply[c + 1 :]
        seat = Seat(tokens, seat.bonuses, seat.prestige, seat.bought, seat.hand, seat.hand_public)
    elif isinstance(action, A.Reserve):
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
    elif isinstance(action, A.Buy):
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
    elif isinstance(action, A.Pass):
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


def _end_turn(state, supply, decks, centre, seats, passes) -> JowhariState:
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


def invariants(state: JowhariState) -> tuple[str, ...]:
    """Jowhari's own consistency checks (see State.invariants)."""
    broken = []
    if not 0 <= state.current < state.players:
        broken.append(f"current seat {state.current} is not at the table")
    if not 0 <= state.passes_in_row <= state.players:
        broken.append(f"{state.passes_in_row} passes in a row at a {state.players}-seat table")
    if any(count < 0 for count in state.supply):
        broken.append(f"the supply holds a negative count: {state.supply}")
    for index, seat in enumerate(state.seats):
        who = f"seat {index}"
        if any(count < 0 for count in seat.tokens):
            broken.append(f"{who} holds a negative token count: {seat.tokens}")
        over_limit = seat.gems > GEM_LIMIT
        if over_limit and not (state.returning and index == state.current):
            broken.append(f"{who} holds {seat.gems} gems after its turn, over {GEM_LIMIT}")
        if len(seat.hand) > A.HAND_LIMIT or len(seat.hand) != len(seat.hand_public):
            broken.append(f"{who} holds {len(seat.hand)} cards in hand "
                          f"({len(seat.hand_public)} public flags), limit {A.HAND_LIMIT}")
        if seat.prestige != sum(PRESTIGE[card] for card in seat.bought):
            broken.append(f"{who} has {seat.prestige} prestige, not its bought cards' sum")
        bonuses = tuple(sum(BONUS[card] == c for card in seat.bought) for c in range(5))
        if seat.bonuses != bonuses:
            broken.append(f"{who} has bonuses {seat.bonuses}, its bought cards give {bonuses}")
    if state.first_to_goal is not None and state.seats[state.first_to_goal].prestige < PRESTIGE_GOAL:
        broken.append(f"seat {state.first_to_goal} is marked first to the goal below it")
    if state.returning and state.over:
        broken.append("the game is over with tokens still to return")
    return tuple(broken)


# --- results ------------------------------------------------------------------


def ranking(state: JowhariState) -> tuple[int, ...]:
    """Place per seat: whoever reached the goal first is first; the rest (or,
    if nobody reached it, everyone) by prestige, fewer bought cards breaking
    ties; seats equal on both share a place."""
    first = state.first_to_goal

    def key(seat_index: int) -> tuple:
        seat = state.seats[seat_index]
        return (seat_index != first, -seat.prestige, len(seat.bought))

    keys = [key(s) for s in range(state.players)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def score_breakdown(state: JowhariState, seat_index: int) -> tuple[ScoreLine, ...]:
    seat = state.seats[seat_index]
    lines = []
    for level in (1, 2, 3):
        points = sum(PRESTIGE[c] for c in seat.bought if LEVEL[c] == level)
        lines.append(ScoreLine(f"Prestige from level {level}", points))
    lines.append(ScoreLine("Prestige", seat.prestige))
    lines.append(ScoreLine("Cards bought (fewer wins a tie)", len(seat.bought)))
    lines.append(ScoreLine("Reached 10 first", 1 if state.first_to_goal == seat_index else 0))
    return tuple(lines)


# --- explanations ---------------------------------------------------------


def _count(n: int, colour: int) -> str:
    name = COLOURS[colour] if colour < 5 else "gold"
    return f"{n} {name}"


def why_illegal(state: JowhariState, action: object) -> str:
    """Why `action` is not legal in `state`, in words for the player."""
    if state.over:
        return "the game is over"
    seat = state.seats[state.current]
    # A refusal is read by whoever tried the move, who is always the seat to
    # act: so it speaks to them ("you hold"), never of "seat 1".
    if not isinstance(action, A.Take | A.Return | A.Reserve | A.Buy | A.Pass):
        return f"{action!r} is not a Jowhari action"
    impossible = notation.never_legal(action)
    if impossible:
        return impossible
    if state.returning and not isinstance(action, A.Return):
        excess = seat.gems - GEM_LIMIT
        return f"you hold {seat.gems} gem tokens and must first return {excess} (return X)"
    if isinstance(action, A.Return):
        if not state.returning:
            return f"you hold {seat.gems} gem tokens; returning is only for more than {GEM_LIMIT}"
        return f"you have no {COLOURS[action.colour]} tokens to return"
    if isinstance(action, A.Pass):
        return "passing is allowed only when no other action is legal"
    if isinstance(action, A.Take):
        return _why_not_take(state, action)
    if isinstance(action, A.Reserve):
        if len(seat.hand) >= A.HAND_LIMIT:
            return (
                f"you already hold {A.HAND_LIMIT} cards in hand; the hand is the reserve, "
                "so buy one of them before reserving"
            )
        source = action.source
        if source.kind == "deck":
            return f"the level {source.level} deck is empty"
        return f"slot {source} is empty"
    if isinstance(action, A.Buy):
        card = card_at(state, state.current, action.source)
        if card is None:
            where = "your hand has no card" if action.source.kind == "hand" else "there is no card at"
            return f"{where} {action.source}"
        missing = shortfall(seat, card)
        return (
            f"card {CODE[card]} is {missing} token{'s' if missing > 1 else ''} short "
            "after discounts, gems and gold"
        )
    return f"{action} is not legal here"  # pragma: no cover


def _why_not_take(state: JowhariState, action: A.Take) -> str:
    supply = state.supply
    colours = action.colours
    if len(colours) == 2 and colours[0] == colours[1]:
        c = colours[0]
        return (
            f"taking two {COLOURS[c]} needs at least 4 in the supply; there "
            f"{'is' if supply[c] == 1 else 'are'} {supply[c]}"
        )
    empty = [LETTERS[c] for c in colours if not supply[c]]
    if empty:
        return f"the supply has no {', '.join(COLOURS[LETTERS.index(x)] for x in empty)} tokens"
    available = sum(1 for c in range(5) if supply[c])
    if available >= 3:
        return "take three different colours while three or more are in the supply"
    return f"take one of each colour left in the supply ({available} colours)"
