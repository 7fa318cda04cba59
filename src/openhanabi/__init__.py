"""openhanabi: Hanabi for players, bot builders and researchers.

The rules live in :mod:`openhanabi.rules`, game records in :mod:`openhanabi.records`.
"""

__version__ = "0.1.0"
