"""What each seat may know, and sampling the hidden rest for search.

Hidden from everyone: the faces of face-down tiles and of the tiles in the
box, the order of the relic, merchant and Rhom decks (the Rhom deck's top
weathervane stays public), the objectives nobody holds and the reshuffle key.
Hidden from the other seats: an explorer's objectives (held and dropped) and
its item hand. The Rhom's hand is public.
"""

from __future__ import annotations

import random

from gemtable.engine.core import Observer

from .board import REGION_OF
from .components import ITEM_COPIES, ITEMS, OBJECTIVES, REGION_TILES, RELICS, RHOM_CARDS, TILES
from .state import BOX_HIDDEN, EMPTY, HIDDEN_CARD, HIDDEN_TILE, IridesciaState, Seat, evolve


def _hide(values: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN_CARD,) * len(values)


REGION_CELLS = tuple(tuple(c for c in range(len(REGION_OF)) if REGION_OF[c] == region)
                     for region in range(5))


def _box_code(tile: int) -> int:
    return tile if tile >= BOX_HIDDEN else BOX_HIDDEN + TILES[tile].region


def view(state: IridesciaState, seat: Observer) -> IridesciaState:
    cells = tuple(HIDDEN_TILE if t != EMPTY and not up else t
                  for t, up in zip(state.cells, state.shown, strict=True))
    seats = tuple(
        s if (i == seat or i == state.rhom) else evolve(
            s, items=_hide(s.items), objectives=_hide(s.objectives), dropped=_hide(s.dropped))
        for i, s in enumerate(state.seats)
    )
    return evolve(
        state, cells=cells, box=tuple(sorted(_box_code(t) for t in state.box)),
        relic_deck=_hide(state.relic_deck), item_deck=_hide(state.item_deck),
        objective_box=_hide(state.objective_box), rhom_deck=_hide(state.rhom_deck),
        seats=seats, shuffle_key=0, observer=seat,
    )


def _tiles(state: IridesciaState, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    seen = {t for t in state.cells if t >= 0} | set(state.discards)
    for s in state.seats:
        seen.update(s.pile)
    small = state.players <= 2  # one tile of each gem per region went to the box unseen
    cells = list(state.cells)
    box: list[int] = []
    for region in range(5):
        unseen = [t for t in REGION_TILES[region] if t not in seen]
        rng.shuffle(unseen)
        slots = [c for c in REGION_CELLS[region] if cells[c] == HIDDEN_TILE]
        in_box = state.box.count(BOX_HIDDEN + region)
        if small and region < 4:
            for gem in range(4):
                pick = next(t for t in unseen if TILES[t].gem == gem)
                unseen.remove(pick)
                box.append(pick)
                in_box -= 1
        for c in slots:
            cells[c] = unseen.pop()
        box.extend(unseen)
        assert len(unseen) == in_box, "box count disagrees with the unseen tiles"
    return tuple(cells), tuple(sorted(box))


def _items(state: IridesciaState, rng: random.Random) -> tuple[tuple[Seat, ...], tuple[int, ...]]:
    pool = [k.kind for k in ITEMS for _ in range(ITEM_COPIES)]
    known = list(state.item_box) + [k for k in state.market if k >= 0] + list(state.item_discard)
    hidden_hands = []
    for i, s in enumerate(state.seats):
        if s.items and s.items[0] == HIDDEN_CARD:
            hidden_hands.append(i)
        else:
            known.extend(s.items)
    for k in known:
        pool.remove(k)
    seats = list(state.seats)
    for _attempt in range(50):
        rng.shuffle(pool)
        rest = list(pool)
        hands = {}
        ok = True
        for i in hidden_hands:
            hand: list[int] = []
            for k in list(rest):
                if len(hand) == len(state.seats[i].items):
                    break
                if k not in hand:
                    hand.append(k)
                    rest.remove(k)
            if len(hand) < len(state.seats[i].items):
                ok = False
                break
            hands[i] = tuple(sorted(hand))
        if ok:
            for i, hand_items in hands.items():
                seats[i] = evolve(seats[i], items=hand_items)
            return tuple(seats), tuple(rest)
    return _deal_by_need(state, pool, hidden_hands, rng)


def _deal_by_need(state: IridesciaState, pool: list[int], hands_at: list[int],
                  rng: random.Random) -> tuple[tuple[Seat, ...], tuple[int, ...]]:
    """A deal that always succeeds when one exists: each kind, the most common
    first, goes to the hands that still need the most cards."""
    need = {i: len(state.seats[i].items) for i in hands_at}
    hands: dict[int, list[int]] = {i: [] for i in hands_at}
    rest: list[int] = []
    kinds = sorted(set(pool), key=lambda k: (-pool.count(k), rng.random()))
    for kind in kinds:
        copies = pool.count(kind)
        for i in sorted(hands_at, key=lambda h: -need[h]):
            if copies and need[i]:
                hands[i].append(kind)
                need[i] -= 1
                copies -= 1
        rest.extend([kind] * copies)
    assert not any(need.values()), "no item deal agrees with the view"
    rng.shuffle(rest)
    seats = list(state.seats)
    for i, hand in hands.items():
        seats[i] = evolve(seats[i], items=tuple(sorted(hand)))
    return tuple(seats), tuple(rest)


def _objectives(state: IridesciaState, seats: list[Seat],
                rng: random.Random) -> tuple[tuple[Seat, ...], tuple[int, ...]]:
    known: set[int] = set()
    for s in seats:
        known.update(o for o in s.objectives + s.dropped if o >= 0)
    pool = [o for o in range(len(OBJECTIVES)) if o not in known]
    rng.shuffle(pool)
    for i, s in enumerate(seats):
        if s.objectives and s.objectives[0] == HIDDEN_CARD or s.dropped and s.dropped[0] == HIDDEN_CARD:
            held = tuple(pool.pop() for _ in s.objectives)
            dropped = tuple(pool.pop() for _ in s.dropped)
            seats[i] = evolve(s, objectives=held, dropped=dropped)
    return tuple(seats), tuple(sorted(pool))


def _rhom_deck(state: IridesciaState, rng: random.Random) -> tuple[int, ...]:
    pool = [c for c in range(len(RHOM_CARDS)) if c not in state.rhom_pile]
    rng.shuffle(pool)
    if pool:
        top = next(i for i, c in enumerate(pool) if RHOM_CARDS[c].vane == state.rhom_vane)
        pool.append(pool.pop(top))
    return tuple(pool)


def determinize(state: IridesciaState, rng: random.Random) -> IridesciaState:
    if state.observer is None:
        return state
    cells, box = _tiles(state, rng)
    seen_relics = {r for r in state.relic_row if r >= 0}
    for s in state.seats:
        seen_relics.update(s.relics)
        seen_relics.update(s.reserved)
    relics = [r for r in range(len(RELICS)) if r not in seen_relics]
    rng.shuffle(relics)
    seats, deck = _items(state, rng)
    seats, objective_box = _objectives(state, list(seats), rng)
    return evolve(
        state, cells=cells, box=box, relic_deck=tuple(relics), item_deck=deck, seats=seats,
        objective_box=objective_box, rhom_deck=_rhom_deck(state, rng),
        shuffle_key=rng.getrandbits(64), observer=None,
    )
