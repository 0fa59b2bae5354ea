"""Game rules as named data, each with the source it follows.

Every group that evaluates models on these puzzles plays a different game; a :class:`Rules` record
says exactly which one, so scores can be compared. The engine (:mod:`.engine`) reads only these
fields; nothing about a rule set is hidden in code paths.

* ``nyt``: the New York Times game: 4 mistakes, "one away" feedback, a repeated guess is refused
  without cost (the app says "Already guessed!"), an invalid guess costs nothing. The app cannot
  submit an invalid guess at all; a program can, so the game stops after 5 invalid guesses (as
  Todd et al.'s runner does) to keep a stuck player from looping.
* ``missed-connections``: Todd et al. 2024, "Missed Connections" (gdrtodd/missed-connections-llms,
  ``puzzle.py`` and ``llm_experiment.py``): guesses are upper-cased with punctuation removed and
  stripped; 5 mistakes (``NUM_GUESSES = 5``); a guess of 4 words that are all still on the board is
  valid (a word may be repeated inside it); "nearly correct" when 3 words share a group; a repeated
  guess is not detected and costs a mistake like any wrong guess (the engine still counts repeats
  apart); invalid guesses cost nothing but the run stops after 5 (``INVALID_LIMIT = 5``); the game
  is won as soon as 3 groups are found (the last one is implied).
* ``missed-connections-baseline``: the same game with the 500 mistakes Todd et al. gave their
  sentence-embedding baselines (``baseline_experiment.py``: ``NUM_GUESSES = 500``), so that a
  baseline player keeps guessing until it has found the groups; the move safety stop is raised past
  what 500 mistakes allow, so it never ends a game first.
* ``only-connect``: the Only Connect wall (BBC; the OCW paper, Alavi Naeini et al. 2023): guesses
  are free until two groups are found, then the team has three lives (the wall does not stop a
  repeated combination: it is judged, and charged, again); the last group resolves itself;
  afterwards the team names the four connections, scored with the Task 2 metrics. No "one away".
  On the show the wall is stopped by a clock (2 minutes 30 seconds), not by a number of guesses;
  the engine has no clock, so :data:`ONLY_CONNECT_MOVE_LIMIT` (100 moves) stands in for it: a
  player that never finds two groups (the random player needs about 490 free guesses on average)
  stops there and loses the wall, as a team does when time runs out.
* ``oneshot``: one full answer (4 groups of 4) and no feedback; scored by groups solved, the
  level-weighted score for NYT puzzles (levels 1-4 summed, Samadarshi et al. 2024) and 1/4 per group
  (lechmazur/nyt-connections).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ocwtool import names
from ocwtool.errors import EvaluationError

Matching = Literal["casefold", "todd"]


@dataclass(frozen=True)
class Rules:
    """One rule set. ``None`` limits mean unlimited (the engine's ``max_moves`` still applies)."""

    name: str
    source: str
    summary: str
    max_mistakes: int | None = 4
    lives_after_found: int = 0  # mistakes only cost a life once this many groups are found
    one_away: bool = True  # tell the player when 3 of the 4 words share a group
    repeat_costs_mistake: bool = False  # False: a repeat is refused without cost
    max_invalid: int | None = 5  # the game stops after this many invalid guesses
    auto_last_group: bool = False  # the last group is revealed (and the game won) once 3 are found
    matching: Matching = "casefold"  # how guessed words are matched to the board's words
    word_repeats_in_guess: bool = False  # Todd et al.: [A, A, B, C] is a valid (wrong) guess
    oneshot: bool = False  # one full answer instead of guesses
    name_connections: bool = False  # a naming step follows the wall (Only Connect)
    max_moves: int = 100  # safety stop for players that never finish (free guesses, repeats)


ONLY_CONNECT_MOVE_LIMIT = 100
"""Moves before an ``only-connect`` game stops: a stand-in for the show's 2 minute 30 second clock
on the wall (the engine counts moves, not seconds). Override with ``get_rules(..., max_moves=N)``."""


NYT = Rules(
    name="nyt",
    source="The New York Times Connections game (nytimes.com/games/connections), as played in the app",
    summary="4 mistakes; 'one away' feedback; repeats refused free; 5 invalid guesses end the game",
)
MISSED_CONNECTIONS = Rules(
    name="missed-connections",
    source="Todd et al. 2024, 'Missed Connections' (gdrtodd/missed-connections-llms, puzzle.py, "
    "llm_experiment.py: NUM_GUESSES = 5, INVALID_LIMIT = 5)",
    summary="5 mistakes; 'nearly correct' feedback; repeats cost a mistake; 5 invalid guesses end the "
    "game; won once 3 groups are found; words upper-cased, punctuation removed",
    max_mistakes=5,
    repeat_costs_mistake=True,
    auto_last_group=True,
    matching="todd",
    word_repeats_in_guess=True,
)
BASELINE_MISTAKES = 500
MISSED_CONNECTIONS_BASELINE = replace(
    MISSED_CONNECTIONS,
    name="missed-connections-baseline",
    source="Todd et al. 2024, 'Missed Connections' (gdrtodd/missed-connections-llms, "
    "baseline_experiment.py: the embedding baselines play puzzle.py with NUM_GUESSES = 500)",
    summary="missed-connections with 500 mistakes, as Todd et al. ran their sentence-embedding baselines",
    max_mistakes=BASELINE_MISTAKES,
    # every move is a mistake, a found group or an invalid guess, so this stop is never reached first
    max_moves=BASELINE_MISTAKES + 4 + (MISSED_CONNECTIONS.max_invalid or 0),
)
ONLY_CONNECT = Rules(
    name="only-connect",
    source="Only Connect (BBC), the connecting wall; the OCW dataset paper (Alavi Naeini et al. 2023)",
    summary="free guesses until 2 groups are found, then 3 lives; the last group resolves itself; "
    "then name the 4 connections (Task 2 metrics)",
    max_mistakes=3,
    lives_after_found=2,
    one_away=False,
    repeat_costs_mistake=True,
    auto_last_group=True,
    name_connections=True,
    max_moves=ONLY_CONNECT_MOVE_LIMIT,  # the show's clock, counted in moves
)
ONESHOT = Rules(
    name="oneshot",
    source="one full answer: Samadarshi et al. 2024 (weighted levels 1-4); lechmazur/nyt-connections "
    "(1/4 per group)",
    summary="one answer of 4 groups, no feedback; groups solved, level-weighted score, 1/4 per group",
    max_mistakes=None,
    one_away=False,
    max_invalid=None,
    oneshot=True,
)

RULES: dict[str, Rules] = {
    r.name: r for r in (NYT, MISSED_CONNECTIONS, MISSED_CONNECTIONS_BASELINE, ONLY_CONNECT, ONESHOT)
}
RULE_NAMES = names.RULE_NAMES  # the same names, in the same order: tests/test_names.py


def get_rules(name: str, **overrides: int | None) -> Rules:
    """The rule set registered as ``name`` (case-insensitive), with numeric limits overridden
    (``max_mistakes``, ``max_invalid``, ``max_moves``; the engine stops a game at ``max_moves``
    whatever the other limits, so raise it with them)."""
    rules = RULES.get(name.strip().lower())
    if rules is None:
        raise EvaluationError(f"unknown rules {name!r}; choose one of: {', '.join(RULE_NAMES)}")
    allowed = {"max_mistakes", "max_invalid", "max_moves"}
    unknown = set(overrides) - allowed
    if unknown:
        raise EvaluationError(f"cannot override {sorted(unknown)}; only {sorted(allowed)}")
    if not overrides:
        return rules
    return replace(rules, **overrides)  # type: ignore[arg-type]
