"""The text keys our scripts use are declared beside them (assets.TEXT_KEYS:
static/text-keys.json, static/games/<game>.text-keys.json), and the phone
page carries only the declared ones.  A static look at each script here, in
the test, keeps the declarations true: the server never reads a script."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion import games
from companion.i18n import catalogue
from companion.transport.assets import LATER_TEXTS, TEXT_KEYS, declarations

STATIC = Path(__file__).resolve().parents[2] / "companion" / "static"
SCRIPTS = sorted([path.name for path in STATIC.glob("*.js")] +
                 [f"games/{path.name}" for path in (STATIC / "games").glob("*.js")])
#: a key named whole ("page.lobby"), and the start of one built from a name ("action." + type)
NAMED = re.compile(r"[\"'](\w+\.\w+)[\"']")
BUILT = re.compile(r"[\"'](\w[\w.]*[._])[\"']\s*\+")


def texts(script: str, lang: str) -> set[str]:
    """The keys ``script`` can look up in ``lang``: the platform's and its
    game's (a page script, the table's, any game's)."""
    owners = ([games.get(script.split("/")[1].split(".")[0])] if script.startswith("games/")
              else list(games.all_games().values()))
    return set(catalogue(lang)) | {key for game in owners for key in game.texts.get(lang, {})}


def covered(key: str, declared: tuple[str, ...]) -> bool:
    return key in declared or any(entry.endswith("*") and key.startswith(entry[:-1]) for entry in declared)


def test_every_script_has_a_declaration_and_every_declaration_a_script():
    assert sorted(declarations(str(STATIC))) == SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_script_declares_every_text_key_it_uses(script):
    source = (STATIC / script).read_text(encoding="utf-8")
    declared = declarations(str(STATIC))[script]
    known = texts(script, "en") | texts(script, "de")
    undeclared = sorted(key for key in set(NAMED.findall(source)) & known if not covered(key, declared))
    assert not undeclared, f"{script} uses text keys it does not declare: {undeclared}"
    # a key built from a name: its prefix declared ("value.*"), or the keys it can be named
    built = sorted(prefix for prefix in set(BUILT.findall(source))
                   if any(key.startswith(prefix) for key in known)
                   and not covered(prefix, declared) and not any(entry.startswith(prefix) for entry in declared))
    assert not built, f"{script} builds text keys from these starts without declaring them: {built}"


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_declared_key_exists_in_both_languages(script):
    for lang in ("en", "de"):
        known = texts(script, lang)
        for entry in declarations(str(STATIC))[script]:
            if entry.endswith("*"):
                assert any(key.startswith(entry[:-1]) for key in known), f"{script}: no {entry} in {lang}"
            else:
                assert entry in known, f"{script} declares {entry}, which has no {lang} text"


# --- texts that arrive later (text-keys.json "later", issue #44) ----------------------

LATER = {path.name.split(".")[0]: keys for path in (STATIC / "games").glob(f"*.{TEXT_KEYS}")
         if (keys := json.loads(path.read_text(encoding="utf-8")).get(LATER_TEXTS))}


def test_what_the_rule_declares_texts_that_arrive_later():
    assert "value.deck_*" in LATER["what_the_rule"]


@pytest.mark.parametrize("game", sorted(LATER))
def test_every_later_entry_names_texts_of_its_game(game):
    for lang in ("en", "de"):
        known = set(games.get(game).texts[lang])
        for entry in LATER[game]:
            assert any(covered(key, (entry,)) for key in known), f"{game}: later {entry} names no {lang} text"


def page_config(client, page: str, game: str, lang: str) -> dict:
    code = client.post("/api/rooms", json={"game": game, "options": {}}).get_json()["code"]
    html = client.get(f"/{page}/{code}?lang={lang}").get_data(as_text=True)
    found = re.search(r'<script id="companion-config" type="application/json">(.*?)</script>', html, re.DOTALL)
    return json.loads(found.group(1))["game_texts"][game]


@pytest.mark.parametrize("game", sorted(LATER))
def test_the_phone_page_leaves_later_texts_out_and_says_which_the_table_carries_them(client, game):
    for lang in ("en", "de"):
        phone, table = page_config(client, "j", game, lang), page_config(client, "t", game, lang)
        later = [key for key in table["texts"] if covered(key, tuple(LATER[game]))]
        assert later and not set(later) & set(phone["texts"])
        # the phone's renderer looks a later key up by its start (texts.js gt)
        assert phone["later"] == [entry.rstrip("*") for entry in LATER[game]] and "later" not in table


@pytest.mark.parametrize("game", sorted(games.shipped()))
def test_the_phone_page_carries_only_the_ui_texts_its_renderer_declares(client, game):
    """Of the platform only the table's top line looks up a game's ``ui.*``
    (table.js): the phone page carries those its game's scripts declare."""
    declared = tuple(entry for script, entries in declarations(str(STATIC)).items()
                     if script.startswith(f"games/{game}.") for entry in entries)
    phone = page_config(client, "j", game, "de")
    assert all(covered(key, declared) for key in phone["texts"] if key.startswith("ui."))
