"""The Healthy Heart Hospital Z3 encoding: the numeric core of a state as named integers
(:mod:`.layout`), the rules as a transition relation (:mod:`.rules`, :mod:`.heal`,
:mod:`.phases`, assembled in :mod:`.encoding`), facts over symbolic states
(:mod:`.facts`) and how each registered query is answered (:mod:`.queries`).

It reuses the generic machinery of :mod:`hhh_verify.smt` (terms, bounded model
checking, k-induction, Optimize, witness replay) and knows nothing about the engines.
"""
