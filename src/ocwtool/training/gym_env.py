"""The Gymnasium environment ``ocwtool/Connections-v0`` (the ``[rl]`` extra: ``pip install 'ocwtool[rl]'``).

    import gymnasium
    import ocwtool.training.gym_env  # registers ocwtool/Connections-v0
    env = gymnasium.make("ocwtool/Connections-v0", workspace="ws", source="nyt", split="train", rules="nyt")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step([3, 7, 11, 14])   # four word indices
    obs, reward, terminated, truncated, info = env.step("GUESS: Wren, Rook, Kite, Swift")  # or a reply

Gymnasium 1.x loads no plugins by itself (its ``gymnasium.envs`` entry-point hook is gone), so the
id is registered when this module is imported; ``gymnasium.make("ocwtool.training.gym_env:ocwtool/
Connections-v0", ...)`` imports it for you. ocwtool also declares the entry point
``[project.entry-points."gymnasium.envs"]`` for tools that list environment plugins.

One episode is one game of the engine (:mod:`ocwtool.evaluation.game`) under the named rules on a
board drawn by the seed, shown shuffled (``Board.shuffled``). The reward of a step is the change of
the weighted sum of the training rewards (:mod:`ocwtool.training.rewards`), so an episode's return
is that sum for the finished game, the ``ocwtool eval`` figures weighted; ``info["rewards"]`` holds
every one of them. docs/training.md describes the spaces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# gymnasium (the [rl] extra) is imported only here: nothing else in ocwtool imports this module
import gymnasium
import numpy as np
from gymnasium import spaces

from ocwtool.errors import TrainingError
from ocwtool.evaluation.game.board import GROUPS, SIZE, Board
from ocwtool.evaluation.game.engine import Feedback, Game
from ocwtool.evaluation.game.rules import get_rules
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.evaluation.trapclaims import answer_text, text_claim
from ocwtool.llm.board import parse_guess
from ocwtool.training.boards import BoardSource, load_boards
from ocwtool.training.observation import FEEDBACK_CODES, NO_WORD, Layout, Tracker, charset, max_text
from ocwtool.training.rewards import DEFAULT_WEIGHTS, GameResult, check_weights, rewards

ENV_ID = "ocwtool/Connections-v0"
GUESS_MARKER = "GUESS:"  # the interactive prompts' answer line, read as the LLM runner reads it


class DistinctIndices(spaces.MultiDiscrete):
    """``width`` distinct word indices below ``size``: every sample is a move of distinct words."""

    def __init__(self, size: int, width: int, seed: int | None = None) -> None:
        super().__init__(np.full(width, size, dtype=np.int64), dtype=np.int64, seed=seed)

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray[Any, Any]:
        if mask is not None or probability is not None:
            return super().sample(mask, probability)
        size, width = int(self.nvec[0]), len(self.nvec)
        return self.np_random.choice(size, size=width, replace=False).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        return bool(super().contains(x)) and len(set(np.asarray(x).tolist())) == len(self.nvec)


class ConnectionsEnv(gymnasium.Env[dict[str, Any], Any]):
    """Word-grouping games as a Gymnasium environment (module notes)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's class attribute)

    def __init__(
        self,
        workspace: str | Path | None = None,
        source: str | None = None,
        split: str = "test",
        rules: str = "nyt",
        release: str | Path | None = None,
        config: str | None = None,
        boards: Sequence[Board] | None = None,
        reward: Mapping[str, float] = DEFAULT_WEIGHTS,
        include_flagged: bool = False,
        herrings: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.rules = get_rules(rules)
        self.weights = check_weights(reward)
        if boards is None:
            where = BoardSource(
                None if workspace is None else Path(workspace),
                source,
                None if release is None else Path(release),
                config,
                split,
                include_flagged,
                herrings,
            )
            boards = load_boards(where)
        if not boards:
            raise TrainingError("no boards to play; give a workspace, a release or boards=")
        if render_mode not in (None, "ansi"):
            raise TrainingError(f"unknown render mode {render_mode!r}; choose 'ansi' or none")
        self.boards, self.render_mode = list(boards), render_mode
        self.layout = Layout.of(self.boards, self.rules)
        self.observation_space = self._observation_space()
        self.action_space = DistinctIndices(self.layout.size, self.layout.width)
        self._tracker: Tracker | None = None
        self._claim: tuple[str, ...] | None = None
        self._total = 0.0

    def _observation_space(self) -> spaces.Dict:
        n, h, w = self.layout.size, self.layout.horizon, self.layout.width
        return spaces.Dict(
            {
                "text": spaces.Text(max_text(self.boards, self.layout), charset=charset(self.boards)),
                "status": spaces.MultiDiscrete(np.full(n, NO_WORD + 1, dtype=np.int64)),
                "guesses": spaces.MultiDiscrete(np.full((h, w), n + 1), start=np.full((h, w), -1)),
                "feedback": spaces.MultiDiscrete(np.full(h, len(FEEDBACK_CODES) + 1), start=np.full(h, -1)),
                "mistakes": spaces.Discrete(h + 1),
            }
        )

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The game being played (its ``view()`` is what a player may see)."""
        if self._tracker is None:
            raise TrainingError("call reset() before step(): no game is being played")
        return self._tracker.game

    @property
    def shown(self) -> tuple[str, ...]:
        """The board as shown: word index ``i`` is ``shown[i]``."""
        return self._tracker.shown if self._tracker is not None else ()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game: ``options={"board": i}`` plays board ``i`` (else one drawn by the seed) and
        ``{"order": s}`` shows ``board.shuffled(s)`` (else an order drawn by the seed)."""
        super().reset(seed=seed)
        opts = options or {}
        pick = int(opts.get("board", self.np_random.integers(len(self.boards))))
        order = int(opts.get("order", self.np_random.integers(2**31)))
        if not 0 <= pick < len(self.boards):
            raise TrainingError(f"no board {pick}: this environment deals boards 0 to {len(self.boards) - 1}")
        board = self.boards[pick]
        shown = board.shuffled(order)
        self._tracker = Tracker(Game(board, self.rules, shown), shown, self.layout)
        self._claim, self._total = None, 0.0
        return self._tracker.observation(self._tracker.game.outcome()), {
            "wall_id": board.wall_id,
            "board": pick,
            "order": order,
        }

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """One move: ``width`` distinct word indices, or a model's text reply (a malformed reply is
        an invalid move, as the engine scores it)."""
        game = self.game
        tracker = self._tracker
        assert tracker is not None
        words, feedback = self._play(game, action)
        outcome = game.outcome()
        tracker.record(words, feedback.kind, feedback.found, outcome)
        figures = rewards(GameResult(game.board, game.rules, outcome, self._claim))
        total = sum(w * (figures[name] or 0.0) for name, w in self.weights.items())
        reward, self._total = total - self._total, total
        info = {"feedback": feedback.kind.value, "message": feedback.message, "rewards": figures}
        return tracker.observation(outcome), reward, game.over, False, info

    def _play(self, game: Game, action: Any) -> tuple[list[str], Feedback]:
        if isinstance(action, str):
            return self._play_text(game, action)
        idx = self._indices(action)
        words = [self.shown[i] for i in idx]
        if self.rules.oneshot:
            groups = [words[k : k + SIZE] for k in range(0, GROUPS * SIZE, SIZE)]
            return words, game.submit(groups)
        return words, game.guess(words)

    def _play_text(self, game: Game, reply: str) -> tuple[list[str], Feedback]:
        if self._claim is None and (claim := text_claim(reply)) is not None:
            self._claim = claim  # only the first claim counts, as Connections Eval reads it
        if self.rules.oneshot:
            parsed = parse_model_text(answer_text(reply), self.shown)
            groups = [list(g) for g in parsed.written]
            return [w for g in groups for w in g], game.submit(groups)
        words = parse_guess(reply, self.shown, GUESS_MARKER)
        return words, game.guess(words)

    def _indices(self, action: Any) -> list[int]:
        """The action as word indices; anything but ``width`` distinct indices of words is refused."""
        width, size = self.layout.width, len(self.shown)
        try:
            values = np.asarray(action).reshape(-1)
            ok = values.shape == (width,) and np.issubdtype(values.dtype, np.integer)
        except (TypeError, ValueError):
            ok = False
        if not ok or len(set(values.tolist())) != width or not all(0 <= v < size for v in values.tolist()):
            raise TrainingError(
                f"an action is {width} distinct word indices from 0 to {size - 1} (a board of {size} "
                f"words), got {action!r}; or give the model's reply as a string"
            )
        return [int(v) for v in values]

    def render(self) -> str | None:
        return self._tracker.text() if self._tracker is not None and self.render_mode == "ansi" else None


def register() -> None:
    """Register :data:`ENV_ID` with Gymnasium (again: a no-op)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point=f"{__name__}:ConnectionsEnv")


register()
