"""The scorer as release files: a tiny ``evaluate.py`` launcher plus this package's modules, copied
verbatim into ``scorer/`` beside it. Contents depend only on the source files (sorted), so release
archives stay byte-reproducible; the launcher needs nothing but Python and the scorer's libraries.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = "scorer"
LAUNCHER_NAME = "evaluate.py"
LAUNCHER = '''"""Score Only Connect Wall / NYT Connections predictions: python evaluate.py --help

The scorer's code is in the scorer/ folder beside this file (ocwtool's own scorer, shipped so that
it runs without ocwtool installed); it needs numpy, scipy, scikit-learn and rouge-score, plus
bert-score for BERTScore.
"""

import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave the release folder as shipped (no scorer/__pycache__)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer.cli import main  # noqa: E402  (after the path insert)

if __name__ == "__main__":
    sys.exit(main())
'''


def standalone_files() -> dict[str, bytes]:
    """Release-relative path -> content: ``evaluate.py`` and ``scorer/*.py``, in sorted order."""
    files = {LAUNCHER_NAME: LAUNCHER.encode("utf-8")}
    for path in sorted(Path(__file__).parent.glob("*.py")):
        files[f"{FOLDER}/{path.name}"] = path.read_bytes()
    return files
