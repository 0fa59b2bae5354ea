"""Push puzzles to a running Label Studio server, pull the annotations back, report the status.

* :func:`push` creates the project (or updates its labelling config and overlap), imports the
  puzzles not there yet in batches with the ``suggest`` pre-labels as predictions (``model_version``)
  their suggested decoys (:mod:`.decoys`) and the proposed trick words of their extended boards
  (:mod:`.tricks`), attaches predictions, decoys and trick words to tasks pushed before they existed
  (decoys and trick words once: annotations refer to them by slot), records each task's annotators
  (task field ``assigned``, plus one Data Manager tab per annotator), and reports tasks whose puzzle
  changed in ocwtool after it was pushed instead of overwriting them.
* :func:`pull` maps each annotation to an ocwtool annotator by its user's e-mail and appends the
  records not already in ``annotations/<annotator>.jsonl`` (so pulling twice changes nothing), and
  the trick-word verdicts as a record of each extended board; what
  cannot be imported (an unreadable annotation, a trap group that breaks the rule) is reported.
* :func:`status` counts tasks, annotations per annotator and what is still to pull.

Both list the annotations that cannot be imported as needing attention
(:mod:`ocwtool.annotations.labelstudio.pulled`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocwtool.annotations.annotators import check_annotator
from ocwtool.annotations.interop.exchange import save_imported
from ocwtool.annotations.labelstudio.client import LabelStudioSettings, api_error, as_json
from ocwtool.annotations.labelstudio.config import (
    assigned_field,
    decoy_data,
    labelling_config,
    puzzle_hash,
    task_data,
)
from ocwtool.annotations.labelstudio.decoys import Decoy, without_decoys
from ocwtool.annotations.labelstudio.decoys import from_data as decoys_of  # (a task's data)
from ocwtool.annotations.labelstudio.plan import PushReport, assign, changed_lines, parse_assigned
from ocwtool.annotations.labelstudio.pulled import (
    PullReport,
    Unimported,
    attention_lines,
    per_annotator,
    to_pull_line,
)
from ocwtool.annotations.labelstudio.results import annotator_for_email, record_from_result, record_result
from ocwtool.annotations.labelstudio.tricks import Trick, trick_data, trick_records
from ocwtool.errors import AnnotationError
from ocwtool.progress import Progress, silent
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import dumps, read_records, store_path

if TYPE_CHECKING:
    from label_studio_sdk import LabelStudio

Task = dict[str, Any]


def _call(settings: LabelStudioSettings, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except AnnotationError:
        raise
    except Exception as exc:  # the SDK raises ApiError (HTTP) or httpx errors (transport)
        raise api_error(exc, settings.url) from None


def find_project(client: LabelStudio, settings: LabelStudioSettings) -> dict[str, Any] | None:
    """The project titled ``settings.project``, or None."""
    pager: Any = _call(settings, client.projects.list, title=settings.project)
    projects: list[dict[str, Any]] = _call(settings, lambda: [as_json(p) for p in pager])
    return next((p for p in projects if p.get("title") == settings.project), None)


def ensure_project(client: LabelStudio, settings: LabelStudioSettings, overlap: int | None) -> dict[str, Any]:
    """Create the project, or bring its labelling config (and the overlap, when given) up to date."""
    config = labelling_config()
    found = find_project(client, settings)
    fields: dict[str, Any] = {"label_config": config, "show_skip_button": True}
    if overlap is not None:
        fields["maximum_annotations"] = overlap
    if found is None:
        created = _call(settings, client.projects.create, title=settings.project, **fields)
        return dict(as_json(created))
    if any(found.get(k) != v for k, v in fields.items()):
        _call(settings, client.projects.update, id=found["id"], **fields)
    return found


def tasks(
    client: LabelStudio, settings: LabelStudioSettings, project_id: int, progress: Progress = silent
) -> list[Task]:
    """Every task of the project with its annotations and predictions (``progress("ls tasks", n, None)``)."""
    pager = _call(settings, client.tasks.list, project=project_id, fields="all", page_size=100)

    def fetch() -> list[Task]:
        items: list[Task] = []
        progress("ls tasks", 0, None)
        for task in pager:
            items.append(as_json(task))
            progress("ls tasks", len(items), None)
        return items

    fetched: list[Task] = _call(settings, fetch)
    return fetched


def _by_puzzle(items: Sequence[Task]) -> dict[str, Task]:
    return {str(t["data"].get("puzzle_id")): t for t in items if t.get("data", {}).get("puzzle_id")}


def _new_task(
    puzzle: Puzzle,
    names: list[str],
    suggestion: ItemRecord | None,
    model: str,
    shown: tuple[Sequence[Decoy], Sequence[Trick]],
) -> Task:
    decoys, tricks = shown
    task: Task = {"data": task_data(puzzle, names, decoys, tricks)}
    result = _prelabel(puzzle, suggestion, decoys)
    if result:
        task["predictions"] = [{"model_version": model, "result": result}]
    return task


def _prelabel(puzzle: Puzzle, suggestion: ItemRecord | None, decoys: Sequence[Decoy]) -> list[Any]:
    """A suggestion's result without the decoys the task asks about (empty: no prediction)."""
    return [] if suggestion is None else record_result(puzzle, without_decoys(puzzle, suggestion, decoys))


