"""Links for each annotator: their Data Manager tab and the next task they have to label.

``push`` and ``status`` print them so that an annotator is sent straight to their work. An
annotator's tasks are those whose ``assigned`` field names them (every task when nothing is
assigned); the next is the first of them, by task id, without an annotation of theirs (a skip
counts as one). Annotators are those assigned any task, else those of ``[labelstudio.annotators]``.
Their tab is the ``ocwtool: NAME`` view ``push --annotator`` made, else the project's Data Manager.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ocwtool.annotations.labelstudio.client import LabelStudioSettings, api_error, as_json
from ocwtool.annotations.labelstudio.plan import parse_assigned
from ocwtool.annotations.labelstudio.results import annotator_for_email
from ocwtool.annotations.labelstudio.sync import Task, tasks, users

if TYPE_CHECKING:
    from label_studio_sdk import LabelStudio

TAB_PREFIX = "ocwtool: "


@dataclass(frozen=True)
class AnnotatorLinks:
    """One annotator's tab and next task."""

    annotator: str
    tab: str
    next_task: str | None
    next_puzzle: str | None
    todo: int
    total: int


def _annotators_of(task: Task, emails: Mapping[int, str], mapped: Mapping[str, str]) -> set[str]:
    names = set()
    for ann in task.get("annotations") or []:
        user: Any = ann.get("completed_by")
        uid = int(user["id"] if isinstance(user, dict) else user or 0)
        names.add(annotator_for_email(emails.get(uid, f"user-{uid}@labelstudio"), mapped))
    return names


def _join(url: str, key: str, value: int) -> str:
    return f"{url}{'&' if '?' in url else '?'}{key}={value}"


def annotator_links(
    project_url: str,
    items: Sequence[Task],
    tabs: Mapping[str, int],
    emails: Mapping[int, str],
    mapped: Mapping[str, str],
) -> list[AnnotatorLinks]:
    """Each annotator's links (pure: the tasks, tab ids by title, user e-mails and the mapping given)."""
    ordered = sorted(items, key=lambda t: int(t["id"]))
    assigned = {int(t["id"]): parse_assigned(t["data"].get("assigned")) for t in ordered}
    names = sorted({n for a in assigned.values() for n in a}) or sorted(mapped)
    out = []
    for name in names:
        mine = [t for t in ordered if name in assigned[int(t["id"])] or not any(assigned.values())]
        todo = [t for t in mine if name not in _annotators_of(t, emails, mapped)]
        tab = tabs.get(f"{TAB_PREFIX}{name}")
        url = project_url if tab is None else _join(project_url, "tab", tab)
        first = todo[0] if todo else None
        next_url = None if first is None else _join(url, "task", int(first["id"]))
        puzzle = None if first is None else str(first["data"].get("puzzle_id"))
        out.append(AnnotatorLinks(name, url, next_url, puzzle, len(todo), len(mine)))
    return out


def render_links(project_url: str, links: Sequence[AnnotatorLinks]) -> str:
    lines = [f"Project: {project_url}"]
    for link in links:
        lines.append(f"  {link.annotator}: {link.tab}")
        if link.next_task is None:
            lines.append(f"    next task: none ({link.total} of {link.total} done)")
        else:
            lines.append(
                f"    next task: {link.next_task} ({link.next_puzzle}; {link.todo} of {link.total} to do)"
            )
    return "\n".join(lines)


def _tabs(client: LabelStudio, settings: LabelStudioSettings, project_id: int) -> dict[str, int]:
    try:
        views = [as_json(v) for v in client.views.list(project=project_id)]
    except Exception as exc:  # the SDK raises ApiError (HTTP) or httpx errors (transport)
        raise api_error(exc, settings.url) from None
    return {str((v.get("data") or {}).get("title")): int(v["id"]) for v in views}


def links(client: LabelStudio, settings: LabelStudioSettings, project_id: int) -> str:
    """The project's links, read from the server and rendered (see the module docstring)."""
    project_url = f"{(settings.url or '').rstrip('/')}/projects/{project_id}/data"
    found = annotator_links(
        project_url,
        tasks(client, settings, project_id),
        _tabs(client, settings, project_id),
        users(client, settings),
        settings.annotators,
    )
    return render_links(project_url, found)
