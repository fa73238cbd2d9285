"""The suite runs with --import-mode=importlib, which puts no test folder on
sys.path: the helper modules of this folder (playouts) are imported by name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
