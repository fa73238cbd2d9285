"""Who may log in as whom.

Identity is the SSH user name. With `--authorized-keys FILE` (OpenSSH
format) a key listed there may log in; a `principals="alice,al*"` option on
its line limits the names it may use. A name is bound to the first key that
logs in under it (kept in the data folder), so one friend's key cannot take
another friend's name. `--open` accepts anyone, without keys.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from pathlib import Path

from .store import write_atomically

log = logging.getLogger("gemtable.serve")

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$")
"""User names: what the lobby can show safely (no markup, no control characters)."""


def valid_name(name: str) -> bool:
    return bool(NAME.match(name))


class KeyBook:
    def __init__(self, authorized: Path, names: Path) -> None:
        self.authorized = Path(authorized)
        self.names_path = Path(names)
        self._lock = threading.Lock()
        self._keys = None
        self._mtime: float | None = None
        self._names: dict[str, str] = self._load_names()
        self.reload()

    def _load_names(self) -> dict[str, str]:
        try:
            data = json.loads(self.names_path.read_text(encoding="utf-8"))
            return {str(k): str(v) for k, v in data.items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def reload(self) -> None:
        """Read the authorized keys again if the file changed (friends can be added live)."""
        import asyncssh

        mtime = self.authorized.stat().st_mtime
        if mtime == self._mtime:
            return
        self._keys = asyncssh.read_authorized_keys(str(self.authorized))
        self._mtime = mtime

    def allows(self, name: str, key, host: str, address: str) -> bool:
        """May `key` log in as `name`? (The binding is made by `bind` once signed in.)"""
        if not valid_name(name):
            return False
        try:
            self.reload()
        except (OSError, ValueError) as error:
            log.error("authorized keys unreadable (%s); keeping the last good copy", error)
        if self._keys is None:
            return False
        # The name as a "principal": a key's principals= option must allow it.
        options = self._keys.validate(key, host, address, cert_principals=[name])
        if options is None:
            return False
        owner = self._names.get(name)
        if owner is not None and owner != key.get_fingerprint("sha256") \
                and "principals" not in options:
            log.warning("name %s refused for key %s: it belongs to key %s",
                        name, key.get_fingerprint("sha256"), owner)
            return False
        return True

    def bind(self, name: str, key) -> None:
        """`name` signed in with `key`: the name is that key's from now on."""
        fingerprint = key.get_fingerprint("sha256")
        with self._lock:
            if name not in self._names:
                self._names[name] = fingerprint
                write_atomically(self.names_path, json.dumps(self._names, indent=1))
