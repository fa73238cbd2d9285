"""The server's data folder: host key, tables (game log + seat record), name bindings.

    DATA/host_key          ed25519, made once on first start, owner-only
    DATA/names.json        --open: the key (fingerprint) or rejoin code (hash) of each name
    DATA/serve.log         the server log
    DATA/tables/ID.jsonl   the table's game log (gemtable.engine.gamelog)
    DATA/tables/ID.json    who sits where, who made it, whether it started
    DATA/tables/damaged/   table files that could not be read, kept as they were
    DATA/ladder.sqlite     ratings and histories of finished tables (ladder/)
    DATA/tables/ID.jsonl-seats-N.review.json   a person's review of their seat N
    DATA/serve.lock        held by the running server or its --calibrate-bots (datalock.py)
    DATA/run/hub.sock      the hub socket (folder 0700); a private temp folder
                           instead if DATA's path is too long for a socket

Every one of these folders must belong to the server's user and be writable by
no other account; the server refuses to start otherwise (`check_own_folder`).

Records are written to a temporary file and renamed over the old one, so a
crash leaves either the old or the new record, never half of one.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import stat
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import attrs
import platformdirs

log = logging.getLogger("gemtable.serve")

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Table ids avoid letters people confuse when reading them out (i l o 0 1)."""
ID_LENGTH = 5
SOCKET_PATH_MAX = 100
"""A Unix socket path must fit in 108 bytes; keep a margin."""


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("gemtable")) / "serve"


def new_table_id(taken: set[str] | frozenset[str]) -> str:
    while True:
        table_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
        if table_id not in taken:
            return table_id


def write_atomically(path: Path, text: str, mode: int = 0o600) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@attrs.define
class TableRecord:
    """What the game log does not say: who sits where, and who made the table."""

    id: str
    owners: list[str | None]
    """Per seat: the user sitting there (human seats), None if open or a bot."""
    created_by: str
    created: str
    started: bool = False
    seed_chosen: bool = False
    """The maker typed the seed: it is shown to everyone at the table."""
    stand_in_moves: list[int] | None = None
    """Per seat: moves a stand-in made for its absent person (None: none yet)."""

    def to_json(self) -> str:
        return json.dumps(attrs.asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> TableRecord:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("owners"), list):
            raise ValueError("not a seat record")
        return cls(id=str(data["id"]), owners=[None if o is None else str(o)
                                               for o in data["owners"]],
                   created_by=str(data["created_by"]), created=str(data.get("created", "")),
                   started=bool(data.get("started", False)),
                   seed_chosen=bool(data.get("seed_chosen", False)),
                   stand_in_moves=_counts(data.get("stand_in_moves")))


