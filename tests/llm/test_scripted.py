"""The scripted players and their loopback server (spoken to with httpx, as any client would)."""

from __future__ import annotations

import httpx

from ocwtool.llm.scripted import Board, BoardIndex, remaining_clues, serve_scripted

RIVERS = ("Danube", "Rhine", "Loire", "Tagus")
BOARD = Board(
    (
        RIVERS,
        ("Snap", "Bridge", "Rummy", "Whist"),
        ("Oak", "Ash", "Elm", "Yew"),
        ("Mars", "Venus", "Saturn", "Jupiter"),
    ),
    ("Rivers", "Card games", "Trees", "Planets"),
)
OTHER = Board(
    (
        ("Cod", "Sole", "Hake", "Ling"),
        ("Ruby", "Opal", "Jade", "Onyx"),
        ("Brie", "Feta", "Edam", "Gouda"),
        ("Oboe", "Harp", "Tuba", "Horn"),
    ),
    ("Fish", "Gems", "Cheeses", "Instruments"),
)


def _ask(base: str, model: str, *texts: str) -> httpx.Response:
    body = {"model": model, "messages": [{"role": "user", "content": text} for text in texts]}
    return httpx.post(f"{base}/chat/completions", json=body, timeout=10)


def test_the_board_named_last_in_the_prompt_is_the_one_asked_about() -> None:
    index = BoardIndex([BOARD, OTHER])
    examples = "Example 1\n" + ", ".join(OTHER.clues)
    assert index.find(f"{examples}\nClues: {', '.join(BOARD.clues)}") is BOARD
    assert index.find(", ".join(OTHER.clues)) is OTHER
    assert index.find("Danube, Rhine") is None


def test_remaining_words_are_read_from_the_remaining_line_only() -> None:
    text = "Correct! Danube, Rhine, Loire, Tagus\nRemaining words: " + ", ".join(BOARD.clues[4:12])
    assert remaining_clues(BOARD, text) == ["Snap", "Bridge", "Rummy", "Whist", "Oak", "Ash", "Elm", "Yew"]


def test_oracle_random_and_malformed_answers_always_carry_usage() -> None:
    with serve_scripted([BOARD, OTHER]) as srv:
        prompt = "Words: " + ", ".join(BOARD.clues)
        oracle = _ask(srv.base_url, "oracle", prompt).json()
        text = oracle["choices"][0]["message"]["content"]
        assert "Rivers: [Danube, Rhine, Loire, Tagus]" in text
        assert oracle["usage"]["prompt_tokens"] == len(prompt.split())
        later = "Correct!\nRemaining words: " + ", ".join(BOARD.clues[4:])
        guess = _ask(srv.base_url, "oracle", prompt, later).json()
        assert guess["choices"][0]["message"]["content"] == "GUESS: Snap, Bridge, Rummy, Whist"
        rnd = _ask(srv.base_url, "random", prompt).json()["choices"][0]["message"]["content"]
        assert sorted(
            w for line in rnd.splitlines()[1:] for w in line.split("[")[1].rstrip("]").split(", ")
        ) == sorted(BOARD.clues)
        bad = _ask(srv.base_url, "malformed", prompt).json()
        assert "Zanzibar" in bad["choices"][0]["message"]["content"] and bad["usage"]["total_tokens"] > 0
        assert srv.state.paid == {"oracle": 2, "random": 1, "malformed": 1}


def test_flaky_refuses_each_request_once_with_429_then_answers() -> None:
    with serve_scripted([BOARD]) as srv:
        first = _ask(srv.base_url, "flaky", ", ".join(BOARD.clues))
        again = _ask(srv.base_url, "flaky", ", ".join(BOARD.clues))
        assert (first.status_code, first.headers["Retry-After"]) == (429, "0")
        assert again.status_code == 200
        assert (srv.state.refused["flaky"], srv.state.paid["flaky"]) == (1, 1)


def test_unknown_models_and_routes_are_refused() -> None:
    with serve_scripted([BOARD]) as srv:
        assert _ask(srv.base_url, "gpt-9", "hello").status_code == 404
        assert httpx.post(f"{srv.base_url}/embeddings", json={}, timeout=10).status_code == 404
        assert srv.state.total_paid() == 0
