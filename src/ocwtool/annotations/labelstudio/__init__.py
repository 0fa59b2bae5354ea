"""Label Studio: ocwtool's labelling config, its results as item records, a team on a server.

``config`` (the labelling config and the task data it shows), ``decoys`` (the suggested decoys a
task shows), ``results`` (Label Studio results <-> item records), ``files`` (tasks in the JSON export
shape), ``client`` (where the server is; the ``[labelstudio]`` extra), ``plan`` (which puzzles to
push and who labels each) and ``sync``
(``annotate ls push|pull|status``). Nothing is imported here: the SDK loads only when it is used.
"""
