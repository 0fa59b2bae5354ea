"""A small workspace of invented boards labelled by an invented ``ctd-expert`` (and trap groups by an
invented ``connections-eval``), written through the puzzle and annotation store APIs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, RedHerringCategory
from ocwtool.schema.models import Game, Group, NytMeta, Provenance, Puzzle, nyt_number
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import write_puzzles

EXPERT = "ctd-expert"
TRAPS = "connections-eval"
T0 = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)

# Original groups, each with the type our invented expert gives it.
GROUPS: dict[str, list[tuple[str, tuple[str, str, str, str]]]] = {
    "multiword": [
        ("___ BALL", ("FOOT", "BASKET", "HAND", "SNOW")),
        ("FIRE ___", ("ALARM", "WORKS", "PLACE", "MAN")),
        ("___ BOARD", ("CARD", "SKATE", "SURF", "KEY")),
        ("SUN ___", ("FLOWER", "SHINE", "BURN", "DIAL")),
        ("___ HOUSE", ("GREEN", "LIGHT", "TREE", "WARE")),
        ("WATER ___", ("FALL", "MELON", "PROOF", "COLOR")),
        ("___ CAKE", ("CUP", "PAN", "CHEESE", "SPONGE")),
        ("BOOK ___", ("SHELF", "WORM", "MARK", "CASE")),
    ],
    "linguistic": [
        ("ANAGRAMS OF STOP", ("POTS", "TOPS", "SPOT", "OPTS")),
        ("HOMOPHONES OF LETTERS", ("SEA", "TEA", "WHY", "YOU")),
        ("PALINDROMES", ("LEVEL", "RADAR", "CIVIC", "KAYAK")),
        ("RHYMES WITH CAT", ("HAT", "BAT", "MAT", "RAT")),
        ("SILENT K", ("KNEE", "KNIT", "KNOT", "KNOB")),
        ("ANAGRAMS OF LEMON", ("MELON", "MOLEN", "NOMEL", "LEMNO")),
        ("STARTING WITH QU", ("QUIT", "QUIZ", "QUAY", "QUID")),
        ("HIDDEN NUMBERS", ("OFTEN", "CANINE", "WEIGHT", "PHONE")),
    ],
    "encyclopedic": [
        ("RIVERS OF EUROPE", ("DANUBE", "RHINE", "LOIRE", "TAGUS")),
        ("BEATLES", ("JOHN", "PAUL", "GEORGE", "RINGO")),
        ("PLANETS", ("MARS", "VENUS", "SATURN", "JUPITER")),
        ("US PRESIDENTS", ("LINCOLN", "GRANT", "POLK", "TAFT")),
        ("SHAKESPEARE PLAYS", ("HAMLET", "OTHELLO", "MACBETH", "TEMPEST")),
        ("CAPITALS", ("PARIS", "ROME", "OSLO", "LIMA")),
        ("GREEK GODS", ("ZEUS", "HERA", "ARES", "APOLLO")),
        ("IRISH COUNTIES", ("CORK", "KERRY", "CLARE", "MAYO")),
    ],
    "semantic": [
        ("KINDS OF TREE", ("OAK", "ASH", "ELM", "BEECH")),
        ("SYNONYMS OF TIRED", ("SPENT", "WEARY", "BUSHED", "DRAINED")),
        ("SHADES OF BLUE", ("NAVY", "TEAL", "AZURE", "COBALT")),
        ("BREADS", ("RYE", "NAAN", "PITA", "BAGEL")),
        ("DOG BREEDS", ("POODLE", "BEAGLE", "BOXER", "PUG")),
        ("FISH", ("COD", "HAKE", "SOLE", "PLAICE")),
        ("SYNONYMS OF HAPPY", ("GLAD", "JOLLY", "MERRY", "CHEERY")),
        ("BIRDS", ("CROW", "ROBIN", "WREN", "FINCH")),
    ],
    "associative": [
        ("SEEN AT A BIRTHDAY PARTY", ("CANDLE", "BALLOON", "CAKE", "PRESENT")),
        ("AT THE BEACH", ("SAND", "TOWEL", "SHELL", "UMBRELLA")),
        ("GHOST STORY PROPS", ("SHEET", "CHAIN", "ATTIC", "MOAN")),
        ("IN A KITCHEN", ("OVEN", "KETTLE", "SINK", "TOASTER")),
        ("THINGS IN A CLASSROOM", ("CHALK", "DESK", "RULER", "GLOBE")),
        ("SEEN AT A WEDDING", ("VEIL", "RING", "BOUQUET", "TOAST")),
        ("CAMPING GEAR", ("TENT", "LANTERN", "STOVE", "COMPASS")),
        ("", ("PILLOW", "DUVET", "LAMP", "ALARMCLOCK")),  # blank connection: no text features
    ],
}
TYPES = list(GROUPS)
N_GAMES = 10


def boards() -> list[tuple[Puzzle, list[str]]]:
    """Ten boards of four groups of different types, with the expert's type of each group."""
    out = []
    supply = {kind: iter(items) for kind, items in GROUPS.items()}
    for n in range(N_GAMES):
        date = dt.date(2024, 2, 1) + dt.timedelta(days=n)
        pid = f"nyt-{date.isoformat()}"
        kinds = [TYPES[(n + k) % len(TYPES)] for k in range(4)]
        picked = [next(supply[kind]) for kind in kinds]
        groups = tuple(
            Group(id=f"{pid}_{k + 1}", clues=clues, connection=conn, level=k)
            for k, (conn, clues) in enumerate(picked)
        )
        clues = tuple(c for g in groups for c in g.clues)
        puzzle = Puzzle(
            id=pid,
            game=Game.NYT,
            source="nyt",
            clues=clues,
            groups=groups,  # type: ignore[arg-type]
            nyt=NytMeta(date=date, number=nyt_number(date)),
            provenance=Provenance(source="nyt"),
        )
        out.append((puzzle, kinds))
    return out


def expert_record(puzzle: Puzzle, kinds: list[str], annotator: str = EXPERT) -> ItemRecord:
    groups = tuple(
        GroupLabel(group_id=g.id, label=KnowledgeLabel.of(kind))
        for g, kind in zip(puzzle.groups, kinds, strict=True)
    )
    return ItemRecord(
        annotator=annotator,
        puzzle_id=puzzle.id,
        groups=groups,
        created_at=T0,
        guideline_version=GUIDELINE_VERSION,
    )


def trap_record(puzzle: Puzzle, clue_numbers: tuple[int, ...]) -> ItemRecord:
    """A reviewed puzzle: one trap group of the given clues (none: reviewed trap-free)."""
    texts = {c.number: c.text for c in numbered_clues(puzzle)}
    cats = (
        (
            RedHerringCategory(
                clue_numbers=clue_numbers, clues=tuple(texts[n] for n in clue_numbers), theme="t"
            ),
        )
        if clue_numbers
        else ()
    )
    return ItemRecord(
        annotator=TRAPS,
        puzzle_id=puzzle.id,
        red_herring_categories=cats,
        created_at=T0,
        guideline_version=GUIDELINE_VERSION,
    )


def make_workspace(root: Path) -> list[tuple[Puzzle, list[str]]]:
    """Write the boards to ``puzzles/nyt.jsonl`` and the expert's labels to ``annotations/``."""
    made = boards()
    write_puzzles(root / "puzzles" / "nyt.jsonl", [p for p, _ in made], sort=False)
    for puzzle, kinds in made:
        append_record(root / "annotations", expert_record(puzzle, kinds))
    return made
