"""The version of ocwtool, in a module of its own so that any layer can read it without importing the
package's public API (``ocwtool/__init__``, which sits above every layer)."""

__version__ = "0.1.0"
