"""What the Rule?!: sentences of its printed rulebook, word for word, that explain
mode must never contradict, with the phrases that would (``Rulebook`` in
games/base.py; checked by tests/conformance/test_explain_rulebook.py)."""
from __future__ import annotations

from ..base import Rulebook


RULEBOOK = Rulebook("what-the-rule.de.txt", [
    {"quote": "Es muss immer die gesamte Regel erraten werden.",
     "means": "a guess that is only part of the rule is wrong",
     "never": {"en": [r"\bpart of (the|your|a) rule (counts|is enough|is right|scores)"],
               "de": [r"\bTeil der Regel (zählt|genügt|reicht|ist richtig)"]}},
    {"quote": "Die Entscheidung hat Einfluss auf die Punkteverteilung am Ende der Runde und "
              "muss deshalb einstimmig von allen Spielern (inklusive Spielleiter) "
              "beschlossen werden.",
     "means": "hints need everyone's yes, the game master's included; no majority",
     "never": {"en": [r"\bmajority\b"], "de": [r"\bMehrheit\b"]}},
])
