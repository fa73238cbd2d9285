"""A quicker `attrs.evolve` for the two record types rebuilt on every action.

attrs.evolve looks every field up by name and then runs the frozen
`__init__`, which sets each slot through `object.__setattr__`. These
functions are generated once from the class's field list and fill the slots
of a new instance directly (the classes have no validators or converters,
so nothing is skipped); the hash cache slot starts empty, as in `__init__`.
"""

from __future__ import annotations

from typing import Any

import attrs

HASH_SLOT = "_attrs_cached_hash"


def make_evolve(cls: type) -> Any:
    fields = attrs.fields(cls)
    names = [a.name for a in fields if a.init]
    namespace: dict[str, Any] = {"_KEEP": object(), "_new": object.__new__, "_cls": cls}
    lines = ["def evolve(old, " + ", ".join(f"{n}=_KEEP" for n in names) + "):",
             "    new = _new(_cls)"]
    for a in fields:
        namespace[f"_set_{a.name}"] = cls.__dict__[a.name].__set__
        if a.init:
            value = f"old.{a.name} if {a.name} is _KEEP else {a.name}"
        else:
            namespace[f"_default_{a.name}"] = a.default
            value = f"_default_{a.name}"
        lines.append(f"    _set_{a.name}(new, {value})")
    if HASH_SLOT in cls.__dict__:
        namespace["_set_hash"] = cls.__dict__[HASH_SLOT].__set__
        lines.append("    _set_hash(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - code built above from the class's own fields
    return namespace["evolve"]
