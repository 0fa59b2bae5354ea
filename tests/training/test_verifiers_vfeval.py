"""The exported verifiers environment, run by verifiers' own ``vf-eval`` in a venv of its own
(``make verifiers``: ``$OCWTOOL_VF_VENV``, default ``~/.cache/ocwtool/verifiers-venv``; without it
this test fails and says so) against the scripted players on 127.0.0.1. Every game's reward and
metrics (the rewards of ``ocwtool.training.rewards`` and ``score``) must equal what ``ocwtool eval``
gives the same replies: one-shot replies as a raw-text predictions file, interactive games as
transcripts (each reply read by ocwtool's own parser)."""

from __future__ import annotations

import json
import os
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from ocwtool.evaluation.game import BoardRecord, Transcript, Turn, dump_transcripts
from ocwtool.llm.board import parse_guess
from ocwtool.llm.scripted import serve_scripted
from ocwtool.training.rewards import REWARDS
from ocwtool.training.verifiers_export import export_verifiers_env
from ocwtool.workspace import Workspace
from tests.conftest import run_ocwtool
from tests.training.vf_puzzles import make_workspace, scripted_boards, venv_bin

PLAYERS = ("oracle", "random", "naive", "malformed")
PLAYS = [
    ("ocw", "oneshot"),
    ("ocw", "nyt"),
    ("ocw", "only-connect"),
    ("nyt", "oneshot"),
    ("nyt", "missed-connections"),
]


def _config(base_url: str, out: Path) -> str:
    head = (
        f'api_base_url = "{base_url}"\napi_key_var = "OPENAI_API_KEY"\nnum_examples = -1\n'
        "rollouts_per_example = 1\nsave_results = true\ndisable_tui = true\n"
        f'disable_env_server = true\noutput_dir = "{out}"\n'
    )
    evals = [
        f'\n[[eval]]\nenv_id = "ocwtool-connections"\nmodel = "{player}"\n'
        f'env_args = {{config = "{config}", split = "test", rules = "{rules}"}}\n'
        for config, rules in PLAYS
        for player in PLAYERS
    ]
    return head + "".join(evals)


