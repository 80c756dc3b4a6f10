"""Haiclue: sentences of its printed rulebook, word for word, that explain
mode must never contradict, with the phrases that would (``Rulebook`` in
games/base.py; checked by tests/conformance/test_explain_rulebook.py)."""
from __future__ import annotations

from ..base import Rulebook


RULEBOOK = Rulebook("haiclue.de.txt", [
    {"quote": "Nach dem Spielen einer Runde mit der weißen Seite der Wortplättchen werden "
              "die Wortplättchen auf den vier Stapeln umgedreht, so dass sie die schwarze "
              "Seite zeigen.",
     "means": "after a white round the same four top tiles show their black side: other "
              "words, so the target words change",
     "never": {"en": [r"\bsame (four )?target words\b"],
               "de": [r"\b[Dd]ieselben (vier )?Zielwörter\b"]}},
    {"quote": "Der Autor des Tipps rät nicht mit.",
     "means": "nobody guesses their own clue",
     "never": {"en": [r"\byou (also )?guess your own\b", r"\bauthor (also )?guesses\b"],
               "de": [r"\beigenen (Tipp )?rätst du mit\b", r"\bAutor rät (auch )?mit\b"]}},
])
