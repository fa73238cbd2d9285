"""The referee's own Marylia moves: which are legal, and what each one does to
a position, written from the rulebook's sections 5 to 9 and the rulings.

Moves are handled by their text ("travel 5", "forge gaaz", "join 2", ...),
the notation every player types, so nothing of the engine's actions is used.
"""

from __future__ import annotations

from marylia_referee_cards import (
    ABILITY,
    ACTIONS,
    BUYS,
    CITIES,
    COST,
    HAND_LIMIT,
    INTERACT_COST,
    KINDS,
    LETTERS,
    ROUND_LIMIT,
    STRENGTH,
    forge_text,
    forgeable,
    is_acquirer,
    is_monster,
    item_symbol,
    item_value,
)
from marylia_referee_position import (
    ACT,
    BID,
    CHANGE,
    DISCARD,
    FIGHT,
    JOIN,
    OVER,
    PLACE,
    Auction,
    Position,
)

ROLLS = {f"roll {face}" for face in range(1, 9)}


def travel_cost(start: int, city: int) -> int:
    """One city is free; each city beyond the first costs a coin (section 6.1)."""
    return max(0, abs(city - start) - 1)


def sellable(pos: Position, seat: int, city: int) -> list[int]:
    """Items of `seat` the Acquirer of `city` buys now: a matching symbol, and
    forged in an earlier round (ruling 3)."""
    card = pos.characters[city]
    if not is_acquirer(card):
        return []
    return [i for i, (parts, forged) in enumerate(pos.seats[seat].items)
            if forged < pos.round and item_symbol(parts) in BUYS[card]]


def legal(pos: Position) -> set[str]:
    """Every move the position allows, as text."""
    if pos.phase == PLACE:
        return {f"start {city + 1}" for city in range(CITIES)}
    if pos.phase in (FIGHT, CHANGE):
        return set(ROLLS)
    if pos.phase == DISCARD:
        hand = pos.seats[pos.current].hand
        return {f"discard {LETTERS[t]}" for t in range(8) if hand[t]}
    if pos.phase == JOIN:
        return _joins(pos)
    if pos.phase == BID:
        assert pos.auction is not None
        bidder = pos.auction.bidders[pos.auction.bids.index(None)]
        return {f"bid {n}" for n in range(pos.seats[bidder].coins + 1)}
    if pos.phase == OVER:
        return set()
    return _turn_moves(pos)


def _turn_moves(pos: Position) -> set[str]:
    me = pos.seats[pos.current]
    city = me.city
    moves = {f"travel {d + 1}" for d in range(CITIES)
             if d != city and travel_cost(city, d) <= me.coins}
    kind = pos.resources[city]
    if kind >= 0 and me.coins >= COST[kind]:
        moves.add("buy")
    moves.update(forge_text(parts) for parts in forgeable(tuple(me.hand)))
    card = pos.characters[city]
    if is_acquirer(card):
        moves.update(f"sell {i + 1}" for i in sellable(pos, pos.current, city))
    elif card >= 0 and me.coins >= INTERACT_COST[card]:
        moves.add("interact")  # ruling 14: paying the cost is the only condition
    if ((pos.characters[city] < 0 and pos.encounter_deck)
            or (pos.resources[city] < 0 and pos.resource_deck)):
        moves.add("wait")
    moves.add("collect")
    return moves


def _joins(pos: Position) -> set[str]:
    auction = pos.auction
    assert auction is not None
    seat = auction.asking[0]
    if pos.seats[seat].coins < 1:
        return {"pass"}
    if auction.buying:
        return {"join", "pass"}
    city = pos.seats[pos.current].city
    return {f"join {i + 1}" for i in sellable(pos, seat, city)} | {"pass"}


def apply(before: Position, move: str) -> Position:
    """The position after `move`, with what fired in its notes."""
    pos = before.copy()
    verb, _, rest = move.partition(" ")
    number = int(rest) if rest.isdigit() else -1
    if verb == "roll":
        if pos.phase == FIGHT:
            _fight(pos, number)
        else:
            pos.start_round(number)
    elif verb == "start":
        _place(pos, number - 1)
    elif verb in ("join", "pass"):
        _answer(pos, verb == "join", number - 1 if number > 0 else -1)
    elif verb == "bid":
        _bid(pos, number)
    elif verb == "discard":
        _discard(pos, LETTERS.index(rest))
    else:
        _act(pos, verb, rest, number)
    return pos


