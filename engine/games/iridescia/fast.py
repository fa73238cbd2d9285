"""A quicker `attrs.evolve` for the record types rebuilt on every action, and a
quicker shuffle for sampling hidden cards (the same draws as the library's).

The records keep their fields in an instance dict (attrs frozen, not
slotted), so a changed copy is one dict copy made in C: the old fields, then
the changes, then the entries every new instance starts afresh with (the
legal-action cache and the hash cache). attrs.evolve would look every field
up by name and run the frozen `__init__`, which sets the fields one by one.
The classes have no validators, converters or post-init hooks, so nothing
is skipped; tests/test_iridescia_fast.py checks every field
against attrs.evolve. It halves the time of a random playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol, TypeVar, cast

import attrs

from .state import IridesciaState, Seat


def fresh_entries(cls: type) -> dict[str, Any]:
    """What `__init__` puts in an instance's dict besides the init fields, with the
    values it starts with: learnt from one throwaway instance rather than guessed."""
    init = [a.name for a in attrs.fields(cls) if a.init]
    probe = cls(**dict.fromkeys(init))
    return {k: v for k, v in probe.__dict__.items() if k not in init}


def make_evolve(*classes: type) -> Callable[..., Any]:
    """One evolve for records of any of `classes` (frozen attrs classes with a dict)."""
    names = {cls: frozenset(a.name for a in attrs.fields(cls) if a.init) for cls in classes}
    fresh = {cls: fresh_entries(cls) for cls in classes}
    new_instance = object.__new__
    set_field = object.__setattr__

    def evolve(old: Any, **changes: Any) -> Any:
        cls = type(old)
        if not changes.keys() <= names[cls]:
            unknown = ", ".join(sorted(changes.keys() - names[cls]))
            raise TypeError(f"{cls.__name__} has no field {unknown}")
        new = new_instance(cls)
        set_field(new, "__dict__", {**old.__dict__, **changes, **fresh[cls]})
        return new

    return evolve


@cache
def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """(position, range, bits of the range) for each draw of a shuffle of `length`."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def _shuffle_in_line(rng: random.Random, items: list[Any]) -> None:
    """random.Random.shuffle with its bit draws written out in one loop, so that
    no method call is made per element: the same draws, so the same order."""
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _agrees_with_library() -> bool:
    # The library's algorithm may change between versions: trust the copy only
    # while it gives the library's own orders.
    for seed in range(20):
        ours, theirs = list(range(seed * 3)), list(range(seed * 3))
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(5):
            _shuffle_in_line(a, ours)
            b.shuffle(theirs)
        if ours != theirs or a.getstate() != b.getstate():
            return False
    return True


_IN_LINE_OK = _agrees_with_library()


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`, quicker for a plain random.Random (the hot path of
    sampling hidden cards), and exactly the same order and generator state."""
    if _IN_LINE_OK and type(rng) is random.Random:
        _shuffle_in_line(rng, items)
    else:
        rng.shuffle(items)


Record = TypeVar("Record", IridesciaState, Seat)


class Evolve(Protocol):
    def __call__(self, old: Record, /, **changes: Any) -> Record: ...


evolve = cast(Evolve, make_evolve(IridesciaState, Seat))
"""attrs.evolve for a state or a seat, as one dict copy."""
