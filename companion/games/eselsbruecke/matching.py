"""When does a named term match a card?  ``normalise`` makes two spellings of
the same word equal; ``is_near`` spots a near miss the holder must judge.

* Normal form: case folded (ß becomes ss), umlauts spelt out (ä/ae, ö/oe,
  ü/ue), other accents dropped (é/e), spaces and punctuation removed, and a
  leading article dropped when more words follow (``der``, ``die``, ``das``,
  ``ein``, ``eine``, ``the``, ``a``, ``an``).
* Near miss: the normal forms are one edit apart (insert, delete, replace a
  letter, or swap two neighbours), or they share a stem once a plural or
  singular ending is taken off (``Kühlschränke``/``Kühlschrank``,
  ``Mäuse``/``Maus``, ``cherries``/``cherry``).
"""
from __future__ import annotations

import re
import unicodedata

ARTICLES = frozenset({"der", "die", "das", "ein", "eine", "the", "a", "an"})
UMLAUTS = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"))
#: plural/singular endings (German and English), longest first
ENDINGS = ("nen", "en", "er", "es", "e", "n", "s")
_WORDS = re.compile(r"[^\W_]+")


def normalise(term: str) -> str:
    text = unicodedata.normalize("NFC", term).casefold()
    for umlaut, spelt in UMLAUTS:
        text = text.replace(umlaut, spelt)
    text = "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))
    words = _WORDS.findall(text)
    if len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return "".join(words)


def is_near(said: str, card: str) -> bool:
    """Both arguments in normal form; equal forms are a match, not a near miss."""
    if said == card or not said or not card:
        return False
    return _one_edit(said, card) or bool(_stems(said) & _stems(card))


def _one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (len(diff) == 2 and diff[1] == diff[0] + 1
                and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1:] == short:
            return True
    return False


def _stems(word: str) -> set[str]:
    """The word and what is left of it without one plural ending; umlauts
    folded (Mäuse/Maus, Äpfel/Apfel)."""
    folded = word.replace("ae", "a").replace("oe", "o").replace("ue", "u")
    stems = {folded}
    for ending in ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 2:
            stems.add(folded[:-len(ending)])
    if folded.endswith("ies") and len(folded) > 4:
        stems.add(folded[:-3] + "y")
    return stems
