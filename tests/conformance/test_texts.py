"""Every text a game can put on a screen exists in both languages with the
same placeholders: labels of every action, field and value its templates
offer, every log line it emits (with every placeholder filled), every
refusal it raises, every option."""
from __future__ import annotations

import re

from companion import games
from companion.games.base import HOST, SHARED_ERRORS, Illegal, sample_action
from companion.i18n import lookup
from companion.i18n.catalogue import TEXTS as PLATFORM
from tests.conformance.conftest import option_variants, positions

PLACEHOLDER = re.compile(r"{(\w+)[^}]*}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_both_languages_have_the_same_keys_and_placeholders(game_name):
    game = games.get(game_name)
    en, de = game.texts["en"], game.texts["de"]
    assert sorted(set(en) ^ set(de)) == [], "keys in one language only"
    for key in en:
        assert placeholders(en[key]) == placeholders(de[key]), key
        for text in (en[key], de[key]):
            assert "(s)" not in text and "(en)" not in text and "(e)" not in text, (key, text)


def seen_keys(game):
    """Every key the game's templates, events and refusals use in play,
    with the parameters each event or refusal brought along."""
    needed: dict[str, set[str] | None] = {"title": None}
    refused: list[Illegal] = []
    for opt in game.options_schema:
        needed[f"option.{opt['name']}"] = None
        for choice in opt.get("choices", []):
            needed[f"option.{opt['name']}.{choice}"] = None
    for options in option_variants(game):
        seats = list(range(game.player_range(options)[0]))
        for name, spec in game.start_fields(seats, options).items():
            note_template(game, {"type": "start", "fields": {name: spec}}, needed, platform=True)
    for state, seats, actor, action, events, _ in positions(game, seeds=2, every=1, refused=refused):
        for event in events:
            needed.setdefault(f"log.{event['key']}", set()).update((event.get("params") or {}))
        for viewer in seats + [HOST]:
            templates = game.actions(state, viewer) if viewer != HOST else game.host_actions(state)
            for tpl in templates:
                note_template(game, tpl, needed)
    for refusal in refused:
        needed.setdefault(f"error.{refusal.code}", set()).update(refusal.params)
    return needed


def note_template(game, tpl, needed, platform=False):
    if not platform:
        needed[f"action.{tpl['type']}"] = None
    for name, spec in tpl["fields"].items():
        needed[f"field.{name}"] = None
        values = spec_values(spec)
        if name in game.seat_fields or name in game.literal_fields:
            continue
        for value in values:
            if isinstance(value, str):
                needed[f"value.{value}"] = None


def spec_values(spec) -> list:
    """The values a field spec lists, also inside a ``list`` or ``either``
    spec (whose ``of`` holds specs, not values)."""
    if isinstance(spec, list):
        return spec
    if not isinstance(spec, dict):
        return []
    if spec.get("kind") == "either":
        return [v for one in spec["of"] for v in spec_values(one)]
    if spec.get("kind") == "list":
        return spec_values(spec["of"])
    return spec.get("of", [])


def test_every_text_the_game_can_emit_exists(game_name):
    game = games.get(game_name)
    missing, unfilled = [], []
    for key, params in sorted(seen_keys(game).items()):
        for lang in ("en", "de"):
            text = game.texts[lang].get(key) or PLATFORM[lang].get(key)
            if text is None:
                missing.append(f"{lang}:{key}")
            elif params is not None and not placeholders(text) <= set(params):
                unfilled.append(f"{lang}:{key} needs {placeholders(text) - set(params)}")
    assert missing == [] and unfilled == []


def test_every_action_type_is_declared(game_name):
    game = games.get(game_name)
    offered = set()
    for state, seats, *_ in positions(game, seeds=1, every=1):
        for viewer in seats + [HOST]:
            templates = game.actions(state, viewer) if viewer != HOST else game.host_actions(state)
            offered |= {tpl["type"] for tpl in templates}
    # (a declared type may be rare in random play, e.g. Eselsbrücke's take:
    # the game's own tests cover those)
    assert offered <= set(game.action_types), offered - set(game.action_types)


def test_every_refusal_is_a_listed_code_with_texts(game_name):
    """Refusals met in random play and in deliberately wrong actions (a seat
    playing another seat's template) are listed and have both texts."""
    import random
    game = games.get(game_name)
    rng = random.Random(7)
    codes = set()
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=3):
        if not sample:
            continue
        for viewer in seats:
            other = rng.choice(seats)
            for tpl in game.actions(state, other):
                action = sample_action(tpl, rng)
                reason = game.why_not(state, viewer, action)
                if reason is not None:
                    assert isinstance(reason, Illegal)
                    codes.add(reason.code)
                    for lang in ("en", "de"):
                        text = game.texts[lang].get(f"error.{reason.code}") or PLATFORM[lang].get(
                            f"error.{reason.code}")
                        assert text, f"{lang}: error.{reason.code}"
                        assert placeholders(text) <= set(reason.params), reason.code
    for code in codes:
        assert code in game.errors or code in SHARED_ERRORS, code
    for code in game.errors:
        assert lookup("en", f"error.{code}", game) and lookup("de", f"error.{code}", game), code
