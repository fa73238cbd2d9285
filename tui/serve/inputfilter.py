"""What reaches a session's terminal from the network: valid UTF-8, at a sane rate,
and pastes that always end.

Textual decodes its input strictly, so one invalid byte would stop a session's
keyboard: invalid bytes are dropped (a character cut in two waits for the
rest). A token bucket bounds the bytes per second; typing, arrow keys and the
mouse fit easily. Input over the budget is dropped whole.

Bracketed pastes (ESC[200~ ... ESC[201~) are followed across reads, since a
big paste arrives in many pieces and a marker can be cut in two: the markers
always pass, the text between them is capped (`PASTE_MAX`), and an overlong
paste is closed here, so the app is never left inside a paste and pasted text
is never taken for keys.
"""

from __future__ import annotations

import codecs
import time
from collections.abc import Callable

RATE = 8 * 1024
"""Bytes per second a session may send, sustained."""
BURST = 32 * 1024
"""Bytes a session may send at once after a quiet spell."""
PASTE_MAX = 4 * 1024
"""Bytes of one paste passed on (a move in notation is a few bytes)."""
PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


def _cut_marker(data: bytes, marker: bytes) -> int:
    """How many bytes at the end of `data` may be the start of `marker` (at least
    two: a lone ESC is the Escape key and must not wait for the next read)."""
    for size in range(min(len(marker) - 1, len(data)), 1, -1):
        if data.endswith(marker[:size]):
            return size
    return 0


class InputFilter:
    def __init__(self, *, rate: float = RATE, burst: float = BURST,
                 paste_max: int = PASTE_MAX, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.paste_max = paste_max
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self._carry = b""
        self._pasting = False
        self._pasted = 0
        self._closed_paste = False
        self.dropped = 0
        """Bytes refused so far."""
        self.last_input = self._last

    def feed(self, data: bytes) -> bytes:
        """The part of `data` to pass on to the terminal."""
        now = self._clock()
        self.last_input = now
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        data, self._carry = self._carry + data, b""
        out = bytearray()
        while data:
            marker = PASTE_END if self._pasting else PASTE_START
            found = data.find(marker)
            if found < 0:
                held = _cut_marker(data, marker)
                body, self._carry = data[: len(data) - held], data[len(data) - held:]
                out += self._paste_text(body) if self._pasting else self._keys(body)
                break
            body, data = data[:found], data[found + len(marker):]
            if self._pasting:
                out += self._paste_text(body)
                if not self._closed_paste:
                    out += PASTE_END
                self._pasting = False
            else:
                out += self._keys(body) + PASTE_START
                self._pasting, self._pasted, self._closed_paste = True, 0, False
        return self._decoder.decode(bytes(out)).encode("utf-8")

    def _spend(self, size: int) -> bool:
        if size > self._tokens:
            self.dropped += size
            return False
        self._tokens -= size
        return True

    def _keys(self, body: bytes) -> bytes:
        return body if body and self._spend(len(body)) else b""

    def _paste_text(self, body: bytes) -> bytes:
        if self._closed_paste or not body:
            self.dropped += len(body)
            return b""
        room = self.paste_max - self._pasted
        kept = body[:room]
        self.dropped += len(body) - len(kept)
        if not self._spend(len(kept)):
            kept = b""
        self._pasted += len(kept)
        if len(body) > room:  # too long: end it here; the rest is dropped
            self._closed_paste = True
            return kept + PASTE_END
        return kept
