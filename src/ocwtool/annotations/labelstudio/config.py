"""ocwtool's Label Studio labelling config, and the task data it shows.

The config uses Label Studio's own controls, one block per group:

* ``knowledge_<k>`` (``Choices``, single): the group's knowledge type; picking *Combined* reveals
  ``combined_<k>`` (``Choices``, multiple) for its two or more parts;
* per clue ``n`` (1-16, numbered group by group as the terminal session shows them):
  ``herring_<n>`` (``Choices``, single) "could also fit group j" (the clue's own group is not
  offered), and ``herring_why_<n>`` (``TextArea``, shown once a group is picked);
* ``red_herring_categories`` (``TextArea``, one ``1,6,11: decoy theme`` per line) and ``note``.

Each task's data carries the puzzle id, the group ids, a content hash of the puzzle (so a puzzle
changed in ocwtool after it was pushed is noticed) and the annotators it is assigned to.
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from typing import Any

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.taxonomy import BY_TYPE, GUIDELINE_VERSION
from ocwtool.schema.annotations import BASE_TYPES
from ocwtool.schema.models import GROUP_SIZE, Puzzle

COMBINED = "Combined"
GROUPS = 4
CLUES = GROUPS * GROUP_SIZE


def group_choice(k: int) -> str:
    """The value of the red-herring choice "could also fit group ``k``" (1-based)."""
    return f"Group {k}"


def _choices(names: list[str]) -> str:
    return "".join(f'<Choice value="{escape(n)}"/>' for n in names)


def _clue_block(n: int, own: int) -> str:
    others = [group_choice(j) for j in range(1, GROUPS + 1) if j != own]
    return (
        f'      <Text name="clue_{n}" value="$clue_{n}"/>\n'
        f'      <Choices name="herring_{n}" toName="clue_{n}" choice="single" showInline="true" '
        f'perRegion="false">{_choices(others)}</Choices>\n'
        f'      <View visibleWhen="choice-selected" whenTagName="herring_{n}">'
        f'<TextArea name="herring_why_{n}" toName="clue_{n}" placeholder="why (optional)" rows="1" '
        f'maxSubmissions="1"/></View>\n'
    )


def _group_block(k: int) -> str:
    base = [BY_TYPE[t].name for t in BASE_TYPES]
    clues = "".join(_clue_block(n, k) for n in range((k - 1) * GROUP_SIZE + 1, k * GROUP_SIZE + 1))
    return (
        f'  <View style="border-top: 1px solid #ccc; padding-top: 4px">\n'
        f'    <Header value="$group_{k}" size="5"/>\n'
        f'    <Text name="group_{k}" value="$group_{k}_clues"/>\n'
        f'    <Choices name="knowledge_{k}" toName="group_{k}" choice="single" showInline="true" '
        f'required="true">{_choices([*base, COMBINED])}</Choices>\n'
        f'    <Choices name="combined_{k}" toName="group_{k}" choice="multiple" showInline="true" '
        f'visibleWhen="choice-selected" whenTagName="knowledge_{k}" whenChoiceValue="{COMBINED}">'
        f"{_choices(base)}</Choices>\n"
        f'    <View style="margin-left: 1em">\n{clues}    </View>\n'
        "  </View>\n"
    )


def labelling_config() -> str:
    """The labelling config XML (the same for every project and file export)."""
    return (
        "<View>\n"
        '  <Header value="$puzzle_id" size="4"/>\n'
        '  <Text name="wall" value="$wall"/>\n'
        '  <Header value="Knowledge type of each group; red herrings: which group each clue could also fit"'
        ' size="6"/>\n'
        + "".join(_group_block(k) for k in range(1, GROUPS + 1))
        + '  <Header value="Red-herring categories: '
        'one per line, \'clue numbers: decoy theme\' (e.g. 1,6,11: rivers)" size="6"/>\n'
        '  <TextArea name="red_herring_categories" toName="wall" rows="2"/>\n'
        '  <Header value="Note (optional)" size="6"/>\n'
        '  <TextArea name="note" toName="wall" rows="1" maxSubmissions="1"/>\n'
        "</View>\n"
    )


def puzzle_hash(puzzle: Puzzle) -> str:
    """A short hash of what annotators see (groups, connections, clues): changes when they do."""
    shown = [[g.id, g.connection, list(g.clues)] for g in puzzle.groups]
    text = json.dumps([puzzle.id, shown], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def assigned_field(names: list[str]) -> str:
    """Annotators a task is assigned to, as stored in the task (``,alice,bob,``; filterable)."""
    return "," + ",".join(names) + "," if names else ""


def task_data(puzzle: Puzzle, assigned: list[str] | None = None) -> dict[str, Any]:
    """A task's ``data``: what the labelling screen shows, plus ocwtool's bookkeeping fields."""
    clues = numbered_clues(puzzle)
    data: dict[str, Any] = {
        "puzzle_id": puzzle.id,
        "wall": "  ".join(f"{c.number} {c.text}" for c in clues),
        "ocwtool_hash": puzzle_hash(puzzle),
        "guideline_version": GUIDELINE_VERSION,
        "assigned": assigned_field(assigned or []),
    }
    for k, g in enumerate(puzzle.groups, start=1):
        data[f"group_{k}"] = f"Group {k}: {g.connection}"
        data[f"group_{k}_id"] = g.id
        data[f"group_{k}_clues"] = "   ".join(f"{c.number} {c.text}" for c in clues if c.group == k - 1)
    for c in clues:
        data[f"clue_{c.number}"] = f"{c.number} {c.text}"
    return data
