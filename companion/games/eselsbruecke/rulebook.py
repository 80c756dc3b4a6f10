"""Eselsbrücke: sentences of its printed rulebook, word for word, that explain
mode must never contradict, with the phrases that would (``Rulebook`` in
games/base.py; checked by tests/conformance/test_explain_rulebook.py)."""
from __future__ import annotations

from ..base import Rulebook


RULEBOOK = Rulebook("eselsbruecke.de.txt", [
    {"quote": "Jetzt muss - beginnend mit dem Startspieler - reihum jeder Spieler je einen "
              "Begriff aus der Geschichte nennen, den er selbst nicht auf der Hand hat.",
     "means": "a player names only terms they do not hold; their own cards are hints",
     "never": {"en": [r"\byou (may|can) name (it|them|your own)\b",
                      r"\bname a term (of|from) your (own )?hand\b"],
               "de": [r"\b(kannst|darfst) (sie|ihn|deine eigenen?) nennen\b",
                      r"\bnenne einen Begriff deiner Hand\b"]}},
    {"quote": "Wer einen falschen Begriff nennt, erhält keine Karte. Er bleibt aber "
              "weiterhin im Spiel.",
     "means": "a wrong name costs nothing but the card: the namer stays in",
     "never": {"en": [r"\bwrong[^.;]*\b(you are|is) out\b", r"\bloses? (a|one|your) card"],
               "de": [r"\bfalsch[^.;]*\b(bist du|ist \S+) raus\b",
                      r"\bverlierst (eine|deine) Karte"]}},
])
