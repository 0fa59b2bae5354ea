"""Acquisition: puzzles into the workspace from files, and the matching of records across sources.

``files`` imports a file into a puzzle store (and exports stores to files) under the workspace's
lock, through the steps of ``import_steps``; ``nyt_linking`` links undated NYT boards to dated ones
by their clues; ``reconcile`` compares two stores day by day (``ocwtool reconcile``, and the NYT
scrape when it crawls both sources). The scrapers (``ocwtool.scrapers``) sit above this package and
use it; nothing here imports them.
"""