def _counts(value: object) -> list[int] | None:
    """A list of counts per seat; None when absent (a record of an older server)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
            isinstance(count, int) and not isinstance(count, bool) and count >= 0
            for count in value):
        raise ValueError("stand_in_moves is not a list of counts")
    return list(value)


class DataDirError(Exception):
    """A data folder the server will not use; the text says why, for the operator."""


def check_own_folder(path: Path, what: str) -> None:
    """DataDirError unless `path` is a folder of the server's user that no other
    account can write to: whoever can write there can plant a table whose seat
    runs a program, or a socket the sessions would trust."""
    try:
        info = path.stat()
    except OSError as error:
        raise DataDirError(f"{path}: cannot use it as the {what} "
                           f"({error.strerror or error})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise DataDirError(f"{path} is not a folder; the {what} must be one")
    if info.st_uid != os.geteuid():
        raise DataDirError(f"{path} belongs to another account (uid {info.st_uid}), so the "
                           f"server will not use it as its {what}; give it a folder of its own")
    if info.st_mode & 0o022:
        raise DataDirError(f"other accounts can write to {path}, so the server will not use "
                           f"it as its {what}; make it writable by its owner only "
                           f"(chmod go-w {path})")


class DataDir:
    """Paths in the data folder, created with owner-only permissions.

    A folder that exists already must belong to the server's user and be
    writable by nobody else (DataDirError otherwise): the data, tables, run
    and damaged folders alike."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        if not self.root.exists():
            # Made here: owner-only. A folder someone gave keeps its mode if it is safe.
            self.root.mkdir(parents=True, mode=0o700)
            os.chmod(self.root, 0o700)
        check_own_folder(self.root, "data folder")
        if self.root.stat().st_mode & 0o077:
            log.warning("%s can be read by other accounts; the table logs inside cannot",
                        self.root)
        self.tables = self.root / "tables"
        self._own_folder(self.tables, "tables folder")
        if self.damaged.exists():
            check_own_folder(self.damaged, "folder for damaged tables")
        self._socket_dir: Path | None = None

    @staticmethod
    def _own_folder(path: Path, what: str) -> None:
        """Make `path` owner-only if it is new; DataDirError if it is not safe."""
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:
            pass
        except OSError as error:
            raise DataDirError(f"{path}: cannot make the {what} "
                               f"({error.strerror or error})") from None
        check_own_folder(path, what)

    @property
    def host_key(self) -> Path:
        return self.root / "host_key"

    @property
    def names(self) -> Path:
        return self.root / "names.json"

    @property
    def ladder(self) -> Path:
        return self.root / "ladder.sqlite"

    @property
    def log_file(self) -> Path:
        return self.root / "serve.log"

    def table_log(self, table_id: str) -> Path:
        return self.tables / f"{table_id}.jsonl"

    def table_record(self, table_id: str) -> Path:
        return self.tables / f"{table_id}.json"

    def socket_path(self) -> Path:
        """The hub socket, in a folder only this user may enter."""
        if self._socket_dir is None:
            run = self.root / "run"
            if len(str(run / "hub.sock")) <= SOCKET_PATH_MAX:
                self._own_folder(run, "run folder")
                os.chmod(run, 0o700)  # nobody else may even reach the socket
                self._socket_dir = run
            else:
                self._socket_dir = Path(tempfile.mkdtemp(prefix="gemtable-hub-"))
        return self._socket_dir / "hub.sock"

    def save_record(self, record: TableRecord) -> None:
        write_atomically(self.table_record(record.id), record.to_json())

    def load_records(self) -> list[TableRecord]:
        """Every readable table record; a damaged one is logged and set aside with its log."""
        records = []
        for path in sorted(self.tables.glob("*.json")):
            try:
                record = TableRecord.from_json(path.read_text(encoding="utf-8"))
                if record.id != path.stem:
                    # The id names the table's files: one naming others is damage.
                    raise ValueError(f"it names table {record.id!r}")
                records.append(record)
            except (OSError, ValueError, KeyError, TypeError, AttributeError,
                    RecursionError) as error:
                log.error("table %s: its seat record is unreadable (%s: %s); kept in %s",
                          path.stem, type(error).__name__, error, self.damaged)
                self.set_aside(path.stem)
        return records

    @property
    def damaged(self) -> Path:
        """Where damaged table files are kept for the operator (never deleted)."""
        return self.tables / "damaged"

    def set_aside(self, table_id: str) -> None:
        """Move a table's record and log to the damaged folder, as they are."""
        self._own_folder(self.damaged, "folder for damaged tables")
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        for path in (self.table_record(table_id), self.table_log(table_id)):
            if path.exists():
                os.replace(path, self.damaged / f"{path.name}.{stamp}")

    def keep_copy(self, table_id: str) -> Path:
        """A copy of the table's log as it is now, in the damaged folder."""
        self._own_folder(self.damaged, "folder for damaged tables")
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        copy = self.damaged / f"{table_id}.jsonl.{stamp}"
        shutil.copyfile(self.table_log(table_id), copy)
        os.chmod(copy, 0o600)
        return copy

    def remove_table(self, table_id: str) -> None:
        self.table_record(table_id).unlink(missing_ok=True)
        self.table_log(table_id).unlink(missing_ok=True)


class HostKeyError(Exception):
    """A host key the server refuses to use (as OpenSSH does)."""


def load_or_create_host_key(path: Path):
    """The server's host key; generated (ed25519) and kept the first time."""
    import asyncssh

    if path.exists():
        if path.stat().st_mode & 0o077:
            raise HostKeyError(f"{path} can be read by other accounts; a host key must be "
                               f"private (chmod 600 {path})")
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="gemtable host key")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, key.export_private_key().decode("ascii"))
    write_atomically(path.with_name(path.name + ".pub"),
                     key.export_public_key().decode("ascii"), mode=0o644)
    return key
