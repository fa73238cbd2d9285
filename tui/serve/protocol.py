"""The messages between a session's TUI process and the table hub, and their framing.

Frames on the hub's Unix socket are a 4-byte big-endian length and a pickle.
The socket lives in a folder only the server's user may enter, so both ends
are processes of that user; even so the hub unpickles with an allow-list
(these message classes, plain containers, the SPECTATOR marker), so a
confused or hostile session process can make it build nothing else.

Session to hub: requests, each with a request id (`rid`) that its `Reply`
carries back. Hub to session: `Reply`, `LobbyUpdate` (every table, pushed on
change), `TableEvent` (a table message for one attachment) and `Notice`.
"""

from __future__ import annotations

import io
import pickle
import struct

import attrs

from gemtable.engine import SPECTATOR
from gemtable.tui.table.messages import Outbound

HEADER = struct.Struct(">I")
MAX_REQUEST = 256 * 1024
"""Largest frame the hub accepts from a session (requests are tiny)."""
MAX_EVENT = 64 * 1024 * 1024
"""Largest frame a session accepts from the hub (a view with a long history)."""

OPEN = "open"
"""A human seat nobody has taken yet (in create requests and seat listings)."""
YOU = "you"
"""In a create request: the person creating the table sits here."""


class ProtocolError(Exception):
    """A frame that is too big, truncated, or not one of our messages."""


# --- what the lobby shows ------------------------------------------------------


@attrs.frozen
class VariantInfo:
    id: str
    title: str
    players: tuple[int, ...]


@attrs.frozen
class GameInfo:
    """A game as the create-table form needs it."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[VariantInfo, ...]
    bots: tuple[str, ...]


@attrs.frozen
class SeatInfo:
    kind: str
    """'human' or a bot kind."""
    user: str | None = None
    """Who sits here (human seats), None while the seat is open."""
    present: bool = False
    """The person has this table on a screen now."""
    stand_in: bool = False
    """Away long enough that a bot plays this seat until they return."""

    def describe(self, playing: bool = True) -> str:
        if self.kind != "human":
            return self.kind
        if self.user is None:
            return "(open)"
        if not playing:
            return self.user
        if self.stand_in:
            return f"{self.user} (away, bot plays)"
        return self.user if self.present else f"{self.user} (away)"


WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


@attrs.frozen
class TableInfo:
    id: str
    game: str
    title: str
    variant: str
    seats: tuple[SeatInfo, ...]
    status: str
    """WAITING (open seats left), PLAYING or FINISHED."""
    created_by: str
    step: int = 0
    progress: str = ""
    mover: int | None = None
    watchers: int = 0
    winners: tuple[int, ...] = ()
    seed: int | None = None
    """The seed when everyone may know it: the maker chose it (so all who sit down
    are told), or the game is over. Never a random seed while the game runs."""
    hints: bool = True
    """Whether its people may ask for hints (off where several people play)."""

    def seat_of(self, user: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user == user), None)

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human" and s.user is None)

    def status_text(self) -> str:
        if self.status == WAITING:
            count = len(self.open_seats)
            return f"waiting · {count} open seat{'s' if count != 1 else ''}"
        if self.status == FINISHED:
            return "finished"
        return f"playing · {self.progress}" if self.progress else "playing"


# --- session to hub ----------------------------------------------------------------


@attrs.frozen
class Hello:
    """First message: the token the server gave this session's process."""

    rid: int
    token: str


@attrs.frozen
class CreateTable:
    rid: int
    game: str
    variant: str | None
    seats: tuple[str, ...]
    """Per seat: YOU, OPEN, or a bot kind."""
    seed: int | None = None


@attrs.frozen
class TableQuery:
    """The listing of one table (a TableInfo), fresher than the last lobby push."""

    rid: int
    table: str


@attrs.frozen
class TakeSeat:
    """Sit at `seat`, or at the first open seat if None; a seat you hold is given back."""

    rid: int
    table: str
    seat: int | None = None


