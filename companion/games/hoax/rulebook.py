"""Die Erben von HOAX: sentences of its printed rulebook, word for word, that explain
mode must never contradict, with the phrases that would (``Rulebook`` in
games/base.py; checked by tests/conformance/test_explain_rulebook.py)."""
from __future__ import annotations

from ..base import Rulebook


RULEBOOK = Rulebook("hoax.de.txt", [
    {"quote": "B: „... erhebe Steuern auf (Vorrat)“: Jeder Mitspieler, der diesen Vorrat "
              "besitzt, muß nun einen davon an den Baron abgeben, außer er immunisiert "
              "sich als Magier (siehe 4.4: Immunisieren) oder alle fraglichen Vorräte "
              "sind in Trios.",
     "means": "a tax takes one chip from each other player who has it outside trios "
              "and does not immunize as Magician",
     "never": {"en": [r"outside trios gives \S+ one(?![^.]*Magician)"],
               "de": [r"außerhalb von Trios gibt \S+ eins ab(?![^.]*Magier)"]}},
    {"quote": "B: „.... halte eine Kollekte“: Jeder Mitspieler muß dem Mönch einen "
              "beliebigen Vorrat abgeben, außer er immunisiert sich als Magier (*siehe "
              "4.4: Immunisieren*) oder alle Vorräte sind in Trios.",
     "means": "a collection takes nothing from a player whose chips are all in trios "
              "or who immunizes as Magician",
     "never": {"en": [r"\bevery other player gives\b",
                      r"one (chip )?of their choice(?![^.]*Magician)"],
               "de": [r"\bJeder Mitspieler gibt\b",
                      r"gibt \S+ einen beliebigen (Vorrat|davon)(?![^.]*Magier)"]}},
    {"quote": "A: „.... verzaubere (Mitspieler)“: Der verzauberte Mitspieler muß ihm alle "
              "seine Vorräte, die nicht in Trios sind, abgeben, außer er immunisiert sich "
              "(ebenfalls) als Magier (*siehe 4.4: Immunisieren*).",
     "means": "an enchanted player hands over nothing when immunized as Magician",
     "never": {"en": [r"hands \S+ every chip outside trios(?![^.]*Magician)"],
               "de": [r"gibt \S+ alle Vorräte außerhalb von Trios(?![^.]*Magier)"]}},
    {"quote": "Der Verlierer erhält immerhin noch 1 Thronpunkt (*es sei denn, er würde "
              "dadurch 10 Thronpunkte erreichen, siehe 9.*).",
     "means": "the loser of a final gets 1 throne point, never their 10th",
     "never": {"en": [r"\bloser (gets )?1\b(?![^.;]*10th)"],
               "de": [r"\bVerlierer (bekommt |erhält )?1\b(?![^.;]*10\.)"]}},
    {"quote": "Die Spielrunde wird nicht mehr zu Ende gespielt, sondern es folgt sofort "
              "die Krönung.",
     "means": "after a final that gives someone 10 throne points no new round follows",
     "never": {"en": [r"\bthen a new round\b"],
               "de": [r"\bdann (sind|ist|beginnt) (in )?(der |die )?neuen? Runde\b"]}},
])
