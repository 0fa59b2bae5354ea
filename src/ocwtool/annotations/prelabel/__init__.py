"""The trained pre-labeller: a linear model over named feature sets, the heuristic rules its fallback.

``features`` (feature sets of a group), ``train`` (split by game, fit), ``model`` (the model as a
JSON file under ``models/``), ``labeller`` (suggest with it), ``evaluate`` (held-out figures) and
``run`` (the workspace entry points of ``annotate train`` / ``annotate evaluate``). Nothing is
imported here: the modules load scikit-learn and the MiniLM encoder only when they are used.
"""
