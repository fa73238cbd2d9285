"""What each seat may know, and sampling the hidden rest for search.

Hidden from everyone: the faces of face-down tiles and of the tiles in the
box, the order of the relic, merchant and Rhom decks (the Rhom deck's top
weathervane stays public), the objectives nobody holds and the reshuffle key.
Hidden from the other seats: an explorer's objectives (held and dropped) and
its item hand. The Rhom's hand is public.
"""

from __future__ import annotations

import random

import attrs

from gemtable.engine.core import Observer

from .board import REGION_OF
from .components import ITEM_COPIES, ITEMS, OBJECTIVES, REGION_TILES, RELICS, RHOM_CARDS, TILES
from .fast import evolve, shuffle
from .state import BOX_HIDDEN, EMPTY, HIDDEN_CARD, HIDDEN_TILE, IridesciaState, Seat


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


TILE_GEM = tuple(t.gem for t in TILES)
ITEM_POOL = tuple(k.kind for k in ITEMS for _ in range(ITEM_COPIES))


@attrs.frozen
class _Unseen:
    """What a view leaves to sample, worked out once per view: a search samples
    the same view at every iteration, so only the shuffles are left to do."""

    regions: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]
    """Per region: its unseen tiles (in table order), the face-down cells, the
    box's count of its unseen tiles."""
    relics: tuple[int, ...]
    items: tuple[int, ...]
    """The merchant cards nobody can see (the pool before shuffling)."""
    hidden_hands: tuple[int, ...]
    objectives: tuple[int, ...]
    hidden_objectives: tuple[int, ...]
    rhom_cards: tuple[int, ...]


def _hidden(values: tuple[int, ...]) -> bool:
    return bool(values) and values[0] == HIDDEN_CARD


def _unseen(state: IridesciaState) -> _Unseen:
    seen = {t for t in state.cells if t >= 0} | set(state.discards)
    seen_relics = {r for r in state.relic_row if r >= 0}
    known_objectives: set[int] = set()
    for s in state.seats:
        seen.update(s.pile)
        seen_relics.update(s.relics)
        seen_relics.update(s.reserved)
        known_objectives.update(o for o in s.objectives + s.dropped if o >= 0)
    regions = tuple(
        (tuple(t for t in REGION_TILES[region] if t not in seen),
         tuple(c for c in REGION_CELLS[region] if state.cells[c] == HIDDEN_TILE),
         state.box.count(BOX_HIDDEN + region))
        for region in range(5))
    pool = list(ITEM_POOL)
    known = list(state.item_box) + [k for k in state.market if k >= 0] + list(state.item_discard)
    hidden_hands = tuple(i for i, s in enumerate(state.seats) if _hidden(s.items))
    for i, s in enumerate(state.seats):
        if i not in hidden_hands:
            known.extend(s.items)
    for k in known:
        pool.remove(k)
    return _Unseen(
        regions=regions,
        relics=tuple(r for r in range(len(RELICS)) if r not in seen_relics),
        items=tuple(pool), hidden_hands=hidden_hands,
        objectives=tuple(o for o in range(len(OBJECTIVES)) if o not in known_objectives),
        hidden_objectives=tuple(i for i, s in enumerate(state.seats)
                                if _hidden(s.objectives) or _hidden(s.dropped)),
        rhom_cards=tuple(c for c in range(len(RHOM_CARDS)) if c not in state.rhom_pile),
    )


_latest: tuple[IridesciaState, _Unseen] | None = None
"""The latest view sampled and what it leaves unseen (a view never changes).
One tuple read and written whole, so that threads searching at once are safe."""


def _unseen_of(state: IridesciaState) -> _Unseen:
    global _latest
    latest = _latest
    if latest is not None and latest[0] is state:
        return latest[1]
    unseen = _unseen(state)
    _latest = (state, unseen)
    return unseen


def _tiles(state: IridesciaState, unseen_tiles: _Unseen,
           rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    small = state.players <= 2  # one tile of each gem per region went to the box unseen
    cells = list(state.cells)
    box: list[int] = []
    for region, (tiles, slots, in_box) in enumerate(unseen_tiles.regions):
        unseen = list(tiles)
        shuffle(rng, unseen)
        if small and region < 4:
            first = [-1, -1, -1, -1]  # where the first tile of each gem lies
            wanted = 4
            for at, t in enumerate(unseen):
                gem = TILE_GEM[t]
                if gem < 4 and first[gem] < 0:
                    first[gem] = at
                    wanted -= 1
                    if not wanted:
                        break
            assert wanted == 0, "a region lacks a gem the box holds"
            for at in sorted(first, reverse=True):
                box.append(unseen.pop(at))
            in_box -= 4
        for c in slots:
            cells[c] = unseen.pop()
        box.extend(unseen)
        assert len(unseen) == in_box, "box count disagrees with the unseen tiles"
    return tuple(cells), tuple(sorted(box))


def _items(state: IridesciaState, unseen: _Unseen,
           rng: random.Random) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
    """The hidden hands (seat: items) and the merchant deck."""
    pool = list(unseen.items)
    hidden_hands = unseen.hidden_hands
    for _attempt in range(50):
        shuffle(rng, pool)
        rest = pool
        hands = {}
        for i in hidden_hands:
            size = len(state.seats[i].items)
            # The first `size` different kinds in deck order make the hand.
            hand: list[int] = []
            left: list[int] = []
            for k in rest:
                if len(hand) < size and k not in hand:
                    hand.append(k)
                else:
                    left.append(k)
            if len(hand) < size:
                break
            hands[i] = tuple(sorted(hand))
            rest = left
        else:
            return hands, tuple(rest)
    seats, deck = _deal_by_need(state, pool, list(hidden_hands), rng)
    return {i: seats[i].items for i in hidden_hands}, deck


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


def determinize(state: IridesciaState, rng: random.Random) -> IridesciaState:
    if state.observer is None:
        return state
    unseen = _unseen_of(state)
    cells, box = _tiles(state, unseen, rng)
    relics = list(unseen.relics)
    shuffle(rng, relics)
    hands, deck = _items(state, unseen, rng)
    objectives = list(unseen.objectives)
    shuffle(rng, objectives)
    changes: dict[int, dict[str, tuple[int, ...]]] = {i: {"items": h} for i, h in hands.items()}
    for i in unseen.hidden_objectives:
        s = state.seats[i]
        held = tuple(objectives.pop() for _ in s.objectives)
        dropped = tuple(objectives.pop() for _ in s.dropped)
        changes.setdefault(i, {}).update(objectives=held, dropped=dropped)
    rhom_deck = list(unseen.rhom_cards)
    shuffle(rng, rhom_deck)
    if rhom_deck:  # the card on top shows the weathervane the view shows
        top = next(i for i, c in enumerate(rhom_deck) if RHOM_CARDS[c].vane == state.rhom_vane)
        rhom_deck.append(rhom_deck.pop(top))
    seats = tuple(evolve(s, **changes[i]) if i in changes else s
                  for i, s in enumerate(state.seats))
    return evolve(
        state, cells=cells, box=box, relic_deck=tuple(relics), item_deck=deck, seats=seats,
        objective_box=tuple(sorted(objectives)), rhom_deck=tuple(rhom_deck),
        shuffle_key=rng.getrandbits(64), observer=None,
    )
