"""Set-up for the monkey tests: the TUI tests' helpers and terminal settings,
and the serve tests' in-process hub (`hub_factory`), reused as they are."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
for folder in (TESTS / "monkey", TESTS / "tui"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def _serve_conftest():
    spec = importlib.util.spec_from_file_location("serve_conftest_for_monkey",
                                                  TESTS / "serve" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_serve = _serve_conftest()
hub_factory = _serve.hub_factory
hub = _serve.hub


@pytest.fixture(autouse=True)
def _terminal_and_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
