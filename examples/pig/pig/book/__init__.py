"""Pig's rulebook (``pig.txt``, shipped as package data), what each of its sentences is in
the model (``rule_index.py``, ``rule_map.py``) and what each reading promises
(``promises.py``)."""
