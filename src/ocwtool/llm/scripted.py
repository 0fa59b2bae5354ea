"""Scripted players behind a loopback OpenAI-compatible chat-completions server.

Tests, the demo and the benchmark run the real LLM runner (inspect-ai's ``openai-api`` provider)
against this server, so every byte goes through the same client, retries and cache as a real run.
The request's ``model`` field picks the player:

* ``oracle`` answers the gold groups (and connections); ``random`` a seeded random partition;
* ``malformed`` answers prose that names at most one clue;
* ``naive`` answers the clues in the order the prompt shows them, cut into fours (one-shot), or one
  of those rows of four (interactive, picked by the request's seed): it solves only what a board in
  solution order gives away;
* ``flaky`` returns 429 the first time it sees a request, then answers as the oracle;
* ``slow`` waits ``slow_seconds`` (bounded) before answering, to trip the client's timeout;
* ``gated`` answers as the oracle until ``gate`` calls were served, then holds further requests
  (never answering them) until the gate opens: an interrupted run, for resume tests.

While ``state.down`` is set, or once ``state.down_after`` calls were answered, the server is out of
order: every request, whoever the player, gets a 500 (an outage, for the tests of runs whose games
error; clear both and the server recovers).

Every 200 response carries ``usage`` (whitespace tokens), so nothing calls tiktoken offline; the
server counts the calls it answered (``paid``) and the ones it refused (``refused``) per model.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PLAYERS = ("oracle", "random", "malformed", "naive", "flaky", "slow", "gated")
REMAINING = "Remaining words:"
_ASKS_CONNECTIONS = re.compile(r"\. Connection:\s*$", re.M)
MAX_SLOW_SECONDS = 30.0


@dataclass(frozen=True)
class Board:
    """A puzzle the scripted players know: its groups (gold order), connections and distractors."""

    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...]
    distractors: tuple[str, ...] = ()

    @property
    def clues(self) -> tuple[str, ...]:
        """Every word on the board: the groups' clues, then the distractors."""
        return (*(c for g in self.groups for c in g), *self.distractors)


def _occurs(clue: str, text: str) -> int:
    """Position of the last whole-word occurrence of ``clue`` in ``text`` (case-insensitive), or -1."""
    found = -1
    for m in re.finditer(r"(?<!\w)" + re.escape(clue.casefold()) + r"(?!\w)", text):
        found = m.start()
    return found


class BoardIndex:
    """Finds the board a prompt is about: every clue occurs, and it occurs latest (after examples)."""

    def __init__(self, boards: Sequence[Board]) -> None:
        self.boards = list(boards)

    def find(self, text: str) -> Board | None:
        folded = text.casefold()
        best: tuple[int, int, Board] | None = None
        for board in self.boards:
            if board.clues[0].casefold() not in folded:
                continue
            positions = [_occurs(c, folded) for c in board.clues]
            # the latest board wins; of two that both occur there, the one with more words
            if min(positions) >= 0 and (best is None or (min(positions), len(board.clues)) > best[:2]):
                best = (min(positions), len(board.clues), board)
        return best[2] if best else None


def remaining_clues(board: Board, last_user: str) -> list[str]:
    """Clues listed on the prompt's ``Remaining words:`` line (interactive play), else all 16."""
    line = next((ln for ln in last_user.splitlines() if ln.startswith(REMAINING)), None)
    if line is None:
        return list(board.clues)
    folded = line.casefold()
    return [c for c in board.clues if _occurs(c, folded) >= 0]


def _lines(groups: Sequence[Sequence[str]], connections: Sequence[str]) -> str:
    return "\n".join(f"{conn}: [{', '.join(g)}]" for g, conn in zip(groups, connections, strict=True))


def oracle_answer(board: Board, last_user: str, seed: int) -> str:
    """The gold answer: connections given groups, the next whole group left, or all four groups."""
    if _ASKS_CONNECTIONS.search(last_user):
        pairs = zip(board.groups, board.connections, strict=True)
        return "\n".join(f"{', '.join(g)}. Connection: {c}" for g, c in pairs)
    left = set(remaining_clues(board, last_user))
    if len(left) < len(board.clues):
        group = next(g for g in board.groups if set(g) <= left)
        return f"GUESS: {', '.join(group)}"
    place = {c: k for k, c in enumerate(shown_order(board, last_user))}  # as a solver reads the board
    found = [
        (sorted(g, key=lambda c: place.get(c, 0)), c)
        for g, c in zip(board.groups, board.connections, strict=True)
    ]
    found.sort(key=lambda gc: place.get(gc[0][0], 0))
    return "Groupings:\n" + _lines([g for g, _ in found], [c for _, c in found])


