"""``ocwtool llm run``: one resumable run folder per (model, puzzles, protocol) under ``runs/llm/``.

    runs/llm/<run>/run.json            what was asked, prompt (name, version, sha256), status, usage, cost
    runs/llm/<run>/logs/*.eval         the inspect log (``inspect view --log-dir runs/llm/<run>/logs``)
    runs/llm/<run>/transcripts.jsonl   every game, replayable with ``ocwtool eval --transcripts``
    runs/llm/<run>/predictions-epoch-<k>.jsonl   what ``ocwtool eval --run`` scores (seeds as epochs)

Running the same command again resumes: a finished log is reused as it is (no calls), an interrupted
one, or one whose games errored (the run is then ``incomplete``), is retried with inspect's
``eval_retry`` (finished games kept, errored ones played again), and with ``--cache`` every answer
already received comes from inspect's response cache, so no call is paid for twice. One run at a
time holds its folder (:mod:`ocwtool.llm.folders`): an identical run started beside it waits, then
reuses what the first one played.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.errors import LlmError
from ocwtool.evaluation.game import dump_transcripts
from ocwtool.fsio import read_json, write_json, write_text
from ocwtool.llm.export import Usage, epoch_predictions, log_transcripts, total_usage, write_jsonl
from ocwtool.llm.folders import errored_samples, first_error, holding, run_status
from ocwtool.llm.inputs import Protocol, PuzzleSource, timing
from ocwtool.llm.models import check_model_name, inspect_prerequisites, resolve_model
from ocwtool.llm.prices import Price, price_for
from ocwtool.llm.tasks import interactive, oneshot
from ocwtool.workspace import Workspace

ALIGNED_CONNECTION_PROMPTS = ("ocw-fewshot", "ocwtool-interactive")


#: How each epoch's board is drawn (recorded, so a run made before issue #25, whose epoch 1 showed
#: the stored order, is never resumed with the new boards).
BOARDS = 'epoch e: board e - 1, ocwtool.schema.board.shown_board, random.Random(f"{wall_id}:{e - 1}")'


@dataclass(frozen=True)
class LlmRunRequest:
    """One run: a model on a set of puzzles under a protocol, for ``epochs`` epochs."""

    model: str
    source: PuzzleSource
    protocol: Protocol = field(default_factory=Protocol)
    epochs: int = 1
    limit: int | None = None
    cache: bool = False
    name: str | None = None
    model_base_url: str | None = None
    max_connections: int | None = None
    attempt_timeout: int | None = None
    max_retries: int | None = None
    max_tokens: int | None = None  # None: the prompt's own (prompts.json "config")
    display: str = "none"

    def run_name(self) -> str:
        parts = [self.model, self.source.source or "all", self.source.split, self.protocol.name]
        if self.protocol.name == "interactive":
            parts.append(self.protocol.rules)
        return self.name or re.sub(r"[^A-Za-z0-9._-]+", "_", "-".join(parts))

    def settings(self) -> dict[str, Any]:
        """What must match for a rerun to resume this run rather than start another."""
        src = self.source
        return {
            "model": self.model,
            "workspace": src.workspace_root,
            "release": str(src.release) if src.release else None,
            "source": src.source,
            "split": src.split,
            "since": src.since.isoformat() if src.since else None,
            "newest": src.newest,
            "protocol": self.protocol.name,
            "rules": self.protocol.rules,
            "prompt": self.protocol.prompt,
            "epochs": self.epochs,
            "limit": self.limit,
            "max_tokens": self.max_tokens,
            "boards": BOARDS,
        }


@dataclass
class LlmRun:
    """A finished (or resumed) run and the files it wrote."""

    folder: Path
    log_file: Path
    status: str  # success | incomplete (a game errored: run again to retry it)
    resumed: str  # new | retried | reused
    predictions: list[Path]
    transcripts: Path
    usage: Usage
    cost: float | None
    manifest: dict[str, Any]


def _task(req: LlmRunRequest) -> Any:
    """The registered task with plain arguments, so the log can rebuild it (``eval_retry``)."""
    src, proto = req.source, req.protocol
    workspace = src.workspace_root
    release = str(src.release) if src.release else None
    since = src.since.isoformat() if src.since else None
    if proto.name == "oneshot":
        return oneshot(workspace, release, src.source, src.split, proto.prompt, req.cache, since, src.newest)
    return interactive(
        workspace, release, src.source, src.split, proto.rules, proto.prompt, req.cache, since, src.newest
    )


def _generate_config(req: LlmRunRequest) -> dict[str, Any]:
    """The generate settings given (inspect keys its memoized models by them, so both uses agree)."""
    keys = ("max_connections", "attempt_timeout", "max_retries", "max_tokens")
    return {key: getattr(req, key) for key in keys if getattr(req, key) is not None}


def _eval_options(req: LlmRunRequest, log_dir: Path) -> dict[str, Any]:
    opts: dict[str, Any] = {
        "log_dir": str(log_dir),
        "display": req.display,
        "fail_on_error": False,
        "score_display": False,
    }
    return opts | _generate_config(req)


def _latest_log(log_dir: Path) -> tuple[Path, str] | None:
    from inspect_ai.log import list_eval_logs, read_eval_log

    infos = list_eval_logs(str(log_dir), recursive=False) if log_dir.is_dir() else []
    if not infos:
        return None
    path = Path(infos[0].name.removeprefix("file://"))
    try:
        return path, read_eval_log(str(path), header_only=True).status
    except Exception:  # a log cut short by a hard kill: start over (the response cache still pays)
        return None


def _evaluate(req: LlmRunRequest, folder: Path) -> tuple[Any, str]:
    """Reuse a finished log, or check model and puzzles, mark the run started and run or retry it."""
    from inspect_ai.log import read_eval_log

    latest = _latest_log(folder / "logs")
    if latest and latest[1] == "success":
        done = read_eval_log(str(latest[0]))
        if not errored_samples(done):
            return done, "reused"
        # else some games errored: the retry below plays exactly those again
    # Everything that can fail before a game is played fails here, before run.json is written.
    resolve_model(req.model, req.model_base_url, _generate_config(req))
    task = None if latest else _task(req)
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / "run.json", {"settings": req.settings(), "status": "started"})
    with inspect_prerequisites(req.model):
        if latest:
            return _retry(req, latest[0], folder), "retried"
        return _run_new(req, task, folder), "new"


def _retry(req: LlmRunRequest, log: Path, folder: Path) -> Any:
    from inspect_ai import eval_retry

    opts = {k: v for k, v in _eval_options(req, folder / "logs").items() if k != "score_display"}
    return _finished(eval_retry(str(log), **opts))


def _run_new(req: LlmRunRequest, task: Any, folder: Path) -> Any:
    from inspect_ai import eval as inspect_eval

    opts = _eval_options(req, folder / "logs")
    logs = inspect_eval(
        task, model=req.model, model_base_url=req.model_base_url, epochs=req.epochs, limit=req.limit, **opts
    )
    return _finished(logs)


def _finished(logs: list[Any]) -> Any:
    """The one log of an eval. inspect turns Ctrl-C into a cancelled log, or into none at all: give it
    back as the KeyboardInterrupt it was (the CLI: one "Interrupted" line, exit 130; the log and the
    response cache are kept, so running again resumes) instead of an IndexError or a partial result."""
    if not logs or logs[0].status == "cancelled":
        raise KeyboardInterrupt
    return logs[0]


def changed_settings(folder: Path, settings: dict[str, Any]) -> list[str]:
    """The settings of the run in ``folder`` that differ from ``settings`` (none: no run there)."""
    manifest = folder / "run.json"
    if not manifest.is_file():
        return []
    old = read_json(manifest).get("settings", {})
    return sorted(k for k in settings if _setting(k, old.get(k)) != _setting(k, settings[k]))


def _check_settings(folder: Path, settings: dict[str, Any]) -> None:
    changed = changed_settings(folder, settings)
    if changed:
        raise LlmError(
            f"{folder} holds a run with other settings ({', '.join(changed)}); "
            "give this run another --name, or delete that folder to start over"
        )


def _setting(key: str, value: Any) -> Any:
    """A setting as compared for a resume: paths resolved (runs before 2026-12-01 recorded
    ``--release`` as typed, relative to where the command ran)."""
    if key in ("release", "workspace") and isinstance(value, str):
        return str(Path(value).resolve())
    return value


def run_llm(req: LlmRunRequest, workspace: Workspace, prices: dict[str, Price] | None = None) -> LlmRun:
    """Run (or resume) ``req`` in ``runs/llm/<name>`` (:meth:`Workspace.llm_run_dir`) and write
    transcripts and predictions."""
    check_model_name(req.model)
    folder = workspace.llm_run_dir(req.run_name())
    with holding(folder, f"run folder {workspace.rel(folder)}"):
        _check_settings(folder, req.settings())
        log, how = _evaluate(req, folder)
        return _finish(req, folder, log, how, prices or {})


def _finish(req: LlmRunRequest, folder: Path, log: Any, how: str, prices: dict[str, Price]) -> LlmRun:
    transcripts = log_transcripts(log)
    write_text(folder / "transcripts.jsonl", dump_transcripts(transcripts))
    facts = (log.eval.metadata or {}).get("ocwtool", {})
    aligned = facts.get("prompt", {}).get("name") in ALIGNED_CONNECTION_PROMPTS
    paths = []
    for epoch, records in epoch_predictions(transcripts, aligned).items():
        paths.append(folder / f"predictions-epoch-{epoch}.jsonl")
        write_jsonl(paths[-1], records)
    usage = total_usage(transcripts)
    price = price_for(req.model, prices)
    cost = price.cost(usage.input_tokens, usage.output_tokens) if price else None
    manifest = _manifest(req, log, how, usage, cost, price, paths, facts)
    manifest["timing"] = _timing(req, log)
    write_json(folder / "run.json", manifest)
    log_file = Path(str(log.location).removeprefix("file://"))
    return LlmRun(
        folder, log_file, manifest["status"], how, paths, folder / "transcripts.jsonl", usage, cost, manifest
    )


def _timing(req: LlmRunRequest, log: Any) -> dict[str, Any]:
    """Live vs backfill counts of the puzzles played, against the day the run started (UTC)."""
    run_date = dt.datetime.fromisoformat(str(log.eval.created)).astimezone(dt.UTC).date()
    dates = req.source.dates()
    played = {str(sample.id) for sample in log.samples or []}  # once per epoch in the log
    return timing([dates.get(wall_id) for wall_id in sorted(played)], run_date)


def _manifest(
    req: LlmRunRequest,
    log: Any,
    how: str,
    usage: Usage,
    cost: float | None,
    price: Price | None,
    paths: list[Path],
    facts: dict[str, Any],
) -> dict[str, Any]:
    return {
        "settings": req.settings(),
        "status": run_status(log),  # incomplete when a game errored
        "resumed": how,
        "inspect_log": Path(str(log.location)).name,
        "inspect_version": log.eval.packages.get("inspect_ai"),
        "prompt": facts.get("prompt"),
        "examples_shown": facts.get("examples", "").count("Example "),
        "samples": len(log.samples or []),
        "errored_samples": len(errored_samples(log)),
        "first_error": first_error(log),
        "usage": usage.to_dict(),
        "price_per_million": asdict(price) if price else None,
        "cost_usd": cost,
        "predictions": [p.name for p in paths],
    }
