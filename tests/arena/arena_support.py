"""Helpers for the arena tests (imported by name: the suite uses importlib mode)."""

from __future__ import annotations

TIMING_KEYS = ("seconds", "move_ms")


def without_timing(payload: dict) -> dict:
    """A results payload less the fields that measure time (they differ run to run)."""
    return {key: value for key, value in payload.items() if key not in TIMING_KEYS}
