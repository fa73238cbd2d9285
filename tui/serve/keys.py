"""Who may log in as whom.

Identity is the SSH user name.

Key mode (`--authorized-keys FILE`, OpenSSH format): a key listed there logs
in, and it may use the names its line gives it and no other: the patterns of
a `principals="alice,al*"` option, or else the key's comment (`ssh-ed25519
AAAA... alice`). Any other name is refused with a sentence, so no friend can
take another's name.

Open mode (`--open`): anyone may connect, and names are not checked against
anything anyone set up. A name is bound when it first opens a terminal: to the
key the client offered, or, without a key, to a rejoin code shown to that
person. From then on only that key, or someone typing that code when SSH asks
for it, gets that name and its seats. The binding is checked again at every
session a connection starts, not only at login: a connection that logged in
while the name was still free must not inherit it once someone claims it.

The options of a key's line (expiry-time, no-pty, command, ...) are read by
keyoptions.py; a line with an option the server cannot honour is left out.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
from pathlib import Path

import attrs
from asyncssh import SSHAuthorizedKeys, SSHKey

from .keyoptions import SUPPORTED, LineRules, UnsupportedOption, line_rules
from .store import ID_ALPHABET, write_atomically

log = logging.getLogger("gemtable.serve")

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$")
"""User names: what the lobby can show safely (no markup, no control characters)."""
CODE_LENGTH = 8


def valid_name(name: str) -> bool:
    return bool(NAME.match(name))


@attrs.frozen
class KeyLine:
    """One line of the authorized keys file, on its own."""

    keys: SSHAuthorizedKeys
    """asyncssh's reading of this line alone."""
    comment: str
    principals: str
    """The principals= option's text as written ("" without one), to quote in refusals."""
    number: int = 0
    """Its line number in the file, for the log."""
    rules: LineRules = LineRules()


PRINCIPALS = re.compile(r'(?:^|,)principals="([^"]*)"', re.IGNORECASE)


def _line_options(keys: SSHAuthorizedKeys) -> dict[str, object]:
    """asyncssh's reading of a one-line file's options, for lines that list a plain key.

    asyncssh keeps a parsed line's options only on its private entry objects
    (the version is pinned in constraints.txt); CA and X.509 lines, which it
    files apart, are refused here."""
    entries = getattr(keys, "_user_entries", None)
    if not entries or len(entries) != 1:
        raise UnsupportedOption("only plain public keys are supported (no cert-authority "
                                "or X.509 lines)")
    return dict(entries[0].options)


def _read_lines(text: str, source: Path | str = "authorized keys") -> list[KeyLine]:
    import asyncssh

    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            keys = asyncssh.import_authorized_keys(line)
            rules = line_rules(_line_options(keys))
        except UnsupportedOption as error:
            log.warning("%s line %d is not used: %s (supported: %s)", source, number, error,
                        SUPPORTED)
            continue
        except (ValueError, asyncssh.KeyImportError) as error:
            log.warning("%s line %d is not used: not a key line (%s)", source, number, error)
            continue
        found = PRINCIPALS.search(line.split(" AAAA", 1)[0])
        lines.append(KeyLine(keys, _comment(line), found.group(1) if found else "", number,
                             rules))
    return lines


def _comment(line: str) -> str:
    """What follows the key's base64 blob (the options before it may hold spaces)."""
    words = line.split()
    for index, word in enumerate(words):
        if word.startswith("AAAA") and index + 1 < len(words):
            return " ".join(words[index + 1:])
    return ""


