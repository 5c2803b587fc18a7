"""Properties per game (installed as ``hhh_verify.properties``)."""
