"""The explicit-state explorer: breadth-first search over interned states
(:mod:`.explorer`, :mod:`.statecodec`), analyses of the finished graph
(:mod:`.analysis`), graph export (:mod:`.export`), and the explorer as the engine of
``reach`` (:mod:`.reach`) and of ``check`` (:mod:`.check`)."""
