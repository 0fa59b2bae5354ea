"""``ocwtool demo``: the whole pipeline, offline, on a bundled snapshot of original puzzles."""
