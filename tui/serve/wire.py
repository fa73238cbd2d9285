"""The hub's frames: a 4-byte big-endian length, then one message as JSON.

No frame is ever unpickled. Every JSON object names its type in "$"; a
reader builds only the types on its own list, each from exactly the fields
its class declares, and checks every value against that field's type
annotation (the class definitions in protocol.py and the table's messages
are the schema). A session's requests are held to more: strings, lists and
numbers of bounded size, and a frame of at most `MAX_REQUEST` bytes, so what a
frame can make the hub build is never much bigger than the frame.

Hub to session, a view travels as its game's own records (the state class
and the records it holds), found from the registry of games.
"""

from __future__ import annotations

import json
import struct
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

import attrs

from gemtable.engine import registry
from gemtable.engine.core import CHANCE, SPECTATOR, ScoreLine, _Marker
from gemtable.tui.table import messages

from . import protocol

HEADER = struct.Struct(">I")
MAX_REQUEST = 256 * 1024
"""Largest frame the hub accepts from a session (requests are small)."""
MAX_EVENT = 16 * 1024 * 1024
"""Largest frame a session accepts from the hub (a view with a long history)."""
TYPE = "$"
"""The key naming an object's type."""
MARKERS = {"SPECTATOR": SPECTATOR, "CHANCE": CHANCE}

MAX_TEXT = 4096
"""Characters in any one string of a request (a move, a table id, a token)."""
MAX_DETAIL = 50_000
"""Characters of a crash report (the hub logs at most 20,000 of them)."""
MAX_ITEMS = 16
"""Items in any list of a request (the seats of a new table)."""
MAX_INT = 2**63
"""Bound on the size of a request's numbers (request ids, seats, attachments)."""

Convert = Callable[[Any], Any]


class _Invalid(Exception):
    """A value that does not fit its field (inside decoding only)."""


# --- writing ---------------------------------------------------------------------


def _record_fields(cls: type) -> tuple[attrs.Attribute, ...]:
    """The fields a record travels with: those set at construction, caches left out."""
    return tuple(f for f in attrs.fields(cls) if f.init and not f.name.startswith("_"))


@cache
def _tags() -> dict[type, str]:
    return {cls: tag for schema in (_requests(), _events()) for tag, cls in schema.classes.items()}


def _to_json(value: object) -> dict[str, Any]:
    if isinstance(value, _Marker):
        return {TYPE: repr(value)}
    tag = _tags().get(type(value))
    if tag is None:
        raise TypeError(f"{type(value).__name__} does not travel on the hub socket")
    fields: dict[str, Any] = {TYPE: tag}
    for field in _record_fields(type(value)):
        fields[field.name] = getattr(value, field.name)
    return fields


_ENCODER = json.JSONEncoder(default=_to_json, ensure_ascii=False, allow_nan=False,
                            check_circular=False, separators=(",", ":"))


def encode(message: object) -> bytes:
    """One frame holding `message` (a request, or a message of the hub)."""
    try:
        payload = _ENCODER.encode(message).encode("utf-8")
    except (TypeError, ValueError) as error:
        raise protocol.ProtocolError(f"cannot send {type(message).__name__}: {error}") from None
    return HEADER.pack(len(payload)) + payload


def frame_length(header: bytes, limit: int) -> int:
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise protocol.ProtocolError(f"a frame of {length} bytes is over the limit of {limit}")
    return length


# --- reading -----------------------------------------------------------------------


def _no_constant(name: str) -> object:
    raise _Invalid(f"{name} is not a number")


def _parse(payload: bytes) -> Any:
    try:
        return json.loads(payload.decode("utf-8"), parse_constant=_no_constant)
    except _Invalid:
        raise
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, or a 4,300-digit number
        raise _Invalid(f"not JSON ({type(error).__name__})") from None


