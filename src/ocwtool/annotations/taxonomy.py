"""The knowledge-type taxonomy in code: types, keys, definitions, original examples, fine labels.

The prose version for annotators is ``ocwtool/data/annotation_guidelines.md`` (shipped as package
data). Both carry :data:`GUIDELINE_VERSION`, which every label records; bump it whenever a definition
changes, so labels made under different guidelines can be told apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import BASE_TYPES, FineLabel, KnowledgeLabel, KnowledgeType

GUIDELINE_VERSION = "1.0"
GUIDELINES_RESOURCE = "annotation_guidelines.md"


@dataclass(frozen=True)
class Example:
    """An original example group (written for ocwtool, not taken from any puzzle)."""

    connection: str
    clues: tuple[str, str, str, str]
    why: str


@dataclass(frozen=True)
class TypeInfo:
    """What an annotator needs to know about one knowledge type."""

    type: KnowledgeType
    key: str
    name: str
    definition: str
    examples: tuple[Example, Example]


TAXONOMY: tuple[TypeInfo, ...] = (
    TypeInfo(
        KnowledgeType.SEMANTIC,
        "s",
        "Semantic",
        "Word meaning alone: synonyms, kinds of one thing (hypernymy), parts of a whole, antonyms.",
        (
            Example("Kinds of sailing boat", ("KETCH", "YAWL", "SLOOP", "DHOW"), "all are hyponyms of boat"),
            Example("Synonyms of tired", ("SPENT", "BUSHED", "WEARY", "DRAINED"), "one shared sense"),
        ),
    ),
    TypeInfo(
        KnowledgeType.ASSOCIATIVE,
        "a",
        "Associative",
        "Things that go together in experience or culture without a lexical relation: a shared scene, "
        "property or connotation.",
        (
            Example("Seen at a birthday party", ("CANDLE", "BALLOON", "CAKE", "PRESENT"), "one scene"),
            Example("Ghost-story props", ("SHEET", "CHAIN", "ATTIC", "MOAN"), "a shared connotation"),
        ),
    ),
    TypeInfo(
        KnowledgeType.ENCYCLOPEDIC,
        "e",
        "Encyclopedic",
        "Facts about the world beyond word meaning: named people, places, works, brands, events.",
        (
            Example("Moons of Jupiter", ("IO", "EUROPA", "GANYMEDE", "CALLISTO"), "astronomy facts"),
            Example("Chess world champions", ("TAL", "KARPOV", "CARLSEN", "LASKER"), "named people"),
        ),
    ),
    TypeInfo(
        KnowledgeType.MULTIWORD,
        "m",
        "Multiword expression",
        "Each clue forms a compound, phrase or idiom with a hidden shared word (the blank ___).",
        (
            Example("___ MILL", ("WIND", "PAPER", "SAW", "RUMOR"), "windmill, paper mill, ..."),
            Example("BREAD ___", ("BOARD", "BASKET", "WINNER", "STICK"), "breadboard, breadbasket, ..."),
        ),
    ),
    TypeInfo(
        KnowledgeType.LINGUISTIC,
        "l",
        "Linguistic",
        "The form of the words, not their meaning: spelling, sounds, letters, anagrams, hidden words, "
        "prefixes and suffixes (phonology, orthography, morphology).",
        (
            Example("Hidden numbers", ("OFTEN", "CANINE", "WEIGHT", "PHONE"), "ten, nine, eight, one"),
            Example("Sound like letters", ("SEA", "TEA", "YOU", "WHY"), "C, T, U, Y"),
        ),
    ),
    TypeInfo(
        KnowledgeType.COMBINED,
        "c",
        "Combined",
        "Two or more of the types above are needed at once; record the set (e.g. linguistic + "
        "encyclopedic), not just 'combined'.",
        (
            Example(
                "Anagrams of capital cities",
                ("MAIL", "MORE", "SOLO", "PAIRS"),
                "linguistic (anagram) + encyclopedic (Lima, Rome, Oslo, Paris)",
            ),
            Example(
                "JAMES ___ (famous people)",
                ("BOND", "BROWN", "DEAN", "JOYCE"),
                "multiword + encyclopedic",
            ),
        ),
    ),
)

BY_TYPE: dict[KnowledgeType, TypeInfo] = {info.type: info for info in TAXONOMY}
BY_KEY: dict[str, KnowledgeType] = {info.key: info.type for info in TAXONOMY}

# The later, finer taxonomy mapped onto the six types (a set of fine labels spanning two or more
# base types is Combined).
FINE_TO_TYPE: dict[FineLabel, KnowledgeType] = {
    FineLabel.SEMANTIC_RELATION: KnowledgeType.SEMANTIC,
    FineLabel.ASSOCIATIVE_RELATION: KnowledgeType.ASSOCIATIVE,
    FineLabel.ENCYCLOPEDIC: KnowledgeType.ENCYCLOPEDIC,
    FineLabel.MULTIWORD_EXPRESSION: KnowledgeType.MULTIWORD,
    FineLabel.PHONOLOGY: KnowledgeType.LINGUISTIC,
    FineLabel.ORTHOGRAPHY: KnowledgeType.LINGUISTIC,
    FineLabel.MORPHOLOGY: KnowledgeType.LINGUISTIC,
}


def label_from_fine(*fine: FineLabel | str) -> KnowledgeLabel:
    """The six-type label implied by fine labels (two or more base types -> Combined)."""
    if not fine:
        raise AnnotationError("label_from_fine needs at least one fine label")
    labels = tuple(FineLabel(f) for f in fine)
    return KnowledgeLabel.of(*(FINE_TO_TYPE[f] for f in labels), fine=labels)


def type_name(t: KnowledgeType) -> str:
    """Display name of a type (``Multiword expression``)."""
    return BY_TYPE[t].name


def describe(label: KnowledgeLabel) -> str:
    """Human-readable label: ``Semantic`` or ``Combined (Linguistic + Encyclopedic)``."""
    if len(label.types) == 1:
        return type_name(label.types[0])
    return "Combined (" + " + ".join(type_name(t) for t in label.types) + ")"


def parse_code(code: str) -> KnowledgeLabel:
    """Inverse of :attr:`KnowledgeLabel.code`; also accepts type names and ``a+b`` sets."""
    text = code.strip().lower().removeprefix("combined:").replace(" ", "")
    parts = [p for p in text.replace(",", "+").split("+") if p]
    names = {info.name.lower().split()[0]: info.type for info in TAXONOMY}
    try:
        types = [KnowledgeType(names.get(p, p)) for p in parts]
    except ValueError:
        known = ", ".join(t.value for t in BASE_TYPES)
        raise AnnotationError(f"unknown knowledge type in {code!r}; use one of {known}") from None
    if not types or KnowledgeType.COMBINED in types:
        raise AnnotationError(
            f"{code!r}: give the types a combined label is made of, e.g. linguistic+encyclopedic"
        )
    return KnowledgeLabel.of(*types)


def guidelines_text() -> str:
    """The annotation guidelines shipped with ocwtool (Markdown)."""
    return resources.files("ocwtool").joinpath("data", GUIDELINES_RESOURCE).read_text(encoding="utf-8")
