"""Red herrings mined from play (``ocwtool annotate decoys``): the wrong groups players made.

* :mod:`.mine` — plays in, per puzzle who played it and who made which mistake (intruders, swaps,
  false groups), tried groups not mined counted by cause;
* :mod:`.records` — that as red-herring records with ``score`` and evidence, and back;
* :mod:`.store` — into ``annotations/<annotator>.jsonl``, adding to what is stored, idempotent;
* :mod:`.shown` — which stored decoys the terminal labeller and Label Studio put to an annotator.

Reading the files of play (transcripts, answer files) is :mod:`ocwtool.evaluation.plays`, above.
"""
