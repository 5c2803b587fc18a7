"""The ambiguity report: :mod:`.build` gathers the data (diverge and impact per reading),
:mod:`.markdown`, :mod:`.html` and :mod:`.svg` render it."""
