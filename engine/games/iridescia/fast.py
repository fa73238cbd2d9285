"""A quicker `attrs.evolve` for the two record types rebuilt on every action.

attrs.evolve looks every field up by name on each call; these functions are
generated once with the field list written out, so a change is one
positional constructor call. They behave exactly like attrs.evolve.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def make_evolve(cls: type[T]) -> Any:
    names = [a.name for a in attrs.fields(cls) if a.init]  # type: ignore[arg-type]
    args = ", ".join(f"{n}=_KEEP" for n in names)
    values = ", ".join(f"old.{n} if {n} is _KEEP else {n}" for n in names)
    source = f"def evolve(old, {args}):\n    return _cls({values})\n"
    namespace: dict[str, Any] = {"_KEEP": object(), "_cls": cls}
    exec(source, namespace)  # noqa: S102 - code built above from the class's own field names
    return namespace["evolve"]
