"""A quicker `attrs.evolve` for the record types rebuilt on every action.

The records keep their fields in an instance dict (attrs frozen, not
slotted), so a changed copy is one dict copy made in C: the old fields, then
the changes, then the entries every new instance starts afresh with (the
legal-action cache and the hash cache). attrs.evolve would look every field
up by name and run the frozen `__init__`, which sets the fields one by one.
The classes have no validators, converters or post-init hooks, so nothing
is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs


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


HASH_CACHE = "_attrs_cached_hash"


def pickled_fields(record: Any) -> dict[str, Any]:
    """A record's pickled form: its dict without the hash cache, as attrs pickles
    a slotted class, so that a record pickles the same before and after hashing."""
    fields = dict(record.__dict__)
    fields.pop(HASH_CACHE, None)
    return fields


def unpickle_fields(record: Any, fields: dict[str, Any]) -> None:
    object.__setattr__(record, "__dict__", {**fields, HASH_CACHE: None})
