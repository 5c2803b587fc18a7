"""Pictures shared by board renderers and reports (a tiny SVG builder)."""
