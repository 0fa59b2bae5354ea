"""The exported environment package as files: ``pyproject.toml``, ``README.md`` and the module
``ocwtool_connections/`` (this package's modules copied verbatim, its ``__init__`` exporting
``load_environment``). The puzzles (``ocwtool_connections/data/``) are written by the exporter.
Contents depend only on the sources and the arguments, so an export is byte-reproducible.
"""

from __future__ import annotations

from pathlib import Path

MODULE = "ocwtool_connections"
DISTRIBUTION = "ocwtool-connections"
VERIFIERS = "verifiers>=0.1.14,<0.2"  # the SingleTurnEnv / MultiTurnEnv / Rubric API (0.2 moved it)
MODULES = ("game.py", "parse.py", "episode.py", "rewards.py", "env.py")

INIT = '''"""Connections / Only Connect wall puzzles as a verifiers environment (exported by ocwtool).

    vf-eval ocwtool-connections -a '{"split": "test", "rules": "nyt"}' -m MODEL -b BASE_URL
"""

from .env import load_environment

__all__ = ["load_environment"]
'''

PYPROJECT = """[project]
name = "{dist}"
version = "{version}"
description = "{title}: word-grouping puzzles as a verifiers environment (exported by ocwtool)"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["{verifiers}", "datasets"]

[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[tool.setuptools]
packages = ["{module}"]

[tool.setuptools.package-data]
{module} = ["data/*.json", "data/*/*.jsonl"]
"""

README = """# {dist}

{title}, exported by ocwtool as a self-contained [verifiers](https://pypi.org/project/verifiers/)
environment: the puzzles are in `{module}/data/`, nothing is fetched at run time, and ocwtool is not
needed. Install it (`pip install .`), then:

    vf-eval {dist} -a '{{"config": "NAME", "split": "test", "rules": "nyt"}}' -m MODEL -b BASE_URL

`load_environment(config=None, split="test", rules="nyt", num_examples=-1, weights=None)`:
`rules` is `oneshot` (one answer of four groups) or `nyt`, `missed-connections`, `only-connect`
(one guess per turn, with the game's feedback, until the game is over). The reward is `score`,
1/4 per group found (`weights`, e.g. `{{"won": 1.0}}`, picks others); every game also reports the
rewards of `ocwtool.training.rewards`, the figures `ocwtool eval` gives the same answers: `won`,
`groups_solved`, `weighted`, `mistakes_penalty`, `one_away`, `efficiency`, `trap_claim` (always 0:
these puzzles carry no trap labels) and `format_valid`. Configs and splits: {configs}.
"""


def package_files(version: str, title: str, configs: str) -> dict[str, bytes]:
    """Path (relative to the export folder) -> content, sorted; ``configs`` is the README's list."""
    here = Path(__file__).parent
    fill = {"dist": DISTRIBUTION, "module": MODULE, "version": version, "title": title}
    files = {
        "pyproject.toml": PYPROJECT.format(verifiers=VERIFIERS, **fill),
        "README.md": README.format(configs=configs, **fill),
        f"{MODULE}/__init__.py": INIT,
    }
    out = {path: text.encode("utf-8") for path, text in files.items()}
    out |= {f"{MODULE}/{name}": (here / name).read_bytes() for name in MODULES}
    return dict(sorted(out.items()))
