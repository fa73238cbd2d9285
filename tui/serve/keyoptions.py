"""The options of one authorized_keys line: which ones this server honours.

A key line's options are restrictions its writer relies on, so an option the
server cannot honour must not be dropped quietly: the whole line is left out
(the key cannot log in through it) and the log names the line. Honoured:

- `principals="alice,al*"`: the names the key may use (keys.py).
- `from="pattern-list"`: the addresses the key may come from (matched against
  the client's address; host names are not looked up).
- `expiry-time="YYYYMMDD[HHMM[SS]][Z]"`: the key is refused from then on (the
  server's time zone, or UTC with Z); the earliest one counts.
- `no-pty`, `restrict` (with `pty` to allow a terminal again): no terminal,
  so only commands without one (`list`, `help`).
- `command="..."`: the gemtable command this key always runs, whatever the
  client asked for (`list`, `join ID`, `watch ID`, or "" for the lobby).
- `no-port-forwarding`, `no-agent-forwarding`, `no-X11-forwarding`,
  `no-user-rc`, `permitopen`, `permitlisten`: hold already, since this server
  never forwards anything and runs no user files.

Anything else (`environment`, `tunnel`, `cert-authority`, the forwarding
grants, `verify-required`, `no-touch-required`, unknown or misspelt names)
leaves the line out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime

import attrs

NEVER_DONE = frozenset({"no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding",
                        "no-user-rc"})
"""Flags that forbid what this server never does anyway."""
NEVER_DONE_LISTS = frozenset({"permitopen", "permitlisten"})
"""Options that narrow forwarding, of which there is none here."""
MATCHED_BY_ASYNCSSH = frozenset({"from", "principals"})
"""asyncssh checks these itself, but only under their exact lower-case names."""
FLAGS = frozenset({"no-pty", "restrict", "pty"}) | NEVER_DONE
EXPIRY = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?([Zz]?)$")

SUPPORTED = ("principals, from, expiry-time, command, no-pty, restrict, pty, "
             "no-port-forwarding, no-agent-forwarding, no-X11-forwarding, no-user-rc, "
             "permitopen, permitlisten")


class UnsupportedOption(ValueError):
    """An option this server cannot honour; the text names it."""


@attrs.frozen
class LineRules:
    """What a line's options ask of the sessions of the key it lists."""

    expires: datetime | None = None
    pty: bool = True
    command: str | None = None

    def expired(self, now: datetime | None = None) -> bool:
        return self.expires is not None and (now or datetime.now(UTC)) >= self.expires


def parse_expiry(text: str) -> datetime:
    """An `expiry-time` value, as OpenSSH reads it: local time unless it ends in Z."""
    found = EXPIRY.match(text.strip())
    if not found:
        raise UnsupportedOption(f"expiry-time={text!r} is not YYYYMMDD[HHMM[SS]][Z]")
    year, month, day, hour, minute, second, utc = found.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                          int(second or 0))
    except ValueError:
        raise UnsupportedOption(f"expiry-time={text!r} is not a real date and time") from None
    return moment.replace(tzinfo=UTC) if utc else moment.astimezone()


def line_rules(options: Mapping[str, object]) -> LineRules:
    """The rules of a line with these options (asyncssh's parse of them)."""
    expires: list[datetime] = []
    flags: set[str] = set()
    command: str | None = None
    for name, value in options.items():
        plain = name.lower()
        if plain in MATCHED_BY_ASYNCSSH | {"command"} and name != plain:
            raise UnsupportedOption(f"the option {name} must be written in lower case, {plain}")
        if plain in MATCHED_BY_ASYNCSSH | NEVER_DONE_LISTS:
            continue
        if plain in FLAGS:
            if value is not True:
                raise UnsupportedOption(f"{name} takes no value")
            flags.add(plain)
        elif plain == "expiry-time" and isinstance(value, list):
            expires.extend(parse_expiry(str(text)) for text in value)
        elif plain == "command" and isinstance(value, str):
            command = value
        else:
            raise UnsupportedOption(f"the option {name} is not supported here")
    pty = "no-pty" not in flags and ("restrict" not in flags or "pty" in flags)
    return LineRules(min(expires) if expires else None, pty, command)
