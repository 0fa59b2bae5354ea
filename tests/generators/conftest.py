"""Fixtures for the generator tests: original synthetic walls, a fake WordNet, the real data if present."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.evaluation.game import similarity_players
from ocwtool.generators.synthetic import run as synthetic_run
from ocwtool.generators.synthetic.rules import RuleBook
from ocwtool.resources.wordnet import SynsetInfo
from ocwtool.schema.models import (
    Game,
    Group,
    HumanPerformance,
    NytMeta,
    OcwMeta,
    Provenance,
    Puzzle,
    Split,
    nyt_number,
)
from tests.generators.synthetic_fixtures import book, invented_players

REAL_OCW = "ocw/onlyconnect_prerelease_618.json"
THEMES = ["Comet", "Harbour", "Lantern", "Meadow", "Quarry", "Saddle", "Thimble", "Walnut"]
SHARED_WORD = "Mercury"  # planted on many walls so that the word-overlap rule really rejects draws


def synthetic_walls(n: int, split: Split | None = None, prefix: str = "w") -> list[Puzzle]:
    """``n`` original walls; every 3rd wall has ``Mercury`` in group 2, every 4th in group 1."""
    walls = []
    for i in range(n):
        wid = f"{prefix}{i:03d}"
        groups = []
        for k in range(4):
            clues = [f"{THEMES[(i + k + j) % len(THEMES)]}-{i}-{k}-{j}" for j in range(4)]
            if (k == 1 and i % 3 == 0) or (k == 0 and i % 4 == 0):
                clues[3] = SHARED_WORD
            groups.append(
                Group(
                    id=f"{wid}_{k + 1:02d}",
                    clues=tuple(clues),  # type: ignore[arg-type]
                    connection=f"Connection {i}.{k}",
                    human_performance=HumanPerformance(grouping=1, connection=(i + k) % 2),  # type: ignore[arg-type]
                )
            )
        walls.append(_wall(wid, groups, split, i))
    return walls


def _wall(wid: str, groups: Sequence[Group], split: Split | None, i: int) -> Puzzle:
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=wid,
        game=Game.OCW,
        source="ocw",
        clues=tuple(clues[::-1]),
        groups=tuple(groups),  # type: ignore[arg-type]
        split=split,
        ocw=OcwMeta(season=1 + i // 40, episode=1 + i % 40, wall_index=1),
        provenance=Provenance(source="ocw"),
    )


def synthetic_nyt(n: int) -> list[Puzzle]:
    """``n`` NYT-shaped puzzles with distinct words and levels 0..3."""
    out = []
    for i in range(n):
        date = dt.date(2024, 1, 1) + dt.timedelta(days=i)
        pid = f"nyt-{date.isoformat()}"
        groups = tuple(
            Group(
                id=f"{pid}_{k + 1}",
                clues=tuple(f"{THEMES[k]}{i}{j}".upper() for j in range(4)),  # type: ignore[arg-type]
                connection=f"TITLE {i} {k}",
                level=k,
            )
            for k in range(4)
        )
        out.append(
            Puzzle(
                id=pid,
                game=Game.NYT,
                source="nyt",
                clues=tuple(c for g in groups for c in g.clues),
                groups=groups,  # type: ignore[arg-type]
                nyt=NytMeta(date=date, number=nyt_number(date)),
                provenance=Provenance(source="nyt"),
            )
        )
    return out


class FakeWordNet:
    """A WordNet backend from dictionaries (word -> synsets; synset name -> hypernyms/hyponyms)."""

    description = "fake:test"

    def __init__(
        self,
        synsets: dict[str, list[SynsetInfo]],
        hypernyms: dict[str, list[SynsetInfo]] | None = None,
        hyponyms: dict[str, list[SynsetInfo]] | None = None,
    ) -> None:
        self._synsets = synsets
        self._hyper = hypernyms or {}
        self._hypo = hyponyms or {}
        self.lookups: list[str] = []

    def synsets(self, word: str) -> list[SynsetInfo]:
        self.lookups.append(word)
        return self._synsets.get(word, [])

    def hypernyms(self, name: str) -> list[SynsetInfo]:
        return self._hyper.get(name, [])

    def hyponyms(self, name: str) -> list[SynsetInfo]:
        return self._hypo.get(name, [])


def syn(name: str, *lemmas: str, definition: str = "") -> SynsetInfo:
    return SynsetInfo(name=name, lemmas=lemmas, definition=definition or f"definition of {name}")


@pytest.fixture
def real_walls(shared_data: Path) -> list[Puzzle]:
    """The 618 real walls (pre-release file) read by the OCW JSON adapter, in file order."""
    from ocwtool.formats.ocw_json import import_file

    return list(import_file(shared_data / REAL_OCW, "ocw").puzzles)


@pytest.fixture(scope="session")
def nltk_wordnet(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The real WordNet 3.0 prepared from the Debian files into a temporary cache (once per run)."""
    from ocwtool.resources.wordnet import DEBIAN_DIR, open_nltk

    if not (DEBIAN_DIR / "data.noun").is_file():
        pytest.skip("needs the Debian wordnet-base files in /usr/share/wordnet")
    return open_nltk(cache_dir=tmp_path_factory.mktemp("cache"), use_nltk_path=False)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[[list[str]], tuple[int, str, str]]:
    """Call the real entry point (error handling included): (exit code, stdout, stderr)."""

    def invoke(args: list[str]) -> tuple[int, str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as exit_info:
            main(args)
        out, err = capsys.readouterr()
        return int(exit_info.value.code or 0), out, err

    return invoke


@pytest.fixture(scope="module")
def invented() -> RuleBook:
    """The invented rule book of :mod:`tests.generators.synthetic_fixtures` (no WordNet needed)."""
    return book()


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch, invented: RuleBook) -> RuleBook:
    """``generate`` on the invented rule book, its difficulty measured by the invented players (no
    WordNet or MiniLM needed)."""
    monkeypatch.setattr(synthetic_run, "open_book", lambda: invented)
    for name, make in invented_players().items():
        monkeypatch.setitem(similarity_players.PLAYERS, name, make)
    return invented