def push(
    client: LabelStudio,
    settings: LabelStudioSettings,
    puzzles: Sequence[Puzzle],
    *,
    annotators: Sequence[str] = (),
    overlap: int = 1,
    seed: int = 0,
    suggestions: Mapping[str, ItemRecord] | None = None,
    model_version: str = "ocwtool-suggest",
    batch_size: int = 100,
    progress: Progress = silent,
    decoys: Mapping[str, Sequence[Decoy]] | None = None,
    tricks: Mapping[str, Sequence[Trick]] | None = None,
) -> PushReport:
    """Push ``puzzles`` (idempotent): see the module docstring."""
    suggestions, decoys, tricks = suggestions or {}, decoys or {}, tricks or {}
    project = ensure_project(client, settings, overlap if annotators else None)
    pid = int(project["id"])
    have = _by_puzzle(tasks(client, settings, pid))
    earlier = {p: parse_assigned(t["data"].get("assigned")) for p, t in have.items()}
    plan = assign([p.id for p in puzzles], annotators, overlap, seed, earlier) if annotators else {}
    report = PushReport(pid, str(project["title"]))
    fresh = [p for p in puzzles if p.id not in have]
    progress("ls push", 0, len(fresh))
    for start in range(0, len(fresh), batch_size):
        batch = fresh[start : start + batch_size]
        body = [
            _new_task(
                p,
                plan.get(p.id, []),
                suggestions.get(p.id),
                model_version,
                (decoys.get(p.id, ()), tricks.get(p.id, ())),
            )
            for p in batch
        ]
        _call(settings, client.projects.import_tasks, id=pid, request=body)
        report.created += [p.id for p in batch]
        report.predictions += sum("predictions" in t for t in body)
        report.decoys += sum(bool(t["data"]["decoys"]) for t in body)
        report.tricks += sum(bool(t["data"]["tricks"]) for t in body)
        progress("ls push", len(report.created), len(fresh))
    for puzzle in (p for p in puzzles if p.id in have):
        task = have[puzzle.id]
        if task["data"].get("ocwtool_hash") != puzzle_hash(puzzle):
            report.changed.append(puzzle.id)
            continue
        report.unchanged.append(puzzle.id)
        report.decoys += _add_decoys(client, settings, puzzle, task, decoys.get(puzzle.id, ()))
        report.tricks += _add_tricks(client, settings, puzzle, task, tricks.get(puzzle.id, ()))
        report.predictions += _add_prediction(client, settings, puzzle, task, suggestions, model_version)
    report.assigned = dict(Counter(n for p in puzzles for n in plan.get(p.id, [])))
    if annotators:
        _annotator_tabs(client, settings, pid, annotators)
    return report


