"""The learned red-herring scorer (``annotate train --task red-herrings``): how likely players are to
pull a clue toward another group, learned from decoys mined from play (``annotate decoys``).

* :mod:`.features` — named features of one clue and one other group (MiniLM, WordNet, the rules);
* :mod:`.model` — the saved model (plain JSON, versioned in ``models/``), loaded without pickle;
* :mod:`.train` — pairs and their targets from play-decoy records, the split by game, the fit;
* :mod:`.score` — a model applied to puzzles: red-herring words with scores, decoy themes;
* :mod:`.themes` — decoy themes (trap-group candidates) from clue-to-clue affinities;
* :mod:`.evaluate` — per-clue ROC-AUC, precision at 2, trap groups found;
* :mod:`.run` — the workspace entry points the CLI calls.
"""
