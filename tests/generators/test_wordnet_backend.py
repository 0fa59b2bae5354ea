"""The WordNet seam: lexnames, the Debian cache recipe, errors, the ``wn`` backend, real WordNet 3.0."""

from __future__ import annotations

import gzip
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import ResourceError
from ocwtool.generators.wordnet import first_qualifying, generate
from ocwtool.resources import wordnet as wb

MAN_PAGE = Path("/usr/share/man/man5/lexnames.5WN.gz")


def test_lexnames_is_the_standard_45_line_file() -> None:
    lines = wb.lexnames_text().splitlines()
    assert len(lines) == 45
    assert lines[0] == "00\tadj.all\t3" and lines[3] == "03\tnoun.Tops\t1" and lines[44] == "44\tadj.ppl\t3"
    for line in lines:
        _number, name, pos = line.split("\t")
        assert pos == str({"noun": 1, "verb": 2, "adj": 3, "adv": 4}[name.split(".")[0]])


def test_lexnames_match_the_installed_man_page() -> None:
    if not MAN_PAGE.is_file():
        pytest.skip("needs the wordnet-base lexnames(5WN) man page")
    text = gzip.decompress(MAN_PAGE.read_bytes()).decode("utf-8", "replace")
    rows = re.findall(r"^(\d\d)\t([a-z]+\.[A-Za-z]+)\s*\t", text, flags=re.M)
    assert [(int(n), name) for n, name in rows] == [(i, n) for i, (n, _) in enumerate(wb.LEXNAMES)]


def fake_debian(folder: Path, synsets_per_file: int = 1) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for pos in wb.POS_FILES:
        header = "  1 licence line\n"
        body = "".join(f"{i:08d} 03 n 01 thing 0 000 | made up\n" for i in range(synsets_per_file))
        (folder / f"data.{pos}").write_text(header + body, encoding="utf-8")
        (folder / f"index.{pos}").write_text("", encoding="utf-8")
    return folder


def test_missing_files_say_how_to_install(tmp_path: Path) -> None:
    src = fake_debian(tmp_path / "wn")
    (src / "index.adv").unlink()
    with pytest.raises(ResourceError) as err:
        wb.prepare_debian_cache(src, tmp_path / "cache")
    assert str(err.value) == f"{src}: missing WordNet files index.adv. {wb.INSTALL_HELP}"


def test_wrong_version_is_refused(tmp_path: Path) -> None:
    src = fake_debian(tmp_path / "wn", synsets_per_file=2)
    with pytest.raises(ResourceError, match=r"expected WordNet 3\.0 \(117,659 synsets\), found 8\. "):
        wb.prepare_debian_cache(src, tmp_path / "cache")


def test_no_wordnet_anywhere(tmp_path: Path) -> None:
    with pytest.raises(ResourceError) as err:
        wb.open_nltk(cache_dir=tmp_path / "cache", debian_dir=tmp_path / "none", use_nltk_path=False)
    message = str(err.value)
    assert (
        message
        == f"no WordNet found (looked on nltk.data.path and in {tmp_path / 'none'}). {wb.INSTALL_HELP}"
    )
    assert "apt-get install wordnet-base wordnet-sense-index" in message
    assert "python -m nltk.downloader wordnet" in message


class _FakeWnSynset:
    def __init__(self, sid: str, lemmas: list[str], definition: str | None) -> None:
        self.id = sid
        self._lemmas = lemmas
        self._definition = definition

    def lemmas(self) -> list[str]:
        return self._lemmas

    def definition(self) -> str | None:
        return self._definition

    def get_related(self, *relations: str) -> list[_FakeWnSynset]:
        return [_FakeWnSynset(f"{self.id}-{r}", [r], None) for r in relations]


def fake_wn_module(installed: set[str]) -> types.ModuleType:
    module = types.ModuleType("wn")

    class Error(Exception):
        pass

    class Wordnet:
        def __init__(self, lexicon: str) -> None:
            if lexicon not in installed:
                raise Error(f"no lexicon found with lang=None and lexicon={lexicon!r}")

        def synsets(self, form: str) -> list[_FakeWnSynset]:
            return [
                _FakeWnSynset(
                    "oewn-1-n", ["monkey wrench", "Spanner", "wrench", "adjustable spanner"], "a tool"
                )
            ]

        def synset(self, sid: str) -> _FakeWnSynset:
            return _FakeWnSynset(sid, ["x"], "y")

    module.Error = Error  # type: ignore[attr-defined]
    module.Wordnet = Wordnet  # type: ignore[attr-defined]
    return module


