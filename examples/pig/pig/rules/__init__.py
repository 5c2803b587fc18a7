"""Pig's rules: the config, the state, the readings and one function per rule sentence."""
