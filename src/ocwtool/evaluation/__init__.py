"""Evaluation: the papers' metrics, prediction parsing, baselines and statistics.

* :mod:`.scorer` — the standalone scorer (no ocwtool imports), shipped in releases as ``evaluate.py``
  plus ``scorer/``; :mod:`.boundary` maps its errors to ocwtool's;
* :mod:`.predictions` — OCW prediction JSON/JSONL and raw model text matched against the clues;
* :mod:`.gold` — gold walls from a workspace or a release folder;
* :mod:`.baselines` — random, WordNet similarity, all-MiniLM-L6-v2 + exact 4x4 clustering;
* :mod:`.stats` — bootstrap intervals, paired comparisons, breakdowns;
* :mod:`.report` — one evaluation end to end (what ``ocwtool eval`` calls).
"""
