"""The humans of "Connecting the Dots" for ``reproduce_ctd.py``: their answer sheets scored by ocwtool
and compared game by game with their published ``scoring/expert_scores.csv`` / ``novice_scores.csv``.

Their ``score_humans.py`` does not score the sheets: it copies the unweighted score from
``results/<group>.json`` (``score``) and the weighted one from the sheet's hand-entered ``Total
Points``, joined by row position. Each disagreement is put down to one of those steps, or to the
sheet's hand score crediting groups that its ``Input`` does not hold.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import tarfile
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.ctd_humans import load_ctd_humans, read_rows
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.scorer import GoldWall, score_wall
from ocwtool.schema.keys import clue_key
from ocwtool.schema.models import Puzzle

HUMANS = (("expert", "expert.csv"), ("novice", "beginner.csv"))  # group, answer sheet


@dataclass
class Games:
    """The gold games: clues and gold walls by wall id, and wall ids by clue set."""

    clues: dict[str, tuple[str, ...]]
    golds: dict[str, GoldWall]
    by_key: dict[frozenset[str], str]

    def wall(self, allwords: str) -> str | None:
        return self.by_key.get(clue_key(allwords.split(", ")))


def games_of(puzzles: Sequence[Puzzle]) -> Games:
    return Games(
        clues={p.id: p.clues for p in puzzles},
        golds={p.id: gold_from_puzzle(p) for p in puzzles},
        by_key={clue_key(p.clues): p.id for p in puzzles},
    )


@contextmanager
def checkout(root: Path) -> Iterator[Path]:
    """The repository's files: ``root`` itself, or a bare git dir's HEAD unpacked into a temp folder."""
    if (root / "scoring").is_dir() or not (root / "HEAD").is_file():
        yield root
        return
    archive = subprocess.run(
        ["git", "--git-dir", str(root), "archive", "HEAD"], capture_output=True, check=True
    )
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tmp, filter="data")
        yield Path(tmp)


def _published(path: Path) -> list[tuple[str, tuple[int, int]]]:
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return [
        (r["Allwords"], (int(r["Unweighted Clustering Score"]), int(r["Weighted Clustering Score"])))
        for r in rows
    ]


@dataclass
class Sheet:
    """One row of a human answer sheet: the game it matched, our score, the sheet's own hand score."""

    game: str
    wall: str | None
    ours: tuple[int, int] = (0, 0)
    hand: tuple[int, int] = (0, 0)
    notes: list[str] = field(default_factory=list)


def _sheet(path: Path, games: Games) -> list[Sheet]:
    out = []
    for n, row in enumerate(read_rows(path.read_text(encoding="utf-8"), str(path)), start=2):
        hand = (int(row["Categories Correct"]), int(row["Total Points"]))
        try:
            loaded = load_ctd_humans([row], games.clues, f"{path.name} line {n}")
        except EvaluationError:
            out.append(Sheet(game=row["Game Number"], wall=None, hand=hand))
            continue
        pred = loaded.predictions[0]
        s = score_wall(games.golds[pred.wall_id], pred.groups)
        notes = sorted(loaded.issues)
        ours = (s.correct_groups, s.weighted or 0)  # weighted is None only for walls without levels
        out.append(Sheet(row["Game Number"], pred.wall_id, ours, hand, notes))
    return out


def _hand_credit(entry: Sheet) -> str:
    notes = f" (Input: {', '.join(entry.notes)})" if entry.notes else ""
    return f"the sheet's hand score credits groups its Input does not hold{notes}"


def _human_causes(
    i: int, theirs: tuple[int, int], entry: Sheet, sheet: Sequence[Sheet], json_score: int | None, who: str
) -> list[str]:
    """Why the published (unweighted, weighted) of the i-th game differ from our score of its row."""
    causes = []
    if theirs[0] != entry.ours[0]:
        if entry.ours[0] == entry.hand[0] and theirs[0] == json_score:
            causes.append(
                f"unweighted: results/{who}.json `score` differs from the sheet's Categories Correct"
            )
        else:
            causes.append("unweighted: " + (_hand_credit(entry) if theirs[0] == entry.hand[0] else "other"))
    if theirs[1] != entry.ours[1]:
        at = sheet[i] if i < len(sheet) else None
        if at is not None and at.wall != entry.wall and theirs[1] == at.hand[1]:
            causes.append(
                "weighted: score_humans.py copies Total Points by row position; that row is another game"
            )
        else:
            causes.append("weighted: " + (_hand_credit(entry) if theirs[1] == entry.hand[1] else "other"))
    return causes


def _json_scores(path: Path, games: Games) -> dict[str | None, int]:
    return {games.wall(r["allwords"]): r["score"] for r in json.loads(path.read_text())}


def reproduce_humans(repo: Path, games: Games, who: str, sheet_name: str) -> None:
    sheet = _sheet(repo / "scoring" / "scripts" / sheet_name, games)
    by_wall: dict[str, Sheet] = {}
    for row in sheet:
        if row.wall is not None:
            by_wall.setdefault(row.wall, row)
    scores = _json_scores(repo / "results" / f"{who}.json", games)
    published = _published(repo / "scoring" / f"{who}_scores.csv")
    causes: Counter[str] = Counter()
    shown: dict[str, list[str]] = {}
    differing = 0
    for i, (allwords, theirs) in enumerate(published):
        wall = games.wall(allwords)
        entry = by_wall.get(wall or "")
        if entry is None:
            found, label = ["no row of the sheet matches this game"], allwords[:20]
        else:
            found, label = _human_causes(i, theirs, entry, sheet, scores.get(wall), who), entry.game
        differing += bool(found)
        for cause in found:
            causes[cause] += 1
            shown.setdefault(cause, []).append(label)
    moved = sum(i < len(sheet) and sheet[i].wall != games.wall(a) for i, (a, _) in enumerate(published))
    hand = sum(e.ours == e.hand for e in sheet)
    print(
        f"{who:16} agree {len(published) - differing}/{len(published)}  ({sheet_name}: {len(sheet)} rows, "
        f"{moved} not at their game's row of {who}_scores.csv; ours = the sheet's own hand score "
        f"(Categories Correct, Total Points) on {hand}/{len(sheet)} rows)"
    )
    off = [
        f"{e.game} (ours {e.ours}, hand {e.hand}{', ' if e.notes else ''}{', '.join(e.notes)})"
        for e in sheet
        if e.ours != e.hand
    ]
    print(f"    sheet rows whose hand score differs from ours: {'; '.join(off) or 'none'}")
    for cause, n in causes.most_common():
        print(f"    {n:4}  {cause}; games {', '.join(shown[cause][:8])}{' ...' if n > 8 else ''}")
