"""Validators that gate releases: structural and leakage rules, Great Expectations suites, reports.

The rules table (``rules.py``) is the one place rules are defined; ``gate.validate_workspace`` runs
them all and ``gate.require_valid`` is the release gate. Great Expectations is imported only when
the suites run.
"""
