"""The server tests' socket players and record reader (tests/server/game_client.py), shared
with these tests: that folder is put on the import path here, whatever was collected first."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "server"))

from game_client import Player, play_out, scripted, seat_table, stored_record

__all__ = ["Player", "play_out", "scripted", "seat_table", "stored_record"]
