"""Every confirm names the whole choice in words (issue #25): over random
positions of every game, in both languages, each template that asks to
confirm (a seat's and the host's) is filled with a sampled value and its
sentence is made by the page's own ``confirmSentence`` (the phone's and the
table's confirm) from the real view.  No sentence may keep a ``{`` or
``}``, a raw text key or an "(s)", and none may be empty."""
from __future__ import annotations

import random
import re

import pytest

from companion.games.base import sample_action
from tests.browser.conftest import PHONE, new_page
from tests.browser.test_table_board import SHIPPED, LocalRoom, player_names

RAW_KEY = re.compile(r"\b(option|action|field|value|log|error|page|ui|confirm)\.[a-z_]+")


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def sentences(page, view, choices):
    """The page's confirm sentence of each (template, action), one call."""
    return page.evaluate("([v, cs]) => cs.map(([t, a]) => Companion.confirmSentence(v, t, a))",
                         [view, choices])


def bad(text):
    return not text.strip() or "{" in text or "}" in text or "(s)" in text or RAW_KEY.search(text)


@pytest.mark.parametrize("game", SHIPPED)
def test_every_confirm_is_worded(server, browser, game):
    """Both languages read the same positions and the same sampled choices
    (one random game, a page per language)."""
    room = LocalRoom(server, game, player_names(game))   # the pages only word the choices
    room.host_act({"type": "start"})
    pages = {}
    for lang in ("en", "de"):
        pages[lang] = new_page(browser, PHONE, lang)
        pages[lang].goto(f"{server.url}/j/{room.code}?lang={lang}")
        pages[lang].wait_for_selector("#join-form:not([hidden])")
    rng = random.Random(len(game) * 31)
    seen, wrong = set(), []
    for _ in range(40):
        if room.view()["status"] != "playing":
            break
        for token in list(room.tokens.values()) + [room.host]:
            view = room.view(token)
            choices = [(tpl, sample_action(tpl, rng)) for tpl in view["actions"] if tpl.get("confirm")]
            seen.update(tpl["type"] for tpl, _ in choices)
            for lang, page in pages.items():
                texts = sentences(page, view | {"lang": lang}, choices) if choices else []
                wrong += [(lang, tpl["type"], action, text)
                          for (tpl, action), text in zip(choices, texts) if bad(text)]
        room.random_move(rng)
    assert seen, f"{game}: no confirm seen"
    assert not wrong, wrong[:5]
    for lang, page in pages.items():
        assert page.evaluate("Array.from(Companion.missingTexts)") == [], lang