class Schema:
    """The types one side accepts, and how to check a value against a type."""

    def __init__(self, classes: Mapping[str, type], *, limited: bool,
                 wide: Iterable[tuple[type, str]] = (),
                 long: Iterable[tuple[type, str]] = ()) -> None:
        """`limited`: requests (sizes bounded); `wide`: fields whose numbers may be
        of any size; `long`: fields whose text may be a crash report."""
        self.classes = dict(classes)
        self.limited = limited
        self._wide = frozenset(wide)
        self._long = frozenset(long)
        self._records: dict[type, Convert] = {}
        self._plans: dict[type, list[tuple[str, str, Convert]]] = {}

    def decode(self, payload: bytes, accept: tuple[type, ...]) -> Any:
        """The message in `payload`, one of `accept`; ProtocolError otherwise."""
        try:
            data = _parse(payload)
            tag = data.get(TYPE) if isinstance(data, dict) else None
            cls = self.classes.get(tag) if isinstance(tag, str) else None
            if cls is None or not issubclass(cls, accept):
                raise _Invalid(f"{str(tag)[:40]!r} is not a message here")
            return self._record(cls)(data)
        except _Invalid as error:
            raise protocol.ProtocolError(f"unreadable frame: {error}") from None

    # --- one converter per type annotation (built once, kept) ----------------------
    def _record(self, cls: type) -> Convert:
        convert = self._records.get(cls)
        if convert is None:
            convert = self._records[cls] = self._build_record(cls)
        return convert

    def _build_record(self, cls: type) -> Convert:
        tag = next(t for t, c in self.classes.items() if c is cls)
        names = frozenset(f.name for f in _record_fields(cls)) | {TYPE}
        plan = self._plans.setdefault(cls, [])
        # The field checks are made on first use (or by `prepare`), not here: a
        # record may hold records of its own kind.

        def convert(value: Any) -> Any:
            if not isinstance(value, dict) or value.get(TYPE) != tag:
                raise _Invalid(f"expected {tag}")
            if value.keys() != names:
                odd = sorted(set(value) ^ names)
                raise _Invalid(f"{tag} with the wrong fields ({', '.join(odd)[:80]})")
            if not plan:
                self._plan(cls)
            try:
                return cls(**{alias: check(value[name]) for name, alias, check in plan})
            except _Invalid as error:
                raise _Invalid(f"{tag}: {error}") from None
            except (TypeError, ValueError) as error:
                raise _Invalid(f"{tag}: {error}") from None

        return convert

    def _plan(self, cls: type) -> None:
        """(field, argument name, check) for each field of `cls`, made once."""
        plan = self._plans.setdefault(cls, [])
        if not plan:
            hints = typing.get_type_hints(cls)
            plan.extend((f.name, f.alias or f.name, self._field(cls, f.name, hints[f.name]))
                        for f in _record_fields(cls))

    def prepare(self) -> None:
        """Make every check now: in a process that forks sessions, they are then
        made once and shared, not made again in each session's memory."""
        for cls in self.classes.values():
            self._record(cls)
            self._plan(cls)

    def _field(self, cls: type, name: str, hint: Any) -> Convert:
        if (cls, name) in self._wide:
            return self._convert(hint, wide=True)
        if (cls, name) in self._long:
            return _text(MAX_DETAIL)
        return self._convert(hint)

    def _convert(self, hint: Any, *, wide: bool = False) -> Convert:
        """A function that returns the value as `hint` wants it, or raises _Invalid."""
        if hint is type(None) or hint is None:
            return _none
        if hint is bool:
            return _exactly(bool)
        if hint is int:
            return _number(None if wide or not self.limited else MAX_INT)
        if hint is float:
            return _float
        if hint is str:
            return _text(MAX_TEXT if self.limited else None)
        if hint is _Marker:
            return _marker
        if hint is object or hint is Any:
            return self._anything
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            return _either([self._convert(a, wide=wide) for a in args])
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return _sequence(self._convert(args[0], wide=wide),
                                 MAX_ITEMS if self.limited else None)
            return _fixed([self._convert(a, wide=wide) for a in args])
        if isinstance(hint, type):
            return self._instance_of(hint)
        raise TypeError(f"no converter for {hint!r}")

    def _instance_of(self, base: type) -> Convert:
        """A record of class `base` or of any known class deriving from it (a State)."""
        choices = {tag: cls for tag, cls in self.classes.items() if issubclass(cls, base)}
        if not choices:
            raise TypeError(f"{base.__name__} is not among the known types")

        def convert(value: Any) -> Any:
            tag = value.get(TYPE) if isinstance(value, dict) else None
            if tag not in choices:
                raise _Invalid(f"expected {base.__name__}")
            return self._record(choices[tag])(value)

        return convert

    def _anything(self, value: Any) -> Any:
        """Where a field may hold any message value (a reply's value)."""
        if value is None or type(value) in (bool, int, float, str):
            return value
        if isinstance(value, list):
            if self.limited and len(value) > MAX_ITEMS:
                raise _Invalid("too many items")
            return tuple(self._anything(item) for item in value)
        tag = value.get(TYPE)
        if tag in MARKERS and len(value) == 1:
            return MARKERS[tag]
        cls = self.classes.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise _Invalid(f"{str(tag)[:40]!r} is not a known type")
        return self._record(cls)(value)