def _run_vf_eval(env_dir: Path, tmp: Path) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Install the exported package (no index: nothing is fetched), run vf-eval, return every
    rollout with its eval's metadata."""
    site = tmp / "site"
    pip = [str(venv_bin("pip")), "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run([*pip, "--target", str(site), str(env_dir)], check=True, capture_output=True)
    out = tmp / "vf-out"
    with serve_scripted(scripted_boards()) as srv:
        (tmp / "eval.toml").write_text(_config(srv.base_url, out), encoding="utf-8")
        offline = {"HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp / "hf")}
        env = {**os.environ, **offline, "PYTHONPATH": str(site), "OPENAI_API_KEY": "scripted"}
        done = subprocess.run(
            [str(venv_bin("vf-eval")), str(tmp / "eval.toml")],
            env=env,
            capture_output=True,
            text=True,
            timeout=500,
            cwd=tmp,
        )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = []
    for meta_path in sorted(out.glob("evals/*/*/metadata.json")):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        for line in (meta_path.parent / "results.jsonl").read_text(encoding="utf-8").splitlines():
            rows.append((meta, json.loads(line)))
    return rows


def _info(row: dict[str, Any]) -> dict[str, Any]:
    info = row["info"]
    return json.loads(info) if isinstance(info, str) else info


def _replies(row: dict[str, Any]) -> list[str]:
    return [m.get("content") or "" for m in row["completion"] if m["role"] == "assistant"]


def _transcript(meta: dict[str, Any], row: dict[str, Any]) -> Transcript:
    """The game as ocwtool's LLM runner records it: each reply read by ocwtool's own guess parser."""
    puzzle = _info(row)["puzzle"]
    turns = []
    for text in _replies(row):
        guess = parse_guess(text, puzzle["board"], "GUESS:")
        turns.append(Turn(guess=guess, raw=None if len(guess) == 4 else text))
    record = {k: puzzle[k] for k in ("wall_id", "groups", "connections", "levels", "distractors")}
    return Transcript(
        wall_id=puzzle["wall_id"],
        rules=meta["env_args"]["rules"],
        player=meta["model"],
        board=BoardRecord.model_validate(record),
        order=puzzle["board"],
        turns=turns,
    )


def _eval_json(ws: Path, tmp: Path, name: str, *args: str) -> dict[str, Any]:
    report = tmp / f"{name}.json"
    done = run_ocwtool("-w", str(ws), "eval", *args, "--bootstrap", "0", "--json-out", str(report))
    assert done.returncode == 0, done.stderr
    return dict(json.loads(report.read_text(encoding="utf-8")))


def _check_oneshot(
    ws: Path, tmp: Path, config: str, rows: list[tuple[dict[str, Any], dict[str, Any]]]
) -> int:
    """One raw-text predictions file per player; ocwtool's per-wall scores against the rollouts'."""
    files, expected = [], []
    for player in PLAYERS:
        games = [r for m, r in rows if m["model"] == player]
        path = tmp / f"{config}-{player}.jsonl"
        lines = [json.dumps({"wall_id": _info(r)["wall_id"], "text": _replies(r)[0]}) for r in games]
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        files += ["--predictions", str(path)]
        expected.append({_info(r)["wall_id"]: r for r in games})
    report = _eval_json(
        ws, tmp, f"oneshot-{config}", "--source", config, "--split", "test", "--per-wall", *files
    )
    checked = 0
    for run, games in zip(report["runs"], expected, strict=True):
        for wall in run["walls"]:
            got = games[wall["wall_id"]]
            assert got["won"] == float(wall["solved"]), wall
            assert got["groups_solved"] == wall["correct_groups"], wall
            assert got["weighted"] == (wall["weighted"] or 0), wall
            assert got["reward"] == got["score"] == wall["correct_groups"] / 4, wall
            # one answer, no mistake limit: a win is a perfect game (m = 1 move)
            assert (got["efficiency"], got["mistakes_penalty"], got["trap_claim"]) == (got["won"], 0.0, 0.0)
            checked += 1
    return checked


def _check_interactive(ws: Path, tmp: Path, rows: list[tuple[dict[str, Any], dict[str, Any]]]) -> int:
    """Every interactive game replayed by ``ocwtool eval --transcripts``; its row against the rollout's."""
    path = tmp / "games.jsonl"
    path.write_text(dump_transcripts(_transcript(m, r) for m, r in rows), encoding="utf-8")
    report = _eval_json(ws, tmp, "games", "--transcripts", str(path))
    ours = {(m["model"], m["env_args"]["rules"], _info(r)["wall_id"]): r for m, r in rows}
    assert len(report["games"]) == len(ours)
    for game in report["games"]:
        got = ours[(game["player"], game["rules"], game["wall_id"])]
        assert game["differences"] == [], game
        # every reward of ocwtool.training.rewards is its eval figure (undefined ones count 0)
        assert {name: got[name] for name in REWARDS} == {name: float(game[name] or 0) for name in REWARDS}, (
            game
        )
        assert got["reward"] == got["score"] == game["score"], game
    return len(ours)


@pytest.mark.slow
def test_vf_eval_rewards_equal_ocwtool_eval_game_by_game(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    export_verifiers_env(tmp_path / "env", workspace=Workspace.open(ws))
    rows = _run_vf_eval(tmp_path / "env", tmp_path)
    by_play: dict[tuple[str, str], list[tuple[dict[str, Any], dict[str, Any]]]] = defaultdict(list)
    for meta, row in rows:
        by_play[(meta["env_args"]["config"], meta["env_args"]["rules"])].append((meta, row))
    assert sorted(by_play) == sorted(PLAYS)
    assert all(len(games) == len(PLAYERS) * (3 if c == "ocw" else 4) for (c, _), games in by_play.items())
    checked = _check_oneshot(ws, tmp_path, "ocw", by_play[("ocw", "oneshot")])
    checked += _check_oneshot(ws, tmp_path, "nyt", by_play[("nyt", "oneshot")])
    interactive = [g for (c, r), games in by_play.items() if r != "oneshot" for g in games]
    checked += _check_interactive(ws, tmp_path, interactive)
    assert checked == len(rows)
    # the scripted players give a spread of outcomes: won, lost with mistakes, lost on invalid moves
    outcomes = {(r["won"], r["mistakes_penalty"] < 0, r["format_valid"] == 0) for _, r in rows}
    assert {(1.0, False, False), (0.0, True, False), (0.0, False, True)} <= outcomes
