"""Compressed, verifiable, Hugging Face-loadable releases: build, card, archive, verify."""
