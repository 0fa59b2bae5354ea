"""The scorer as release files: a tiny ``evaluate.py`` launcher, this package's modules copied
verbatim into ``scorer/`` beside it, and ``requirements-evaluate.txt`` (its libraries' pinned
ranges, :mod:`.deps`). Contents depend only on the source files (sorted), so release archives stay
byte-reproducible; the launcher needs nothing but Python (``--help``) and those libraries (scoring).
"""

from __future__ import annotations

from pathlib import Path

from .deps import REQUIREMENTS_FILE, SETUP_COMMAND, requirements_text

FOLDER = "scorer"
PYTHON = (3, 11)  # ocwtool's requires-python, the versions the scorer is tested on
LAUNCHER_NAME = "evaluate.py"
LAUNCHER = f'''"""Score Only Connect Wall / NYT Connections predictions: python evaluate.py --help

The scorer's code is in the scorer/ folder beside this file (ocwtool's own scorer, shipped so that
it runs without ocwtool installed). It needs Python {PYTHON[0]}.{PYTHON[1]}+ and, to score, the libraries in
{REQUIREMENTS_FILE}; to install them in a fresh venv, from this folder:

    {SETUP_COMMAND}
"""

import sys

if sys.version_info < {PYTHON}:  # before anything an old Python cannot read (even Python 2)
    version = "%d.%d" % sys.version_info[:2]
    sys.exit("Error: evaluate.py needs Python {PYTHON[0]}.{PYTHON[1]} or newer (this is " + version + ")")

from pathlib import Path  # noqa: E402

sys.dont_write_bytecode = True  # leave the release folder as shipped (no scorer/__pycache__)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer.cli import main  # noqa: E402  (after the path insert)

if __name__ == "__main__":
    sys.exit(main())
'''


def standalone_files() -> dict[str, bytes]:
    """Release-relative path -> content: ``evaluate.py``, ``requirements-evaluate.txt`` and
    ``scorer/*.py``, in sorted order."""
    files = {LAUNCHER_NAME: LAUNCHER.encode("utf-8"), REQUIREMENTS_FILE: requirements_text().encode("utf-8")}
    for path in sorted(Path(__file__).parent.glob("*.py")):
        files[f"{FOLDER}/{path.name}"] = path.read_bytes()
    return files
