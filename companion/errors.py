"""Typed errors with stable codes; turned into the one error shape in
transport (``{"ok": false, "error": {"code", "message"}}``)."""
from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """An error a player or client caused.  ``text_key`` (default
    ``error.<code>``) is looked up in the game's texts first, then the
    platform's catalogue."""

    def __init__(self, code: str, status: int, game: str | None = None,
                 text_key: str | None = None, **params: Any):
        super().__init__(code)
        self.code = code
        self.status = status
        self.game = game
        self.text_key = text_key or f"error.{code}"
        self.params = params


def bad_request(code: str, **params: Any) -> ServiceError:
    return ServiceError(code, 400, **params)


def unauthorized(code: str = "bad_token") -> ServiceError:
    return ServiceError(code, 401)


def forbidden(code: str, **params: Any) -> ServiceError:
    return ServiceError(code, 403, **params)


def not_found(code: str = "no_room", **params: Any) -> ServiceError:
    return ServiceError(code, 404, **params)


def conflict(code: str, **params: Any) -> ServiceError:
    return ServiceError(code, 409, **params)


def invalid(code: str, **params: Any) -> ServiceError:
    return ServiceError(code, 422, **params)


def error_answer(error: ServiceError, lang: str) -> dict:
    """The one error shape, in the asker's language."""
    from . import games
    from .i18n import translate
    game = games.get(error.game) if error.game else None
    return {"ok": False, "error": {"code": error.code, "message": translate(
        lang, error.text_key, error.params, game, getattr(error, "names", None))}}
