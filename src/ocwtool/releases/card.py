"""The dataset card (README.md with Hugging Face YAML), CITATION.bib and croissant.json.

The YAML header declares one config per published table with its data files
(``data/<config>/<split>-*.parquet``) and ``dataset_info`` (features and split sizes), so
``datasets.load_dataset(<release folder>, <config>)`` works offline with exactly these features; one
config is marked ``default: true`` (``ocw``, else ``nyt``, else the first), so
``load_dataset(<release folder>)`` works without a name. ``license:`` lists every config's licence id
and the prose names each config's sources and licences (:mod:`ocwtool.releases.licences`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.config import PROJECT_URL
from ocwtool.errors import ReleaseError
from ocwtool.evaluation.scorer.bundle import PYTHON
from ocwtool.evaluation.scorer.deps import REQUIREMENTS_FILE, SETUP_COMMAND, VENV, score_command
from ocwtool.formats.hf import features, herring_features
from ocwtool.names import SPLITS
from ocwtool.releases.card_generated import generated_section
from ocwtool.releases.generated import GeneratedFacts
from ocwtool.releases.licences import ConfigSource, default_config, hf_licenses
from ocwtool.report.fixation import PlayerFixation, chance, share
from ocwtool.safetext import markdown
from ocwtool.schema.models import Puzzle
from ocwtool.stores.release import Release

TASKS = ["text-classification", "text-generation"]
CITATION_BIB = """\
@inproceedings{alavi-naeini-2023-ocw,
  title     = {Large Language Models are Fixated by Red Herrings: Exploring Creative Problem Solving
               and Einstellung Effect using the Only Connect Wall Dataset},
  author    = {Alavi Naeini, Saeid and Saqur, Raeid and Saeidi, Mozhgan and Giorgi, John and Taati, Babak},
  booktitle = {Advances in Neural Information Processing Systems 36 (NeurIPS 2023),
               Datasets and Benchmarks Track},
  year      = {2023},
  url       = {https://openreview.net/forum?id=ZV4tZgclu8},
  eprint    = {2306.11167},
  archivePrefix = {arXiv}
}

@inproceedings{samadarshi-2024-connecting,
  title     = {Connecting the Dots: Evaluating Abstract Reasoning Capabilities of {LLM}s Using the
               {N}ew {Y}ork {T}imes Connections Word Game},
  author    = {Samadarshi, Prisha and Mustafa, Mariam and Kulkarni, Anushka and Rothkopf, Raven and
               Chakrabarty, Tuhin and Muresan, Smaranda},
  booktitle = {Proceedings of the 2024 Conference on Empirical Methods in Natural Language Processing},
  year      = {2024},
  address   = {Miami, Florida, USA},
  publisher = {Association for Computational Linguistics},
  pages     = {21219--21236},
  doi       = {10.18653/v1/2024.emnlp-main.1182},
  url       = {https://aclanthology.org/2024.emnlp-main.1182/},
  eprint    = {2406.11012},
  archivePrefix = {arXiv}
}
"""


@dataclass(frozen=True)
class SplitFile:
    """One published parquet file: its config, split, path in the release, rows, bytes, sha256."""

    config: str
    split: str
    path: str
    rows: int
    nbytes: int
    size: int
    sha256: str


@dataclass(frozen=True)
class CardInfo:
    """What the card says about a release (everything is computed by ``build.py``)."""

    name: str
    version: str
    license: str
    files: tuple[SplitFile, ...]
    counts: Mapping[str, Mapping[str, int]]
    provenance: Mapping[str, Any]
    quirks: Sequence[str] = ()
    notes: str = ""
    extras: Sequence[str] = field(default_factory=tuple)
    figures: Sequence[tuple[str, str]] = ()  # (title, PNG path in the release) of the key figures
    sources: Sequence[ConfigSource] = ()  # each config's stores, origins and licences
    herrings: tuple[SplitFile, ...] = ()  # the red-herring tables (config: the puzzles' config)
    herring_sources: tuple[tuple[str, str, int], ...] = ()  # (annotator, source, rows) shipped
    herring_annotator: str | None = None  # the one annotator chosen at build (None: default order)
    fixation: tuple[PlayerFixation, ...] = ()  # players of the workspace's runs on the released stores
    distractors: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # config: (boards, words)
    changes: Sequence[str] = ()  # the changelog's short form (Markdown lines, ``diff_text.py``)
    split_lines: Sequence[str] = ()  # how the splits were made, strata counts (``split_card.py``)
    generated: GeneratedFacts = field(default_factory=GeneratedFacts)  # extended and synthetic configs

    @property
    def configs(self) -> list[str]:
        return list(dict.fromkeys(f.config for f in self.files))

    @property
    def default_config(self) -> str | None:
        return default_config(self.configs)

    @property
    def data_licenses(self) -> list[str]:
        """The card's ``license:`` ids: every config's, else (no sources known) the release's own."""
        return hf_licenses(self.sources) or [self.license]


def split_counts(files: Sequence[SplitFile]) -> dict[str, dict[str, int]]:
    """config -> split -> rows of the given files."""
    out: dict[str, dict[str, int]] = {}
    for f in files:
        out.setdefault(f.config, {})[f.split] = f.rows
    return out


def card_yaml(info: CardInfo, model: type[Puzzle] | None = None) -> str:
    """The YAML header: license, pretty_name, task categories, configs and dataset_info; each config
    with red herrings has a second config ``<config>_red_herrings`` for them.

    The features are derived from the pydantic ``model`` (default :class:`Puzzle`), like the parquet files'.
    """
    from datasets.info import DatasetInfosDict
    from huggingface_hub import DatasetCardData

    puzzles = features(model) if model is not None else features()
    tables = [(c, [f for f in info.files if f.config == c], puzzles) for c in info.configs]
    for config in dict.fromkeys(f.config for f in info.herrings):
        named = Release.herrings_config(config)
        tables.append((named, [f for f in info.herrings if f.config == config], herring_features()))
    configs, infos = [], {}
    for config, files, feats in tables:
        entry: dict[str, Any] = {
            "config_name": config,
            "data_files": [{"split": f.split, "path": f.path} for f in files],
        }
        if config == info.default_config:
            entry["default"] = True
        configs.append(entry)
        infos[config] = _dataset_info(config, files, feats)
    data = DatasetCardData(
        license=info.data_licenses,
        pretty_name=f"{info.name} {info.version}",
        task_categories=TASKS,
        language=["en"],
        size_categories=["1K<n<10K"],
        tags=["puzzles", "only-connect", "nyt-connections", "reasoning"],
        configs=configs,
    )
    DatasetInfosDict(infos).to_dataset_card_data(data)
    return str(data.to_yaml())


def _dataset_info(config: str, files: Sequence[SplitFile], feats: Any) -> Any:
    """One config's ``dataset_info``: features and split sizes."""
    from datasets.info import DatasetInfo
    from datasets.splits import SplitDict, SplitInfo

    splits = SplitDict()
    for f in files:
        splits.add(SplitInfo(name=f.split, num_bytes=f.nbytes, num_examples=f.rows))
    return DatasetInfo(
        features=feats,
        splits=splits,
        dataset_size=sum(f.nbytes for f in files),
        download_size=sum(f.size for f in files),
        config_name=config,
    )


def render_card(info: CardInfo) -> str:
    """The whole README.md: YAML header, then counts, provenance, quirks, usage and citation."""
    body = [
        *_intro(info),
        *info.split_lines,
        *_usage(info),
        *(["## Changes", "", *info.changes, ""] if info.changes else []),
        *_sources_table(info),
        *BOARD_ORDER,
        *_distractors(info),
        *generated_section(info.generated, {f.config for f in info.herrings}),
        *_herrings(info),
        *_scoring(info),
        *_figures(info.figures),
        *_provenance(info.provenance),
        *_closing(info),
    ]
    return f"---\n{card_yaml(info)}\n---\n\n" + "\n".join(body) + "\n"


BOARD_ORDER = [
    "## Board order",
    "",
    "In the parquet files, `clues` is the board to show a player, never the solution order:",
    "the source's own starting board where it published one (`board_order` `starting`, e.g. the",
    "NYT endpoint's card positions), else ocwtool's seeded shuffle (`shuffled`):",
    '`random.Random(f"{id}:0").sample(clues in group order, 16)`, drawn again with seed',
    '`f"{id}:0:{k}"` (k = 1, 2, ...) should its four rows be the four groups. For more boards of',
    'one puzzle (epochs, seeds) use seed `f"{id}:{seed}"` the same way (`ocwtool` does).',
    "",
    "OCW-format JSON of every config and split is under `json/<config>/<split>.json`, readable by",
    'the OCW evaluator: `load_dataset("json", data_files=..., field="dataset")`. It keeps each',
    "wall's published `words` so that it round-trips: for walls from the OCW file, ocdb.cc and the",
    "NYT archive that is **the four groups one after another (the solution)**. Shuffle it before",
    "showing it (the OCW evaluator does), or show the parquet `clues`.",
    "",
]


def distractor_counts(configs: Mapping[str, Sequence[Puzzle]]) -> dict[str, tuple[int, int]]:
    """config -> (boards with distractors, distractor words), for the configs that have any."""
    out = {}
    for config, items in configs.items():
        boards = [p for p in items if p.distractors]
        if boards:
            out[config] = (len(boards), sum(len(p.distractors) for p in boards))
    return out


def _distractors(info: CardInfo) -> list[str]:
    """What a board with distractors is and how it is scored (only when a config has some)."""
    if not info.distractors:
        return []
    counts = "; ".join(f"`{c}`: {b} boards, {w} distractors" for c, (b, w) in info.distractors.items())
    return [
        "## Distractors",
        "",
        f"Some boards carry `distractors`: words of no group, shown among the clues ({counts}).",
        "Such a board's `clues` (and the OCW JSON `words`) hold 16 + k words; the four groups hold",
        "16 of them, the `distractors` the rest. A player groups 16 words and leaves the k others",
        "out; the scorer computes the Task 1 figures on the grouped clues and adds distractor",
        "precision and recall (how many of the words left out are distractors, and how many",
        "distractors were left out).",
        "",
    ]


HERRING_COLUMNS_DOC = [
    "| column | what |",
    "|---|---|",
    "| `puzzle_id` | the puzzle (its `id` in the puzzles config, same split) |",
    "| `kind` | `word` (one clue pulled toward another group) or `category` (a decoy theme) |",
    "| `clues` | the clue (`word`), or the decoy theme's clues (`category`) |",
    "| `fits_group` | `word`: the id of the group the clue is pulled toward; `category`: null |",
    "| `reason` | `word`: why it fits there; `category`: the decoy theme |",
    "| `score` | 0-1: the share of players who made that mistake (`play`), the scorer's score"
    " (`suggest:<model>`); null when the label has none |",
    "| `annotator` | who made the label (its `annotations/<annotator>.jsonl` store; `suggest`; the"
    " adjudicator for `adjudicated`) |",
    "| `source` | `adjudicated` (kept by `ocwtool annotate adjudicate`), `human`, `play` (mined from"
    " records of play), `suggest:<model tag>`, `suggest:rules` or `generator` (designed by"
    " `ocwtool generate`) |",
    "| `evidence` | JSON text: mistake `kind`, `players` who made it of `exposed` who played it, and"
    " `sources` (each file's `name`, `sha256` and the `players` in it); null when none |",
]


def _herrings(info: CardInfo) -> list[str]:
    """The red-herring tables: how to load them, rows per config and split, columns, provenance."""
    if not info.herrings:
        return []
    counts = split_counts(info.herrings)
    named = [Release.herrings_config(c) for c in counts]
    rows = [
        f"| {n} | " + " | ".join(str(counts[c].get(s, 0)) for s in SPLITS) + " |"
        for c, n in zip(counts, named, strict=True)
    ]
    shipped = [f"- `{who}` ({source}): {n} label(s)" for who, source, n in info.herring_sources]
    return [
        "## Red herrings",
        "",
        "Clues that pull toward another group, one row per label, in the split of their puzzle,",
        "under `red_herrings/<config>/`. Load them beside the puzzles:",
        "",
        "```python",
        f'herrings = load_dataset("<this folder>", "{named[0]}")',
        "```",
        "",
        "| config | train | validation | test |",
        "|---|---|---|---|",
        *rows,
        "",
        *HERRING_COLUMNS_DOC,
        "",
        *_herring_choice(info.herring_annotator),
        "",
        *shipped,
        "",
        *_fixation(info.fixation),
    ]


FIXATION_INTRO = [
    "### Fixation on red herrings",
    "",
    "How often the players scored on these puzzles fell for labelled decoys, as `ocwtool eval`",
    "recorded it in the evaluation reports (`runs/`) of the workspace this release was built from;",
    "`labels` names the annotator each was scored against. Fixation rate: the share of a player's",
    "wrong groups that take a decoy toward the group it fits (of how many); chance: the same share",
    "expected of random wrong groups of the same shape on the same boards; first mistake on a decoy:",
    "the share of games with a mistake whose first mistake takes one, and its chance. Seeds and",
    "epochs of one run are pooled.",
    "",
    "| player | labels | fixation rate | chance | first mistake on a decoy |",
    "|---|---|---|---|---|",
]


def _fixation(players: Sequence[PlayerFixation]) -> list[str]:
    """The fixation table, when some evaluation of the released puzzles recorded it."""
    if not players:
        return []
    rows = [
        f"| {markdown(p.player)} | {markdown(p.annotator)} | {share(p.rate, p.fixated, p.wrong_groups)} "
        f"| {chance(p.chance)} | {share(p.first_rate, p.first_decoy, p.mistaken)}"
        f"; chance {chance(p.first_chance)} |"
        for p in players
    ]
    return [*FIXATION_INTRO, *rows, ""]


def _herring_choice(annotator: str | None) -> list[str]:
    if annotator is not None:
        return [f"Only annotator `{annotator}`'s labels ship (chosen when the release was built). Shipped:"]
    return [
        "Per puzzle, the labels of the first of these that labelled it ship (each of its annotators):",
        "the red herrings an adjudicator kept (`ocwtool annotate adjudicate`; none when they kept",
        "none), then human annotators, then decoys mined from play (`ocwtool annotate decoys`), then",
        "the red-herring scorer's suggestions (the rule-based flags only on request). Walls whose",
        "labelling was left unfinished are left out. Shipped here:",
    ]


def _intro(info: CardInfo) -> list[str]:
    """Title, what the dataset is, and the configs-by-splits count table."""
    rows = [
        f"| {c} | " + " | ".join(str(info.counts[c].get(s, 0)) for s in SPLITS) + " |" for c in info.configs
    ]
    return [
        f"# {info.name} {info.version}",
        "",
        "Word-grouping puzzles (Only Connect walls and/or NYT Connections boards): 16 clues that",
        "form 4 groups of 4, each with a connection. Built with ocwtool; every file is checksummed",
        "in `SHA256SUMS` and `manifest.json` (`ocwtool release verify` checks them).",
        "",
        "## Configs and splits",
        "",
        "| config | train | validation | test |",
        "|---|---|---|---|",
        *rows,
        "",
    ]


def _provenance(prov: Mapping[str, Any]) -> list[str]:
    """The tool that built the release and each source's puzzles and captures."""
    sources = "\n".join(
        f"- `{s}`: {v['puzzles']} puzzles, {v['captures']} distinct capture hashes"
        f" (digest `{v['digest'][:16]}…`)"
        for s, v in sorted(prov.get("sources", {}).items())
    )
    return [
        "## Provenance",
        "",
        f"Tool: ocwtool {prov.get('tool_version')} (commit `{prov.get('tool_commit') or 'unknown'}`).",
        "",
        sources or "- (no source recorded)",
        "",
    ]


def _closing(info: CardInfo) -> list[str]:
    """Known quirks, extras, release notes and the citation."""
    return [
        "## Known quirks",
        "",
        *([f"- {markdown(q)}" for q in info.quirks] or ["- none recorded"]),  # quirks quote puzzle text
        "",
        *(["## Also included\n\n" + "\n".join(f"- {e}" for e in info.extras), ""] if info.extras else []),
        "## Release notes",
        "",
        info.notes or "(none)",
        "",
        "## Citation",
        "",
        "```bibtex",
        CITATION_BIB.rstrip(),
        "```",
    ]


def _usage(info: CardInfo) -> list[str]:
    """How to load the default config and a named one."""
    other = next((c for c in info.configs if c != info.default_config), info.default_config)
    return [
        f"`{info.default_config}` is the default config:",
        "",
        "```python",
        "from datasets import load_dataset",
        'ds = load_dataset("<this folder>")' + f"  # config {info.default_config}",
        f'ds = load_dataset("<this folder>", "{other}")',
        "```",
        "",
    ]


def _scoring(info: CardInfo) -> list[str]:
    """How to run the shipped ``evaluate.py``: a fresh venv from its requirements file, then score
    the default config's test split (else its last split). A test runs both commands as written."""
    config = info.default_config
    splits = [f.split for f in info.files if f.config == config]
    if config is None or not splits:
        return []
    split = "test" if "test" in splits else splits[-1]
    return [
        "## Scoring predictions",
        "",
        "`evaluate.py` scores predictions (OCW prediction JSON: a list of `wall_id`, `predicted_groups`,",
        "`predicted_connections`) with the metrics of `ocwtool eval`, without ocwtool. It needs",
        f"Python {PYTHON[0]}.{PYTHON[1]}+ and the libraries in `{REQUIREMENTS_FILE}` (pinned ranges). From",
        "this folder, set up a fresh venv once, then score `predictions.json`:",
        "",
        "```bash",
        SETUP_COMMAND,
        score_command(Release.json_rel(config, split), nyt=config == "nyt"),
        "```",
        "",
        "A wall without a prediction is refused: `--allow-missing` scores it as empty, `--only-answered`",
        "leaves it out (the table says how many); `python3 evaluate.py --help` (no libraries needed)",
        f"lists every option. `ocwtool release verify` ignores the `{VENV}/` folder.",
        "",
    ]


def _sources_table(info: CardInfo) -> list[str]:
    """Each config's sources and licences (one row per config and source store)."""
    rows = [f"| {s.config} | {_source(s)} | {s.licence} | {s.url or '-'} |" for s in info.sources]
    own = f"ocwtool's own files here (card, evaluator, scorer): {info.license}."
    if not rows:
        return ["## Sources and licences", "", "No source recorded. " + own, ""]
    return [
        "## Sources and licences",
        "",
        "Each config carries the licence of the sources its puzzles come from (variants: of the",
        "walls they were made from); a source without one says so. A store's source is known by the",
        "format it was imported from, its name, or its records' provenance URLs.",
        "",
        "| config | source | licence | URL |",
        "|---|---|---|---|",
        *rows,
        "",
        own,
        "",
    ]


def _source(s: ConfigSource) -> str:
    how = f", by its {s.matched_by}" if s.matched_by else ""
    made = "made from " if s.derived else ""
    return f"{s.title} ({made}store `{s.store}`{how}; {s.puzzles} puzzles)"


def _figures(figures: Sequence[tuple[str, str]]) -> list[str]:
    """The card's figures section: key figures of ``report/`` (the whole report opens from disk)."""
    if not figures:
        return []
    shown = [f"![{title}]({path})\n" for title, path in figures]
    return ["## Figures", "", "From `report/report.html` (every figure, self-contained).", "", *shown]


def croissant(info: CardInfo, description: str) -> dict[str, Any]:
    """Croissant JSON-LD for the parquet files, built and checked by mlcroissant."""
    import mlcroissant as mlc

    logging.getLogger("absl").setLevel(logging.ERROR)
    parquet = ["application/x-parquet"]
    distribution: list[Any] = [
        mlc.FileObject(id=f.path, name=f.path, content_url=f.path, encoding_formats=parquet, sha256=f.sha256)
        for f in info.files
    ]
    # One record set per config and split, read straight from its parquet file (a FileSet would
    # need a container such as an archive; plain relative files are FileObjects).
    record_sets = [
        mlc.RecordSet(id=f"{f.config}_{f.split}", name=f"{f.config}_{f.split}", fields=_fields(mlc, f))
        for f in info.files
    ]
    meta = mlc.Metadata(
        name=info.name,
        description=description,
        license=sorted({s.licence for s in info.sources}) or [info.license],
        url=PROJECT_URL,
        version=info.version,
        cite_as=CITATION_BIB,
        distribution=distribution,
        record_sets=record_sets,
    )
    if meta.issues.errors:
        raise ReleaseError(f"croissant metadata is invalid: {sorted(meta.issues.errors)[0]}")
    doc: dict[str, Any] = json.loads(json.dumps(meta.to_json(), default=str))
    return doc


def _fields(mlc: Any, f: SplitFile) -> list[Any]:
    text, arrays = [mlc.DataType.TEXT], {"clues", "flags"}
    return [
        mlc.Field(
            id=f"{f.config}_{f.split}/{column}",
            name=column,
            data_types=text,
            is_array=column in arrays,
            array_shape="-1" if column in arrays else None,
            source=mlc.Source(file_object=f.path, extract=mlc.Extract(column=column)),
        )
        for column in ("id", "game", "source", "split", "clues", "flags")
    ]
