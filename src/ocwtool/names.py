"""The vocabularies ocwtool offers by name: splits, baselines, rule sets, protocols, players.

One place for the names a user types (``--split``, ``--baseline``, ``--rules``, ``--protocol``,
``--player``) and the library checks. It imports nothing, so the command line can build its choices
and ``--help`` without loading an engine, a model or the schema. The library's own tables (the rule
sets of :mod:`ocwtool.evaluation.game.rules`, the baselines of :mod:`ocwtool.evaluation.baselines`,
the :class:`ocwtool.schema.models.Split` enum) hold the same names; ``tests/test_names.py`` checks
that they do. Add a name here first, then its implementation.
"""

from __future__ import annotations

#: Dataset splits, in the order releases and reports list them.
SPLITS = ("train", "validation", "test")
#: Every puzzle, including those without a split.
ALL = "all"
#: A split or every puzzle: what ``eval``, ``llm run`` and ``play`` select by.
SPLIT_CHOICES = (*SPLITS, ALL)

#: ``ocwtool export`` formats for training, written by :mod:`ocwtool.training` (not file adapters of
#: :mod:`ocwtool.formats`: they need the prompts and the game engine).
TRAINING_EXPORTS = ("chat-jsonl", "verifiers-env")

#: How ``ocwtool split`` assigns splits (:mod:`ocwtool.curation.splits`).
SPLIT_STRATEGIES = ("default", "stratified")

#: Offline baselines (:func:`ocwtool.evaluation.baselines.make_baseline`).
BASELINES = ("random", "wordnet", "minilm")
#: How ``--baseline minilm`` makes its equal-size clusters.
CLUSTERERS = ("kmeans-constrained", "library", "assignment")

#: Rule sets of the game engine (:data:`ocwtool.evaluation.game.rules.RULES`).
RULE_NAMES = ("nyt", "missed-connections", "missed-connections-baseline", "only-connect", "oneshot")
#: How a language model plays: one full answer, or guess by guess under game rules.
PROTOCOLS = ("oneshot", "interactive")
#: The rule sets a model may play: every one but ``missed-connections-baseline`` (500 mistakes, a
#: setting for baseline players, not for paid model calls).
LLM_RULES = ("oneshot", "nyt", "missed-connections", "only-connect")

#: Who plays ``ocwtool play``: a person at the terminal, or a baseline as a player.
HUMAN = "human"
PLAYERS = (HUMAN, *BASELINES)

#: Variants built from a store (:mod:`ocwtool.generators`).
VARIANT_KINDS = ("randomized", "wordnet")
#: Built only when asked for (``--kind extended``), not by ``--kind all``: boards with trick words.
EXTENDED = "extended"