def random_answer(board: Board, last_user: str, seed: int) -> str:
    """A seeded random partition of the words left (four of them in interactive play)."""
    rng = random.Random(seed)
    if _ASKS_CONNECTIONS.search(last_user):
        return "\n".join(f"{', '.join(g)}. Connection: something" for g in board.groups)
    left = remaining_clues(board, last_user)
    rng.shuffle(left)
    if len(left) < len(board.clues):
        return f"GUESS: {', '.join(left[:4])}"
    groups = [left[i : i + 4] for i in range(0, 16, 4)]
    return "Groupings:\n" + _lines(groups, [f"Guess {k + 1}" for k in range(4)])


def shown_order(board: Board, last_user: str) -> list[str]:
    """The board's clues left in play, in the order the last prompt lists them (the ``Remaining
    words:`` line in interactive play, else the whole message, whose board comes after any examples)."""
    line = next((ln for ln in last_user.splitlines() if ln.startswith(REMAINING)), last_user)
    folded = line.casefold()
    placed = sorted((_occurs(c, folded), c) for c in board.clues)
    return [c for pos, c in placed if pos >= 0]


def naive_answer(board: Board, last_user: str, seed: int) -> str:
    """The words as shown, cut into fours: the four rows as groups, or one row as a guess (in
    interactive play, where the full board is shown again after each guess)."""
    if _ASKS_CONNECTIONS.search(last_user):
        return "\n".join(f"{', '.join(g)}. Connection: something" for g in board.groups)
    shown = shown_order(board, last_user)
    rows = [shown[i : i + 4] for i in range(0, len(shown), 4)]
    rows = [r for r in rows if len(r) == 4]  # a board with distractors may end with a short row
    if REMAINING in last_user:
        return f"GUESS: {', '.join(rows[seed % len(rows)])}"
    rows = rows[:4]  # on a board with distractors the words after the fourth row are left out
    return "Groupings:\n" + _lines(rows, [f"Row {k + 1}" for k in range(len(rows))])


def malformed_answer(board: Board, last_user: str, seed: int) -> str:
    return f"Hmm, tricky! Something about {board.clues[0]}, perhaps? Or maybe Zanzibar. I give up."


ANSWERS = {
    "oracle": oracle_answer,
    "random": random_answer,
    "malformed": malformed_answer,
    "naive": naive_answer,
}


@dataclass
class ServerState:
    """What the server has seen: answered (paid) and refused calls per model, requests seen."""

    index: BoardIndex
    slow_seconds: float = 5.0
    gate: int | None = None
    down_after: int | None = None  # answered calls before the outage (see ``down``)
    paid: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    held: int = 0
    seen: set[str] = field(default_factory=set)
    max_tokens: Counter[int | None] = field(default_factory=Counter)  # the reply limit each request asked
    lock: threading.Lock = field(default_factory=threading.Lock)
    gate_open: threading.Event = field(default_factory=threading.Event)
    down: threading.Event = field(default_factory=threading.Event)  # set: every request gets a 500
    stopping: threading.Event = field(default_factory=threading.Event)

    def reset(self) -> None:
        """Forget every call (a fresh start for the next test on the same server)."""
        with self.lock:
            self.paid.clear()
            self.refused.clear()
            self.seen.clear()
            self.max_tokens.clear()
            self.held, self.gate, self.down_after = 0, None, None
            self.gate_open.clear()
            self.down.clear()

    def total_paid(self) -> int:
        with self.lock:
            return sum(self.paid.values())


def _text(messages: Sequence[dict[str, Any]]) -> tuple[str, str]:
    """All message text, and the last user message's text."""

    def content(m: dict[str, Any]) -> str:
        c = m.get("content") or ""
        return c if isinstance(c, str) else " ".join(str(p.get("text", "")) for p in c if isinstance(p, dict))

    users = [content(m) for m in messages if m.get("role") == "user"]
    return "\n".join(content(m) for m in messages), users[-1] if users else ""


