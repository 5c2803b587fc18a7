"""The rulebook copies, installed as package data (read by ``hhh_verify.rulebook.texts``)."""
