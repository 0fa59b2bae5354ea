"""Annotation tools: knowledge-type taxonomy, red herrings, labelling sessions, agreement, adjudication.

Public entry points (import the submodules directly; they load WordNet, scikit-learn etc. lazily):

* ``taxonomy``: the six types, keys, definitions, fine labels, ``GUIDELINE_VERSION``;
* ``annotators``: annotator names, walls left mid-way (the label stores themselves, append-only and
  safe with concurrent writers, are ``ocwtool.stores.annotations``);
* ``session`` / ``adjudicate``: terminal sessions; ``adjudicate.release_labels(workspace)``;
* ``suggest``: pre-labels by the heuristic rules (``heuristics``, ``herrings``, ``word_features``,
  ``lexicon``) or by a trained pre-labeller;
* ``agreement``: Cohen's kappa, Krippendorff's alpha, confusion, coverage;
* ``prelabel/``: the trained pre-labeller (features, training, the model file, its evaluation);
* ``labelstudio/``: a team on a Label Studio server (config, client, push/pull) and its files;
* ``interop/``: labels exported and imported as files (Label Studio, Argilla, JSONL), and the
  "Connecting the Dots" expert taxonomy read as labels.
"""
