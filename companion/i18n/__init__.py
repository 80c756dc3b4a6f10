"""The platform's German and English texts, and rendering of log lines and
error messages in a viewer's language.  Game texts live beside each game
(``Game.texts``); a key is looked up in the game first, then here."""
from __future__ import annotations

from .catalogue import TEXTS

LANGS = ("en", "de")
DEFAULT_LANG = "en"


def pick_lang(wanted: str | None, accept_language: str | None = None) -> str:
    """An explicit choice wins; else the browser's first supported language."""
    if wanted in LANGS:
        return wanted
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return DEFAULT_LANG


class _Lenient(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def lookup(lang: str, key: str, game=None) -> str | None:
    for texts in ((game.texts if game else None), TEXTS):
        if not texts:
            continue
        for code in (lang, DEFAULT_LANG):
            value = texts.get(code, {}).get(key)
            if value is not None:
                return value
    return None


def render_param(value, lang: str, game, names: dict[int, str]):
    if isinstance(value, dict):
        if "seat" in value:
            return names.get(value["seat"], f"#{value['seat']}")
        if "text" in value:
            # an untranslated key never reaches a player as a raw key
            return lookup(lang, value["text"], game) or value["text"].split(".", 1)[-1]
    if isinstance(value, list):
        return ", ".join(str(render_param(v, lang, game, names)) for v in value)
    return value


def translate(lang: str, key: str, params: dict | None = None, game=None,
              names: dict[int, str] | None = None) -> str:
    template = lookup(lang, key, game)
    if template is None:
        return key
    rendered = {name: render_param(value, lang, game, names or {})
                for name, value in (params or {}).items()}
    try:   # str.format_map: string.Formatter's grammar, in C
        return template.format_map(_Lenient(rendered))
    except (ValueError, IndexError):
        return template


def catalogue(lang: str) -> dict[str, str]:
    """The platform texts for the pages' JavaScript."""
    merged = dict(TEXTS[DEFAULT_LANG])
    merged.update(TEXTS.get(lang, {}))
    return merged
