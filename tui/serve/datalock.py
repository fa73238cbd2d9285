"""One process at a time holds a server's data folder: `gemtable serve`, or
`gemtable serve --calibrate-bots`. Both write the ladder, which takes one
writer only (ladder/store.py), and the server's tables have one owner too.

The hold is an exclusive `flock` on DATA/serve.lock: the system lets go of
it when the process ends, however it ends (a crash leaves no stale lock to
clear by hand). The file names the holder's process id, for the message.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

LOCK_FILE = "serve.lock"


class DataFolderInUse(Exception):
    """Another process holds the data folder; the text says which, for the operator."""


def hold_data_folder(root: Path) -> int:
    """Hold `root` for this process (until it ends or closes the returned file
    descriptor); DataFolderInUse if another process holds it."""
    path = Path(root) / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        raise DataFolderInUse(
            f"{root} is in use by another gemtable serve{holder}, a server or its "
            f"--calibrate-bots: only one may hold a data folder at a time") from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _holder(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        return f" (process {int(os.pread(fd, 32, 0).decode().strip())})"
    return ""


def release_data_folder(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)
