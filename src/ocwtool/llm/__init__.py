"""LLM runs on the puzzles through inspect-ai (the optional ``[llm]`` extra).

* :mod:`.prompts` — the papers' prompts and ours, versioned (name, version, sha256), as package data;
* :mod:`.board` — sample metadata, word order per epoch, reading answers (no inspect import);
* :mod:`.tasks` — the inspect tasks, solvers and scorer (registered as ``ocwtool/<task>``);
* :mod:`.runner` — ``ocwtool llm run``: one run folder under ``runs/llm/``, resumable;
* :mod:`.export` — inspect log -> ocwtool transcripts, per-epoch predictions, usage and cost;
* :mod:`.scripted` — scripted players behind a loopback OpenAI-compatible server (tests, demo).
"""
