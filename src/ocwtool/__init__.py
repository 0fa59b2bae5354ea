"""ocwtool: build, curate, validate, release and evaluate word-grouping puzzle datasets.

Public API (the CLI is a thin layer over these)::

    from ocwtool import Puzzle, Workspace, read_puzzles, write_puzzles

    ws = Workspace.open("my-dataset")      # settings, layout paths, stores()/variants()/corpus()

Names are imported lazily so that ``ocwtool --help`` starts fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ocwtool._version import __version__

_EXPORTS = {
    "Settings": "ocwtool.config",
    "load_settings": "ocwtool.config",
    "OcwError": "ocwtool.errors",
    "Game": "ocwtool.schema.models",
    "Group": "ocwtool.schema.models",
    "Puzzle": "ocwtool.schema.models",
    "Split": "ocwtool.schema.models",
    "read_puzzles": "ocwtool.stores.puzzles",
    "write_puzzles": "ocwtool.stores.puzzles",
    "Workspace": "ocwtool.workspace",
}

# For type checkers only: at run time __getattr__ imports a name on first use (``--help`` stays fast).
if TYPE_CHECKING:
    from ocwtool.config import Settings, load_settings
    from ocwtool.errors import OcwError
    from ocwtool.schema.models import Game, Group, Puzzle, Split
    from ocwtool.stores.puzzles import read_puzzles, write_puzzles
    from ocwtool.workspace import Workspace


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'ocwtool' has no attribute {name!r}")


__all__ = [
    "Game",
    "Group",
    "OcwError",
    "Puzzle",
    "Settings",
    "Split",
    "Workspace",
    "__version__",
    "load_settings",
    "read_puzzles",
    "write_puzzles",
]
