"""A table as the lobby and the waiting room describe it: a row of the list, and
the highlighted table in full."""

from __future__ import annotations

from rich.text import Text

from . import protocol
from .leaderboard import rating_detail

STATUS_STYLE = {protocol.PLAYING: "green", protocol.WAITING: "yellow", protocol.FINISHED: "dim"}


def table_line(info: protocol.TableInfo, user: str) -> Text:
    """One row of the list: id, game, who sits where, status."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{info.id:<6} ", style="bold")
    line.append(f"{info.title[:11]:<12}")
    seats = Text()
    for index, seat in enumerate(info.seats):
        if index:
            seats.append(", ")
        name = seat.user or ("open" if seat.kind == "human" else seat.kind)
        style = ("bold" if seat.user == user else "yellow" if seat.user is None
                 and seat.kind == "human" else "" if seat.kind == "human" else "cyan")
        if seat.kind == "human" and seat.user is not None and not seat.present:
            style += " dim"
        seats.append(name, style=style.strip())
    seats.truncate(34, overflow="ellipsis", pad=True)
    line.append_text(seats)
    line.append(f" {info.status_text()}", style=STATUS_STYLE.get(info.status, ""))
    return line


def seed_note(info: protocol.TableInfo) -> str:
    """Why a seed is shown: whoever knows it knows every card and roll to come."""
    if info.status == protocol.FINISHED:
        return "now that the game is over"
    return f"chosen by {info.created_by}: it decides every card and roll, so all here know it"


def table_detail(info: protocol.TableInfo, user: str, invite: str | None,
                 rating: protocol.RatingLine | None = None) -> Text:
    """The highlighted table: each seat, who watches, how to invite; with `rating`,
    one's standing in its game."""
    text = Text()
    text.append(f"Table {info.id}", style="bold")
    text.append(f" · {info.title} ({info.variant}) · made by {info.created_by}\n")
    if rating is not None:
        text.append_text(rating_detail(rating))
        text.append("\n")
    for index, seat in enumerate(info.seats):
        mover = info.status == protocol.PLAYING and info.mover == index
        text.append("► " if mover else "  ", style="yellow")
        text.append(f"Seat {index + 1}  ", style="bold")
        text.append(seat.describe(info.status == protocol.PLAYING) if seat.kind == "human"
                    else f"{seat.kind} (bot)")
        if seat.user == user:
            text.append("  ← you", style="bold green")
        text.append("\n")
    if info.status == protocol.FINISHED and info.winners:
        names = ", ".join(info.seats[s].user or info.seats[s].kind for s in info.winners)
        text.append(f"Won by {names}\n", style="green")
    if info.seed is not None:
        text.append(f"Seed {info.seed}, {seed_note(info)}\n", style="dim")
    text.append(f"{info.watchers} watching", style="dim")
    if info.status == protocol.WAITING and invite:
        text.append(" · invite: ", style="dim")
        text.append(invite.format(id=info.id))
        keys = (["s: stand up"] if info.seat_of(user) is not None else []) + (
            ["x: cancel the table"] if info.created_by == user else [])
        if keys:
            text.append(f"\n{' · '.join(keys)}", style="dim")
    return text
