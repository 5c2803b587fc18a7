"""The rulebook's side: rule map, section index, printed facts and the promises of every reading."""
