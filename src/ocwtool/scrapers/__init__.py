"""Scrapers: a polite, resumable fetch layer (``http.py``) and pure per-site parsers (``sources/``)."""
