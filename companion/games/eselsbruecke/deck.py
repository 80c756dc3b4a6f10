"""The app's own term decks (data files ``deck_de.txt``, ``deck_en.txt``
beside this module): at least 200 concrete, drawable nouns per language,
used to deal hands in digital mode and for autocomplete in physical mode."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

LANGUAGES = ("de", "en")
DECK_SEP = "|"   # no term contains it (tests check)


@lru_cache(maxsize=None)
def load_deck(language: str) -> tuple[str, ...]:
    text = resources.files(__package__).joinpath(f"deck_{language}.txt").read_text("utf-8")
    return tuple(line.strip() for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#"))
