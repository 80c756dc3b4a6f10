"""A refusal says a thing once (issue #40): in explain mode a refused
player's message goes on with what they may do instead
(``explain.instead.<code>`` after ``error.<code>``); Eselsbrücke's said the
same twice ("“Opa” is your own card: name a card someone else holds. Name a
term of this story that another player holds — or pass.").  The second
sentence adds what the first does not say: the two share at most one word
(of four letters or more), in either language."""
from __future__ import annotations

import re

import pytest

from companion import games

GAME = games.get("eselsbruecke")


def words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"\w+", re.sub(r"\{\w+\}", " ", text)) if len(w) >= 4}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_to_do_instead_is_not_the_refusal_again(lang):
    texts = GAME.texts[lang]
    pairs = [(key, texts[f"error.{key.removeprefix('explain.instead.')}"], text) for key, text in texts.items()
             if key.startswith("explain.instead.") and f"error.{key.removeprefix('explain.instead.')}" in texts]
    assert len(pairs) >= 8
    twice = [(key, sorted(words(error) & words(instead))) for key, error, instead in pairs
             if len(words(error) & words(instead)) > 1]
    assert not twice, twice