@attrs.frozen
class StandUp:
    """Give up your seat at a table that has not started."""

    rid: int
    table: str


@attrs.frozen
class CancelTable:
    """The creator removes a table that has not started."""

    rid: int
    table: str


@attrs.frozen
class Attach:
    """Receive the messages of `who` (your seat, or SPECTATOR) at a table."""

    rid: int
    table: str
    who: object


@attrs.frozen
class Detach:
    rid: int
    attachment: int


@attrs.frozen
class Submit:
    rid: int
    attachment: int
    action: str


@attrs.frozen
class RetryBot:
    rid: int
    table: str


@attrs.frozen
class CrashReport:
    """The session's TUI failed; `detail` is the traceback for the server log."""

    rid: int
    detail: str


Request = (Hello | CreateTable | TableQuery | TakeSeat | StandUp | CancelTable | Attach | Detach | Submit
           | RetryBot | CrashReport)


# --- hub to session ---------------------------------------------------------------


@attrs.frozen
class Welcome:
    """The reply value to Hello."""

    user: str
    games: tuple[GameInfo, ...]
    server: str
    stand_in_after: float | None
    invite: str = "ssh -t -p 2222 HOST join {id}"
    """How to invite someone to a table: `invite.format(id=...)`."""
    names_verified: bool = True
    """False on an --open server: anyone chose their name (bound to them once used)."""
    rejoin_code: str | None = None
    """Made for this name just now (--open, no key): what SSH asks for next time."""


@attrs.frozen
class Reply:
    rid: int
    ok: bool
    reason: str = ""
    value: object = None


@attrs.frozen
class LobbyUpdate:
    tables: tuple[TableInfo, ...]
    online: tuple[str, ...]


@attrs.frozen
class TableEvent:
    attachment: int
    message: Outbound
    """One of the table's outbound messages (gemtable.tui.table.messages)."""


@attrs.frozen
class Notice:
    """Something every session should show: the server stopping, a limit reached."""

    text: str
    closing: bool = False


# --- framing ------------------------------------------------------------------------

_REQUEST_TYPES = (Hello, CreateTable, TableQuery, TakeSeat, StandUp, CancelTable, Attach, Detach,
                  Submit, RetryBot, CrashReport)
_REQUEST_CLASSES = {cls.__name__: cls for cls in _REQUEST_TYPES}
_SAFE_BUILTINS = {"tuple", "list", "dict", "set", "frozenset", "int", "float", "str", "bool",
                  "bytes"}


class _RequestUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> object:
        if module == __name__ and name in _REQUEST_CLASSES:
            return _REQUEST_CLASSES[name]
        if module == "builtins" and name in _SAFE_BUILTINS:
            return getattr(__import__("builtins"), name)
        if module == "gemtable.engine.core" and name == "SPECTATOR":
            return SPECTATOR
        raise ProtocolError(f"{module}.{name} is not allowed in a request")


def encode(message: object) -> bytes:
    payload = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(payload)) + payload


def frame_length(header: bytes, limit: int) -> int:
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise ProtocolError(f"a frame of {length} bytes is over the limit of {limit}")
    return length


def decode_request(payload: bytes) -> Request:
    """A session's frame, allowing only request classes; ProtocolError otherwise."""
    try:
        message = _RequestUnpickler(io.BytesIO(payload)).load()
    except ProtocolError:
        raise
    except Exception as error:  # any malformed pickle is the same failure to us
        raise ProtocolError(f"unreadable request: {type(error).__name__}") from None
    if type(message).__name__ not in _REQUEST_CLASSES or not isinstance(message, _REQUEST_TYPES):
        raise ProtocolError(f"{type(message).__name__} is not a request")
    return message


def decode_event(payload: bytes) -> object:
    """A hub frame (trusted: it comes from the server that started this process)."""
    return pickle.loads(payload)