def _add_prediction(
    client: LabelStudio,
    settings: LabelStudioSettings,
    puzzle: Puzzle,
    task: Task,
    suggestions: Mapping[str, ItemRecord],
    model_version: str,
) -> int:
    """Attach the suggestion to a task pushed before it existed (once per model version)."""
    result = _prelabel(puzzle, suggestions.get(puzzle.id), decoys_of(task["data"]))
    if not result or any(p.get("model_version") == model_version for p in task.get("predictions") or []):
        return 0
    _call(
        settings, client.predictions.create, task=int(task["id"]), result=result, model_version=model_version
    )
    return 1


def _add_decoys(
    client: LabelStudio, settings: LabelStudioSettings, puzzle: Puzzle, task: Task, decoys: Sequence[Decoy]
) -> int:
    """Give a task pushed before its decoys existed the decoys (never replaced: verdicts name slots)."""
    if not decoys or task["data"].get("decoys"):
        return 0
    task["data"] = {**task["data"], **decoy_data(puzzle, decoys)}
    _call(settings, client.tasks.update, id=str(task["id"]), data=task["data"])
    return 1


def _add_tricks(
    client: LabelStudio, settings: LabelStudioSettings, puzzle: Puzzle, task: Task, tricks: Sequence[Trick]
) -> int:
    """Give a task pushed before its trick words existed the words (never replaced: verdicts name
    slots); a task from before trick words were shown at all gets the empty slots the config names."""
    if "tricks" in task["data"] and (task["data"]["tricks"] or not tricks):
        return 0
    task["data"] = {**task["data"], **trick_data(puzzle, tricks)}
    _call(settings, client.tasks.update, id=str(task["id"]), data=task["data"])
    return 1 if tricks else 0


def _annotator_tabs(
    client: LabelStudio, settings: LabelStudioSettings, project_id: int, annotators: Sequence[str]
) -> None:
    """One Data Manager tab per annotator listing the tasks assigned to them (created once)."""
    views = _call(settings, lambda: [as_json(v) for v in client.views.list(project=project_id)])
    titles = {str((v.get("data") or {}).get("title")) for v in views}
    for name in annotators:
        title = f"ocwtool: {name}"
        if title in titles:
            continue
        flt = {
            "filter": "filter:tasks:data.assigned",
            "operator": "contains",
            "type": "String",
            "value": assigned_field([name]),
        }
        data = {"title": title, "filters": {"conjunction": "and", "items": [flt]}}
        _call(settings, client.views.create, project=project_id, data=data)


def users(client: LabelStudio, settings: LabelStudioSettings) -> dict[int, str]:
    """Label Studio user id -> e-mail."""
    listed = _call(settings, lambda: [as_json(u) for u in client.users.list()])
    return {int(u["id"]): str(u.get("email") or u.get("username") or u["id"]) for u in listed}


def collect(
    client: LabelStudio,
    settings: LabelStudioSettings,
    puzzles: Mapping[str, Puzzle],
    progress: Progress = silent,
) -> tuple[list[ItemRecord], PullReport]:
    """Records of every annotation of the project; the report lists those that cannot be imported."""
    project = find_project(client, settings)
    if project is None:
        raise AnnotationError(f"no Label Studio project titled {settings.project!r}; run `annotate ls push`")
    emails = users(client, settings)
    report, records = PullReport(), []
    for task in tasks(client, settings, int(project["id"]), progress):
        pid = str(task["data"].get("puzzle_id"))
        puzzle = puzzles.get(pid)
        stale = _stale(task, puzzle, report)
        for ann in task.get("annotations") or []:
            report.seen += 1
            name, email = _annotator(ann, emails, settings)
            where = f"task {task['id']} ({pid}) annotation {ann.get('id')} by {email}"
            try:
                if stale or puzzle is None:
                    raise AnnotationError(f"{where}: {stale}")
                record = _record(puzzle, task, ann, name, where)
                records += [record, *_tricks_of(task, ann, record, where)]
            except AnnotationError as exc:
                why = str(exc).removeprefix(f"{where}: ")
                report.unimported.append(Unimported(int(task["id"]), pid, name, why))
    return records, report


def _stale(task: Task, puzzle: Puzzle | None, report: PullReport) -> str:
    """Why none of the task's annotations can be imported ("" when they can), noted in the report."""
    pid = str(task["data"].get("puzzle_id"))
    if puzzle is None:
        report.unknown.append(pid)
        return "its puzzle is not in this workspace"
    if task["data"].get("ocwtool_hash") != puzzle_hash(puzzle):
        report.changed.append(pid)
        return "its puzzle changed in ocwtool after it was pushed (the annotator saw the old one)"
    return ""


