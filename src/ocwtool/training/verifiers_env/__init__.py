"""A verifiers environment for the puzzles that ships on its own (``ocwtool export --format
verifiers-env OUT/``).

An island, like the release scorer: it imports nothing from ocwtool (import-linter contract
``verifiers-env``), so the exported package runs in a venv with ``verifiers`` and without ocwtool,
and fetches nothing at run time (the puzzles are bundled as data files).

* :mod:`.game` — the rules and the game engine, move for move as ``ocwtool.evaluation.game``;
* :mod:`.parse` — reading a reply: one guess, or one grouping (never raises);
* :mod:`.episode` — the bundled puzzles, the prompts, the game a rollout's replies play;
* :mod:`.rewards` — the rubric's reward functions: ``ocwtool.training.rewards``' eight, and ``score``;
* :mod:`.env` — ``load_environment``: verifiers' SingleTurnEnv / MultiTurnEnv and Rubric (the only
  module importing verifiers; not imported here, so ocwtool loads the package without it);
* :mod:`.bundle` — the package's files (pyproject, modules) for the export.
"""