def _decide(state: ServerState, player: str, key: str) -> str:
    """``answer``, ``refuse`` (429), ``fail`` (500: the server is down) or ``hold`` for this request."""
    with state.lock:
        if state.down.is_set() or (state.down_after is not None and state.down_after <= state.paid.total()):
            state.refused[player] += 1
            return "fail"
        if player == "flaky" and key not in state.seen:
            state.seen.add(key)
            state.refused[player] += 1
            return "refuse"
        gate_shut = state.gate is not None and not state.gate_open.is_set()
        if player == "gated" and gate_shut and state.paid[player] >= (state.gate or 0):
            return "hold"
        state.paid[player] += 1
        return "answer"


def respond(state: ServerState, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Status and JSON body for one chat-completions request (blocking for ``slow`` and ``gated``)."""
    model = str(body.get("model", ""))
    player = model if model in PLAYERS else ""
    if not player:
        return 404, {"error": {"message": f"unknown scripted model {model!r}; known: {', '.join(PLAYERS)}"}}
    all_text, last_user = _text(body.get("messages") or [])
    limit = body.get("max_completion_tokens", body.get("max_tokens"))
    with state.lock:
        state.max_tokens[limit if isinstance(limit, int) else None] += 1
    key = hashlib.sha256(json.dumps(body.get("messages"), sort_keys=True).encode()).hexdigest()
    decision = _decide(state, player, key)
    if decision == "refuse":
        return 429, {"error": {"message": "rate limited (scripted)", "type": "rate_limit_error"}}
    if decision == "fail":
        return 500, {"error": {"message": "the server is down (scripted)", "type": "server_error"}}
    if decision == "hold":  # held across an interruption: never answered, never paid
        with state.lock:
            state.held += 1
        while not (state.gate_open.is_set() or state.stopping.wait(0.05)):
            pass
        return 503, {"error": {"message": "held request released unanswered"}}
    if player == "slow":
        state.stopping.wait(min(state.slow_seconds, MAX_SLOW_SECONDS))
    board = state.index.find(all_text)
    answer_fn = ANSWERS.get(player, oracle_answer)
    text = answer_fn(board, last_user, int(key[:8], 16)) if board else "I cannot see a puzzle here."
    return 200, _completion(model, all_text, text)


def _completion(model: str, prompt: str, text: str) -> dict[str, Any]:
    prompt_tokens, completion_tokens = len(prompt.split()), len(text.split())
    return {
        "id": f"chatcmpl-{hashlib.sha1((prompt + text).encode()).hexdigest()[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def _handler(state: ServerState) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        disable_nagle_algorithm = True
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except json.JSONDecodeError:
                self._send(400, {"error": {"message": "request body is not JSON"}})
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            self._send(*respond(state, body))

        def _send(self, status: int, doc: dict[str, Any]) -> None:
            data = json.dumps(doc).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout, interrupted run): nothing to tell it

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the counters say what happened."""

    return Handler


@dataclass
class ScriptedServer:
    """A running server: its base URL (``.../v1``) and its state (counters, gate)."""

    base_url: str
    state: ServerState


@contextmanager
def serve_scripted(
    boards: Sequence[Board], *, slow_seconds: float = 5.0, gate: int | None = None
) -> Iterator[ScriptedServer]:
    """Serve the scripted players on an ephemeral 127.0.0.1 port until the block ends."""
    state = ServerState(index=BoardIndex(boards), slow_seconds=slow_seconds, gate=gate)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield ScriptedServer(f"http://127.0.0.1:{server.server_address[1]}/v1", state)
    finally:
        state.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def provider_env(server: ScriptedServer, provider: str = "scripted") -> Iterator[str]:
    """Point inspect's ``openai-api/<provider>/...`` models at ``server`` (``<PROVIDER>_BASE_URL`` and
    ``_API_KEY``; the previous values come back afterwards). Yields the model prefix."""
    import os

    keys = {f"{provider.upper()}_BASE_URL": server.base_url, f"{provider.upper()}_API_KEY": "scripted"}
    saved = {k: os.environ.get(k) for k in keys}
    os.environ.update(keys)
    try:
        yield f"openai-api/{provider}"
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