class KeyBook:
    """Key mode: the names each listed key may use."""

    def __init__(self, authorized: Path) -> None:
        self.authorized = Path(authorized)
        self._lines: list[KeyLine] = []
        self._mtime: float | None = None
        # Unreadable: the server does not start. Read in full at the first use (the
        # server's start), once its log is open for the lines that are not used.
        self.authorized.read_bytes()

    def reload(self) -> None:
        """Read the authorized keys again if the file changed (friends can be added live)."""
        mtime = self.authorized.stat().st_mtime
        if mtime == self._mtime:
            return
        self._lines = _read_lines(self.authorized.read_text(encoding="utf-8"), self.authorized)
        self._mtime = mtime

    def _refresh(self) -> None:
        try:
            self.reload()
        except (OSError, ValueError) as error:
            log.error("authorized keys unreadable (%s); keeping the last good copy", error)

    def _current(self) -> list[KeyLine]:
        return [line for line in self._lines if not line.rules.expired()]

    def listed(self, key: SSHKey, host: str, address: str) -> bool:
        """May `key` log in at all (under some name)?"""
        self._refresh()
        if any(line.keys.validate(key, host, address) is not None for line in self._current()):
            return True
        for line in self._lines:
            if line.rules.expired() and line.keys.validate(key, host, address) is not None:
                log.warning("key %s refused: %s line %d expired at %s",
                            key.get_fingerprint("sha256"), self.authorized, line.number,
                            line.rules.expires)
        return False

    def line_for(self, name: str, key: SSHKey, host: str, address: str) -> KeyLine | None:
        """The first line (not expired) that lists `key` and gives it `name`."""
        if not valid_name(name):
            return None
        self._refresh()
        for line in self._current():
            # With a principals= option, asyncssh matches the name against its patterns.
            options = line.keys.validate(key, host, address, cert_principals=[name])
            if options is None:
                continue
            if "principals" in options or line.comment == name:
                return line
        return None

    def may_use(self, name: str, key: SSHKey, host: str, address: str) -> bool:
        """Does a line that lists `key` give it `name`?"""
        return self.line_for(name, key, host, address) is not None

    def names_of(self, key: SSHKey, host: str, address: str) -> list[str]:
        """The names (or patterns) `key` may use, to tell someone who tried another."""
        names: list[str] = []
        for line in self._current():
            options = line.keys.validate(key, host, address)
            if options is None:
                continue
            if "principals" in options:
                names.extend(n for n in line.principals.split(",") if n)
            elif valid_name(line.comment):
                names.append(line.comment)
        return names

    def refusal(self, name: str, key: SSHKey, host: str, address: str) -> str:
        names = self.names_of(key, host, address)
        if not names:
            return ("gemtable: your key has no name here. The server's keys file must give it "
                    "one: principals=\"NAME\" before the key, or NAME as the key's comment.\n")
        return (f"gemtable: your key may not use the name {name}; it may use "
                f"{', '.join(names)}. Connect as NAME@host.\n")


def _digest(code: str) -> str:
    return hashlib.sha256(code.strip().lower().encode("utf-8")).hexdigest()


class OpenBook:
    """Open mode: each name bound to the first key, or rejoin code, that used it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._names: dict[str, dict[str, str]] = self._load()

    def _load(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in data.items()
                    if isinstance(v, dict)}
        except (OSError, ValueError, AttributeError):
            return {}

    def binding(self, name: str) -> dict[str, str] | None:
        return self._names.get(name)

    def key_fits(self, name: str, key: SSHKey) -> bool:
        """A free name takes any key; a bound one only its own."""
        bound = self.binding(name)
        return bound is None or bound.get("key") == key.get_fingerprint("sha256")

    def code_fits(self, name: str, code: str) -> bool:
        bound = self.binding(name)
        return bound is not None and "code" in bound and hmac.compare_digest(
            bound["code"], _digest(code))

    @staticmethod
    def _proves(bound: dict[str, str], key: SSHKey | None, code_proven: bool) -> bool:
        if "key" in bound:
            return key is not None and hmac.compare_digest(bound["key"],
                                                           key.get_fingerprint("sha256"))
        return "code" in bound and code_proven

    def may_use(self, name: str, key: SSHKey | None, code_proven: bool) -> bool:
        """May a connection with this proof (the key it signed with; whether it typed
        the rejoin code of `name`) use `name` now? A free name, yes; a bound one,
        only with the key or code it is bound to."""
        bound = self.binding(name)
        return bound is None or self._proves(bound, key, code_proven)

    def claim(self, name: str, key: SSHKey | None,
              code_proven: bool) -> tuple[bool, str | None]:
        """`name` opens a terminal: (may it, the new rejoin code if one was made).

        A free name is bound here, to `key` or else to a new code; a bound one is
        checked against this connection's proof in the same step, under the lock,
        so no other connection can claim the name in between."""
        with self._lock:
            bound = self._names.get(name)
            if bound is not None:
                return self._proves(bound, key, code_proven), None
            code = None
            if key is not None:
                self._names[name] = {"key": key.get_fingerprint("sha256")}
            else:
                code = "".join(secrets.choice(ID_ALPHABET) for _ in range(CODE_LENGTH))
                self._names[name] = {"code": _digest(code)}
            write_atomically(self.path, json.dumps(self._names, indent=1))
            log.info("name %s bound to %s", name, "a key" if key is not None else "a rejoin code")
            return True, code
