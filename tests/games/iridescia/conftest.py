"""The Iridescia rules tests import their position helpers by name."""

from __future__ import annotations

import sys
from pathlib import Path

# The suite runs with --import-mode=importlib, which puts no test folder on
# sys.path; iridescia_positions.py beside this file is imported by name.
sys.path.insert(0, str(Path(__file__).parent))
