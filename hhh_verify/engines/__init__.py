"""The engines: each works on any game through the model contract and what the game's
:class:`~hhh_verify.contract.model.GameSpec` declares, and imports no game.

* :mod:`.stateful` (+ :mod:`.stateful_check`): Hypothesis stateful search;
* :mod:`.explore`: exhaustive exploration, analyses, export, reach and check;
* :mod:`.smt_check`, :mod:`.smt_reach`: Z3 through the game's encoding
  (generic machinery in :mod:`hhh_verify.smt`);
* :mod:`.simulate`, :mod:`.impact`, :mod:`.diverge`: playouts, paired readings,
  witnesses that two readings differ;
* :mod:`.results`: the result rows every ``check`` engine returns.
"""
