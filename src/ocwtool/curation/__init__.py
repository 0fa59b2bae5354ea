"""Curation: decisions taken on the canonical stores before variants are built.

``splits`` assigns train/validation/test (``ocwtool split``); variants then inherit their parents'
split, and releases, validation and evaluation read the splits written here.
"""
