"""Shared helpers of the games' compiled kernels (packing, random streams, edges, parted games, caches).

Importing the package installs the checked cache file (:func:`.cache.install`) before any
of its modules or a game's kernel defines a compiled function."""

from .cache import install

install()
