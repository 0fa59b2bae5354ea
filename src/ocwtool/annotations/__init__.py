"""Annotation tools: knowledge-type taxonomy, red herrings, labelling sessions, agreement, adjudication.

Public entry points (import the submodules directly; they load WordNet, scikit-learn etc. lazily):

* ``taxonomy``: the six types, keys, definitions, fine labels, ``GUIDELINE_VERSION``;
* ``annotators``: annotator names, walls left mid-way (the label stores themselves, append-only and
  safe with concurrent writers, are ``ocwtool.stores.annotations``);
* ``session`` / ``adjudicate``: terminal sessions; ``adjudicate.release_labels(workspace)``;
* ``suggest`` / ``herrings``: heuristic pre-labels and red-herring candidates;
* ``agreement``: Cohen's kappa, Krippendorff's alpha, confusion, coverage;
* ``interop``: Label Studio / Argilla / JSONL export and import.
"""