def _annotator(ann: Task, emails: Mapping[int, str], settings: LabelStudioSettings) -> tuple[str, str]:
    """(ocwtool annotator, e-mail) of an annotation; the e-mail stands for a name ocwtool refuses."""
    user: Any = ann.get("completed_by")
    uid = int(user["id"] if isinstance(user, dict) else user or 0)
    email = emails.get(uid, f"user-{uid}@labelstudio")
    name = annotator_for_email(email, settings.annotators)
    try:
        return check_annotator(name), email
    except AnnotationError:
        return email, email


def _record(puzzle: Puzzle, task: Task, ann: Task, name: str, where: str) -> ItemRecord:
    """The annotation's record; anything of it that cannot be imported (a trap group that breaks the
    rule, a decoy the task does not show) makes the whole annotation need attention, so nothing is
    dropped silently."""
    return record_from_result(
        puzzle,
        ann.get("result") or [],
        annotator=check_annotator(name),
        created_at=ann.get("updated_at") or ann.get("created_at"),
        cancelled=bool(ann.get("was_cancelled")),
        where=where,
        data=task.get("data"),
    )


def _tricks_of(task: Task, ann: Task, record: ItemRecord, where: str) -> list[ItemRecord]:
    """The annotation's trick-word verdicts, one record per extended board (none when skipped)."""
    if record.status != "labelled":
        return []
    return trick_records(
        ann.get("result") or [],
        task.get("data") or {},
        annotator=record.annotator,
        created_at=record.created_at,
        where=where,
    )


def pull(
    client: LabelStudio,
    settings: LabelStudioSettings,
    puzzles: Mapping[str, Puzzle],
    folder: Path,
    progress: Progress = silent,
) -> PullReport:
    """Append the annotations not yet in the local stores (idempotent)."""
    records, report = collect(client, settings, puzzles, progress)
    report.added = save_imported(folder, records)
    return report


@dataclass
class StatusReport:
    """The project as seen from ocwtool."""

    project_id: int
    project_title: str
    tasks: int
    complete: int
    overlap: int
    annotations: dict[str, int]
    to_pull: dict[str, int]
    changed: list[str]
    unimported: list[Unimported] = field(default_factory=list)

    def render(self) -> str:
        per = per_annotator(Counter(self.annotations), self.unimported) or "none"
        lines = [
            f"Project {self.project_title!r} (id {self.project_id}): {self.tasks} tasks, "
            f"{self.complete} with {self.overlap}+ annotations",
            f"annotations: {per}",
            to_pull_line(self.to_pull, len(self.unimported)),
        ]
        return "\n".join(lines + changed_lines(self.changed) + attention_lines(self.unimported))


def status(
    client: LabelStudio,
    settings: LabelStudioSettings,
    puzzles: Mapping[str, Puzzle],
    folder: Path,
    progress: Progress = silent,
) -> StatusReport:
    """Tasks, annotations per annotator, what ``pull`` would add, and changed tasks."""
    project = find_project(client, settings)
    if project is None:
        raise AnnotationError(f"no Label Studio project titled {settings.project!r}; run `annotate ls push`")
    items = tasks(client, settings, int(project["id"]), progress)
    overlap = int(project.get("maximum_annotations") or 1)
    done = sum(sum(not a.get("was_cancelled") for a in t.get("annotations") or []) >= overlap for t in items)
    records, report = collect(client, settings, puzzles)
    records = [r for r in records if r.puzzle_id in puzzles]  # one per annotation (not its trick words)
    per = Counter(r.annotator for r in records)
    have = {name: {dumps(r) for r in read_records(store_path(folder, name))} for name in per}
    to_pull = Counter(r.annotator for r in records if dumps(r) not in have[r.annotator])
    return StatusReport(
        int(project["id"]),
        str(project["title"]),
        len(items),
        done,
        overlap,
        dict(per),
        dict(to_pull),
        report.changed,
        report.unimported,
    )
