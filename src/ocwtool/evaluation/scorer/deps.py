"""The libraries the scorer needs, the requirements file a release ships, and the one-line error
for a missing one.

Everything else in the scorer imports its libraries inside the functions that use them, so that
``python evaluate.py --help`` runs on a plain Python; scoring checks these first (:func:`missing`).
The ranges are those ocwtool itself declares in ``pyproject.toml`` (a test keeps them equal), so
the shipped evaluator runs on the versions ocwtool is tested with.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from pathlib import Path

REQUIREMENTS_FILE = "requirements-evaluate.txt"
# (import name, requirement) of every library scoring needs; BERTScore's is optional.
REQUIRED = (
    ("numpy", "numpy>=1.26,<3"),
    ("scipy", "scipy>=1.11,<2"),
    ("sklearn", "scikit-learn>=1.4,<2"),
    ("rouge_score", "rouge-score>=0.1.2,<0.2"),
)
BERTSCORE = ("bert_score", "bert-score>=0.3.13,<0.4")
# The dataset card's two commands, run from the release folder (a test runs them as written).
VENV = ".venv-eval"
SETUP_COMMAND = f"python3 -m venv {VENV} && {VENV}/bin/pip install -r {REQUIREMENTS_FILE}"


def score_command(gold: str, nyt: bool = False) -> str:
    """The card's second command: score ``predictions.json`` on ``gold`` with the venv's Python."""
    return (
        f"{VENV}/bin/python evaluate.py --gold {gold}{' --nyt' if nyt else ''} --predictions predictions.json"
    )


def requirements_text() -> str:
    """The shipped ``requirements-evaluate.txt``: the pinned ranges, BERTScore's commented out."""
    return "\n".join(
        [
            "# Requirements of evaluate.py (the standalone scorer in scorer/): the version ranges",
            "# ocwtool is tested with. In a fresh venv, from this folder:",
            f"#   {SETUP_COMMAND}",
            *(spec for _, spec in REQUIRED),
            "# Only for BERTScore (--bertscore-model); it pulls in torch and transformers. Uncomment:",
            f"# {BERTSCORE[1]}",
            "",
        ]
    )


def distribution(spec: str) -> str:
    """The package name of a requirement (``scikit-learn>=1.4,<2`` -> ``scikit-learn``)."""
    return re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0]


def _missing_specs(needed: tuple[tuple[str, str], ...]) -> list[str]:
    return [spec for module, spec in needed if importlib.util.find_spec(module) is None]


def _shown(path: Path) -> str:
    """``path`` relative to the working folder when it is inside it, else absolute; shell-quoted."""
    try:
        return shlex.quote(str(path.relative_to(Path.cwd())))
    except ValueError:
        return shlex.quote(str(path))


def install_hint(specs: list[str]) -> str:
    """How to install ``specs`` for the Python running this. From the requirements file shipped
    beside ``evaluate.py``: in a venv, with its pip; outside any venv (whose pip may be absent or
    refuse, PEP 668), into a fresh venv as the card says. Without that file: by name."""
    python = shlex.quote(sys.executable or "python3")
    folder = Path(__file__).resolve().parent.parent
    shipped = folder / REQUIREMENTS_FILE
    if not (shipped.is_file() and set(specs) <= {spec for _, spec in REQUIRED}):
        return f"install with: {python} -m pip install " + " ".join(shlex.quote(s) for s in specs)
    if sys.prefix != sys.base_prefix:
        return f"install with: {python} -m pip install -r {_shown(shipped)}"
    return (
        f"install them in a fresh venv: {python} -m venv {VENV} && {VENV}/bin/pip install -r "
        f"{_shown(shipped)}, then score with {VENV}/bin/python {_shown(folder / 'evaluate.py')}"
    )


def missing(needed: tuple[tuple[str, str], ...] = REQUIRED, what: str = "scoring") -> str | None:
    """None when every library in ``needed`` is importable, else the one-line error naming the
    missing packages and the command that installs them."""
    specs = _missing_specs(needed)
    if not specs:
        return None
    names = ", ".join(distribution(s) for s in specs)
    python = sys.executable or "this Python"
    return f"{what} needs {names} (not installed for {python}); {install_hint(specs)}"
