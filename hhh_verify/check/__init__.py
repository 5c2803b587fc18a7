"""The `check` command's orchestration: every property through every engine, and one verdict per property."""
