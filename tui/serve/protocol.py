"""The messages between a session's TUI process and the table hub.

Session to hub: requests, each with a request id (`rid`) that its `Reply`
carries back. Hub to session: `Reply`, `LobbyUpdate` (every table, pushed on
change), `TableEvent` (a table message for one attachment) and `Notice`.
How they travel (JSON frames, checked against these classes) is wire.py.
"""

from __future__ import annotations

import attrs

from gemtable.ai.review import GameReview
from gemtable.engine import Observer
from gemtable.engine.core import SEED_BITS
from gemtable.tui.table.messages import Outbound

OPEN = "open"
"""A human seat nobody has taken yet (in create requests and seat listings)."""
YOU = "you"
"""In a create request: the person creating the table sits here."""
MAX_ACTION = 200
"""Characters of a submitted move the hub reads (moves in notation are short)."""


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


def seed_refusal(seed: object) -> str | None:
    """Why `seed` cannot seed a new table (None if it can): the hub's answer, and the
    session's before it sends a number too long to travel."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**SEED_BITS:
        return None
    return f"a seed is a whole number from 0 to {2**SEED_BITS - 1}"


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
    who: Observer
    """A seat number, or SPECTATOR."""


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


@attrs.frozen
class RatingsQuery:
    """Your rating and rank in every game you are rated in (a tuple of RatingLine)."""

    rid: int


@attrs.frozen
class LeaderboardQuery:
    """The leaderboard of a game (a Leaderboard)."""

    rid: int
    game: str


@attrs.frozen
class HistoryQuery:
    """Your own finished tables and best solo scores (a History)."""

    rid: int


@attrs.frozen
class ReplayQuery:
    """The game log of a finished table you sat at (a ReplayLog)."""

    rid: int
    table: str


@attrs.frozen
class ReviewQuery:
    """The review of your own moves at a finished table you sat at: started on
    the first query, then polled (a ReviewStatus)."""

    rid: int
    table: str


Request = (Hello | CreateTable | TableQuery | TakeSeat | StandUp | CancelTable | Attach | Detach | Submit
           | RetryBot | CrashReport | RatingsQuery | LeaderboardQuery | HistoryQuery | ReplayQuery
           | ReviewQuery)


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
    notices: tuple[str, ...] = ()
    """What happened to this person's tables while the server was down: said here,
    since nothing listens for a Notice until the app has started."""


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


# --- the ladder's answers ----------------------------------------------------------


@attrs.frozen
class RatingLine:
    """Your standing in one game, as the lobby shows it."""

    game: str
    title: str
    ordinal: float
    """The rating people compare (mu - 3 sigma): the leaderboard's order."""
    mu: float
    sigma: float
    rank: int
    """Among the people rated in the game (1: the best)."""
    people: int
    games: int
    plays_like: str | None
    """The bot level whose rating is nearest yours; None while no level is rated."""


@attrs.frozen
class BoardRow:
    name: str
    kind: str
    """'person' or 'bot' (a bot level's name is its kind: "hard", "greedy")."""
    ordinal: float
    mu: float
    sigma: float
    games: int
    last_played: float
    """Seconds since the epoch."""


@attrs.frozen
class Leaderboard:
    game: str
    title: str
    rows: tuple[BoardRow, ...]
    """Highest ordinal first."""


@attrs.frozen
class HistorySeat:
    """Another seat of a table in your history."""

    player: str
    kind: str
    place: int
    score: float
    rated: bool


@attrs.frozen
class HistoryLine:
    """A finished table you sat at."""

    table: str
    game: str
    title: str
    variant: str
    finished_at: float
    seat: int
    """Your seat (the best placed, had you several)."""
    solo: bool
    place: int
    score: float
    rated: bool
    """Rated for you (in a solo game: the score counts)."""
    ordinal_change: float | None
    others: tuple[HistorySeat, ...]
    replay: bool
    """The table's log is still on the server, so it can be replayed and reviewed."""


@attrs.frozen
class BestScore:
    game: str
    title: str
    variant: str
    score: float
    games: int
    """Counted solo games of this game and variant."""


@attrs.frozen
class History:
    lines: tuple[HistoryLine, ...]
    """The newest first (at most HISTORY_LIMIT)."""
    best: tuple[BestScore, ...]
    total: int
    """Finished tables in all (more than `lines` holds for a long history)."""


HISTORY_LIMIT = 500
"""Tables a history answer carries."""


@attrs.frozen
class ReplayLog:
    table: str
    seat: int
    """Your seat at the table: the replay follows its view."""
    text: str
    """The table's game log (JSON lines), finished."""


@attrs.frozen
class ReviewStatus:
    table: str
    seat: int
    done: int
    total: int
    review: GameReview | None = None
    """Set once the review is complete."""
    error: str = ""
    """Why there is no review (set instead of `review`)."""


# --- the lists the frames are read against -----------------------------------------

REQUEST_TYPES = (Hello, CreateTable, TableQuery, TakeSeat, StandUp, CancelTable, Attach, Detach,
                 Submit, RetryBot, CrashReport, RatingsQuery, LeaderboardQuery, HistoryQuery,
                 ReplayQuery, ReviewQuery)
HUB_MESSAGE_TYPES = (Reply, LobbyUpdate, TableEvent, Notice)
REPLY_VALUES = (Welcome, TableInfo, RatingLine, Leaderboard, History, ReplayLog, ReviewStatus)
"""Records a Reply's value may be (besides None, a bool, and tuples of these)."""
