"""Shared language resources, opened once per process: WordNet (:mod:`.wordnet`, NLTK's WordNet 3.0 or
a ``wn`` lexicon) and the MiniLM sentence encoder (:mod:`.minilm`, the ``[embed]`` extra).

They sit below the packages that use them (the generators, the annotation tools and the evaluation),
so none of those imports another to reach them. Heavy libraries (NLTK, torch) are imported only when
a resource is opened.
"""