def test_wn_lexicon_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "wn", fake_wn_module({"oewn:2024"}))
    backend = wb.open_backend("oewn:2024")
    assert backend.description == "wn:oewn:2024"
    [info] = backend.synsets("Wrench")
    assert info == wb.SynsetInfo(
        "oewn-1-n", ("monkey wrench", "Spanner", "wrench", "adjustable spanner"), "a tool"
    )
    assert [h.name for h in backend.hypernyms("s")] == ["s-hypernym", "s-instance_hypernym"]
    assert backend.hypernyms("s")[0].definition == ""
    found = first_qualifying("Wrench", backend.synsets("Wrench"))
    assert found is not None and found[1] == list(info.lemmas)


def test_wn_lexicon_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "wn", fake_wn_module(set()))
    with pytest.raises(ResourceError) as err:
        wb.open_backend("oewn:2024")
    assert str(err.value) == (
        "wn lexicon 'oewn:2024' is not installed (no lexicon found with lang=None and "
        "lexicon='oewn:2024'); install it with `python -m wn download oewn:2024` (needs the network once)"
    )


# --- real WordNet 3.0 (skipped without /usr/share/wordnet) ---------------------------------------


def test_real_wordnet_is_30_with_117659_synsets(nltk_wordnet: Any) -> None:
    assert nltk_wordnet.version == "3.0"
    assert nltk_wordnet.description == "nltk:wordnet-3.0"
    corpus = Path(nltk_wordnet.where)
    assert wb.count_synsets(corpus) == wb.WORDNET_30_SYNSETS
    assert (corpus / "lexnames").read_text(encoding="utf-8") == wb.lexnames_text()
    assert (corpus / "index.sense").is_file()


def test_lexnames_agree_with_the_data_files(nltk_wordnet: Any) -> None:
    corpus = Path(nltk_wordnet.where)
    pos_of = {"n": 1, "v": 2, "a": 3, "s": 3, "r": 4}
    seen: set[tuple[int, int]] = set()
    for pos in wb.POS_FILES:
        with open(corpus / f"data.{pos}", "rb") as fh:
            for line in fh:
                if not line.startswith(b"  "):
                    fields = line.split(b" ", 3)
                    seen.add((int(fields[1]), pos_of[fields[2].decode()]))
    assert seen == {(i, p) for i, (_, p) in enumerate(wb.LEXNAMES)}


def test_the_papers_wrench_and_smith_examples(nltk_wordnet: Any) -> None:
    wrench = first_qualifying("Wrench", nltk_wordnet.synsets("Wrench"))
    assert wrench is not None
    assert wrench[0].name == "wrench.n.01" and wrench[1] == ["wrench", "twist", "pull", "Wrench"]
    smiths = nltk_wordnet.synsets("Smith")
    assert smiths[0].lemmas == ("Smith", "Ian_Smith", "Ian_Douglas_Smith")
    found = first_qualifying("Smith", smiths)
    assert found is None or found[0].name != "smith.n.01"


def test_cache_is_reused(nltk_wordnet: Any) -> None:
    corpus = Path(nltk_wordnet.where)
    before = (corpus / wb.STAMP).stat().st_mtime_ns
    assert wb.prepare_debian_cache(wb.DEBIAN_DIR, corpus.parent.parent.parent) == corpus.parent.parent
    assert (corpus / wb.STAMP).stat().st_mtime_ns == before


def test_real_walls_complete_by_rule(nltk_wordnet: Any, real_walls: list[Any]) -> None:
    result = generate(real_walls, nltk_wordnet)
    # ALGORITHMS.md: the rule gives 4 groups for 522 of the 618 walls.
    assert result.counts["walls"] == 618 and result.counts["complete_by_rule"] == 522
    first = result.puzzles[0]
    assert first.id == f"easy_{real_walls[0].id}"
    for outcome in result.outcomes:
        if outcome.puzzle is not None:
            for pick, group in zip(outcome.picks, outcome.puzzle.groups, strict=True):
                assert group.connection.startswith(f"{pick.clue}: ") and group.clues == pick.clues
