"""ocwtool's Label Studio labelling config, and the task data it shows.

The config uses Label Studio's own controls, one block per group:

* ``knowledge_<k>`` (``Choices``, single, required): the group's knowledge type; picking *Combined*
  reveals ``combination_<k>`` (``Choices``, a drop-down of the allowed combinations of two or more
  types, required while shown), so Label Studio refuses to submit a Combined group without its
  parts. ``combined_<k>`` (the parts as ticks, which let one part through) is kept, hidden, so that
  annotations made with the earlier config stay valid in the project;
* per clue ``n`` (1-16, numbered group by group as the terminal session shows them):
  ``herring_<n>`` (``Choices``, single) "could also fit group j" (the clue's own group is not
  offered), and ``herring_why_<n>`` (``TextArea``, shown once a group is picked);
* per suggested decoy slot ``d`` (1-4, :mod:`.decoys`): the text ``decoy_<d>`` (clue, group it is
  pulled toward, score, evidence) and ``decoy_verdict_<d>`` (``Choices`` Confirm / Reject, loaded
  from the task data, so an empty slot offers nothing);
* per proposed trick word slot ``t`` (1-4, :mod:`.tricks`): the text ``trick_<t>`` (the word of the
  puzzle's extended board, the group it seems to fit, score, evidence) and ``trick_verdict_<t>``
  (``Choices`` Confirm: it belongs to no group / Reject, loaded from the task data);
* ``trap_groups`` (``TextArea``, one ``1,2,5,9: theme`` per line: 4+ clues from 2+ groups, at most 2
  from any one), ``red_herring_categories`` (other decoy themes, one ``1,6,11: theme`` per line)
  and ``note``.

Each task's data carries the puzzle id, the group ids, a content hash of the puzzle (so a puzzle
changed in ocwtool after it was pushed is noticed), the annotators it is assigned to and its
suggested decoys and proposed trick words.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Sequence
from html import escape
from typing import Any

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.labelstudio.decoys import MAX_DECOYS, Decoy, as_data
from ocwtool.annotations.labelstudio.tricks import MAX_TRICKS, Trick, trick_data
from ocwtool.annotations.taxonomy import BY_TYPE, GUIDELINE_VERSION
from ocwtool.schema.annotations import BASE_TYPES
from ocwtool.schema.models import GROUP_SIZE, Puzzle

COMBINED = "Combined"
GROUPS = 4
CLUES = GROUPS * GROUP_SIZE
PLUS = " + "  # joins the types of a combination: "Encyclopedic + Multiword expression"
CONFIRM, REJECT = "Confirm", "Reject"


def base_names() -> list[str]:
    """The display names of the five base types, in taxonomy order."""
    return [BY_TYPE[t].name for t in BASE_TYPES]


def combinations() -> list[str]:
    """Every allowed Combined label as one choice: two or more base types, pairs first."""
    names = base_names()
    return [PLUS.join(c) for r in range(2, len(names) + 1) for c in itertools.combinations(names, r)]


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


def _combined(k: int) -> str:
    shown = f'visibleWhen="choice-selected" whenTagName="knowledge_{k}" whenChoiceValue="{COMBINED}"'
    why = f"Group {k} is Combined: pick the two or more types it combines"
    return (
        f'    <Choices name="combination_{k}" toName="group_{k}" choice="single" layout="select" '
        f'required="true" requiredMessage="{escape(why)}" {shown}>{_choices(combinations())}</Choices>\n'
        # the earlier config's parts, hidden: Label Studio refuses a config that drops a control
        # its stored annotations use
        f'    <View style="display: none"><Choices name="combined_{k}" toName="group_{k}" '
        f'choice="multiple" showInline="true" {shown}>{_choices(base_names())}</Choices></View>\n'
    )


def _group_block(k: int) -> str:
    clues = "".join(_clue_block(n, k) for n in range((k - 1) * GROUP_SIZE + 1, k * GROUP_SIZE + 1))
    return (
        f'  <View style="border-top: 1px solid #ccc; padding-top: 4px">\n'
        f'    <Header value="$group_{k}" size="5"/>\n'
        f'    <Text name="group_{k}" value="$group_{k}_clues"/>\n'
        f'    <Choices name="knowledge_{k}" toName="group_{k}" choice="single" showInline="true" '
        f'required="true">{_choices([*base_names(), COMBINED])}</Choices>\n'
        f"{_combined(k)}"
        f'    <View style="margin-left: 1em">\n{clues}    </View>\n'
        "  </View>\n"
    )


def _decoy_block(d: int) -> str:
    return (
        f'  <Text name="decoy_{d}" value="$decoy_{d}"/>\n'
        f'  <Choices name="decoy_verdict_{d}" toName="decoy_{d}" choice="single" showInline="true" '
        f'value="$decoy_{d}_verdicts"/>\n'
    )


def _trick_block(t: int) -> str:
    return (
        f'  <Text name="trick_{t}" value="$trick_{t}"/>\n'
        f'  <Choices name="trick_verdict_{t}" toName="trick_{t}" choice="single" showInline="true" '
        f'value="$trick_{t}_verdicts"/>\n'
    )


def _tricks_view() -> str:
    return (
        '  <View style="border-top: 1px solid #ccc; padding-top: 4px">\n'
        '  <Header value="Proposed trick words (extended board): does the word belong to no group? '
        'Confirm (no group) or reject (it belongs to one)" size="6"/>\n'
        + "".join(_trick_block(t) for t in range(1, MAX_TRICKS + 1))
        + "  </View>\n"
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
        + '  <View style="border-top: 1px solid #ccc; padding-top: 4px">\n'
        '  <Header value="Suggested decoys: does the clue pull toward that group? Confirm or reject each"'
        ' size="6"/>\n'
        + "".join(_decoy_block(d) for d in range(1, MAX_DECOYS + 1))
        + "  </View>\n"
        + _tricks_view()
        + "  <Header value=\"Trap groups: one per line, 'clue numbers: theme', 4 or more clues from 2 or more"
        ' groups, at most 2 from any group (e.g. 1,2,5,9: rivers)" size="6"/>\n'
        '  <TextArea name="trap_groups" toName="wall" rows="2"/>\n'
        '  <Header value="Other red-herring categories: '
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


def task_data(
    puzzle: Puzzle,
    assigned: list[str] | None = None,
    decoys: Sequence[Decoy] = (),
    tricks: Sequence[Trick] = (),
) -> dict[str, Any]:
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
    return data | decoy_data(puzzle, decoys) | trick_data(puzzle, tricks)


def decoy_data(puzzle: Puzzle, decoys: Sequence[Decoy]) -> dict[str, Any]:
    """The decoy fields of a task's data (every slot present: Label Studio wants each field the
    config names; an empty slot has no text and no verdict to give)."""
    shown = list(decoys[:MAX_DECOYS])
    data: dict[str, Any] = {"decoys": as_data(shown)}
    for d in range(1, MAX_DECOYS + 1):
        filled = d <= len(shown)
        data[f"decoy_{d}"] = shown[d - 1].line(puzzle, d) if filled else ""
        data[f"decoy_{d}_verdicts"] = [{"value": CONFIRM}, {"value": REJECT}] if filled else []
    return data
