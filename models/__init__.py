"""Game models, one package per game (installed as ``hhh_verify.models``)."""
