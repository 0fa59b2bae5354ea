"""``python -m ocwtool`` runs the CLI."""

from ocwtool.cli import main

main()
