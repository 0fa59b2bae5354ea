"""Acquisition: puzzles into the workspace from files, and the matching of records across sources.

``files`` imports a file into a puzzle store (and exports stores to files) under the workspace's
lock, through the steps of ``import_steps``; ``nyt_linking`` links undated NYT boards to dated ones
by their clues. Nothing here imports the scrapers (``ocwtool.scrapers``).
"""
