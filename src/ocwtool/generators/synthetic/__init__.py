"""Synthetic boards: four groups, each defined by a rule checked against open lexical resources
(``ocwtool generate``); see docs/generate.md."""
