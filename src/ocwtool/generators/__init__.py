"""Variant generators: OCW-Randomized and OCW-WordNet (pure functions over canonical puzzles).

* :mod:`ocwtool.generators.randomized` -- the paper's red-herring-free test set (App. C.1.1).
* :mod:`ocwtool.generators.wordnet` -- the easy WordNet walls (App. C.1.2), over the backend seam in
  :mod:`ocwtool.resources.wordnet` (NLTK WordNet 3.0 data or a ``wn`` lexicon).
* :mod:`ocwtool.generators.build` -- reads a workspace store, runs a generator, writes ``variants/``.
"""