def _act(pos: Position, verb: str, rest: str, number: int) -> None:
    me = pos.current
    seat = pos.seats[me]
    if verb == "travel":
        cost = travel_cost(seat.city, number - 1)
        seat.city = number - 1
        pos.pay(me, cost)
    elif verb == "collect":
        pos.gain(me, 1)
    elif verb == "forge":
        parts = tuple(rest.count(letter) for letter in LETTERS)
        seat.hand = [h - p for h, p in zip(seat.hand, parts, strict=True)]
        seat.items.append((parts, pos.round))
    elif verb == "buy":
        if _open_auction(pos, True, -1):
            return
        _take_resource(pos, me, COST[pos.resources[seat.city]])
    elif verb == "sell":
        if _open_auction(pos, False, number - 1):
            return
        _sell(pos, me, number - 1)
    elif verb == "interact":
        if _interact(pos):
            return  # a fight: the die decides, then the action is spent
    elif verb == "wait":
        _wait(pos)
    else:
        raise ValueError(f"the referee does not know the move {verb!r}")
    _spend(pos)


def _place(pos: Position, city: int) -> None:
    pos.seats[pos.current].city = city
    pos.current = (pos.current + 1) % pos.players
    if pos.current == pos.first:
        # Every merchant is down: the opening Leprechauns deal their cards.
        for card in pos.characters:
            if card >= 0 and ABILITY[card] == "leprechaun":
                pos.everyone_draws()
        pos.phase = ACT
        pos.actions_left = ACTIONS


def _wait(pos: Position) -> None:
    """Ruling 13: fill only the spaces that were empty when the Wait began."""
    city = pos.seats[pos.current].city
    resource_was_empty = pos.resources[city] < 0
    pos.notes.append("wait")
    if pos.characters[city] < 0 and pos.encounter_deck:
        card = pos.encounter_deck.pop()
        if is_monster(card) and not resource_was_empty:
            pos.notes.append("wait: a Monster arrived on a resource")
        pos.enter(city, card)
    if resource_was_empty and pos.resource_deck:
        pos.place_resource(city, pos.resource_deck.pop())


def _interact(pos: Position) -> bool:
    """Pay the cost, resolve, discard and collect; True for a Monster's fight."""
    me = pos.current
    city = pos.seats[me].city
    card = pos.characters[city]
    pos.pay(me, INTERACT_COST[card])
    if is_monster(card):
        pos.phase = FIGHT
        return True
    ability = ABILITY[card]
    pos.notes.extend(_nothing_to_act_on(pos, ability, city))
    if ability in ("leprechaun", "courier", "prospector"):
        pos.draw(me, {"leprechaun": 1, "courier": 2, "prospector": 3}[ability])
    elif ability in ("banker", "herald", "saboteur"):
        pos.gain(me, 1)
        if ability == "herald":
            pos.draw_event()
    elif ability == "tax_collector":
        for other in range(pos.players):
            if other != me:
                pos.gain(me, pos.pay(other, 1))
    elif ability == "bandit":
        for other in range(pos.players):
            if other != me and abs(pos.seats[other].city - city) <= 1:
                pos.pay(other, 2)
    elif ability == "apprentice":
        kind = pos.resources[city]
        if kind >= 0:
            pos.resources[city] = -1
            pos.seats[me].hand[kind] += 1
    else:
        raise ValueError(f"the referee does not know the ability {ability!r}")
    if pos.characters[city] == card:  # a Herald's Plague may have taken it already
        pos.leave(city, me)
    return False


def _nothing_to_act_on(pos: Position, ability: str, city: int) -> list[str]:
    """Notes for a character used although its ability finds nothing (ruling 14)."""
    me = pos.current
    others = [s for s in range(pos.players) if s != me]
    idle = {
        "apprentice": pos.resources[city] < 0,
        "leprechaun": not pos.resource_deck,
        "courier": not pos.resource_deck,
        "prospector": not pos.resource_deck,
        "tax_collector": all(pos.seats[s].coins == 0 for s in others),
        "bandit": all(abs(pos.seats[s].city - city) > 1 or pos.seats[s].coins == 0
                      for s in others),
    }
    if not idle.get(ability, False):
        return []
    if ability == "apprentice":
        return ["interact: Apprentice in a city with no resource card"]
    return [f"interact: {ability} with nothing to act on"]


def _fight(pos: Position, face: int) -> None:
    me = pos.current
    city = pos.seats[me].city
    pos.last_roll = face
    won = face >= STRENGTH[pos.characters[city]]
    pos.notes.append("fight won" if won else "fight lost")
    if won:
        pos.leave(city, me)
    _spend(pos)


def _take_resource(pos: Position, seat: int, price: int) -> None:
    """`seat` pays `price` for the resource card of the active player's city."""
    city = pos.seats[pos.current].city
    kind = pos.resources[city]
    pos.pay(seat, price)
    pos.seats[seat].hand[kind] += 1
    pos.resources[city] = -1


