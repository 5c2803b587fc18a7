"""Any registered model as an OpenSpiel game or a PettingZoo environment.

The adapters know no game by name: a game takes part by declaring, through its
``GameSpec.action_space``, the canonical list of every action it can offer, its bounds
(players, most chance outcomes, longest game, range of results) and a fixed-length
observation. OpenSpiel and PettingZoo are optional extras
(``pip install -e ".[openspiel,pettingzoo]"``); importing :mod:`.openspiel` or
:mod:`.pettingzoo` without them raises a :class:`~hhh_verify.contract.model.ModelError` that
says what to install.
"""
