"""LLM runs on the puzzles through inspect-ai (the optional ``[llm]`` extra).

* :mod:`.prompts` — the papers' prompts and ours, versioned (name, version, sha256), as package data;
* :mod:`.board` — sample metadata, word order per epoch, reading answers (no inspect import);
* :mod:`.inputs` — puzzles to play, protocols, run-folder files (no inspect import);
* :mod:`.solvers` — one-shot answers and turn-by-turn games through the game engine;
* :mod:`.tasks` — the inspect tasks and scorer (registered as ``ocwtool/oneshot``, ``ocwtool/interactive``);
* :mod:`.prices` — ``[llm.prices]`` of ``ocwtool.toml`` and the cost of paid tokens;
* :mod:`.runner` — ``ocwtool llm run``: one run folder under ``runs/llm/``, resumable;
* :mod:`.export` — inspect log -> ocwtool transcripts, per-epoch predictions, usage and cost;
* :mod:`.scripted` — scripted players behind a loopback OpenAI-compatible server (tests, demo).
"""