def _none(value: Any) -> None:
    if value is not None:
        raise _Invalid("expected null")


def _exactly(kind: type) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is not kind:
            raise _Invalid(f"expected {kind.__name__}")
        return value

    return convert


def _number(limit: int | None) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is not int or (limit is not None and not -limit < value < limit):
            raise _Invalid("expected a whole number" + ("" if limit is None else " in range"))
        return value

    return convert


def _float(value: Any) -> float:
    if type(value) not in (int, float):
        raise _Invalid("expected a number")
    return value


def _text(limit: int | None) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is not str or (limit is not None and len(value) > limit):
            raise _Invalid("expected text" + ("" if limit is None else f" of at most {limit}"))
        return value

    return convert


def _marker(value: Any) -> _Marker:
    tag = value.get(TYPE) if isinstance(value, dict) else None
    if tag not in MARKERS or len(value) != 1:
        raise _Invalid("expected SPECTATOR or CHANCE")
    return MARKERS[tag]


def _either(choices: list[Convert]) -> Convert:
    def convert(value: Any) -> Any:
        for choice in choices:
            try:
                return choice(value)
            except _Invalid:
                continue
        raise _Invalid(f"{type(value).__name__} fits none of its types")

    return convert


def _sequence(item: Convert, limit: int | None) -> Convert:
    def convert(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or (limit is not None and len(value) > limit):
            raise _Invalid("expected a list" + ("" if limit is None else f" of at most {limit}"))
        return tuple(item(x) for x in value)

    return convert


def _fixed(items: list[Convert]) -> Convert:
    def convert(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) != len(items):
            raise _Invalid(f"expected a list of {len(items)}")
        return tuple(check(x) for check, x in zip(items, value, strict=True))

    return convert


# --- the two directions ----------------------------------------------------------------


def _records_held(cls: type, found: dict[type, None]) -> None:
    """`cls` and every attrs record its fields can hold, in the order met."""
    if cls in found:
        return
    found[cls] = None
    hints = typing.get_type_hints(cls)
    stack = [hints[f.name] for f in _record_fields(cls)]
    while stack:
        hint = stack.pop()
        if isinstance(hint, type) and attrs.has(hint):
            _records_held(hint, found)
        stack.extend(typing.get_args(hint))


@cache
def _requests() -> Schema:
    classes = {cls.__name__: cls for cls in protocol.REQUEST_TYPES}
    return Schema(classes, limited=True, wide=[(protocol.CreateTable, "seed")],
                  long=[(protocol.CrashReport, "detail")])


@cache
def _events() -> Schema:
    classes: dict[str, type] = {}
    listed = (*protocol.HUB_MESSAGE_TYPES, *protocol.REPLY_VALUES,
              *typing.get_args(messages.Outbound), ScoreLine)
    for cls in listed:
        found: dict[type, None] = {}
        _records_held(cls, found)
        classes.update((c.__name__, c) for c in found)
    for game in registry.all():
        found = {}
        _records_held(type(game.new(game.min_players, seed=0)), found)
        classes.update((f"{game.id}.{c.__qualname__}", c) for c in found)
    return Schema(classes, limited=False)


def decode_request(payload: bytes) -> protocol.Request:
    """A session's frame: one request whose every field fits; ProtocolError otherwise."""
    request: protocol.Request = _requests().decode(payload, protocol.REQUEST_TYPES)
    return request


def decode_event(payload: bytes) -> object:
    """A hub frame: a Reply, LobbyUpdate, TableEvent or Notice; ProtocolError otherwise."""
    return _events().decode(payload, protocol.HUB_MESSAGE_TYPES)


def prepare() -> None:
    """Build both sides' checks now (see `Schema.prepare`)."""
    _requests().prepare()
    _events().prepare()


def request_frame(request: object) -> bytes:
    """`request` as a frame, checked as the hub will check it: ProtocolError if the
    hub would refuse it (so a long paste is a sentence, not a dropped connection)."""
    if isinstance(request, protocol.CreateTable) and request.seed is not None:
        refusal = protocol.seed_refusal(request.seed)
        if refusal is not None:  # said before a 4,400-digit number fails to be written
            raise protocol.ProtocolError(refusal)
    frame = encode(request)
    if len(frame) - HEADER.size > MAX_REQUEST:
        raise protocol.ProtocolError("that is too long to send to the server")
    try:
        decode_request(frame[HEADER.size:])
    except protocol.ProtocolError as error:
        raise protocol.ProtocolError(f"the server would not take that ({error})") from None
    return frame
