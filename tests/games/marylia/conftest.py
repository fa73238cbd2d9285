"""The Marylia rules tests import their hand-built positions by name."""

from __future__ import annotations

import sys
from pathlib import Path

# The suite runs with --import-mode=importlib, which puts no test folder on
# sys.path; marylia_positions.py beside this file is imported by name.
sys.path.insert(0, str(Path(__file__).parent))