def _sell(pos: Position, seat: int, index: int) -> None:
    """`seat` sells item `index` to the Acquirer of the active player's city."""
    parts, _ = pos.seats[seat].items.pop(index)
    pos.resource_discard = [a + b for a, b in zip(pos.resource_discard, parts, strict=True)]
    pos.gain(seat, item_value(parts))
    pos.leave(pos.seats[pos.current].city, seat)


def _open_auction(pos: Position, buying: bool, item: int) -> bool:
    """Section 7 and ruling 10: merchants in the city who could take part are
    asked clockwise whether they pay a coin to join."""
    me = pos.current
    city = pos.seats[me].city
    asking = [seat for seat in ((me + k) % pos.players for k in range(1, pos.players))
              if pos.seats[seat].city == city and pos.seats[seat].coins >= 1
              and (buying or sellable(pos, seat, city))]
    if not asking:
        return False
    pos.auction = Auction(buying, [me], [item], asking, [None])
    pos.phase = JOIN
    pos.notes.append("auction offered")
    return True


def _answer(pos: Position, joins: bool, item: int) -> None:
    auction = pos.auction
    assert auction is not None
    seat = auction.asking.pop(0)
    if joins:
        pos.pay(seat, 1)
        auction.bidders.append(seat)
        auction.items.append(item)
        auction.bids.append(None)
    if auction.asking:
        return
    if len(auction.bidders) > 1:
        pos.phase = BID
        pos.notes.append("auction with sealed bids")
        return
    pos.auction = None  # nobody joined: the move goes ahead as asked
    pos.phase = ACT
    if auction.buying:
        _take_resource(pos, pos.current, COST[pos.resources[pos.seats[pos.current].city]])
    else:
        _sell(pos, pos.current, auction.items[0])
    _spend(pos)


def _bid(pos: Position, amount: int) -> None:
    auction = pos.auction
    assert auction is not None
    auction.bids[auction.bids.index(None)] = amount
    if None in auction.bids:
        return
    bids = [b for b in auction.bids if b is not None]
    best = max(bids)
    # Ties: the active player (first bidder), else the nearest clockwise.
    tied = [seat for seat, b in zip(auction.bidders, bids, strict=True) if b == best]
    winner = min(tied, key=lambda seat: (seat - pos.current) % pos.players)
    index = auction.bidders.index(winner)
    if len(tied) > 1:
        pos.notes.append("auction tie")
    pos.last_auction = list(zip(auction.bidders, bids, strict=True))
    pos.auction = None
    pos.phase = ACT
    if auction.buying:
        _take_resource(pos, winner, best)
    else:
        pos.pay(winner, best)
        _sell(pos, winner, auction.items[index])
    if winner == pos.current:
        _spend(pos)
    else:
        pos.notes.append("auction: the active player was outbid and keeps the action")


def _discard(pos: Position, kind: int) -> None:
    seat = pos.seats[pos.current]
    seat.hand[kind] -= 1
    pos.resource_discard[kind] += 1
    pos.notes.append("hand limit discard")
    if sum(seat.hand) <= HAND_LIMIT:
        _end_turn(pos)


def _spend(pos: Position) -> None:
    """One of the active player's three actions is used (section 5)."""
    pos.phase = ACT
    pos.auction = None
    pos.actions_left -= 1
    if pos.actions_left == 0:
        if sum(pos.seats[pos.current].hand) > HAND_LIMIT:
            pos.phase = DISCARD
        else:
            _end_turn(pos)


def _end_turn(pos: Position) -> None:
    """The next player's turn, or the end of the round (with two players every
    turn is a round, section 10), or the end of the game (section 9)."""
    pos.turns += 1
    following = (pos.current + 1) % pos.players
    if pos.players > 2 and following != pos.first:
        pos.current = following
        pos.phase = ACT
        pos.actions_left = ACTIONS
        return
    if pos.last_round or pos.round >= ROUND_LIMIT[pos.players]:
        pos.phase = OVER
        pos.actions_left = 0
        return
    pos.first = (pos.first + 1) % pos.players
    pos.current = pos.first
    pos.round += 1
    pos.phase = CHANGE
    pos.actions_left = ACTIONS


def wealth(pos: Position, seat: int) -> int:
    """Coins plus half the market value, rounded down, of each unsold item (ruling 8)."""
    s = pos.seats[seat]
    return s.coins + sum(item_value(parts) // 2 for parts, _ in s.items)


__all__ = ["KINDS", "apply", "legal", "wealth"]
