"""Per-site sources: seeds, URL rules and pure parsers (no I/O)."""
