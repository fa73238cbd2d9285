"""Quick builders for the frozen records a playout makes by the thousand:
`build_state` and `build_seat`, used wherever the rules make new positions.

attrs' generated `__init__` of a frozen slotted class sets each field through
`object.__setattr__`, which looks the name up on the class every time. The
builders made here take the same positional arguments as the class (every
`init` field, in order, defaults allowed) and write the slots through their
descriptors directly: the same value, about a third cheaper to make. They
suit classes without validators or converters only, which `quick_builder`
checks, and they set the attrs hash cache and every `init=False` field to
its default, as `__init__` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from .state import MaryliaState, Seat

T = TypeVar("T")

_HASH_CACHE = "_attrs_cached_hash"
"""The slot attrs keeps a cached hash in (classes made with cache_hash=True)."""


def quick_builder(cls: type[T]) -> Callable[..., T]:
    """A function building `cls` from its init arguments, equal to calling `cls`."""
    fields = attrs.fields(cls)  # type: ignore[arg-type]  # any attrs class
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    slots.discard("__weakref__")
    named = {field.name for field in fields}
    extra = slots - named
    if extra - {_HASH_CACHE}:
        raise TypeError(f"{cls.__name__} has slots attrs does not describe: {sorted(extra)}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params: list[str] = []
    body = ["    self = _new(_cls)"]
    for index, field in enumerate(fields):
        if field.validator is not None or field.converter is not None or field.on_setattr:
            raise TypeError(f"{cls.__name__}.{field.name}: a quick builder would skip its checks")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name}: factories are not supported")
        setter = f"_set{index}"
        namespace[setter] = getattr(cls, field.name).__set__
        if field.init:
            name = field.alias or field.name
            if field.default is attrs.NOTHING:
                params.append(name)
            else:
                namespace[f"_default{index}"] = field.default
                params.append(f"{name}=_default{index}")
            body.append(f"    {setter}(self, {name})")
        else:
            namespace[f"_default{index}"] = field.default
            body.append(f"    {setter}(self, _default{index})")
    if _HASH_CACHE in extra:
        namespace["_set_hash"] = getattr(cls, _HASH_CACHE).__set__
        body.append("    _set_hash(self, None)")
    body.append("    return self")
    source = f"def build({', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(compile(source, f"<quick builder of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"Build a {cls.__name__} (the same as calling the class, quicker)."
    return build


# Playouts make a state and a seat or two per action: these build them quicker
# than the classes' own __init__, with the same arguments and the same result.
build_state = quick_builder(MaryliaState)
build_seat = quick_builder(Seat)
