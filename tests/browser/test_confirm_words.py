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
from tests.browser.test_table_board import SHIPPED, Room, player_names

RAW_KEY = re.compile(r"\b(option|action|field|value|log|error|page|ui|confirm)\.[a-z_]+")


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def sentence(page, view, tpl, action):
    return page.evaluate("([v, t, a]) => Companion.confirmSentence(v, t, a)", [view, tpl, action])


def bad(text):
    return not text.strip() or "{" in text or "}" in text or "(s)" in text or RAW_KEY.search(text)


@pytest.mark.parametrize("game", SHIPPED)
def test_every_confirm_is_worded(server, browser, game):
    """Both languages read the same positions and the same sampled choices
    (one random game, a page per language)."""
    room = Room(server, game, player_names(game))
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
            for tpl in view["actions"]:
                if not tpl.get("confirm"):
                    continue
                action = sample_action(tpl, rng)
                seen.add(tpl["type"])
                for lang, page in pages.items():
                    text = sentence(page, view | {"lang": lang}, tpl, action)
                    if bad(text):
                        wrong.append((lang, tpl["type"], action, text))
        room.random_move(rng)
    assert seen, f"{game}: no confirm seen"
    assert not wrong, wrong[:5]
    for lang, page in pages.items():
        assert page.evaluate("Array.from(Companion.missingTexts)") == [], lang
