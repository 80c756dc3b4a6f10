"""Explain mode (issue #29), for every game: random games over every option
set walk every step, and at each position every seat and the table must be
told what is happening (the game's words, else the platform's default from
whom the game waits for and the move labels), and every offered move the
game has words for what it does — in both languages, from texts that exist in each, with every
placeholder filled.  Every ``meaning.<event>`` text fills its placeholders
from that event's parameters.  (That explanations never tell a secret is
checked with the rest of the view: tests/harness.py ``seen_by``.)"""
from __future__ import annotations

import re

from companion import games
from companion.i18n import translate
from companion.i18n.catalogue import TEXTS as PLATFORM
from tests.conformance.conftest import positions
from tests.harness import screen_of

LANGS = ("en", "de")
UNFILLED = re.compile(r"\{\w*\}")


def own_text(game, lang: str, key: str) -> str | None:
    """A key's text in exactly this language (no fallback to English); the
    platform's only for its own moves and its default ``now``."""
    return game.texts[lang].get(key) or (PLATFORM[lang].get(key) if key.startswith(
        ("explain.move.", "explain.default.")) else None)


def check_line(game, line, where: str, problems: list[str]) -> None:
    key, params = line
    names = {s: f"Seat{s}" for s in range(100)}
    for lang in LANGS:
        text = own_text(game, lang, key)
        if text is None:
            problems.append(f"{where}: no {lang} text {key}")
            continue
        said = translate(lang, key, params, game, names)
        if UNFILLED.search(said) or not said.strip():
            problems.append(f"{where}: {lang} {key} leaves {said!r}")


def told_for(game, state, viewer, seats):
    """The viewer's templates and what explain mode says to it (``now`` the
    platform's default where the game words none)."""
    screen = screen_of(game, state, viewer, seats)
    return screen["actions"], screen["explain"]


def test_every_step_and_offered_move_is_explained(game_name):
    game = games.get(game_name)
    problems: list[str] = []
    checked = 0
    for state, seats, _, action, _, sample in positions(game, seeds=2, every=3):
        if game.winners(state) is not None or not sample:
            continue
        step = (action or {}).get("type", "setup")
        for viewer in seats + [None]:
            actions, told = told_for(game, state, viewer, seats)
            where = f"{game_name} after {step}, seat {viewer}"
            if not told.get("now"):
                problems.append(f"{where}: nothing said now")
            for line in (told.get("now") or []) + (told.get("secret") or []):
                check_line(game, line, where, problems)
            moves = told.get("moves") or {}
            for type_ in {tpl["type"] for tpl in actions}:
                # a move the game has no words for is shown by its label alone
                said = moves.get(type_) or (f"explain.move.{type_}", {})
                if type_ in moves or own_text(game, "en", said[0]) is not None:
                    check_line(game, said, f"{where} move {type_}", problems)
            checked += 1
        if len(problems) > 20:
            break
    assert problems == []
    assert checked > 50


def test_every_decisive_event_has_a_meaning_that_fills(game_name):
    game = games.get(game_name)
    meanings = {key.removeprefix("meaning."): text for key, text in game.texts["en"].items()
                if key.startswith("meaning.")}
    assert meanings, "no event is explained to the table (meaning.<event key>)"
    for lang in LANGS:
        assert {k for k in game.texts[lang] if k.startswith(("meaning.", "explain."))} == {
            k for k in game.texts["en"] if k.startswith(("meaning.", "explain."))}, lang
    seen = set()
    for _, _, _, _, events, _ in positions(game, seeds=1, every=1):
        for event in events:
            if event["key"] in meanings and event.get("to") is None:
                seen.add(event["key"])
                for lang in LANGS:
                    text = game.texts[lang][f"meaning.{event['key']}"]
                    wanted = set(re.findall(r"\{(\w+)\}", text))
                    assert wanted <= set(event.get("params") or {}), (lang, event["key"], wanted)
    assert seen, "no explained event happens in random play"



def test_every_instead_is_for_a_refusal_and_fills_from_its_parameters(game_name):
    """``explain.instead.<code>``: what a refused player may do instead;
    a refusal of the game's, using only what that refusal's message uses."""
    from companion.games.base import SHARED_ERRORS
    game = games.get(game_name)
    for lang in LANGS:
        for key, text in game.texts[lang].items():
            if key.startswith("explain.instead."):
                code = key.removeprefix("explain.instead.")
                assert code in game.errors or code in SHARED_ERRORS, key
                reason = game.texts[lang].get(f"error.{code}") or PLATFORM[lang][f"error.{code}"]
                wanted = set(re.findall(r"\{(\w+)\}", text))
                assert wanted <= set(re.findall(r"\{(\w+)\}", reason)), (lang, key, wanted)
