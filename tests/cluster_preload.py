"""Loaded by the scheduler and every worker of the test cluster (``dask scheduler|worker
--preload FILE``): makes
the tests directory importable and registers the test-only games
(:mod:`cluster_games`), so tasks of ``toy`` and ``toy-broken`` run on the workers."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cluster_games  # noqa: E402

cluster_games.install()
