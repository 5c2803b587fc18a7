"""Shared helpers of the games' compiled kernels (packing, random streams, edges, parted games, caches)."""
