"""Rulebook texts and rule maps: every sentence of a book given one status, checked against the book and the code."""
